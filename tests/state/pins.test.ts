import { addPin, dedupePins, removePin, type PinnedItem } from '@domain/pinned-item';
import { describe, expect, it } from 'vitest';
import { isPinned, sanitizePins } from '@state/pins';

const daily: PinnedItem = { id: 'progress-tracker.daily', title: 'Daily Tracker', redirect: '/progress-tracker/daily-tracker' };
const monthly: PinnedItem = { id: 'progress-tracker.monthly', title: 'Monthly Tracker', redirect: '/progress-tracker/monthly-tracker' };

describe('pin rules', () => {
  it('adds a pin once: a second add with the same id changes nothing', () => {
    const once = addPin([], daily);
    const twice = addPin(once, { ...daily, title: 'Renamed' });
    expect(once).toEqual([daily]);
    expect(twice).toEqual([daily]);
  });

  it('appends new pins in order and removes by id', () => {
    const both = addPin(addPin([], daily), monthly);
    expect(both.map((p) => p.id)).toEqual([daily.id, monthly.id]);
    expect(removePin(both, daily.id)).toEqual([monthly]);
    expect(removePin(both, 'missing')).toEqual(both);
  });

  it('dedupes by id keeping the first', () => {
    expect(dedupePins([daily, monthly, { ...daily, title: 'Other' }])).toEqual([daily, monthly]);
  });

  it('tells whether an id is pinned', () => {
    expect(isPinned([daily], daily.id)).toBe(true);
    expect(isPinned([daily], monthly.id)).toBe(false);
  });

  it('sanitises untrusted lists: drops invalid, off-site and duplicate pins', () => {
    const dirty: unknown[] = [
      daily,
      { id: 'x', title: 'Evil', redirect: '//evil.example/phish' },
      { id: 'y', title: '', redirect: '/a' },
      { id: 'z' },
      'not a pin',
      { ...daily, title: 'Again' },
      monthly,
    ];
    expect(sanitizePins(dirty)).toEqual([daily, monthly]);
  });
});
