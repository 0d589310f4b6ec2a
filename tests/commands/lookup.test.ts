import { describe, expect, it } from 'vitest';
import { lookupCommands, lookupQueryOf, recordPageCommands } from '@commands/lookup-commands';
import { fakeContext } from './fake-context';

describe('lookup queries', () => {
  it.each(['9845022222', '+91 98450 22222', '098450-22222', '0091 9845022222', '(984) 502-2222'])('normalises the phone %s to its 10 digits', (typed) => {
    expect(lookupQueryOf(typed)).toBe('9845022222');
  });

  it('sends ids as typed and skips plain words and short text', () => {
    expect(lookupQueryOf('  CZ-00012 ')).toBe('CZ-00012');
    expect(lookupQueryOf('stations')).toBeUndefined();
    expect(lookupQueryOf('12')).toBeUndefined();
  });

  it('puts exact matches above prefix matches and opens the record on run', () => {
    const [group] = lookupCommands([
      {
        kind: 'chargers',
        title: 'Chargers',
        items: [
          { id: '2', title: 'CZ-100', path: '/charger-management/all-chargers/2', matchedField: 'uniqueId', match: 'prefix' },
          { id: '1', title: 'CZ-10', path: '/charger-management/all-chargers/1', matchedField: 'uniqueId', match: 'exact' },
        ],
      },
    ]);
    expect(group!.exact).toBe(true);
    expect(group!.commands.map((c) => c.title)).toEqual(['CZ-10', 'CZ-100']);
    const ctx = fakeContext();
    group!.commands[0]!.run(ctx);
    expect(ctx.navigate).toHaveBeenCalledWith('/charger-management/all-chargers/1');
  });

  it("gives a found record a page of actions, with its related lists when permitted", () => {
    const item = { id: '1', title: 'CZ-10', path: '/charger-management/all-chargers/1' };
    const plain = recordPageCommands(fakeContext(), item).map((c) => c.title);
    expect(plain).toEqual(['Open CZ-10', 'Open in a new tab', 'Copy its link', 'Pin it']);
    const withBookings = recordPageCommands(fakeContext({ permissions: new Set(['ROLE_VIEW_ALL_BOOKINGS']) }), item).map((c) => c.title);
    expect(withBookings).toContain('Open its bookings');
  });
});
