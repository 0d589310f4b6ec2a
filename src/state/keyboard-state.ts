import { proxy, subscribe } from 'valtio';
import { createBooleanPreference } from './boolean-preference';
import { storageKeys } from './storage-keys';

/** The user's "Single-key shortcuts" switch (on by default), remembered until sign-out. */
const singleKey = createBooleanPreference(storageKeys.singleKeyShortcuts, true);

/**
 * Keyboard state of the console: whether the shortcut help is open, and whether single-key shortcuts (`?`,
 * `g` chords, list keys) are on. `singleKeyShortcuts` is persisted: writes here reach storage, and a hydrate or
 * reset of the stored choice shows here.
 */
export const keyboardState = proxy({ helpOpen: false, singleKeyShortcuts: singleKey.store.value });

// Both ways, in sync (not batched), so the persistence layer sees each change while it is paused or not.
subscribe(singleKey.store, () => {
  if (keyboardState.singleKeyShortcuts !== singleKey.store.value) keyboardState.singleKeyShortcuts = singleKey.store.value;
}, true);
subscribe(keyboardState, () => {
  if (singleKey.store.value !== keyboardState.singleKeyShortcuts) singleKey.set(keyboardState.singleKeyShortcuts);
}, true);

/** Opens or closes the shortcut help. */
export function setShortcutHelpOpen(open: boolean): void {
  keyboardState.helpOpen = open;
}

/** Turns single-key shortcuts on or off (persisted). */
export function setSingleKeyShortcuts(on: boolean): void {
  keyboardState.singleKeyShortcuts = on;
}

/** Loads the stored switch; invalid stored data is discarded and shortcuts are on. */
export const hydrateKeyboardState = singleKey.hydrate;

/** Closes the help and turns shortcuts back on without touching storage (sign-out clears storage itself). */
export function resetKeyboardState(): void {
  keyboardState.helpOpen = false;
  singleKey.reset();
}
