import { proxy } from 'valtio';
import { z } from 'zod';
import { persistOnChange, withoutPersistence } from './persistence';
import { storage } from './storage';
import { storageKeys } from './storage-keys';

/** The stored choice (untrusted input): a boolean. */
export const menuCollapsedSchema = z.boolean();

/** Whether the side menu is collapsed to icons; default expanded. */
export const menuCollapsedStore = proxy<{ collapsed: boolean }>({ collapsed: false });

/** Collapses or expands the side menu; remembered under `menuCollapsed`. */
export function setMenuCollapsed(collapsed: boolean): void {
  menuCollapsedStore.collapsed = collapsed;
}

/** Flips the side menu between collapsed and expanded. */
export function toggleMenuCollapsed(): void {
  setMenuCollapsed(!menuCollapsedStore.collapsed);
}

/** Loads the stored choice; invalid stored data is discarded and the menu starts expanded. */
export async function hydrateMenuCollapsed(): Promise<void> {
  const stored = await storage.get(storageKeys.menuCollapsed, menuCollapsedSchema);
  withoutPersistence(() => {
    menuCollapsedStore.collapsed = stored ?? false;
  });
}

/** Expands the menu again without touching storage. */
export function resetMenuCollapsed(): void {
  withoutPersistence(() => {
    menuCollapsedStore.collapsed = false;
  });
}

persistOnChange(menuCollapsedStore, storageKeys.menuCollapsed, () => menuCollapsedStore.collapsed);
