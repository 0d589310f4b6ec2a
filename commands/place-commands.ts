import { findMenuEntryByPath } from '@domain/menu';
import type { Command, CommandContext } from './command';
import { menuEntryTitle } from './menu-commands';

/** The pinned items as commands (pins open their page; the shell's store is the one truth). */
export function pinCommands(ctx: CommandContext): Command[] {
  return ctx.pins.map((pin) => ({
    id: `pin:${pin.id}`,
    title: pin.title,
    group: 'Pinned',
    keywords: ['pinned'],
    kind: 'pin' as const,
    href: pin.redirect,
    run: (c: CommandContext) => c.navigate(pin.redirect),
  }));
}

/** A readable title for a recent URL: its menu entry's label, else the path itself. */
export function recentUrlTitle(url: string): string {
  const path = url.split(/[?#]/)[0] ?? url;
  const entry = findMenuEntryByPath(path);
  if (entry) return url === path ? menuEntryTitle(entry) : `${menuEntryTitle(entry)} (filtered)`;
  return path;
}

/** The recent URLs as commands, newest first. */
export function recentCommands(ctx: CommandContext): Command[] {
  return ctx.recentUrls.map((url) => ({
    id: `recent:${url}`,
    title: recentUrlTitle(url),
    subtitle: url,
    group: 'Recent',
    keywords: ['recent', 'history'],
    kind: 'recent' as const,
    href: url,
    run: (c: CommandContext) => c.navigate(url),
  }));
}
