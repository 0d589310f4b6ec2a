import { describe, expect, it } from 'vitest';
import {
  availableChords,
  CHORD_TIMEOUT_MS,
  chordShortcuts,
  goToChords,
  initialChordState,
  isTypingTarget,
  matchShortcut,
  pageShortcutKey,
  type ChordState,
  type KeyFacts,
  type MatchOptions,
} from '@commands/shortcuts';
import { flattenMenu } from '@domain/menu';

const all = ['ROLE_SEARCH_CHARGER', 'ROLE_VIEW_ALL_BOOKINGS', 'ROLE_VIEW_ONGOING_BOOKINGS', 'ROLE_VIEW_ALL_ORDERS', 'ROLE_VIEW_USERS', 'ROLE_VIEW_ALL_LOCATION', 'ROLE_VIEW_SETTLEMENT'];
const options: MatchOptions = { chords: availableChords(all), singleKeyShortcuts: true };
const key = (k: string, time: number, extra: Partial<KeyFacts> = {}): KeyFacts => ({ key: k, time, ctrlKey: false, metaKey: false, altKey: false, typing: false, ...extra });

/** Feeds keys through the matcher; answers every outcome. */
function press(keys: readonly KeyFacts[], opts: MatchOptions = options) {
  let state: ChordState = initialChordState;
  return keys.map((k) => {
    const result = matchShortcut(state, k, opts);
    state = result.state;
    return result.outcome;
  });
}

describe('go-to chords', () => {
  it('lead to pages of the side menu, with that entry’s permission', () => {
    const menu = new Map(flattenMenu().map((e) => [e.path, e]));
    for (const chord of goToChords) {
      for (const target of chord.targets) {
        if (target.path === '/') continue;
        expect(menu.has(target.path), target.path).toBe(true);
        expect(menu.get(target.path)!.permission).toBe(target.permission);
      }
    }
    expect(new Set(goToChords.map((c) => c.key)).size).toBe(goToChords.length);
  });

  it('offers only the chords whose page the user may see, with the first page they may open', () => {
    expect(availableChords([]).map((c) => c.key)).toEqual(['h', 't']);
    const ongoingOnly = availableChords(['ROLE_VIEW_ONGOING_BOOKINGS']);
    expect(ongoingOnly.find((c) => c.key === 'b')).toEqual({ key: 'b', title: 'Bookings', path: '/booking-management/all-bookings' });
    expect(availableChords(all).find((c) => c.key === 'b')!.path).toBe('/booking-management/all-bookings/bookings');
    expect(availableChords(new Set(['ROLE_SEARCH_CHARGER'])).map((c) => c.key)).toEqual(['h', 't', 'c']);
    expect(chordShortcuts(availableChords([]))).toEqual([
      { keys: ['g', 'h'], sequence: true, singleKey: true, description: 'Go to Home' },
      { keys: ['g', 't'], sequence: true, singleKey: true, description: 'Go to Tickets' },
    ]);
  });
});

describe('matchShortcut', () => {
  it('navigates on g then a chord letter within a second', () => {
    expect(press([key('g', 0), key('t', 400)])).toEqual([{ kind: 'pending' }, { kind: 'navigate', path: '/ticket-management/all-tickets', chord: 'g t' }]);
    expect(press([key('g', 0), key('c', CHORD_TIMEOUT_MS)]).at(-1)).toEqual({ kind: 'navigate', path: '/charger-management/all-chargers', chord: 'g c' });
    expect(press([key('g', 0), key('T', 10)]).at(-1)).toMatchObject({ kind: 'navigate', chord: 'g t' });
  });

  it('forgets g after a second, and after another key', () => {
    expect(press([key('g', 0), key('t', CHORD_TIMEOUT_MS + 1)]).at(-1)).toEqual({ kind: 'none' });
    expect(press([key('g', 0), key('x', 10), key('t', 20)])).toEqual([{ kind: 'pending' }, { kind: 'none' }, { kind: 'none' }]);
    expect(press([key('t', 0)])).toEqual([{ kind: 'none' }]);
    // g g t: the second g starts the chord again.
    expect(press([key('g', 0), key('g', 900), key('t', 1800)]).at(-1)).toMatchObject({ kind: 'navigate', chord: 'g t' });
  });

  it('does not offer a chord the user may not use', () => {
    expect(press([key('g', 0), key('c', 10)], { chords: availableChords([]), singleKeyShortcuts: true }).at(-1)).toEqual({ kind: 'none' });
  });

  it('opens the help on ?, and a Shift press keeps a pending chord', () => {
    expect(press([key('?', 0)])).toEqual([{ kind: 'help' }]);
    expect(press([key('g', 0), key('Shift', 10), key('t', 20)]).at(-1)).toMatchObject({ kind: 'navigate' });
  });

  it('ignores keys typed into a field, keys with modifiers, and everything when single-key shortcuts are off', () => {
    expect(press([key('g', 0, { typing: true }), key('t', 10, { typing: true })])).toEqual([{ kind: 'none' }, { kind: 'none' }]);
    expect(press([key('g', 0), key('t', 10, { typing: true })]).at(-1)).toEqual({ kind: 'none' });
    expect(press([key('?', 0, { typing: true })])).toEqual([{ kind: 'none' }]);
    for (const modifier of ['ctrlKey', 'metaKey', 'altKey'] as const) {
      expect(press([key('g', 0, { [modifier]: true }), key('t', 10)]).at(-1)).toEqual({ kind: 'none' });
      expect(press([key('g', 0), key('t', 10, { [modifier]: true })]).at(-1)).toEqual({ kind: 'none' });
    }
    const off = { ...options, singleKeyShortcuts: false };
    expect(press([key('g', 0), key('t', 10), key('?', 20)], off)).toEqual([{ kind: 'none' }, { kind: 'none' }, { kind: 'none' }]);
  });

  it('tells text-entry elements from other focus targets', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'search' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget({ tagName: 'BODY' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe("a page's letter shortcuts", () => {
  const letters = ['A', 'P', 'D', 'T', 'C'];
  const facts = (k: string, extra: Partial<KeyFacts> = {}) => {
    const { time: _time, ...rest } = key(k, 0, extra);
    return rest;
  };
  it('match the letter in either case', () => {
    expect(pageShortcutKey(facts('a'), letters)).toBe('A');
    expect(pageShortcutKey(facts('C'), letters)).toBe('C');
  });
  it('ignore other keys, keys with Ctrl, ⌘ or Alt, and keys typed into a field', () => {
    expect(pageShortcutKey(facts('x'), letters)).toBeNull();
    expect(pageShortcutKey(facts('Enter'), letters)).toBeNull();
    expect(pageShortcutKey(facts('a', { ctrlKey: true }), letters)).toBeNull();
    expect(pageShortcutKey(facts('a', { metaKey: true }), letters)).toBeNull();
    expect(pageShortcutKey(facts('a', { altKey: true }), letters)).toBeNull();
    expect(pageShortcutKey(facts('a', { typing: true }), letters)).toBeNull();
  });
});
