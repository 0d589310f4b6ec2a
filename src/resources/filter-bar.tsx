import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { FilterDef, Resource } from '@domain/resource/define-resource';
import { filterKeys } from '@domain/resource/list-query';
import { Button } from '@ui/button';
import { DateField } from '@ui/date-field';
import { TextField } from '@ui/text-field';
import { clearTableFilters, setTableFilter, setTableSearch, type TableState } from '@state/table-state';
import { RelationPicker } from './relation-picker';

const NUMBER = /^-?\d+(\.\d+)?$/;

/** Filters shown beside the search; the others open with "More filters". */
export const INLINE_FILTERS = 3;

/** Props of FilterBar. */
export interface FilterBarProps {
  resource: Resource;
  listKey: string;
  state: TableState;
  update: (change: () => void) => void;
  searchRef: RefObject<HTMLInputElement | null>;
  /** Enter in the search box (moves focus to the table). */
  onSubmitSearch: () => void;
}

/**
 * Text typed into a filter, applied after a short pause so each keystroke does not fetch. Only the user's own
 * typing is ever applied: the box shows `value` (the list's state) until the user types, and a draft typed over a
 * value that has since changed (a URL opened, Back, Clear filters) is dropped, never written back over it.
 */
/**
 * The two boxes of a date range filter: "Created from" / "Created to"; a field already named for one end ("Period
 * from", "Valid to") drops that word first, so the boxes never read "Period from from" or "Valid to to".
 */
export function dateRangeLabels(label: string): [string, string] {
  const base = label.replace(/\s+(from|to)$/i, '');
  return [`${base} from`, `${base} to`];
}

export function useTypedFilter(value: string, apply: (value: string) => void, delay = 300) {
  const [draft, setDraft] = useState<{ text: string; over: string } | null>(null);
  const live = draft !== null && draft.over === value ? draft : null;
  const text = live?.text ?? value;
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  });
  useEffect(() => {
    if (live === null) return;
    const timer = setTimeout(() => {
      setDraft(null);
      if (live.text !== live.over) applyRef.current(live.text);
    }, delay);
    return () => clearTimeout(timer);
  }, [live, delay]);
  return {
    text,
    /** The user typed: a new draft over the value shown. */
    type: (next: string) => setDraft({ text: next, over: value }),
    /** Applies `next` (default: what is in the box) now, without waiting for the pause. */
    commit: (next = text) => {
      setDraft(null);
      applyRef.current(next);
    },
  };
}

function searchHint(resource: Resource): string {
  const exact = (resource.search?.exact ?? []).map((f) => resource.allFields[f]!.label.toLowerCase());
  const text = (resource.search?.text ?? []).map((f) => resource.allFields[f]!.label.toLowerCase());
  const all = [...new Set([...exact, ...text])];
  return all.length > 0 ? `Search by ${all.join(', ')}` : 'Search';
}

