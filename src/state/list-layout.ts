import { proxy, snapshot } from 'valtio';
import { z } from 'zod';
import { COLUMN_MAX_PX, COLUMN_MIN_PX, clamp } from '@ui/column-layout';
import { createBooleanPreference } from './boolean-preference';
import { persistOnChange, withoutPersistence } from './persistence';
import { storage } from './storage';
import { storageKeys } from './storage-keys';

/** Row density of every list: compact 32 px rows by default, comfortable 44 px rows on request (remembered). */
const comfortable = createBooleanPreference(storageKeys.comfortableRows);
export const comfortableRowsStore = comfortable.store;
export const setComfortableRows = comfortable.set;

/** Stored widths (untrusted input): per list, per column, within the draggable range; at most 200 lists. */
const storedWidthsSchema = z
  .record(z.string().max(300), z.record(z.string().max(100), z.number().int().min(COLUMN_MIN_PX).max(COLUMN_MAX_PX)))
  .refine((r) => Object.keys(r).length <= 200);

/** Column widths the user dragged, by list (its page path) and column; other columns follow the layout. */
export const columnWidthsStore = proxy<{ lists: Record<string, Record<string, number>> }>({ lists: {} });

/** Remembers a dragged width of one column of one list. */
export function setColumnWidth(list: string, column: string, width: number): void {
  columnWidthsStore.lists[list] = { ...columnWidthsStore.lists[list], [column]: clamp(width) };
}

/** Gives one list's columns back to the layout (every column, or one). */
export function resetColumnWidths(list: string, column?: string): void {
  if (column === undefined) {
    delete columnWidthsStore.lists[list];
    return;
  }
  const { [column]: _dropped, ...rest } = columnWidthsStore.lists[list] ?? {};
  if (Object.keys(rest).length === 0) delete columnWidthsStore.lists[list];
  else columnWidthsStore.lists[list] = rest;
}

/** Loads density and widths; invalid stored data is discarded (compact, laid-out widths). */
export async function hydrateListLayout(): Promise<void> {
  const stored = await storage.get(storageKeys.columnWidths, storedWidthsSchema);
  withoutPersistence(() => {
    columnWidthsStore.lists = stored ?? {};
  });
  await comfortable.hydrate();
}

/** Back to compact rows and laid-out widths without touching storage (sign-out clears storage itself). */
export function resetListLayout(): void {
  comfortable.reset();
  withoutPersistence(() => {
    columnWidthsStore.lists = {};
  });
}

persistOnChange(columnWidthsStore, storageKeys.columnWidths, () => snapshot(columnWidthsStore).lists);
