import { ShortcutHelp } from './shortcut-help';
import { useGlobalShortcuts } from './use-global-shortcuts';

/** The console's global keyboard handling (chords, `?`) and its shortcut help overlay; mounted once by the layout. */
export function KeyboardLayer() {
  useGlobalShortcuts();
  return <ShortcutHelp />;
}
