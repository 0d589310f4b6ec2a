import { flattenMenu, menuTree, type MenuNode } from '@domain/menu';
import type { Command } from './command';

/** The title of a menu entry that reads well alone ("Site Inspection: All"). */
export function menuEntryTitle(entry: { title: string; trail: readonly string[] }): string {
  return entry.trail.length > 1 ? `${entry.trail.at(-1)}: ${entry.title}` : entry.title;
}

/** One "open page" command per menu entry, its group trail as context; each needs its entry's permission. */
export function menuCommands(tree: readonly MenuNode[] = menuTree): Command[] {
  return flattenMenu(tree).map((entry) => ({
    id: `page:${entry.id}`,
    title: menuEntryTitle(entry),
    group: entry.trail[0] ?? 'Pages',
    keywords: [...(entry.keywords ?? []), ...entry.trail.slice(1)],
    ...(entry.permission ? { permission: entry.permission } : {}),
    kind: 'page' as const,
    href: entry.path,
    run: (ctx) => ctx.navigate(entry.path),
  }));
}
