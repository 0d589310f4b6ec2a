import { flattenMenu, menuTree, type FlatMenuEntry, type MenuNode } from '@domain/menu';
import type { PinnedItem } from '@domain/pinned-item';
import { isPathUnder, trailForEntry, type Crumb } from '@state/breadcrumbs';
import { pathOf } from '@state/internal-path';

/** The menu entry a URL belongs to: the exact entry, else the one with the longest path above it (default tree: the whole menu). */
export function matchMenuEntry(url: string, tree: readonly MenuNode[] = menuTree): FlatMenuEntry | undefined {
  const path = pathOf(url);
  let best: FlatMenuEntry | undefined;
  for (const entry of flattenMenu(tree)) {
    if (!isPathUnder(path, entry.path)) continue;
    if (!best || entry.path.length > best.path.length) best = entry;
  }
  return best;
}

/** A title that reads well alone: entries of a sub-group carry its name ("Site Inspection: All"). */
export function entryLabel(entry: Pick<FlatMenuEntry, 'title' | 'trail'>): string {
  return entry.trail.length > 1 ? `${entry.trail.at(-1)}: ${entry.title}` : entry.title;
}

/** The pin of a menu entry: its id, its stand-alone label and its path. */
export function pinForEntry(entry: FlatMenuEntry): PinnedItem {
  return { id: entry.id, title: entryLabel(entry), redirect: entry.path };
}

/** The breadcrumb trail of a pinned item: its menu entry's trail, else the pin alone. */
export function trailForPin(pin: PinnedItem, tree: readonly MenuNode[] = menuTree): Crumb[] {
  const entry = flattenMenu(tree).find((e) => e.id === pin.id);
  return entry ? trailForEntry(entry) : [{ title: pin.title, path: pin.redirect }];
}

/** Ids of the groups (at any depth) that hold the entry with this id. */
export function groupIdsHolding(tree: readonly MenuNode[], entryId: string): string[] {
  for (const node of tree) {
    if (node.kind === 'entry') continue;
    if (node.children.some((child) => child.kind === 'entry' && child.id === entryId)) return [node.id];
    const inner = groupIdsHolding(node.children, entryId);
    if (inner.length > 0) return [node.id, ...inner];
  }
  return [];
}

/** Up to two initials of a title, for the collapsed menu and avatars ("Progress Tracker" → "PT"). */
export function initialsOf(title: string): string {
  // "ChargePoint Management" reads as three words (CP), so it does not collide with "Charger Management" (CM).
  const words = title
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .split(/[\s\-_]+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letters = words.slice(0, 2).map((w) => [...w.replace(/[^\p{L}\p{N}]/gu, '')][0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

/**
 * Rail labels for a list of titles, unique within the list: the initials, or where two share them, the first
 * two letters of the first word ("RFID Management" RF, "Role Management" RO), else the initials with a number.
 */
export function uniqueInitials(titles: readonly string[]): Map<string, string> {
  const first = titles.map((title) => initialsOf(title));
  const counts = new Map<string, number>();
  for (const label of first) counts.set(label, (counts.get(label) ?? 0) + 1);
  const used = new Set<string>();
  const out = new Map<string, string>();
  titles.forEach((title, i) => {
    let label = first[i]!;
    if ((counts.get(label) ?? 0) > 1) {
      const word = [...(title.split(/\s+/)[0] ?? '').replace(/[^\p{L}\p{N}]/gu, '')];
      const alternative = word.slice(0, 2).join('').toUpperCase();
      label = alternative.length === 2 && !used.has(alternative) && !counts.has(alternative) ? alternative : label;
      for (let n = 2; used.has(label); n++) label = `${first[i]}${n}`;
    }
    used.add(label);
    out.set(title, label);
  });
  return out;
}
