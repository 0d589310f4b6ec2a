import { createBooleanPreference } from './boolean-preference';
import { storageKeys } from './storage-keys';

const menuCollapsed = createBooleanPreference(storageKeys.menuCollapsed);

/** Whether the side menu is collapsed to icons (`value`); default expanded; remembered under `menuCollapsed`. */
export const menuCollapsedStore = menuCollapsed.store;
/** Collapses or expands the side menu. */
export const setMenuCollapsed = menuCollapsed.set;
/** Flips the side menu between collapsed and expanded. */
export const toggleMenuCollapsed = menuCollapsed.toggle;
/** Loads the stored choice; invalid stored data is discarded and the menu starts expanded. */
export const hydrateMenuCollapsed = menuCollapsed.hydrate;
/** Expands the menu again without touching storage. */
export const resetMenuCollapsed = menuCollapsed.reset;
