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
  state: TableState;
  params: ListParams;
  /** Runs a store change, then writes the new state into the URL (replacing the entry: Back leaves the list). */
  update: (change: () => void) => void;
}

/**
 * Keeps the URL and the valtio table state of a list in step: opening a URL (a copied link, Back) applies it to
 * the store; a list opened without a query string takes its last state from the store.
 */
export function useListState(resource: Resource, view: ListView): ListStateApi {
  const key = view.path;
  const search = useSearch();
  const [, navigate] = useLocation();
  const snap = useSnapshot(tableStore).lists[key] ?? initialTableState();

  useEffect(() => {
    if (search === '') {
      const stored = tableStore.lists[key];
      const url = stored ? listParamsToSearch(listParamsOf(stored)) : '';
      if (url) navigate(`${view.path}${url}`, { replace: true });
      return;
    }
    applyListParams(key, listParamsFromSearch(resource, `?${search}`, view.scope));
  }, [search, key, resource, view.path, view.scope, navigate]);

  const update = useCallback(
    (change: () => void) => {
      change();
      const state = tableStore.lists[key];
      if (state) navigate(`${view.path}${listParamsToSearch(listParamsOf(state))}`, { replace: true });
    },
    [key, navigate, view.path],
  );

  const state = snap as TableState;
  // The URL decides what is fetched (no request with stale state before the store catches up); without a query
  // string the list's stored state does.
  const params = useMemo(
    () => (search === '' ? listParamsOf(state, view.scope) : listParamsFromSearch(resource, `?${search}`, view.scope)),
    [search, state, resource, view.scope],
  );
  return { key, state, params, update };
}
