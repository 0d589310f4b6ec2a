// Keyboard shortcuts of the console as plain data, and the pure matcher of "go to" chords (`g` then a letter).
// No React, no DOM: the key handler in src/app/keyboard feeds it key facts; tests feed it the same.
import { hasPermission, type Permission } from '@domain/permissions';

/** Where a "go to" chord leads: the first target the user may see wins. */
export interface ChordTarget {
  path: string;
  /** Menu permission of the page; none: every signed-in user. */
  permission?: Permission;
}

/** A "go to" chord: `g` then `key`. */
export interface GoToChord {
  key: string;
  /** What it opens ("Tickets"). */
  title: string;
  /** Candidate pages, best first (e.g. all bookings, else ongoing bookings). */
  targets: readonly ChordTarget[];
}

/** The "go to" chords, each to a page of the side menu with that entry's permission. */
export const goToChords: readonly GoToChord[] = [
  { key: 'h', title: 'Home', targets: [{ path: '/' }] },
  { key: 't', title: 'Tickets', targets: [{ path: '/ticket-management/all-tickets' }] },
  { key: 'c', title: 'Chargers', targets: [{ path: '/charger-management/all-chargers', permission: 'ROLE_SEARCH_CHARGER' }] },
  {
    key: 'b',
    title: 'Bookings',
    targets: [
      { path: '/booking-management/all-bookings/bookings', permission: 'ROLE_VIEW_ALL_BOOKINGS' },
      { path: '/booking-management/all-bookings', permission: 'ROLE_VIEW_ONGOING_BOOKINGS' },
    ],
  },
  {
    key: 'o',
    title: 'Orders',
    targets: [
      { path: '/order-management/all-orders', permission: 'ROLE_VIEW_ALL_ORDERS' },
      { path: '/order-management/open-orders', permission: 'ROLE_VIEW_OPEN_ORDERS' },
      { path: '/order-management/my-orders', permission: 'ROLE_VIEW_MY_ORDERS' },
    ],
  },
  { key: 'u', title: 'Users', targets: [{ path: '/user-management', permission: 'ROLE_VIEW_USERS' }] },
  { key: 'l', title: 'Locations', targets: [{ path: '/charger-management/all-location', permission: 'ROLE_VIEW_ALL_LOCATION' }] },
  { key: 's', title: 'Settlements', targets: [{ path: '/finance-management/settlement-history', permission: 'ROLE_VIEW_SETTLEMENT' }] },
];

/** A chord the user may use, with the page it opens for them. */
export interface AvailableChord {
  key: string;
  title: string;
  path: string;
}

/** The chords the user may use (a chord to a page they cannot see is not offered), with their page. */
export function availableChords(permissions: readonly string[] | ReadonlySet<string>, chords: readonly GoToChord[] = goToChords): AvailableChord[] {
  return chords.flatMap((chord) => {
    const target = chord.targets.find((t) => hasPermission(permissions, t.permission));
    return target ? [{ key: chord.key, title: chord.title, path: target.path }] : [];
  });
}

/** A shortcut as the help overlay lists it. */
export interface ShortcutInfo {
  /** Keys as shown, e.g. ["Ctrl", "K"] or ["g", "t"] (a chord: one after the other). */
  keys: readonly string[];
  /** Keys pressed one after the other (a chord) rather than together. */
  sequence?: boolean;
  description: string;
  /** A single-key shortcut (off when the user turns single-key shortcuts off). */
  singleKey?: boolean;
}

/** Shortcuts that work on every page. */
export const globalShortcuts: readonly ShortcutInfo[] = [
  { keys: ['Ctrl', 'K'], description: 'Open the command palette (⌘ K on a Mac)' },
  { keys: ['?'], description: 'Show keyboard shortcuts', singleKey: true },
  { keys: ['Esc'], description: 'Close a dialog or menu' },
];

