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

let pinSync: { inFlight: boolean; pending: readonly PinnedItem[] | undefined } = { inFlight: false, pending: undefined };

/**
 * Saves the list on the server so pins follow the user across sign-outs. One save at a time, always the latest
 * list, so saves never land out of order; keepalive so a save right before a reload still lands. Errors logged.
 */
function syncPinsToServer(items: readonly PinnedItem[]): void {
  pinSync.pending = items;
  if (pinSync.inFlight) return;
  const state = pinSync;
  const sendLatest = (): void => {
    const next = state.pending;
    if (next === undefined || state !== pinSync) {
      state.inFlight = false;
      return;
    }
    state.pending = undefined;
    state.inFlight = true;
    apiRequest(sessionPaths.pinnedItems, { method: 'PUT', body: next, keepalive: true })
      .catch((error: unknown) => console.error('Could not save pinned items on the server', error))
      .finally(sendLatest);
  };
  sendLatest();
}

/**
 * Whether this browser holds the user's own list (stored, or changed here). An empty list the user made by
 * unpinning is a choice; only a browser with no list at all (new, signed out, or discarded data) adopts the
 * server's copy, so a reload racing the last save never brings back what was just unpinned.
 */
let hasLocalList = false;

function setPinsFromUser(items: PinnedItem[]): void {
  hasLocalList = true;
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
 * Adopts the server's pins (from global data) when this browser has no list of its own, e.g. a new browser,
 * after sign-out cleared local storage, or after tampered data was discarded. Saved locally, not sent back.
 */
export function adoptServerPins(items: readonly unknown[]): void {
  if (hasLocalList || pinsStore.items.length > 0) return;
  const clean = sanitizePins(items);
  if (clean.length > 0) pinsStore.items = clean;
}

/** Loads the stored pins; invalid stored data is discarded and the list starts empty. */
export async function hydratePins(): Promise<void> {
  const stored = await storage.get(storageKeys.pinnedItems, storedPinsSchema);
  hasLocalList = stored !== undefined;
  withoutPersistence(() => {
    pinsStore.items = dedupePins(stored ?? []);
  });
}

/** Empties the pin list without touching storage (sign-out clears storage itself). */
export function resetPins(): void {
  // A new session starts a new sync queue: nothing of the old one is sent with the next user's key.
  pinSync = { inFlight: false, pending: undefined };
  hasLocalList = false;
  withoutPersistence(() => {
    pinsStore.items = [];
  });
}

persistOnChange(pinsStore, storageKeys.pinnedItems, () => snapshot(pinsStore).items);
