import { proxy, snapshot } from 'valtio';
import { z } from 'zod';
import { coerceCount } from '@domain/format-empty';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, ROW_SIZES, type ListParams } from '@domain/resource/list-query';
import { persistOnChange, withoutPersistence } from './persistence';
import { storage } from './storage';
import { storageKeys } from './storage-keys';

/** The per-list table state: count, data (filters), wholeFilter (search), pagination; plus sort. */
export const tableStateSchema = z.object({
  count: z.number(),
  data: z.record(z.string(), z.string().max(200)),
  wholeFilter: z.string().max(200),
  pagination: z.object({ page: z.number().int().min(0), rowSize: z.number().int().refine((n) => (ROW_SIZES as readonly number[]).includes(n)) }),
  sort: z.string().max(100),
  /** Paged table, or continuous scroll that loads further pages as you go. */
  mode: z.enum(['pages', 'scroll']),
});
export type TableState = z.infer<typeof tableStateSchema>;

/** Stored states (untrusted input): keyed by list, at most 100 lists. */
const storedSchema = z.record(z.string().max(300), tableStateSchema).refine((r) => Object.keys(r).length <= 100);

/** Table states keyed by list (the list page's path). */
export const tableStore = proxy<{ lists: Record<string, TableState> }>({ lists: {} });

/** A fresh state: page 0, 20 rows, no filters. */
export function initialTableState(): TableState {
  return { count: 0, data: {}, wholeFilter: '', pagination: { page: DEFAULT_PAGE, rowSize: DEFAULT_PAGE_SIZE }, sort: '', mode: 'pages' };
}

function stateOf(key: string): TableState {
  let state = tableStore.lists[key];
  if (!state) {
    tableStore.lists[key] = initialTableState();
    state = tableStore.lists[key]!;
  }
  return state;
}

/** The state of a list (a fresh one when the list was never opened). */
export function tableStateOf(key: string): TableState {
  return tableStore.lists[key] ?? initialTableState();
}

/** Sets one filter; the page goes back to 0. Empty text removes the filter. */
export function setTableFilter(key: string, field: string, value: string): void {
  const state = stateOf(key);
  if (value === '') delete state.data[field];
  else state.data[field] = value;
  state.pagination.page = 0;
}

/** Clears every filter and the search; page 0. */
export function clearTableFilters(key: string): void {
  const state = stateOf(key);
  state.data = {};
  state.wholeFilter = '';
  state.pagination.page = 0;
}

/** Sets the search over the whole list; page 0. */
export function setTableSearch(key: string, text: string): void {
  const state = stateOf(key);
  state.wholeFilter = text;
  state.pagination.page = 0;
}

/** Sets the row size; the page goes back to 0. */
export function setTableRowSize(key: string, rowSize: number): void {
  const state = stateOf(key);
  state.pagination.rowSize = rowSize;
  state.pagination.page = 0;
}

/** Moves to a page. */
export function setTablePage(key: string, page: number): void {
  stateOf(key).pagination.page = Math.max(0, Math.floor(page));
}

/** Sets the sort ("field,asc" / "field,desc"; empty: default); page 0. */
export function setTableSort(key: string, sort: string): void {
  const state = stateOf(key);
  state.sort = sort;
  state.pagination.page = 0;
}

/** Switches between pages and continuous scroll; page 0. */
export function setTableMode(key: string, mode: TableState['mode']): void {
  const state = stateOf(key);
  state.mode = mode;
  state.pagination.page = 0;
}

/** Records the total the server answered; a count that is not numeric becomes 0. */
export function setTableCount(key: string, count: unknown): void {
  const next = coerceCount(count);
  if (tableStore.lists[key]?.count !== next) stateOf(key).count = next;
}

/** Replaces filters, search, page, size and sort from list params (a URL opened or Back pressed). */
export function applyListParams(key: string, params: ListParams): void {
  const state = stateOf(key);
  state.data = { ...params.filters };
  state.wholeFilter = params.q;
  state.sort = params.sort;
  state.pagination = { page: params.page, rowSize: params.size };
}

/** The list params of a table state (for the URL and the API). */
export function listParamsOf(state: TableState, scope?: string): ListParams {
  return {
    page: state.pagination.page,
    size: state.pagination.rowSize,
    sort: state.sort,
    q: state.wholeFilter,
    ...(scope ? { scope } : {}),
    filters: { ...state.data },
  };
}

/** Loads the stored states; invalid stored data is discarded. */
export async function hydrateTableState(): Promise<void> {
  const stored = await storage.get(storageKeys.tableState, storedSchema);
  withoutPersistence(() => {
    tableStore.lists = stored ?? {};
  });
}

/** Forgets every table state without touching storage. */
export function resetTableState(): void {
  withoutPersistence(() => {
    tableStore.lists = {};
  });
}

persistOnChange(tableStore, storageKeys.tableState, () => snapshot(tableStore).lists);
