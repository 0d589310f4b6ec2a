import { z } from 'zod';
import { storableString } from './storable-text';

/** A pinned menu item: id, title and redirect. */
export const pinnedItemSchema = z.object({
  id: storableString().min(1).max(200),
  title: storableString().min(1).max(200),
  /** A same-origin path: "//host" and "/\\host" would leave the console, so they are refused. */
  redirect: storableString().regex(/^\/(?![/\\])/, 'Must be a path inside the console').max(2000),
});
export type PinnedItem = z.infer<typeof pinnedItemSchema>;

/** At most this many pins are kept. */
export const MAX_PINNED_ITEMS = 50;

/** A list of pins, as stored and as saved to the server. */
export const pinnedItemsSchema = z.array(pinnedItemSchema).max(MAX_PINNED_ITEMS);

/** Adds a pin unless one with the same id exists (pins are never duplicated by id). */
export function addPin(pins: readonly PinnedItem[], pin: PinnedItem): PinnedItem[] {
  return pins.some((p) => p.id === pin.id) ? [...pins] : [...pins, pin];
}

/** Removes the pin with the given id. */
export function removePin(pins: readonly PinnedItem[], id: string): PinnedItem[] {
  return pins.filter((p) => p.id !== id);
}

/** De-duplicates pins by id, keeping the first of each. */
export function dedupePins(pins: readonly PinnedItem[]): PinnedItem[] {
  const seen = new Set<string>();
  return pins.filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
}
