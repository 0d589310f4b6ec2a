import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import type { ListView, Resource } from '@domain/resource/define-resource';
import { listParamsFromSearch, listParamsToSearch, type ListParams } from '@domain/resource/list-query';
import { applyListParams, initialTableState, listParamsOf, tableStore, type TableState } from '@state/table-state';

/** The list's state: from the URL when it carries one, else the list's last state (filters are kept per list). */
export interface ListStateApi {
  /** The store key of this list. */
  key: string;
  /** What the filter bar, pager and table show: the URL's state when it has one, else the stored one. */
  state: TableState;
  params: ListParams;
  /** Runs a store change over the state on screen, then writes the result into the URL (replacing the entry). */
  update: (change: () => void) => void;
}

/** The table state a URL describes, keeping what the URL does not carry (count, mode) from the stored state. */
function stateFromParams(params: ListParams, stored: TableState): TableState {
  return { ...stored, data: { ...params.filters }, wholeFilter: params.q, sort: params.sort, pagination: { page: params.page, rowSize: params.size } };
}

/**
 * One owner of a list's query state, in one order: the URL, when it carries a query, decides what is shown and
 * fetched, in the very first render; the store follows it (for the next visit); the inputs show what was decided
 * and change it only through `update`. A list opened without a query string takes its stored state into the URL.
 */
export function useListState(resource: Resource, view: ListView): ListStateApi {
  const key = view.path;
  const search = useSearch();
  const [, navigate] = useLocation();
  const stored = (useSnapshot(tableStore).lists[key] ?? initialTableState()) as TableState;
  const urlParams = useMemo(() => (search === '' ? null : listParamsFromSearch(resource, `?${search}`, view.scope)), [search, resource, view.scope]);

  useEffect(() => {
    if (urlParams) {
      applyListParams(key, urlParams);
      return;
    }
    const last = tableStore.lists[key];
    const url = last ? listParamsToSearch(listParamsOf(last)) : '';
    if (url) navigate(`${view.path}${url}`, { replace: true });
  }, [urlParams, key, view.path, navigate]);

  const update = useCallback(
    (change: () => void) => {
      // The store first takes what is on screen (the URL's state), so a change never builds on an older state.
      if (urlParams) applyListParams(key, urlParams);
      change();
      const next = tableStore.lists[key];
      if (next) navigate(`${view.path}${listParamsToSearch(listParamsOf(next))}`, { replace: true });
    },
    [urlParams, key, navigate, view.path],
  );

  const state = useMemo(() => (urlParams ? stateFromParams(urlParams, stored) : stored), [urlParams, stored]);
  const params = useMemo(() => (urlParams ? { ...urlParams } : listParamsOf(stored, view.scope)), [urlParams, stored, view.scope]);
  return { key, state, params, update };
}
