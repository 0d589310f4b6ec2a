import { describe, expect, it } from 'vitest';
import { findMenuEntryByPath } from '@domain/menu';
import { crumbsForPath, isDetailPath, isIdSegment, trailForEntry } from '@state/breadcrumbs';

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
    expect(crumbsForPath('/ticket-management/tickets/123', [])).toEqual([{ title: 'detail page' }]);
  });

  it('shows the stored trail on its page and below it, nothing elsewhere', () => {
    expect(crumbsForPath('/ticket-management/all-tickets?page=2', trail)).toEqual(trail);
    expect(crumbsForPath('/ticket-management/all-tickets/export', trail)).toEqual(trail);
    expect(crumbsForPath('/ticket-management/all-tickets-old', trail)).toEqual([]);
    expect(crumbsForPath('/user-management/hosts', trail)).toEqual([]);
  });
});
