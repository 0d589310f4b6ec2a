import { createBooleanPreference } from './boolean-preference';
import { storageKeys } from './storage-keys';

/**
 * The flag that shows permission names (badges with a copy action) beside menu links and actions, so
 * admins can see which permission an element needs. Off by default; switched in the user menu.
 */
const permissionNames = createBooleanPreference(storageKeys.showPermissionNames);

/** Whether permission badges show (`value`). */
export const permissionNamesStore = permissionNames.store;
/** Shows or hides permission badges. */
export const setShowPermissionNames = permissionNames.set;
/** Flips the flag. */
export const toggleShowPermissionNames = permissionNames.toggle;
/** Loads the stored flag. */
export const hydrateShowPermissionNames = permissionNames.hydrate;
/** Turns the flag off without touching storage. */
export const resetShowPermissionNames = permissionNames.reset;
