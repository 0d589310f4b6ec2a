import { describe, expect, it } from 'vitest';
import { frecencyRecordSchema, frecencyScore, recordUse, topByFrecency } from '@commands/frecency';
import { emptyQuerySections } from '@commands/palette-sources';
import { fakeContext } from './fake-context';

const HOUR = 3_600_000;
const now = 1_000 * HOUR;

describe('frecency', () => {
  it('weighs recent uses above old ones and counts repeats', () => {
    expect(frecencyScore({ count: 1, last: now - HOUR }, now)).toBeGreaterThan(frecencyScore({ count: 1, last: now - 48 * HOUR }, now));
    expect(frecencyScore({ count: 3, last: now - 48 * HOUR }, now)).toBeGreaterThan(frecencyScore({ count: 1, last: now - HOUR }, now));
    expect(frecencyScore(undefined, now)).toBe(0);
  });

  it('records uses and keeps at most the given number, dropping the weakest', () => {
    let record = {};
    record = recordUse(record, 'a', now - 200 * HOUR);
    record = recordUse(record, 'b', now);
    record = recordUse(record, 'b', now);
    record = recordUse(record, 'c', now, 2);
    expect(Object.keys(record).sort()).toEqual(['b', 'c']);
    expect(topByFrecency(record, now, 5)).toEqual(['b', 'c']);
  });

  it('refuses tampered stored data', () => {
    expect(frecencyRecordSchema.safeParse({ a: { count: -1, last: 0 } }).success).toBe(false);
    expect(frecencyRecordSchema.safeParse({ a: { count: 2, last: 5 } }).success).toBe(true);
  });

  it('lists pinned first, then recent and frequent, then suggestions on an empty query', () => {
    const ctx = fakeContext({
      permissions: new Set(['ROLE_VIEW_SETTLEMENT', 'ROLE_VIEW_PAYOUTS']),
      pins: [{ id: 'finance-management.payouts', title: 'Payouts', redirect: '/finance-management/payouts' }],
      recentUrls: ['/rfid-management/rfid-history'],
      location: '/finance-management/settlement-history',
    });
    const frequent = recordUse({}, 'page:finance-management.settlement', now);
    const sections = emptyQuerySections(ctx, null, frequent, now);
    expect(sections.map((s) => s.title)).toEqual(['Pinned', 'Recent and frequent', 'Suggestions']);
    expect(sections[0]!.commands.map((c) => c.title)).toEqual(['Payouts']);
    expect(sections[1]!.commands.map((c) => c.title)).toEqual(['Settlement', 'RFID History']);
    expect(sections[2]!.commands[0]!.title).toBe('Pin this page');
  });
});
