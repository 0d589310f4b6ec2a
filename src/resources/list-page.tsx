import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { hasPermission } from '@domain/permissions';
import { viewPermission, type ListView, type Resource } from '@domain/resource/define-resource';
import { BULK_MAX, ROW_SIZES, listMatchQuery, listParamsToSearch } from '@domain/resource/list-query';
import { queryKeys } from '@data/query-keys';
import { errorMessage } from '@data/api-client';
import { fetchList, type ApiRecord, type ListCursorParam } from '@data/resource-api';
import { useRegisterShortcuts } from '@app/keyboard/page-shortcuts';
import { useSession } from '@app/session/session-context';
import { listShortcuts } from '@commands/shortcuts';
import { mapViewPaths } from '@domain/map-views';
import { MapViewTabs } from '@ui/view-tabs';
import { Button } from '@ui/button';
import { DataTable, type DataColumn } from '@ui/data-table';
import { LoadingIndicator } from '@ui/loading-indicator';
import { keyboardState } from '@state/keyboard-state';
import { columnWidthsStore, comfortableRowsStore, resetColumnWidths, setColumnWidth, setComfortableRows } from '@state/list-layout';
import { setTableCount, setTableMode, setTablePage, setTableRowSize, setTableSort } from '@state/table-state';
import { CellValue, columnMinWidth, columnWidth, isNumeric } from './cell-value';
import { FilterBar } from './filter-bar';
import { GatedAction } from './gated-action';
import { ResourceActionButton } from './resource-action';
import { BulkBar } from './bulk-bar';
import { bulkOfferFor, hasBulkActions } from './bulk-offer';
import { NoAccess } from './no-access';
import { recordHref } from './record-href';
import { useListState } from './use-list-state';
import { extensionsFor, type ResourceExtension } from './resource-extension';
import { useLiveStatus, useNewRecordCount } from '@data/live-events';
import './resources.css';

/** A continuous-scroll page: where its rows sit, and the cursor it is read after or before (none for the first). */
type ScrollPageParam = { page: number; cursor?: ListCursorParam };

/** Rows per request in continuous scroll. */
const SCROLL_PAGE_SIZE = 100;
/** Pages kept in memory in continuous scroll (older ones are dropped and fetched again when scrolled back to). */
const SCROLL_MAX_PAGES = 10;

/** Props of ListPage. */
export interface ListPageProps {
  resource: Resource;
  view: ListView;
  /** What the console's features add to lists (src/app/resource-extensions.ts); those for this resource apply. */
  extensions?: readonly ResourceExtension[];
}

/**
 * The one list page of every resource view: filter bar, virtualised table, paging or continuous scroll; with what
 * the features declare for the resource (header actions, columns, bulk actions).
 */
export function ListPage({ resource, view, extensions = [] }: ListPageProps) {
  const { user } = useSession();
  const permission = viewPermission(resource, view.scope);
  if (permission !== null && !hasPermission(user.permissions, permission)) return <NoAccess permission={permission} title={view.title} />;
  return <PermittedListPage resource={resource} view={view} extensions={extensions} />;
}

function countText(count: number, exact: boolean, plural: string): string {
  const n = count.toLocaleString('en-IN');
  return exact ? `${n} ${plural.toLowerCase()}` : `about ${n} ${plural.toLowerCase()}`;
}

/** The active row of each list page shown in this tab (by view, page, search, sort, filters and mode). */
const activeRowOfPage = new Map<string, number>();