/** Shortcuts of every list page (registered by the list page while it is on screen). */
export const listShortcuts: readonly ShortcutInfo[] = [
  { keys: ['/'], description: 'Jump to the search box', singleKey: true },
  { keys: ['j'], description: 'Next row (or ↓)', singleKey: true },
  { keys: ['k'], description: 'Previous row (or ↑)', singleKey: true },
  { keys: ['Home'], description: 'First row (End: last row)' },
  { keys: ['PageDown'], description: 'Next screen of rows (PageUp: previous)' },
  { keys: ['Enter'], description: 'Open the active row (Ctrl Enter: in a new tab)' },
  { keys: ['x'], description: 'Select the active row, where the list has bulk actions', singleKey: true },
  { keys: ['Esc'], description: 'Clear the search box' },
];

/** The chords as shortcuts for the help overlay. */
export function chordShortcuts(chords: readonly AvailableChord[]): ShortcutInfo[] {
  return chords.map((c) => ({ keys: ['g', c.key], sequence: true, singleKey: true, description: `Go to ${c.title}` }));
}

/**
 * Which of a page's own single-key shortcuts (letters, as `aria-keyshortcuts` names them: "A") a key press is, if
 * any: the letter in either case, with no Ctrl, ⌘ or Alt, and not typed into a field.
 */
export function pageShortcutKey(facts: Omit<KeyFacts, 'time'>, keys: readonly string[]): string | null {
  if (facts.typing || facts.ctrlKey || facts.metaKey || facts.altKey || facts.key.length !== 1) return null;
  const key = facts.key.toUpperCase();
  return keys.includes(key) ? key : null;
}

/** How long after `g` the second key of a chord may come. */
export const CHORD_TIMEOUT_MS = 1000;

/** The facts of one key press the matcher needs (read from a KeyboardEvent by the caller). */
export interface KeyFacts {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The focus is in a text input, textarea, select or contenteditable element. */
  typing: boolean;
  /** Milliseconds, monotonic (event.timeStamp or performance.now()). */
  time: number;
}

/** What the matcher remembers between keys: when `g` was pressed, if a chord is pending. */
export interface ChordState {
  pendingSince: number | null;
}

/** The matcher's state before any key. */
export const initialChordState: ChordState = { pendingSince: null };

/** What a key press does. */
export type ShortcutOutcome =
  | { kind: 'none' }
  /** `g` pressed: wait for the second key. */
  | { kind: 'pending' }
  | { kind: 'navigate'; path: string; chord: string }
  | { kind: 'help' };

/** Settings of the matcher. */
export interface MatchOptions {
  chords: readonly AvailableChord[];
  /** Single-key shortcuts on (the user menu's switch); off: nothing here reacts. */
  singleKeyShortcuts: boolean;
}

/** Text-entry elements (a key typed there is text, never a shortcut). */
export function isTypingTarget(target: { tagName?: string; isContentEditable?: boolean; type?: string } | null | undefined): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = (target.tagName ?? '').toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes((target.type ?? 'text').toLowerCase());
}

/**
 * Matches one key press: `?` opens the help; `g` then a chord letter within CHORD_TIMEOUT_MS navigates. Keys typed
 * into a text field, keys with Ctrl/⌘/Alt, and everything when single-key shortcuts are off do nothing.
 */
export function matchShortcut(state: ChordState, key: KeyFacts, options: MatchOptions): { state: ChordState; outcome: ShortcutOutcome } {
  const none = { state: initialChordState, outcome: { kind: 'none' } as const };
  if (!options.singleKeyShortcuts || key.typing || key.ctrlKey || key.metaKey || key.altKey) return none;
  // Shift alone (a "?" on most layouts) neither starts nor ends a chord.
  if (key.key === 'Shift') return { state, outcome: { kind: 'none' } };
  const pending = state.pendingSince !== null && key.time - state.pendingSince <= CHORD_TIMEOUT_MS;
  if (pending) {
    const chord = options.chords.find((c) => c.key === key.key.toLowerCase() && key.key.length === 1);
    if (chord) return { state: initialChordState, outcome: { kind: 'navigate', path: chord.path, chord: `g ${chord.key}` } };
    if (key.key !== 'g') return none;
  }
  if (key.key === 'g') return { state: { pendingSince: key.time }, outcome: { kind: 'pending' } };
  if (key.key === '?') return { state: initialChordState, outcome: { kind: 'help' } };
  return none;
}
