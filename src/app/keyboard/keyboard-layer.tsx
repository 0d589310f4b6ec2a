import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { keyboardState } from '@state/keyboard-state';
import { useGlobalShortcuts } from './use-global-shortcuts';

// Its code (react-aria's modal) loads when it first opens.
const ShortcutHelp = lazy(() => import('./shortcut-help').then((m) => ({ default: m.ShortcutHelp })));

/** The console's global keyboard handling (chords, `?`) and its shortcut help overlay; mounted once by the layout. */
export function KeyboardLayer() {
  useGlobalShortcuts();
  const { helpOpen } = useSnapshot(keyboardState);
  // Once opened it stays mounted, so it closes as it always did.
  const [opened, setOpened] = useState(false);
  if (helpOpen && !opened) setOpened(true);
  return opened ? (
    <Suspense fallback={null}>
      <ShortcutHelp />
    </Suspense>
  ) : null;
}
