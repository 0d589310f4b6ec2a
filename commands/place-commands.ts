import { findMenuEntryByPath } from '@domain/menu';
import { resources } from '@domain/resource/registry';
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

/** Whether a route pattern (`/chargers/:id/edit`) matches a path; the `:id` segment's value when it does. */
function matchRoute(pattern: string, path: string): { id?: string } | null {
  const want = pattern.split('/');
  const got = path.replace(/\/+$/, '').split('/');
  if (want.length !== got.length) return null;
  let id: string | undefined;
  for (const [i, segment] of want.entries()) {
    if (segment.startsWith(':')) id = decodeURIComponent(got[i]!);
    else if (segment !== got[i]) return null;
  }
  return id === undefined ? {} : { id };
}

/**
 * The title of a resource's own page at a path, as its page names it: "Add user", "Edit booking 42", "Booking 42"
 * (a uuid is nobody's name: a record keyed by one reads as its kind alone, its link beside it).
 */
function resourcePageTitle(path: string): string | undefined {
  for (const r of resources) {
    if (r.createPath && matchRoute(r.createPath, path)) return `Add ${r.title.toLowerCase()}`;
  }
  for (const r of resources) {
    const named = (id: string | undefined) => (id === undefined || r.idType === 'uuid' ? r.title : `${r.title} ${id}`);
    const edit = matchRoute(r.editPath, path);
    if (edit) return `Edit ${named(edit.id).replace(/^./, (c) => c.toLowerCase())}`;
    const detail = matchRoute(r.detailPath, path);
    if (detail) return named(detail.id);
  }
  return undefined;
}

/** A readable title for a recent URL: its menu entry's label, else its resource page's title, else the path itself. */
export function recentUrlTitle(url: string): string {
  const path = url.split(/[?#]/)[0] ?? url;
  const entry = findMenuEntryByPath(path);
  if (entry) return url === path ? menuEntryTitle(entry) : `${menuEntryTitle(entry)} (filtered)`;
  return resourcePageTitle(path) ?? path;
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
