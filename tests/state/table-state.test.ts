import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyListParams,
  listParamsOf,
  resetTableState,
  setTableCount,
  setTableFilter,
  setTablePage,
  setTableRowSize,
  setTableSearch,
  setTableSort,
  tableStateOf,
} from '@state/table-state';

describe('per-list table state', () => {
  beforeEach(() => resetTableState());

  it('starts at page 0 with 20 rows and no filters', () => {
    expect(tableStateOf('/a')).toMatchObject({ count: 0, data: {}, wholeFilter: '', pagination: { page: 0, rowSize: 20 } });
  });

  it('resets the page to 0 when a filter, the search, the sort or the row size changes', () => {
    setTablePage('/a', 7);
    setTableFilter('/a', 'status', 'OPEN');
    expect(tableStateOf('/a').pagination.page).toBe(0);
    setTablePage('/a', 3);
    setTableRowSize('/a', 100);
    expect(tableStateOf('/a').pagination).toEqual({ page: 0, rowSize: 100 });
    setTablePage('/a', 3);
    setTableSearch('/a', 'Koramangala');
    expect(tableStateOf('/a').pagination.page).toBe(0);
    setTablePage('/a', 3);
    setTableSort('/a', 'name,asc');
    expect(tableStateOf('/a').pagination.page).toBe(0);
  });

  it('keeps each list its own state', () => {
    setTableFilter('/a', 'status', 'OPEN');
    setTablePage('/b', 4);
    expect(tableStateOf('/a').pagination.page).toBe(0);
    expect(tableStateOf('/b').data).toEqual({});
    expect(tableStateOf('/b').pagination.page).toBe(4);
  });

  it('coerces a count that is not numeric to 0', () => {
    setTableCount('/a', '42');
    expect(tableStateOf('/a').count).toBe(42);
    setTableCount('/a', 'many');
    expect(tableStateOf('/a').count).toBe(0);
    setTableCount('/a', undefined);
    expect(tableStateOf('/a').count).toBe(0);
  });

  it('removes a filter set to empty and round-trips list params', () => {
    setTableFilter('/a', 'status', 'OPEN');
    setTableFilter('/a', 'status', '');
    expect(tableStateOf('/a').data).toEqual({});
    applyListParams('/a', { page: 2, size: 50, sort: 'name,asc', q: 'tata', filters: { isActive: 'true' } });
    expect(listParamsOf(tableStateOf('/a'), 'open')).toEqual({ page: 2, size: 50, sort: 'name,asc', q: 'tata', scope: 'open', filters: { isActive: 'true' } });
  });
});
