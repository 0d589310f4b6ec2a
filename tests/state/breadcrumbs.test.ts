import { describe, expect, it } from 'vitest';
import { findMenuEntryByPath } from '@domain/menu';
import { crumbsForPath, isDetailPath, isIdSegment, menuEntryAbove, trailForEntry } from '@state/breadcrumbs';

describe('breadcrumb rules', () => {
  it('builds the trail of a menu entry from its groups and itself', () => {
    const entry = findMenuEntryByPath('/ticket-management/site-inspection-tickets/open');
    expect(entry).toBeDefined();
    expect(trailForEntry(entry!)).toEqual([
      { title: 'Ticket Management' },
      { title: 'Site Inspection' },
      { title: 'Open', path: '/ticket-management/site-inspection-tickets/open' },
    ]);
  });

  it('treats numeric, uuid-like and digit-bearing last segments as ids', () => {
    expect(isIdSegment('123')).toBe(true);
    expect(isIdSegment('3f2b8c1e-9a4d-4c2b-8f11-0a1b2c3d4e5f')).toBe(true);
    expect(isIdSegment('TKT-00042')).toBe(true);
    expect(isIdSegment('open-tickets')).toBe(false);
    expect(isDetailPath('/ticket-management/tickets/123')).toBe(true);
    expect(isDetailPath('/order-management/all-orders/ORD42?tab=items')).toBe(true);
    expect(isDetailPath('/ticket-management/tickets/123/installation/add')).toBe(false);
    expect(isDetailPath('/ticket-management/all-tickets')).toBe(false);
    expect(isDetailPath('/')).toBe(false);
  });

  const trail = [{ title: 'Ticket Management' }, { title: 'My All Tickets', path: '/ticket-management/all-tickets' }];

  it('shows the last crumb plus "detail page" on a detail page', () => {
    expect(crumbsForPath('/ticket-management/tickets/123', trail)).toEqual([
      { title: 'My All Tickets', path: '/ticket-management/all-tickets' },
      { title: 'detail page' },
    ]);
    expect(crumbsForPath('/ticket-management/tickets/123', [], [])).toEqual([{ title: 'detail page' }]);
  });

  it('shows the stored trail on its page and below it; elsewhere the trail of the menu entry above, or nothing', () => {
    expect(crumbsForPath('/ticket-management/all-tickets?page=2', trail)).toEqual(trail);
    expect(crumbsForPath('/ticket-management/all-tickets/export', trail)).toEqual(trail);
    expect(crumbsForPath('/ticket-management/all-tickets-old', trail, [])).toEqual([]);
    expect(crumbsForPath('/user-management/hosts', trail)).toEqual([{ title: 'User Management' }, { title: 'All Host', path: '/user-management/hosts' }]);
  });

  it('gives a record opened by URL, with no stored trail, its list from the menu', () => {
    expect(crumbsForPath('/finance-management/payouts/42', [])).toEqual([{ title: 'Payouts', path: '/finance-management/payouts' }, { title: 'detail page' }]);
    // The longest entry wins: a record under a nested list is labelled by that list, not by its parent's.
    const entries = [
      { kind: 'entry', id: 'a', title: 'Servicing Required', path: '/charger-management/servicing-required', trail: ['Charger Management'] },
      { kind: 'entry', id: 'b', title: 'Open', path: '/charger-management/servicing-required/open', trail: ['Charger Management', 'Servicing Required'] },
    ] as never;
    expect(crumbsForPath('/charger-management/servicing-required/open/7', [], entries)).toEqual([{ title: 'Open', path: '/charger-management/servicing-required/open' }, { title: 'detail page' }]);
    expect(menuEntryAbove('/nowhere/7', entries)).toBeUndefined();
  });
});
