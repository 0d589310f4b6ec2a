import { describe, expect, it } from 'vitest';
import { findMenuEntryByPath, flattenMenu, menuTree, visibleMenu, type MenuGroup, type MenuNode, hasPermittedEntries } from '@domain/menu';

const titles = (nodes: readonly MenuNode[]) => nodes.map((n) => n.title);

describe('menu tree', () => {
  it('has the menu groups in order', () => {
    expect(titles(menuTree)).toEqual([
      'Progress Tracker',
      'Lead Management',
      'Hardware Management',
      'Charger Management',
      'RFID Management',
      'Ticket Management',
      'Booking Management',
      'Order Management',
      'Installation Management',
      'Finance Management',
      'Zone Management',
      'User Management',
      'Sustain Capital Management',
      'Role Management',
      'ChargePoint Management',
      'Wallet Management',
      'Global Data Management',
      'Download Management',
      'App Management',
    ]);
  });

  it('gives every node a unique id and every entry a unique absolute path', () => {
    const ids: string[] = [];
    const walk = (nodes: readonly MenuNode[]) => {
      for (const n of nodes) {
        ids.push(n.id);
        if (n.kind === 'group') walk(n.children);
      }
    };
    walk(menuTree);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const paths = flattenMenu().map((e) => e.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
    for (const p of paths) expect(p).toMatch(/^\/[a-z0-9/-]+$/);
  });

  it('leaves exactly the always-shown entries without a permission', () => {
    const open = flattenMenu()
      .filter((e) => e.permission === undefined)
      .map((e) => e.title);
    expect(open).toEqual(['RFID History', 'My All Tickets', 'My Open Tickets', "Today's Tickets", 'All Downloads', 'My Downloads']);
  });

  it('has the ticket sub-groups, Delivery with In Transit and All', () => {
    const tickets = menuTree.find((g) => g.title === 'Ticket Management')!;
    const subGroups = tickets.children.filter((n): n is MenuGroup => n.kind === 'group');
    expect(titles(subGroups)).toEqual([
      'Site Inspection',
      'Charger Approval',
      'Hardware Service',
      'Charger Servicing',
      'Customer Support',
      'Demo',
      'Bundle Management',
      'Booking Utilization Anomalies',
      'Delivery Ticket',
    ]);
    expect(titles(subGroups.find((g) => g.title === 'Charger Servicing')!.children)).toEqual(['All', 'Open', 'Map View']);
    expect(titles(subGroups.find((g) => g.title === 'Delivery Ticket')!.children)).toEqual(['In Transit', 'All']);
  });
});

describe('visibleMenu', () => {
  it('shows only the always-shown entries, and their groups, to a user without permissions', () => {
    const visible = visibleMenu([]);
    expect(titles(visible)).toEqual(['RFID Management', 'Ticket Management', 'Download Management']);
    const tickets = visible.find((g) => g.title === 'Ticket Management') as MenuGroup;
    // The ticket sub-groups all need permissions, so they are hidden as empty groups.
    expect(titles(tickets.children)).toEqual(['My All Tickets', 'My Open Tickets', "Today's Tickets"]);
    expect(titles((visible[0] as MenuGroup).children)).toEqual(['RFID History']);
  });

  it('shows an entry once its permission is granted, inside its groups', () => {
    const visible = visibleMenu(['ROLE_VIEW_DEMO_TICKETS', 'ROLE_VIEW_USERS']);
    expect(titles(visible)).toEqual(['RFID Management', 'Ticket Management', 'User Management', 'Download Management']);
    const users = visible.find((g) => g.title === 'User Management') as MenuGroup;
    expect(titles(users.children)).toEqual(['All Users']);
    const tickets = visible.find((g) => g.title === 'Ticket Management') as MenuGroup;
    const demo = tickets.children.find((n) => n.title === 'Demo') as MenuGroup;
    expect(titles(demo.children)).toEqual(['All', 'Open']);
    expect(tickets.children.some((n) => n.title === 'Site Inspection')).toBe(false);
  });

  it('accepts a Set and shows every entry to a user holding every menu permission', () => {
    const all = new Set(flattenMenu().flatMap((e) => (e.permission ? [e.permission] : [])));
    expect(flattenMenu(visibleMenu(all))).toHaveLength(flattenMenu().length);
  });

  it('hides a group whose children are all hidden, and does not change the tree', () => {
    const tree: MenuNode[] = [
      { kind: 'group', id: 'g', title: 'G', children: [{ kind: 'entry', id: 'x', title: 'X', path: '/x', permission: 'ROLE_VIEW_USERS' }] },
      { kind: 'entry', id: 'y', title: 'Y', path: '/y' },
    ];
    expect(titles(visibleMenu([], tree))).toEqual(['Y']);
    expect((tree[0] as MenuGroup).children).toHaveLength(1);
  });
});

describe('flattenMenu', () => {
  it('lists entries depth first with the trail of group titles', () => {
    const flat = flattenMenu();
    expect(flat[0]).toMatchObject({ title: 'Daily Tracker', trail: ['Progress Tracker'] });
    const mapView = flat.find((e) => e.id === 'ticket-management.charger-servicing.map');
    expect(mapView?.trail).toEqual(['Ticket Management', 'Charger Servicing']);
    const myAll = flat.find((e) => e.id === 'ticket-management.my-all');
    expect(myAll?.trail).toEqual(['Ticket Management']);
    expect(flat.at(-1)).toMatchObject({ title: 'Ads Management', trail: ['App Management'] });
  });

  it('keeps a trail prefix given by the caller', () => {
    const flat = flattenMenu([{ kind: 'entry', id: 'a', title: 'A', path: '/a' }], ['Root']);
    expect(flat).toEqual([{ kind: 'entry', id: 'a', title: 'A', path: '/a', trail: ['Root'] }]);
  });
});

describe('findMenuEntryByPath', () => {
  it('finds an entry by its path, with its trail', () => {
    expect(findMenuEntryByPath('/global-data-management/city')).toMatchObject({ title: 'All City', trail: ['Global Data Management'] });
  });

  it('answers undefined for an unknown path', () => {
    expect(findMenuEntryByPath('/nowhere')).toBeUndefined();
  });
});

describe('hasPermittedEntries', () => {
  it('is false for a user without permissions, although entries needing none stay visible', () => {
    expect(hasPermittedEntries([])).toBe(false);
    expect(flattenMenu(visibleMenu([])).map((e) => e.title)).toContain('RFID History');
  });
  it('is true once one gated entry is visible', () => {
    expect(hasPermittedEntries(['ROLE_VIEW_ZONES'])).toBe(true);
  });
});
