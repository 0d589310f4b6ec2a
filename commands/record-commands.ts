import { hasPermission } from '@domain/permissions';
import { resources, findResource } from '@domain/resource/registry';
import { viewPermission, type Resource } from '@domain/resource/define-resource';
import type { Command, CommandContext } from './command';

/** A record shown on a detail page: its resource and id. */
export interface RecordOnScreen {
  resource: Resource;
  id: string;
}

/** Record-specific actions supplied from outside (e.g. ticket workflow actions), given the record on screen. */
export type RecordActionSource = (ctx: CommandContext, record: RecordOnScreen) => Command[];

function patternMatches(pattern: string, path: string): string | undefined {
  const p = pattern.split('/');
  const s = path.split('/');
  if (p.length !== s.length) return undefined;
  let id: string | undefined;
  for (let i = 0; i < p.length; i++) {
    if (p[i] === ':id') id = decodeURIComponent(s[i]!);
    else if (p[i] !== s[i]) return undefined;
  }
  return id;
}

/** Console paths that are pages, never a record (every list, add form and summary), so `/x/open` is not record "open". */
function fixedPaths(list: readonly Resource[]): Set<string> {
  return new Set(list.flatMap((r) => [...r.views.map((v) => v.path), ...(r.createPath ? [r.createPath] : []), ...(r.otherCreatePaths ?? []).map((o) => o.path), ...(r.summary ? [r.summary.path] : [])]));
}

/**
 * The record whose detail page a URL shows, if any: at its canonical detail path or below the list it was opened
 * from (`<list>/:id`, as the console routes it); the most specific pattern wins.
 */
export function recordAt(url: string, list: readonly Resource[] = resources): RecordOnScreen | undefined {
  const path = url.split(/[?#]/)[0] ?? url;
  if (fixedPaths(list).has(path)) return undefined;
  let best: RecordOnScreen | undefined;
  let bestLength = -1;
  for (const resource of list) {
    for (const pattern of [resource.detailPath, ...resource.views.map((v) => `${v.path}/:id`)]) {
      const id = patternMatches(pattern, path);
      // "add" and "edit" are forms, not records.
      if (id === undefined || id === 'add' || id === '' || pattern.length <= bestLength) continue;
      best = { resource, id };
      bestLength = pattern.length;
    }
  }
  return best;
}

const pathFor = (pattern: string, id: string) => pattern.replace(':id', encodeURIComponent(id));

/** Actions on a record the user may take: edit it, open its related lists (a charger's bookings), and extra ones. */
export function recordCommands(ctx: CommandContext, record: RecordOnScreen, extra?: RecordActionSource): Command[] {
  const { resource, id } = record;
  const label = resource.title.toLowerCase();
  const out: Command[] = [];
  if (resource.permissions.update && !resource.readOnly && resource.updateFields.length > 0) {
    const href = pathFor(resource.editPath, id);
    out.push({ id: `record:${resource.name}:${id}:edit`, title: `Edit this ${label}`, group: resource.title, keywords: ['change', 'update'], permission: resource.permissions.update, kind: 'action', href, run: (c) => c.navigate(href) });
  }
  for (const related of resource.related ?? []) {
    const other = findResource(related.resource);
    const view = other?.views[0];
    if (!other || !view) continue;
    const permission = viewPermission(other, view.scope);
    const href = `${view.path}?${new URLSearchParams({ [related.field]: id }).toString()}`;
    out.push({
      id: `record:${resource.name}:${id}:related:${related.resource}`,
      title: `Open its ${related.title.toLowerCase()}`,
      group: resource.title,
      keywords: [other.plural.toLowerCase()],
      ...(permission ? { permission } : {}),
      kind: 'action',
      href,
      run: (c) => c.navigate(href),
    });
  }
  out.push(...(extra?.(ctx, record) ?? []));
  return out.filter((c) => hasPermission(ctx.permissions, c.permission) && (!c.when || c.when(ctx)));
}

/** The actions of the record on screen, if the current page shows one. */
export function contextCommands(ctx: CommandContext, extra?: RecordActionSource): Command[] {
  const record = recordAt(ctx.location);
  return record ? recordCommands(ctx, record, extra) : [];
}
