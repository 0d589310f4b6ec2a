import { flattenMenu, menuTree, type MenuNode } from '@domain/menu';
import { viewPermission } from '@domain/resource/define-resource';
import { resources } from '@domain/resource/registry';
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

/**
 * One "open page" command per list view and per summary page that has no side-menu entry (Wallets, Wallet ledger,
 * Referral Codes, All Leads, open consignment tickets, Data Insights…): the menu keeps its entries, and the palette
 * still reaches every list and every summary. Each needs its view's permission (a summary, the list's).
 */
export function otherListCommands(tree: readonly MenuNode[] = menuTree): Command[] {
  const inMenu = new Set(flattenMenu(tree).map((entry) => entry.path));
  return resources.flatMap((resource) => {
    const pages = [...resource.views, ...(resource.summary ? [{ path: resource.summary.path, title: resource.summary.title, scope: undefined }] : [])];
    return pages
      .filter((view) => !inMenu.has(view.path))
      .map((view) => {
        const permission = viewPermission(resource, view.scope);
        return {
          id: `page:view:${view.path}`,
          title: view.title,
          group: 'Other lists',
          keywords: [resource.plural.toLowerCase(), resource.title.toLowerCase()],
          ...(permission ? { permission } : {}),
          kind: 'page' as const,
          href: view.path,
          run: (ctx: Parameters<Command['run']>[0]) => ctx.navigate(view.path),
        };
      });
  });
}
