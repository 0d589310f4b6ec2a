import { useEffect } from 'react';
import { proxy } from 'valtio';
import type { ShortcutInfo } from '@commands/shortcuts';

/** Shortcuts a page on screen offers, under a heading ("List"). */
export interface PageShortcutGroup {
  id: number;
  title: string;
  shortcuts: readonly ShortcutInfo[];
}

/** The shortcut groups of the pages on screen (the help overlay lists them). */
export const pageShortcuts = proxy<{ groups: PageShortcutGroup[] }>({ groups: [] });

let nextId = 1;

/** Registers a page's shortcuts while the calling component is mounted (none: no group). Pass a stable (module-level or memoised) list. */
export function useRegisterShortcuts(title: string, shortcuts: readonly ShortcutInfo[]): void {
  useEffect(() => {
    if (shortcuts.length === 0) return;
    const id = nextId++;
    pageShortcuts.groups.push({ id, title, shortcuts });
    return () => {
      const index = pageShortcuts.groups.findIndex((g) => g.id === id);
      if (index >= 0) pageShortcuts.groups.splice(index, 1);
    };
  }, [title, shortcuts]);
}
