import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { entryLabel, groupIdsHolding, initialsOf, matchMenuEntry, trailForPin, uniqueInitials } from '@app/menu-match';
import { pageTitleFor } from '@app/use-page-title';
import { PRODUCT_NAME } from '@domain/constants';
import { menuTree } from '@domain/menu';

describe('menu matching', () => {
  it('matches the exact entry, else the deepest entry above the path', () => {
    expect(matchMenuEntry('/user-management/hosts')?.id).toBe('user-management.hosts');
    expect(matchMenuEntry('/user-management/add')?.id).toBe('user-management.users');
    expect(matchMenuEntry('/zone-management/risk-zone/add?x=1')?.id).toBe('zone-management.risk');
    expect(matchMenuEntry('/nowhere')).toBeUndefined();
    expect(matchMenuEntry('/')).toBeUndefined();
  });

  it('labels sub-group entries with their sub-group', () => {
    expect(entryLabel({ title: 'Open', trail: ['Ticket Management', 'Demo'] })).toBe('Demo: Open');
    expect(entryLabel({ title: 'Daily Tracker', trail: ['Progress Tracker'] })).toBe('Daily Tracker');
  });

  it('finds the groups holding an entry, outermost first', () => {
    expect(groupIdsHolding(menuTree, 'ticket-management.demo.open')).toEqual(['ticket-management', 'ticket-management.demo']);
    expect(groupIdsHolding(menuTree, 'missing')).toEqual([]);
  });

  it('gives a pin the trail of its menu entry, or itself when the entry is gone', () => {
    expect(trailForPin({ id: 'progress-tracker.daily', title: 'Daily Tracker', redirect: '/progress-tracker/daily-tracker' })).toEqual([
      { title: 'Progress Tracker' },
      { title: 'Daily Tracker', path: '/progress-tracker/daily-tracker' },
    ]);
    expect(trailForPin({ id: 'gone', title: 'Old page', redirect: '/old' })).toEqual([{ title: 'Old page', path: '/old' }]);
  });

  it('makes initials', () => {
    expect(initialsOf('Progress Tracker')).toBe('PT');
    expect(initialsOf("Today's Tickets")).toBe('TT');
    expect(initialsOf('RFID Management')).toBe('RM');
  });

  it('titles pages after their entry, defaulting to the product name', () => {
    expect(pageTitleFor('/progress-tracker/monthly-tracker')).toBe(`Monthly Tracker · ${PRODUCT_NAME}`);
    expect(pageTitleFor('/ticket-management/demo-tickets/open')).toBe(`Demo: Open · ${PRODUCT_NAME}`);
    expect(pageTitleFor('/')).toBe(PRODUCT_NAME);
  });

  it('index.html is titled with the product name and has the root element', () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    expect(html).toContain(`<title>${PRODUCT_NAME}</title>`);
    expect(html).toContain('<div id="root"></div>');
    expect(html).toMatch(/<link\s+rel="icon"/);
  });
});

describe('uniqueInitials', () => {
  it('gives every top-level group of the menu its own rail label', () => {
    const titles = menuTree.map((group) => group.title);
    const labels = uniqueInitials(titles);
    expect(new Set(labels.values()).size).toBe(titles.length);
    expect(labels.get('Charger Management')).toBe('CM');
    expect(labels.get('ChargePoint Management')).toBe('CP');
    expect(labels.get('RFID Management')).toBe('RF');
    expect(labels.get('Role Management')).toBe('RO');
    expect(labels.get('Progress Tracker')).toBe('PT');
  });

  it('falls back to a number when letters cannot tell two titles apart', () => {
    const labels = uniqueInitials(['Alpha Beta', 'Alpha Bravo', 'Al Ba']);
    expect(new Set(labels.values()).size).toBe(3);
  });
});
