import { describe, expect, it } from 'vitest';
import { fuzzyScore, matchTiers, RankIndex, type RankableEntry } from '@commands/rank';

const entries: RankableEntry[] = [
  { title: 'All Stations', group: 'Charger Management', keywords: ['chargers'] },
  { title: 'Settlement', group: 'Finance Management', keywords: ['refund', 'payment'] },
  { title: 'Station Map', group: 'Charger Management' },
  { title: 'Stations', group: 'Charger Management' },
  { title: 'Active Stations', group: 'Charger Management', keywords: ['chargers', 'online'] },
  { title: 'Payouts', group: 'Finance Management', keywords: ['transfer'] },
];

const titles = (index: RankIndex, q: string, boost?: (i: number) => number, version = 0) => {
  const r = index.search(q, boost, version);
  return Array.from(r.order.subarray(0, r.count), (i) => entries[i]!.title);
};

describe('RankIndex', () => {
  it('ranks exact above prefix above word prefix above fuzzy', () => {
    const index = new RankIndex(entries);
    expect(titles(index, 'stations')).toEqual(['Stations', 'All Stations', 'Active Stations']);
    expect(titles(index, 'station')).toEqual(['Stations', 'Station Map', 'All Stations', 'Active Stations']);
    // A fuzzy match never outranks a prefix match.
    expect(titles(index, 'stat')[0]).toBe('Stations');
    expect(titles(index, 'stn')).toEqual(expect.arrayContaining(['Stations', 'Station Map', 'All Stations']));
  });

  it('finds entries by keyword and group', () => {
    const index = new RankIndex(entries);
    expect(titles(index, 'refund')).toEqual(['Settlement']);
    expect(titles(index, 'chargers')).toEqual(['All Stations', 'Active Stations']);
    expect(titles(index, 'finance')).toEqual(['Settlement', 'Payouts']);
  });

  it('matches every word of a multi-word query in any order', () => {
    expect(titles(new RankIndex(entries), 'online active')).toEqual(['Active Stations']);
  });

  it('lets frecency break ties but never lift a fuzzy match over a prefix match', () => {
    const twins = new RankIndex([
      { title: 'North Stations', group: 'A' },
      { title: 'South Stations', group: 'A' },
    ]);
    const order = (boost?: (i: number) => number, version = 0) => {
      const r = twins.search('stations', boost, version);
      return Array.from(r.order.subarray(0, r.count));
    };
    expect(order()).toEqual([0, 1]);
    expect(order((i) => (i === 1 ? 5 : 0), 1)).toEqual([1, 0]);
    const index = new RankIndex(entries);
    const boostFuzzy = (i: number) => (entries[i]!.title === 'Payouts' ? 2047 : 0);
    expect(titles(index, 'pay', boostFuzzy, 2)[0]).toBe('Payouts');
    expect(titles(index, 'settl', boostFuzzy, 3)).toEqual(['Settlement']);
  });

  it('narrows from the previous matches when the query extends it, with the same answer as a fresh search', () => {
    const big = Array.from({ length: 3000 }, (_, i) => ({ title: `Charger CZ-${String(i).padStart(5, '0')}`, group: i % 2 ? 'Bangalore' : 'Pune' }));
    const incremental = new RankIndex(big);
    let last: number[] = [];
    for (const q of ['c', 'cz', 'cz-0', 'cz-00', 'cz-001', 'cz-0012']) {
      const r = incremental.search(q);
      last = Array.from(r.order.subarray(0, r.count));
      const fresh = new RankIndex(big).search(q);
      expect(last).toEqual(Array.from(fresh.order.subarray(0, fresh.count)));
    }
    expect(last.slice(0, 10).map((i) => big[i]!.title)).toEqual(Array.from({ length: 10 }, (_, k) => `Charger CZ-0012${k}`));
    // A query that does not extend the previous one searches everything again.
    const again = incremental.search('pune');
    expect(again.count).toBe(1500);
  });

  it('answers every entry in order for an empty query, and nothing for a non-match', () => {
    const index = new RankIndex(entries);
    expect(index.search('  ').count).toBe(entries.length);
    expect(index.search('zzzz').count).toBe(0);
  });

  it('scores fuzzy subsequences by their gaps', () => {
    expect(fuzzyScore('active stations', 'acst')).toBeGreaterThan(matchTiers.fuzzy);
    expect(fuzzyScore('active stations', 'acst')).toBeGreaterThan(fuzzyScore('active stations', 'aens'));
    expect(fuzzyScore('payouts', 'xyz')).toBe(0);
  });
});

describe('RankIndex with a limit', () => {
  it('orders only the best `limit` entries, the same as the head of a full ranking', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ title: `Entry ${(i * 7919) % 5000} ${i % 3 ? 'alpha' : 'beta'}`, group: i % 2 ? 'Odd' : 'Even' }));
    const full = new RankIndex(many).search('e');
    const head = Array.from(full.order.subarray(0, 100));
    for (const limit of [1, 100, 999]) {
      const limited = new RankIndex(many).search('e', undefined, 0, limit);
      expect(limited.count).toBe(full.count);
      expect(Array.from(limited.order.subarray(0, Math.min(limit, 100)))).toEqual(head.slice(0, Math.min(limit, 100)));
    }
  });
});
