import { proxy, snapshot } from 'valtio';
import { z } from 'zod';
import { flattenMenu, type FlatMenuEntry } from '@domain/menu';
import { internalPathSchema, pathOf } from './internal-path';
import { persistOnChange, withoutPersistence } from './persistence';
import { storage } from './storage';
import { storageKeys } from './storage-keys';

/** One breadcrumb: a title, and the path it links to (group crumbs have none). */
export const crumbSchema = z.object({
  title: z.string().min(1).max(200),
  path: internalPathSchema.optional(),
});
export type Crumb = z.infer<typeof crumbSchema>;

/** A stored trail (untrusted input): the menu path of the last clicked entry. */
export const crumbTrailSchema = z.array(crumbSchema).max(8);
export type CrumbTrail = z.infer<typeof crumbTrailSchema>;

/** The words shown after the last crumb on a detail page. */
export const DETAIL_PAGE_LABEL = 'detail page';

/** The trail of the last menu entry the user clicked. */
export const breadcrumbStore = proxy<{ trail: Crumb[] }>({ trail: [] });

/** The trail of a menu entry: its group titles, then the entry itself with its path. */
export function trailForEntry(entry: Pick<FlatMenuEntry, 'trail' | 'title' | 'path'>): Crumb[] {
  return [...entry.trail.map((title) => ({ title })), { title: entry.title, path: entry.path }];
}

/** True when a path segment is a record id: numeric, uuid-like, or any token containing a digit. */
export function isIdSegment(segment: string): boolean {
  return /\d/.test(segment) || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment);
}

/** True when the last segment of the path is an id, i.e. the page shows one record ("/…/tickets/123"). */
export function isDetailPath(url: string): boolean {
  const segments = pathOf(url).split('/').filter(Boolean);
  const last = segments.at(-1);
  return last !== undefined && isIdSegment(last);
}

/** True when `path` is `base` or lies below it ("/a/b" is under "/a", "/ab" is not). */
export function isPathUnder(path: string, base: string): boolean {
  if (base === '/') return true;
  return path === base || path.startsWith(`${base}/`);
}

/** The menu entry whose path is the longest one `path` lies under (the home page's "/" aside), if any. */
export function menuEntryAbove(path: string, entries: readonly FlatMenuEntry[] = flattenMenu()): FlatMenuEntry | undefined {
  let best: FlatMenuEntry | undefined;
  for (const entry of entries) {
    if (entry.path === '/' || !isPathUnder(path, entry.path)) continue;
    if (!best || entry.path.length > best.path.length) best = entry;
  }
  return best;
}

/**
 * The crumbs to show on a page: on a detail page the last stored crumb plus "detail page"; on the page of the stored
 * trail (or below it) the trail itself. A page opened without a trail of its own (by URL, a link, the palette) gets
 * the trail of the menu entry it lies under: "Payouts / detail page" for a payout opened by URL; nothing when no
 * entry holds it, so a stale trail never labels an unrelated page.
 */
export function crumbsForPath(url: string, stored: readonly Crumb[], entries?: readonly FlatMenuEntry[]): Crumb[] {
  const path = pathOf(url);
  const last = stored.at(-1);
  if (isDetailPath(path)) {
    if (last) return [last, { title: DETAIL_PAGE_LABEL }];
    const list = menuEntryAbove(path.slice(0, path.lastIndexOf('/')), entries);
    return list ? [{ title: list.title, path: list.path }, { title: DETAIL_PAGE_LABEL }] : [{ title: DETAIL_PAGE_LABEL }];
  }
  if (last?.path && isPathUnder(path, last.path)) return [...stored];
  const entry = menuEntryAbove(path, entries);
  return entry ? trailForEntry(entry) : [];
}

/** Saves the trail of a clicked menu entry (persisted under `breadcrumbs`). */
export function saveBreadcrumbs(trail: readonly Crumb[]): void {
  breadcrumbStore.trail = [...trail];
}

/** Loads the stored trail; invalid stored data is discarded and the trail starts empty. */
export async function hydrateBreadcrumbs(): Promise<void> {
  const stored = await storage.get(storageKeys.breadcrumbs, crumbTrailSchema);
  withoutPersistence(() => {
    breadcrumbStore.trail = stored ?? [];
  });
}

/** Empties the trail without touching storage. */
export function resetBreadcrumbs(): void {
  withoutPersistence(() => {
    breadcrumbStore.trail = [];
  });
}

persistOnChange(breadcrumbStore, storageKeys.breadcrumbs, () => snapshot(breadcrumbStore).trail);
