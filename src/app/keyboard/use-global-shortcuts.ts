import { useEffect, useMemo, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { availableChords, initialChordState, isTypingTarget, matchShortcut, type AvailableChord, type ChordState } from '@commands/shortcuts';
import { keyboardState, setShortcutHelpOpen } from '@state/keyboard-state';
import { useSession } from '../session/session-context';

/** The chords the signed-in user may use. */
export function useAvailableChords(): AvailableChord[] {
  const { user } = useSession();
  return useMemo(() => availableChords(user.permissions), [user.permissions]);
}

/** Listens for the console's single-key shortcuts: `?` opens the shortcut help, `g` chords go to pages. */
export function useGlobalShortcuts(): void {
  const chords = useAvailableChords();
  const { singleKeyShortcuts } = useSnapshot(keyboardState);
  const [, navigate] = useLocation();
  const state = useRef<ChordState>(initialChordState);

  useEffect(() => {
    state.current = initialChordState;
    if (!singleKeyShortcuts) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const { state: next, outcome } = matchShortcut(
        state.current,
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          typing: isTypingTarget(event.target as HTMLElement | null),
          time: performance.now(),
        },
        { chords, singleKeyShortcuts: true },
      );
      state.current = next;
      if (outcome.kind === 'none') return;
      // A shortcut never reaches the page as well (e.g. `g` typed into a list's key handling).
      event.preventDefault();
      if (outcome.kind === 'help') setShortcutHelpOpen(true);
      if (outcome.kind === 'navigate') navigate(outcome.path);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [chords, singleKeyShortcuts, navigate]);
}
