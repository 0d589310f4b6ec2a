import { describe, expect, it } from 'vitest';
import { queryKeys } from '@data/query-keys';

describe('queryKeys', () => {
  it('builds list and record keys as [resource, kind, …]', () => {
    const chargers = queryKeys.resource('chargers');
    expect(chargers.list({ page: 0, size: 20 })).toEqual(['chargers', 'list', { page: 0, size: 20 }]);
    expect(chargers.list()).toEqual(['chargers', 'list', {}]);
    expect(chargers.one('c-1')).toEqual(['chargers', 'one', 'c-1']);
    expect(chargers.one(42)).toEqual(['chargers', 'one', '42']);
  });

  it('gives prefixes that match every list and record of a resource (for invalidation)', () => {
    const tickets = queryKeys.resource('tickets');
    const list = tickets.list({ page: 2, q: 'abc' });
    const one = tickets.one('t-9');
    expect(list.slice(0, tickets.all.length)).toEqual([...tickets.all]);
    expect(one.slice(0, tickets.all.length)).toEqual([...tickets.all]);
    expect(list.slice(0, tickets.lists.length)).toEqual([...tickets.lists]);
    expect(one.slice(0, tickets.ones.length)).toEqual([...tickets.ones]);
    expect(queryKeys.resource('users').all).not.toEqual(tickets.all);
  });

  it('treats undefined parameters as absent, so equal queries share one cache entry', () => {
    const orders = queryKeys.resource('orders');
    expect(orders.list({ page: 0, q: undefined })).toEqual(orders.list({ page: 0 }));
    expect(orders.list({ page: 0, status: null })).not.toEqual(orders.list({ page: 0 }));
  });

  it('has fixed keys for global data and the session', () => {
    expect(queryKeys.globalData()).toEqual(['globalData']);
    expect(queryKeys.session()).toEqual(['session']);
  });
});
