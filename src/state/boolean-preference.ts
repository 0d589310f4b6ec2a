import { proxy } from 'valtio';
import { z } from 'zod';
import { persistOnChange, withoutPersistence } from './persistence';
import { storage } from './storage';
import type { StorageKey } from './storage-keys';

/** An on/off choice of the user, remembered in local storage through the encrypted adapter. */
export interface BooleanPreference {
  /** The valtio store: read `value` with useSnapshot. */
  store: { value: boolean };
  /** Sets the choice (persisted). */
  set(value: boolean): void;
  /** Flips the choice (persisted). */
  toggle(): void;
  /** Loads the stored choice; invalid stored data is discarded and the default used. */
  hydrate(): Promise<void>;
  /** Back to the default without touching storage (sign-out clears storage itself). */
  reset(): void;
}

/** Creates a boolean preference stored under `key`; default `defaultValue` (false). */
export function createBooleanPreference(key: StorageKey, defaultValue = false): BooleanPreference {
  const store = proxy({ value: defaultValue });
  persistOnChange(store, key, () => store.value);
  return {
    store,
    set: (value) => {
      store.value = value;
    },
    toggle: () => {
      store.value = !store.value;
    },
    hydrate: async () => {
      const stored = await storage.get(key, z.boolean());
      withoutPersistence(() => {
        store.value = stored ?? defaultValue;
      });
    },
    reset: () =>
      withoutPersistence(() => {
        store.value = defaultValue;
      }),
  };
}
