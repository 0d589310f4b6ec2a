import { hydrateBreadcrumbs, resetBreadcrumbs } from './breadcrumbs';
import { hydrateKeyboardState, resetKeyboardState } from './keyboard-state';
import { hydrateListLayout, resetListLayout } from './list-layout';
import { hydrateMenuCollapsed, resetMenuCollapsed } from './menu-collapsed';
import { hydratePaletteFrecency, resetPaletteFrecency } from './palette-frecency';
import { hydrateShowPermissionNames, resetShowPermissionNames } from './permission-names';
import { hydratePins, resetPins } from './pins';
import { hydrateRecentUrls, resetRecentUrls } from './recent-urls';
import { storage } from './storage';
import { hydrateTableState, resetTableState } from './table-state';
import { resetToasts } from './toasts';

/** Loads every persisted store from local storage (before the first render); a store that fails starts empty. */
export async function hydrateClientState(): Promise<void> {
  const results = await Promise.allSettled([hydratePins(), hydrateBreadcrumbs(), hydrateRecentUrls(), hydrateMenuCollapsed(), hydrateShowPermissionNames(), hydrateTableState(), hydrateKeyboardState(), hydratePaletteFrecency(), hydrateListLayout()]);
  for (const result of results) {
    if (result.status === 'rejected') console.error('Could not load stored client state', result.reason);
  }
}

/**
 * Resets every client store (pins, breadcrumbs, recent URLs, menu collapsed, permission names, table states, list layout, toasts) and removes every
 * local-storage key. Sign-out calls this, then pushes its "Logout Sucessfull" toast.
 */
export async function resetClientState(): Promise<void> {
  resetPins();
  resetBreadcrumbs();
  resetRecentUrls();
  resetMenuCollapsed();
  resetShowPermissionNames();
  resetTableState();
  resetPaletteFrecency();
  resetKeyboardState();
  resetListLayout();
  resetToasts();
  await storage.clear();
}
