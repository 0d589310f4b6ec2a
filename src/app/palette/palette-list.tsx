import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Command } from 'cmdk';
import { useVirtualizer } from '@tanstack/react-virtual';

/** Height of every row of the list (fixed, so the virtualiser measures nothing). */
export const PALETTE_ROW_HEIGHT = 40;

/** The list's height when full (palette.css: .palette__list max-height). */
export const PALETTE_LIST_HEIGHT = 420;

/**
 * At most this many rows are listed (the ranking still runs over every entry): past it a last row says how many
 * more matched. Keeps the virtualiser's per-row bookkeeping bounded at 50,000 entries.
 */
export const MAX_LISTED_ROWS = 500;

/** One row of the palette list: a group heading, a loading row, or a result. */
export type PaletteRow =
  | { type: 'heading'; key: string; label: string }
  | { type: 'loading'; key: string; label: string }
  | { type: 'item'; key: string; title: string; subtitle?: string; group?: string; shortcut?: string; hasPage?: boolean };

/** The rows, read lazily: only the rows on screen are ever built. */
export interface PaletteRows {
  count: number;
  at(index: number): PaletteRow;
}

/** How a result is run: Enter opens it, Ctrl+Enter opens its link in a new tab. */
export type RunMode = 'open' | 'new-tab';

/** Options of PaletteList. */
export interface PaletteListProps {
  /** Accessible name of the palette. */
  label: string;
  query: string;
  onQueryChange(text: string): void;
  rows: PaletteRows;
  /** Index of the highlighted row (an item row, or -1 when there is none). */
  active: number;
  onActiveChange(index: number): void;
  onRun(index: number, mode: RunMode): void;
  /** Ctrl+C with nothing selected in the input: copy the highlighted result's link. */
  onCopy?(index: number): void;
  /** Tab (or →) on a result with a page: open its actions inside the palette. */
  onOpenPage?(index: number): void;
  /** Backspace on an empty input. */
  onBack?(): void;
  onEscape(): void;
  /** The number of results, announced politely. */
  resultCount: number;
  /** The active scope's chip, if any. */
  chip?: ReactNode;
  placeholder?: string;
  /** Shown when there is no row. */
  emptyText?: string;
}

/** The next item row from `from` in direction `step` (skipping headings), or `from` when there is none. */
export function nextItemIndex(rows: PaletteRows, from: number, step: 1 | -1): number {
  for (let i = from + step; i >= 0 && i < Math.min(rows.count, MAX_LISTED_ROWS); i += step) if (rows.at(i).type === 'item') return i;
  return from;
}

/** The first item row, or -1. */
export function firstItemIndex(rows: PaletteRows): number {
  for (let i = 0; i < rows.count; i++) if (rows.at(i).type === 'item') return i;
  return -1;
}

/**
 * The palette's list: cmdk's markup, roles and input, with filtering off (the caller ranks), only the visible
 * rows rendered (TanStack Virtual) and the highlighted row owned by the caller.
 */
