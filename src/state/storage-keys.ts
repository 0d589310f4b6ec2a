/** Every local-storage key the console writes; sign-out removes them all. */
export const storageKeys = {
  authKey: 'authKey',
  pinnedItems: 'pinnedItems',
  breadcrumbs: 'breadcrumbs',
  recentUrls: 'recentUrls',
  menuCollapsed: 'menuCollapsed',
  showPermissionNames: 'showPermissionNames',
  tableState: 'tableState',
  paletteFrecency: 'paletteFrecency',
  singleKeyShortcuts: 'singleKeyShortcuts',
  comfortableRows: 'comfortableRows',
  columnWidths: 'columnWidths',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];