function PermittedListPage({ resource, view, extensions }: Required<ListPageProps>) {
  const { globalConfig, user } = useSession();
  const cdnBase = globalConfig?.imageCDNUrl;
  const [, navigate] = useLocation();
  const { key, state, params, update } = useListState(resource, view);
  // The page of rows this list shows: its active row is kept for it, so Back to the list lands on the same row.
  const pageSignature = `${view.path}?${JSON.stringify([params.page, params.q, params.sort, params.filters, state.mode])}`;
  const [activeIndex, setActiveIndex] = useState(() => activeRowOfPage.get(pageSignature) ?? 0);
  const gridRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  useRegisterShortcuts('This list', listShortcuts);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set(resource.list.columns.filter((c) => c.hidden).map((c) => c.field)));
  const scroll = state.mode === 'scroll';
  const keys = queryKeys.resource(resource.name);
  const baseParams = { ...params, filters: params.filters };

  const declared = useMemo(() => extensionsFor(extensions, resource, 'list'), [extensions, resource]);
  // Rows still being worked on (a download being made) refresh through the live channel; while it is closed, every 3 s.
  const inProgress = declared.flatMap((e) => (e.workInProgress ? [e.workInProgress] : []));
  const live = useLiveStatus();
  const paged = useQuery({
    queryKey: keys.list({ ...flatParams(baseParams), mode: 'pages' }),
    queryFn: ({ signal }) => fetchList(resource, params, signal),
    placeholderData: keepPreviousData,
    enabled: !scroll,
    refetchInterval: (query) => (live.state !== 'open' && query.state.data?.items.some((r) => inProgress.some((working) => working(r))) ? 3_000 : false),
  });

  const scrollParams = { ...params, size: SCROLL_PAGE_SIZE };
  // Continuous scroll reads by keyset: each page after (or, scrolling back, before) a cursor the last answer gave, so
  // any depth costs the server the same. The page number only places the rows.
  const infinite = useInfiniteQuery({
    queryKey: keys.list({ ...flatParams({ ...scrollParams, page: 0 }), mode: 'scroll' }),
    queryFn: ({ pageParam, signal }) => fetchList(resource, { ...scrollParams, page: pageParam.page }, signal, pageParam.cursor),
    initialPageParam: { page: 0 } as ScrollPageParam,
    getNextPageParam: (last): ScrollPageParam | undefined => (last.next ? { page: last.page + 1, cursor: { after: last.next } } : undefined),
    getPreviousPageParam: (first): ScrollPageParam | undefined => (first.page > 0 && first.prev ? { page: first.page - 1, cursor: { before: first.prev } } : undefined),
    maxPages: SCROLL_MAX_PAGES,
    enabled: scroll,
  });

  const result = scroll ? infinite.data?.pages[infinite.data.pages.length - 1] : paged.data;
  // Records others created since this list last answered: offered, not slipped in under the reader.
  const answeredAt = scroll ? infinite.dataUpdatedAt : paged.dataUpdatedAt;
  const newCount = useNewRecordCount(resource.name, answeredAt);
  const count = result?.count ?? 0;
  const countExact = result?.countExact ?? true;
  useEffect(() => {
    if (result) setTableCount(key, result.count);
  }, [key, result]);

  const { rows, rowCount } = useMemo(() => {
    if (!scroll) return { rows: paged.data?.items ?? [], rowCount: paged.data?.items.length ?? 0 };
    const out: (ApiRecord | undefined)[] = [];
    let end = 0;
    for (const page of infinite.data?.pages ?? []) {
      page.items.forEach((item, i) => {
        out[page.page * SCROLL_PAGE_SIZE + i] = item;
      });
      end = Math.max(end, page.page * SCROLL_PAGE_SIZE + page.items.length);
    }
    return { rows: out, rowCount: end };
  }, [scroll, paged.data, infinite.data]);

  const { fetchNextPage, fetchPreviousPage, hasNextPage, hasPreviousPage, isFetchingNextPage, isFetchingPreviousPage } = infinite;
  const onRangeChange = useCallback(
    (start: number, end: number) => {
      if (!scroll) return;
      if (end >= rowCount - 20 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
      const firstLoaded = infinite.data?.pages[0]?.page ?? 0;
      if (start < firstLoaded * SCROLL_PAGE_SIZE + 20 && hasPreviousPage && !isFetchingPreviousPage) void fetchPreviousPage();
    },
    [scroll, rowCount, hasNextPage, hasPreviousPage, isFetchingNextPage, isFetchingPreviousPage, fetchNextPage, fetchPreviousPage, infinite.data],
  );

  // A new page of rows starts at its first row (the page it opened on keeps the row it was left on).
  const shownPage = useRef(pageSignature);
  useEffect(() => {
    if (shownPage.current === pageSignature) return;
    shownPage.current = pageSignature;
    setActiveIndex(activeRowOfPage.get(pageSignature) ?? 0);
  }, [pageSignature]);
  useEffect(() => {
    activeRowOfPage.set(pageSignature, activeIndex);
  }, [pageSignature, activeIndex]);

  // A list opens with its table focused, so j/k and Enter work at once; never while the user is typing or in a dialog.
  const focusedFor = useRef<string | null>(null);
  useEffect(() => {
    if (rowCount === 0 || focusedFor.current === view.path) return;
    focusedFor.current = view.path;
    const active = document.activeElement;
    if (active instanceof HTMLElement && (active.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(active.tagName) || active.closest('[role="dialog"]'))) return;
    gridRef.current?.focus({ preventScroll: true });
  }, [rowCount, view.path]);

  // `/` focuses the search, unless the user is typing somewhere.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || !keyboardState.singleKeyShortcuts) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      event.preventDefault();
      searchRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const sortParts = (params.sort || `${resource.defaultSort.field},${resource.defaultSort.dir}`).split(',');
  const sort = { id: sortParts[0]!, dir: sortParts[1] as 'asc' | 'desc' };
  const onSort = (field: string) => update(() => setTableSort(key, sort.id === field && sort.dir === 'desc' ? `${field},asc` : `${field},desc`));

  const columns = useMemo<DataColumn<ApiRecord>[]>(
    () =>
      resource.list.columns
        .filter((c) => !hidden.has(c.field))
        .map((c, _i, shown) => {
          const def = resource.allFields[c.field]!;
          return {
            id: c.field,
            header: def.label,
            width: c.width ?? columnWidth(def),
            minWidth: Math.min(c.width ?? columnWidth(def), columnMinWidth(def)),
            grow: c.field === growingColumn(resource, shown.map((s) => s.field)),
            sortable: resource.sortable.includes(c.field),
            align: isNumeric(def) ? 'end' : 'start',
            render: (row: ApiRecord) => <CellValue def={def} field={c.field} record={row} cdnBase={cdnBase} />,
          };
        }),
    [resource, hidden, cdnBase],
  );
  const comfortable = useSnapshot(comfortableRowsStore).value;
  const columnWidths = useSnapshot(columnWidthsStore).lists[view.path];
  const onColumnResize = useCallback((column: string, width: number | undefined) => (width === undefined ? resetColumnWidths(view.path, column) : setColumnWidth(view.path, column, width)), [view.path]);
  // Bulk selection, where the list has bulk actions the user may take (bulkOfferFor): ticked rows
  // are kept across pages of one query and forgotten when the query changes; "all matching" sends the query itself.
  const bulkOffer = useMemo(() => bulkOfferFor(resource, user.permissions, extensions), [resource, user.permissions, extensions]);
  const bulkEnabled = hasBulkActions(bulkOffer);
  const querySignature = JSON.stringify([view.path, params.q, params.sort, params.filters]);
  const [selection, setSelection] = useState<{ query: string; ids: ReadonlySet<string>; allMatching: boolean }>({ query: querySignature, ids: new Set(), allMatching: false });
  const selected = useMemo(() => (selection.query === querySignature ? selection : { query: querySignature, ids: new Set<string>(), allMatching: false }), [selection, querySignature]);
  // The row last ticked: Shift+click selects from it to the row clicked.
  const selectAnchor = useRef<string | null>(null);
  const toggleRow = useCallback(
    (row: ApiRecord) => {
      const id = String(row[resource.idField]);
      selectAnchor.current = id;
      setSelection((prev) => {
        const ids = new Set(prev.query === querySignature ? prev.ids : []);
        if (ids.has(id)) ids.delete(id);
        else ids.add(id);
        return { query: querySignature, ids, allMatching: false };
      });
    },
    [resource.idField, querySignature],
  );
  const selectRange = useCallback(
    (index: number) => {
      const idOf = (row: ApiRecord | undefined) => (row === undefined ? undefined : String(row[resource.idField]));
      const anchorIndex = rows.findIndex((row) => idOf(row) === selectAnchor.current);
      const from = anchorIndex < 0 ? index : Math.min(anchorIndex, index);
      const to = anchorIndex < 0 ? index : Math.max(anchorIndex, index);
      const range = rows.slice(from, to + 1).flatMap((row) => idOf(row) ?? []);
      if (anchorIndex < 0) selectAnchor.current = range[0] ?? null;
      setSelection((prev) => ({ query: querySignature, ids: new Set([...(prev.query === querySignature ? prev.ids : []), ...range]), allMatching: false }));
    },
    [resource.idField, querySignature, rows],
  );
  const clearSelection = useCallback(() => setSelection({ query: querySignature, ids: new Set(), allMatching: false }), [querySignature]);
  // When a bulk action clears the selection, its bar (and the dialog in it) goes: the table takes the focus back,
  // so j/k and Enter go on from the same active row.
  const hasSelection = selected.ids.size > 0 || selected.allMatching;
  const hadSelection = useRef(hasSelection);
  useEffect(() => {
    const cleared = hadSelection.current && !hasSelection;
    hadSelection.current = hasSelection;
    if (!cleared) return;
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body) gridRef.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [hasSelection]);
  const loadedRows = rows.filter((r): r is ApiRecord => r !== undefined);
  const allLoadedSelected = loadedRows.length > 0 && loadedRows.every((r) => selected.ids.has(String(r[resource.idField])));
  const selectColumn = useMemo<DataColumn<ApiRecord>>(
    () => ({
      id: '_select',
      header: 'Select',
      headerHidden: true,
      width: 36,
      minWidth: 36,
      render: (row: ApiRecord) => {
        const id = String(row[resource.idField]);
        return (
          <input
            type="checkbox"
            className="resource-page__select"
            tabIndex={-1}
            aria-label={`Select ${resource.title.toLowerCase()} ${id}`}
            checked={selected.allMatching || selected.ids.has(id)}
            disabled={selected.allMatching}
            onChange={() => undefined}
            onClick={(event) => {
              if (!event.shiftKey) return toggleRow(row);
              const index = rows.indexOf(row);
              if (index >= 0) selectRange(index);
            }}
          />
        );
      },
    }),
    [resource, selected, toggleRow, selectRange, rows],
  );
  const shownColumns = useMemo(() => {
    const withDeclared = [...columns, ...declared.flatMap((e) => e.columns ?? [])];
    return bulkEnabled ? [selectColumn, ...withDeclared] : withDeclared;
  }, [declared, columns, bulkEnabled, selectColumn]);

  const detailOf = (row: ApiRecord) => recordHref(resource, view.path, String(row[resource.idField]));
  const onOpen = (row: ApiRecord, _index: number, newTab: boolean) => {
    if (newTab) window.open(detailOf(row), '_blank', 'noopener');
    else navigate(detailOf(row));
  };

  const pageCount = Math.max(1, Math.ceil(count / params.size));
  const listSearch = listParamsToSearch({ ...params, page: 0 });
  const loading = scroll ? infinite.isPending : paged.isPending;
  const error = scroll ? infinite.error : paged.error;
  const refreshing = scroll ? infinite.isFetching && !infinite.isPending : paged.isFetching && !paged.isPending;

  return (
    <section className="page resource-page" aria-labelledby="resource-list-title">
      <header className="resource-page__header">
        <div>
          <h1 id="resource-list-title">{view.title}</h1>
          <p className="resource-page__count" aria-live="polite">
            {loading ? 'Loading…' : countText(count, countExact, resource.plural)}
            {refreshing ? <LoadingIndicator size="sm" label="Refreshing" /> : null}
            {newCount > 0 && !refreshing ? (
              <button type="button" className="resource-page__new" onClick={() => void (scroll ? infinite.refetch() : paged.refetch())}>
                {newCount} new · Show
              </button>
            ) : null}
          </p>
        </div>
        <div className="resource-page__actions">
          {mapViewPaths[view.path] ? <MapViewTabs listHref={`${view.path}${listSearch}`} mapHref={`${mapViewPaths[view.path]}${listSearch}`} current="list" /> : null}
          {resource.createPath && resource.permissions.create ? (
            <GatedAction permission={resource.permissions.create}>
              <Link href={resource.createPath} className="ui-button ui-button--primary ui-button--md">
                Add {resource.title.toLowerCase()}
              </Link>
            </GatedAction>
          ) : null}
          {resource.permissions.create
            ? resource.otherCreatePaths?.map((other) => (
                <GatedAction key={other.path} permission={resource.permissions.create!}>
                  <Link href={other.path} className="ui-button ui-button--secondary ui-button--md">
                    {other.title}
                  </Link>
                </GatedAction>
              ))
            : null}
          {resource.actions
            .filter((action) => action.on === 'list')
            .map((action) => (
              <ResourceActionButton key={action.name} resource={resource} action={action} />
            ))}
          {declared
            .flatMap((e) => e.headerActions ?? [])
            .map((Action, i) => (
              <Action key={i} resource={resource} view={view} search={listParamsToSearch(params)} count={count} countExact={countExact} loaded={!loading && !error} />
            ))}
          {resource.summary ? (
            <Link href={resource.summary.path} className="ui-button ui-button--secondary ui-button--md">
              {resource.summary.title}
            </Link>
          ) : null}
        </div>
      </header>

      <FilterBar resource={resource} listKey={key} state={state} update={update} searchRef={searchRef} onSubmitSearch={() => gridRef.current?.focus()} />

      <div className="resource-page__toolbar">
        <label className="resource-page__control">
          Rows
          <select
            value={state.pagination.rowSize}
            onChange={(e) => update(() => setTableRowSize(key, Number(e.target.value)))}
            disabled={scroll}
            aria-label="Rows per page"
          >
            {ROW_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <label className="resource-page__control">
          <input type="checkbox" checked={scroll} onChange={(e) => update(() => setTableMode(key, e.target.checked ? 'scroll' : 'pages'))} />
          Continuous scroll
        </label>
        <details className="resource-page__columns">
          <summary>Columns</summary>
          <div className="resource-page__columns-menu">
            {resource.list.columns.map((c) => (
              <label key={c.field}>
                <input
                  type="checkbox"
                  checked={!hidden.has(c.field)}
                  onChange={() =>
                    setHidden((prev) => {
                      const next = new Set(prev);
                      if (next.has(c.field)) next.delete(c.field);
                      else next.add(c.field);
                      return next;
                    })
                  }
                />
                {resource.allFields[c.field]!.label}
              </label>
            ))}
          </div>
        </details>
        <label className="resource-page__control">
          Density
          <select value={comfortable ? 'comfortable' : 'compact'} onChange={(e) => setComfortableRows(e.target.value === 'comfortable')} aria-label="Row density">
            <option value="compact">Compact</option>
            <option value="comfortable">Comfortable</option>
          </select>
        </label>
        {columnWidths ? (
          <Button size="sm" variant="ghost" onPress={() => resetColumnWidths(view.path)}>
            Reset column widths
          </Button>
        ) : null}
        {bulkEnabled && rowCount > 0 && selected.ids.size === 0 && !selected.allMatching ? (
          <Button variant="ghost" size="sm" onPress={() => setSelection({ query: querySignature, ids: new Set(loadedRows.map((r) => String(r[resource.idField]))), allMatching: false })}>
            Select all on this page
          </Button>
        ) : null}
        <span className="resource-page__hint">↑↓ or j k to move · Enter to open{bulkEnabled ? ' · x or Ctrl+click to select, Shift+click for a range' : ''} · / to search</span>
      </div>

      {bulkEnabled && !error && rowCount > 0 ? (
        selected.ids.size > 0 || selected.allMatching ? (
          <BulkBar
            resource={resource}
            offer={bulkOffer}
            target={selected.allMatching ? { kind: 'matching', count, match: listMatchQuery(params) } : { kind: 'ids', ids: [...selected.ids] }}
            offerAllMatching={
              !selected.allMatching && allLoadedSelected && countExact && count > selected.ids.size && count <= BULK_MAX
                ? { count, onSelect: () => setSelection({ query: querySignature, ids: selected.ids, allMatching: true }) }
                : undefined
            }
            onClear={clearSelection}
          />
        ) : null
      ) : null}

      {error ? (
        <div className="resource-page__message" role="alert">
          <p>{errorMessage(error)}</p>
          <Button onPress={() => void (scroll ? infinite.refetch() : paged.refetch())}>Try again</Button>
        </div>
      ) : loading ? (
        <div className="resource-page__message">
          <LoadingIndicator label={`Loading ${resource.plural.toLowerCase()}`} showLabel />
        </div>
      ) : rowCount === 0 ? (
        <div className="resource-page__message">
          <p>No {resource.plural.toLowerCase()} match{params.q || Object.keys(params.filters).length > 0 ? ' these filters' : ' yet'}.</p>
        </div>
      ) : (
        <DataTable
          label={view.title}
          columns={shownColumns}
          rows={rows}
          rowCount={rowCount}
          rowKey={(row) => String(row[resource.idField])}
          sort={sort}
          onSort={onSort}
          activeIndex={activeIndex}
          onActiveIndexChange={setActiveIndex}
          onOpen={onOpen}
          onRangeChange={onRangeChange}
          onToggleSelect={bulkEnabled ? (index) => rows[index] && toggleRow(rows[index]!) : undefined}
          onSelectRange={bulkEnabled ? selectRange : undefined}
          onEscape={bulkEnabled ? clearSelection : undefined}
          gridRef={gridRef}
          density={comfortable ? 'comfortable' : 'compact'}
          columnWidths={columnWidths}
          onColumnResize={onColumnResize}
        />
      )}

      {!scroll && !error && !loading ? (
        <nav className="resource-page__pager" aria-label="Pages">
          <Button size="sm" isDisabled={params.page === 0} onPress={() => update(() => setTablePage(key, 0))}>
            First
          </Button>
          <Button size="sm" isDisabled={params.page === 0} onPress={() => update(() => setTablePage(key, params.page - 1))}>
            Previous
          </Button>
          <span>
            Page {params.page + 1} of {countExact ? pageCount.toLocaleString('en-IN') : `about ${pageCount.toLocaleString('en-IN')}`}
          </span>
          <Button size="sm" isDisabled={(params.page + 1) * params.size >= count} onPress={() => update(() => setTablePage(key, params.page + 1))}>
            Next
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

/** List params flattened for a query key. */
function flatParams(params: { page: number; size: number; sort: string; q: string; scope?: string; filters: Record<string, string> }) {
  return { page: params.page, size: params.size, sort: params.sort, q: params.q, scope: params.scope, ...params.filters };
}

/** The URL of a list view with the given filters (related lists link to the full list). */
export function listUrl(view: ListView, filters: Record<string, string>): string {
  return `${view.path}${listParamsToSearch({ page: 0, size: 20, sort: '', q: '', filters })}`;
}

/** The column that takes a list's spare width: the record's label field when shown, else the first text column. */
function growingColumn(resource: Resource, shown: readonly string[]): string | undefined {
  if (shown.includes(resource.labelField)) return resource.labelField;
  return shown.find((field) => {
    const def = resource.allFields[field]!;
    return def.display === 'text' && def.storage === 'text' && field !== resource.idField;
  });
}