export function PaletteList(props: PaletteListProps) {
  const { rows, active, query } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listed = Math.min(rows.count, MAX_LISTED_ROWS);
  const more = rows.count - listed;
  // initialRect: the list's height before it is measured (its CSS max-height), so the first commit already renders
  // a full list's rows instead of a few, then the rest a frame later.
  const virtualizer = useVirtualizer({
    count: listed + (more > 0 ? 1 : 0),
    getScrollElement: () => listRef.current,
    estimateSize: () => PALETTE_ROW_HEIGHT,
    overscan: 4,
    initialRect: { width: 0, height: PALETTE_LIST_HEIGHT },
  });
  const activeRow = active >= 0 && active < rows.count ? rows.at(active) : undefined;
  const activeKey = activeRow?.type === 'item' ? activeRow.key : '';

  // Keeps the highlighted row in view. Rows have one fixed height and the list a fixed maximum, so this is
  // arithmetic on the scroll position last seen or set (the virtualiser's own scrollToIndex re-checks the position
  // over later frames, and reading the list's scrollTop or clientHeight here would lay the page out before its
  // paint: either is a cost a keystroke should not pay).
  const scrollTop = useRef(0);
  const viewport = Math.min(PALETTE_LIST_HEIGHT, virtualizer.getTotalSize());
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || active < 0) return;
    const top = active * PALETTE_ROW_HEIGHT;
    let to = -1;
    if (top < scrollTop.current) to = top;
    else if (top + PALETTE_ROW_HEIGHT > scrollTop.current + viewport) to = top + PALETTE_ROW_HEIGHT - viewport;
    if (to < 0) return;
    list.scrollTop = to;
    scrollTop.current = to;
  }, [active, rows, viewport]);

  // cmdk names the active option only when it moves the selection itself; the selection is ours.
  useLayoutEffect(() => {
    const option = listRef.current?.querySelector(`[cmdk-item][data-index="${active}"]`);
    const input = inputRef.current;
    if (!input) return;
    if (option?.id) input.setAttribute('aria-activedescendant', option.id);
    else input.removeAttribute('aria-activedescendant');
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const ctrl = event.ctrlKey || event.metaKey;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const start = active < 0 ? (event.key === 'ArrowDown' ? -1 : Math.min(rows.count, MAX_LISTED_ROWS)) : active;
        const next = nextItemIndex(rows, start, event.key === 'ArrowDown' ? 1 : -1);
        if (next !== active && next >= 0) props.onActiveChange(next);
        return;
      }
      case 'Home':
      case 'End':
        if (!ctrl) return;
        event.preventDefault();
        props.onActiveChange(event.key === 'Home' ? firstItemIndex(rows) : nextItemIndex(rows, Math.min(rows.count, MAX_LISTED_ROWS), -1));
        return;
      case 'Enter':
        event.preventDefault();
        if (activeRow?.type === 'item') props.onRun(active, ctrl ? 'new-tab' : 'open');
        return;
      case 'Tab':
        if (activeRow?.type === 'item' && activeRow.hasPage && props.onOpenPage && !event.shiftKey) {
          event.preventDefault();
          props.onOpenPage(active);
        }
        return;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        props.onEscape();
        return;
      case 'Backspace':
        if (query === '' && props.onBack) {
          event.preventDefault();
          props.onBack();
        }
        return;
      case 'c':
      case 'C': {
        const input = inputRef.current;
        const selected = input ? input.selectionStart !== input.selectionEnd : false;
        if (ctrl && !selected && activeRow?.type === 'item' && props.onCopy) {
          event.preventDefault();
          props.onCopy(active);
        }
        return;
      }
      default:
    }
  };

  const onCmdkValue = (value: string) => {
    const el = listRef.current?.querySelector(`[cmdk-item][data-value="${CSS.escape(value)}"]`);
    const index = Number(el?.getAttribute('data-index') ?? NaN);
    if (Number.isInteger(index) && index !== active) props.onActiveChange(index);
  };

  return (
    <Command label={props.label} shouldFilter={false} value={activeKey} onValueChange={onCmdkValue} disablePointerSelection onKeyDown={onKeyDown} className="palette">
      <div className="palette__search">
        {props.chip}
        <Command.Input ref={inputRef} value={query} onValueChange={props.onQueryChange} placeholder={props.placeholder} className="palette__input" autoFocus />
      </div>
      <Command.List ref={listRef} className="palette__list" label="Results" onScroll={(event) => (scrollTop.current = event.currentTarget.scrollTop)}>
        {rows.count === 0 ? <div className="palette__empty">{props.emptyText ?? 'No results'}</div> : null}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            const style = { position: 'absolute' as const, top: 0, left: 0, right: 0, height: PALETTE_ROW_HEIGHT, transform: `translateY(${v.start}px)` };
            if (v.index === listed)
              return (
                <div key="more" className="palette__loading" role="presentation" style={style}>
                  {`${more.toLocaleString('en-IN')} more: keep typing to narrow`}
                </div>
              );
            const row = rows.at(v.index);
            if (row.type === 'heading')
              return (
                <div key={row.key} cmdk-group-heading="" className="palette__heading" role="presentation" style={style}>
                  {row.label}
                </div>
              );
            if (row.type === 'loading')
              return (
                <div key={row.key} className="palette__loading" role="presentation" style={style}>
                  {row.label}
                </div>
              );
            return (
              // Keyed by position: scrolling or typing reuses the rendered options instead of re-registering them with cmdk.
              <Command.Item
                key={`row-${v.index}`}
                value={row.key}
                data-index={v.index}
                className="palette__item"
                style={style}
                onSelect={() => props.onRun(v.index, 'open')}
                onMouseMove={() => v.index !== active && props.onActiveChange(v.index)}
              >
                <span className="palette__title">
                  {row.title}
                  {row.subtitle ? <span className="palette__subtitle">{row.subtitle}</span> : null}
                </span>
                {row.group ? <span className="palette__group">{row.group}</span> : null}
                {row.hasPage ? <kbd className="palette__kbd" title="Tab opens its actions">Tab</kbd> : null}
                {row.shortcut ? <kbd className="palette__kbd">{row.shortcut}</kbd> : null}
              </Command.Item>
            );
          })}
        </div>
      </Command.List>
      <div className="ui-visually-hidden" aria-live="polite" role="status">
        {props.resultCount === 1 ? '1 result' : `${props.resultCount} results`}
      </div>
    </Command>
  );
}
