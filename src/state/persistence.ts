import { subscribe } from 'valtio';
import { storage } from './storage';
import type { StorageKey } from './storage-keys';

let paused = 0;

/**
 * Runs `change` without writing the stores it touches to storage: hydration must not write back
 * what it just read, and a reset must not re-create the keys that sign-out is about to clear.
 */
export function withoutPersistence(change: () => void): void {
  paused++;
  try {
    change();
  } finally {
    paused--;
  }
}

/**
 * Writes `select()` under `key` through the encrypted adapter whenever `store` changes. Notified in
 * sync (not batched) so withoutPersistence sees the change while it is still paused.
 */
export function persistOnChange(store: object, key: StorageKey, select: () => unknown): () => void {
  return subscribe(
    store,
    () => {
      if (paused > 0) return;
      storage.set(key, select()).catch((error: unknown) => console.error(`Could not save "${key}"`, error));
    },
    true,
  );
}