/** Search box and the resource's filters; every change resets the list to page 0 (the store's rule). */
export function FilterBar({ resource, listKey, state, update, searchRef, onSubmitSearch }: FilterBarProps) {
  const setFilter = (key: string, value: string) => update(() => setTableFilter(listKey, key, value));
  const search = useTypedFilter(state.wholeFilter, (v) => update(() => setTableSearch(listKey, v)));
  const active = state.wholeFilter !== '' || Object.keys(state.data).length > 0;
  // The search and the first filters on one line; the rest behind "More filters", which says how many of them are on
  // (four rows of filters came before the first ticket at 800 px).
  const inline = resource.filters.slice(0, INLINE_FILTERS);
  const more = resource.filters.slice(INLINE_FILTERS);
  const moreOn = more.filter((filter) => filterKeys(filter).some((key) => (state.data[key] ?? '') !== '')).length;
  const [showMore, setShowMore] = useState(() => moreOn > 0);
  const moreId = useId();
  return (
    <div className="filter-bar" role="search" aria-label={`Filter ${resource.plural.toLowerCase()}`}>
      {resource.search?.exact?.length || resource.search?.text?.length ? (
        <TextField
          label="Search"
          className="filter-bar__search"
          value={search.text}
          onChange={search.type}
          placeholder={searchHint(resource)}
          inputRef={searchRef}
          aria-keyshortcuts="/"
          onKeyDown={(e) => {
            // Enter searches and ↓ too, each then moving into the table.
            if (e.key === 'Enter' || e.key === 'ArrowDown') {
              e.preventDefault();
              search.commit();
              onSubmitSearch();
            }
            if (e.key === 'Escape' && search.text) search.commit('');
          }}
        />
      ) : null}
      {inline.map((filter) => (
        <FilterControl key={filter.field} resource={resource} filter={filter} data={state.data} setFilter={setFilter} />
      ))}
      {more.length > 0 ? (
        <Button size="sm" variant="ghost" className="filter-bar__more" aria-expanded={showMore} aria-controls={moreId} onPress={() => setShowMore((open) => !open)}>
          {showMore ? 'Fewer filters' : 'More filters'}
          {moreOn > 0 ? ` · ${moreOn} on` : ''}
        </Button>
      ) : null}
      {active ? (
        <Button size="sm" variant="ghost" onPress={() => update(() => clearTableFilters(listKey))}>
          Clear filters
        </Button>
      ) : null}
      {more.length > 0 && showMore ? (
        <div className="filter-bar__rest" id={moreId}>
          {more.map((filter) => (
            <FilterControl key={filter.field} resource={resource} filter={filter} data={state.data} setFilter={setFilter} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function FilterControl({ resource, filter, data, setFilter }: { resource: Resource; filter: FilterDef; data: Record<string, string>; setFilter: (key: string, value: string) => void }) {
  const def = resource.allFields[filter.field]!;
  const label = filter.label ?? def.label;
  const [key, second] = filterKeys(filter) as [string, string | undefined];
  switch (filter.kind) {
    case 'text':
      return <DebouncedText label={label} value={data[key] ?? ''} onApply={(v) => setFilter(key, v)} />;
    case 'select':
    case 'boolean': {
      const options = filter.kind === 'boolean' ? [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }] : (def.options ?? []);
      return (
        <label className="ui-field filter-bar__select">
          <span className="ui-field__label">{label}</span>
          <select className="ui-field__input" value={data[key] ?? ''} onChange={(e) => setFilter(key, e.target.value)}>
            <option value="">Any</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      );
    }
    case 'relation':
      return (
        <div className="filter-bar__relation">
          <RelationPicker
            label={label}
            resource={def.relation!}
            value={{ id: data[key] ? (def.storage === 'bigint' ? Number(data[key]) : data[key]!) : null, label: data[key] ?? '' }}
            onChange={(v) => setFilter(key, v.id === null ? '' : String(v.id))}
          />
        </div>
      );
    case 'dateRange':
      return (
        <div className="filter-bar__range">
          <DateField label={dateRangeLabels(label)[0]} value={data[key] ?? ''} onChange={(v) => setFilter(key, v)} />
          <DateField label={dateRangeLabels(label)[1]} value={data[second!] ?? ''} onChange={(v) => setFilter(second!, v)} />
        </div>
      );
    case 'numberRange': {
      const unit = def.display === 'money' ? ' (₹)' : '';
      return (
        <div className="filter-bar__range">
          <DebouncedText label={`${label} min${unit}`} value={data[key] ?? ''} onApply={(v) => setFilter(key, v)} numeric />
          <DebouncedText label={`${label} max${unit}`} value={data[second!] ?? ''} onApply={(v) => setFilter(second!, v)} numeric />
        </div>
      );
    }
  }
}

function DebouncedText({ label, value, onApply, numeric }: { label: string; value: string; onApply: (v: string) => void; numeric?: boolean }) {
  // A number filter is only applied once it is a number (the server refuses anything else).
  const apply = useCallback((v: string) => (!numeric || v === '' || NUMBER.test(v) ? onApply(v) : undefined), [numeric, onApply]);
  const { text, type } = useTypedFilter(value, apply);
  return (
    <TextField
      label={label}
      className="filter-bar__text"
      value={text}
      onChange={type}
      inputMode={numeric ? 'decimal' : undefined}
      errorMessage={numeric && text !== '' && !NUMBER.test(text) ? 'Enter a number' : undefined}
    />
  );
}
