import { proxy, snapshot } from 'valtio';
import { z } from 'zod';
import { apiRequest } from '@data/api-client';
import { addPin, dedupePins, MAX_PINNED_ITEMS, pinnedItemSchema, removePin, type PinnedItem } from '@domain/pinned-item';
import { sessionPaths } from '@domain/session';
import { isInternalPath } from './internal-path';
import { persistOnChange, withoutPersistence } from './persistence';
import { storage } from './storage';
import { storageKeys } from './storage-keys';

/** A pin as accepted from storage or the server: the domain schema plus an internal redirect only. */
export const storedPinSchema = pinnedItemSchema.refine((pin) => isInternalPath(pin.redirect), {
  message: 'Pinned redirect must be an internal path',
  path: ['redirect'],
});

/** The stored pin list (untrusted): valid pins only, at most MAX_PINNED_ITEMS. */
export const storedPinsSchema = z.array(storedPinSchema).max(MAX_PINNED_ITEMS);
export type StoredPins = z.infer<typeof storedPinsSchema>;

/** The user's pinned menu items, in pin order, never two with one id. */
export const pinsStore = proxy<{ items: PinnedItem[] }>({ items: [] });

/** Cleans an untrusted pin list: drops invalid pins and duplicates (first wins), caps the count. */
export function sanitizePins(items: readonly unknown[]): PinnedItem[] {
  const valid = items.flatMap((item) => {
    const parsed = storedPinSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  return dedupePins(valid).slice(0, MAX_PINNED_ITEMS);
}

/** True when a pin with this id exists. */
export function isPinned(items: readonly PinnedItem[], id: string): boolean {
  return items.some((p) => p.id === id);
}

/** Saves the list on the server so pins follow the user across sign-outs; fire and forget, errors logged. */
function syncPinsToServer(items: readonly PinnedItem[]): void {
  apiRequest(sessionPaths.pinnedItems, { method: 'PUT', body: items }).catch((error: unknown) =>
    console.error('Could not save pinned items on the server', error),
  );
}

function setPinsFromUser(items: PinnedItem[]): void {
  pinsStore.items = items;
  syncPinsToServer(items);
}

/** Pins an item (no-op when its id is pinned already); persisted locally and on the server. */
export function pinItem(pin: PinnedItem): void {
  if (isPinned(pinsStore.items, pin.id) || pinsStore.items.length >= MAX_PINNED_ITEMS) return;
  setPinsFromUser(addPin(pinsStore.items, pin));
}

/** Unpins the item with this id; persisted locally and on the server. */
export function unpinItem(id: string): void {
  if (!isPinned(pinsStore.items, id)) return;
  setPinsFromUser(removePin(pinsStore.items, id));
}

/** Pins the item, or unpins it when its id is pinned. */
export function togglePin(pin: PinnedItem): void {
  if (isPinned(pinsStore.items, pin.id)) unpinItem(pin.id);
  else pinItem(pin);
}

/**
 * Adopts the server's pins (from global data) when none are stored locally, e.g. on a new browser or
 * after sign-out cleared local storage. Saved locally, not sent back.
 */
export function adoptServerPins(items: readonly unknown[]): void {
  if (pinsStore.items.length > 0) return;
  const clean = sanitizePins(items);
  if (clean.length > 0) pinsStore.items = clean;
}

/** Loads the stored pins; invalid stored data is discarded and the list starts empty. */
export async function hydratePins(): Promise<void> {
  const stored = await storage.get(storageKeys.pinnedItems, storedPinsSchema);
  withoutPersistence(() => {
    pinsStore.items = dedupePins(stored ?? []);
  });
}

/** Empties the pin list without touching storage (sign-out clears storage itself). */
export function resetPins(): void {
  withoutPersistence(() => {
    pinsStore.items = [];
  });
}

persistOnChange(pinsStore, storageKeys.pinnedItems, () => snapshot(pinsStore).items);
