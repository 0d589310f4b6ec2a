import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode, type Ref } from 'react';
import { clamp, layoutColumns } from './column-layout';
import './data-table.css';

/** A column of DataTable. */
export interface DataColumn<T> {
  id: string;
  header: string;
  /** Preferred width in px. */
  width: number;
  /** Smallest width in px before the table scrolls sideways; default the preferred width. */
  minWidth?: number;
  /** This column takes the spare width (one per table: the title or name). */
  grow?: boolean;
  /** The header is a sort button; default false. */
  sortable?: boolean;
  /** The header names the column for assistive technology only (a narrow checkbox column). */
  headerHidden?: boolean;
  /** Right-align numbers and money; default 'start'. */
  align?: 'start' | 'end';
  render: (row: T) => ReactNode;
}

/** Props of DataTable. */
export interface DataTableProps<T> {
  /** Accessible name of the grid. */
  label: string;
  columns: readonly DataColumn<T>[];
  /** Loaded rows by index; a missing index renders a loading placeholder row. */
  rows: readonly (T | undefined)[];
  /** How many rows the grid holds (≥ loaded rows in continuous scroll). */
  rowCount: number;
  rowKey: (row: T, index: number) => string;
  /** Current sort; default none. */
  sort?: { id: string; dir: 'asc' | 'desc' };
  /** A sortable header was pressed. */
  onSort?: (columnId: string) => void;
  /** Index of the active (highlighted) row. */
  activeIndex: number;
  onActiveIndexChange: (index: number) => void;
  /** Opens a row (Enter, click); `newTab` for Ctrl/⌘+Enter, or Ctrl/⌘+click on a table without selection. */
  onOpen?: (row: T, index: number, newTab: boolean) => void;
  /** The visible index range changed (continuous scroll loads around it). */
  onRangeChange?: (start: number, end: number) => void;
  /** Height of the scroll area in px; default 560. */
  height?: number;
  /** Ref to the focusable grid element (for `/`-style shortcuts that return focus). */
  gridRef?: Ref<HTMLDivElement>;
  /** `x` on the active row, or Ctrl/⌘+click on a row, toggles its selection (lists with bulk actions). */
  onToggleSelect?: (index: number) => void;
  /** Shift+click on a row selects the rows from the last one ticked to it (lists with bulk actions). */
  onSelectRange?: (index: number) => void;
  /** Escape in the grid (lists with a selection: clears it). */
  onEscape?: () => void;
  /** Compact 32 px rows (default) or comfortable 44 px rows. */
  density?: 'compact' | 'comfortable';
  /** Widths (px) the user dragged, by column id; the other columns are laid out to fit. */
  columnWidths?: Readonly<Record<string, number>>;
  /** A column's resize handle was dragged (a width) or double-clicked (undefined: back to the layout). */
  onColumnResize?: (columnId: string, width: number | undefined) => void;
}

/** Row heights by density (px). */
export const ROW_HEIGHTS = { compact: 32, comfortable: 44 } as const;
/** The grid's own border, left and right (px): the columns share what is inside it. */
const BORDER_PX = 2;

/** A cut value (ellipsis) shows in full on hover, as the cell's tooltip. */
function showCutValue(event: { currentTarget: HTMLElement }): void {
  const el = event.currentTarget;
  if (el.scrollWidth > el.clientWidth) el.title = el.textContent ?? '';
  else el.removeAttribute('title');
}
const PAGE_STEP = 10;

/**
 * A virtualised data grid (TanStack Virtual): sticky header, only visible rows in the DOM, one focusable
 * grid with `aria-activedescendant`; arrow keys or j/k move the active row, Home/End and PageUp/PageDown
 * jump, Enter opens it.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowCount,
  rowKey,
  sort,
  onSort,
  activeIndex,
  onActiveIndexChange,
  onOpen,
  onRangeChange,
  onToggleSelect,
  onSelectRange,
  onEscape,
  height = 560,
  gridRef,
  density = 'compact',
  columnWidths,
  onColumnResize,
}: DataTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const rowHeight = ROW_HEIGHTS[density];
  const virtualizer = useVirtualizer({ count: rowCount, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight, overscan: 8 });
  useEffect(() => virtualizer.measure(), [rowHeight, virtualizer]);
  const items = virtualizer.getVirtualItems();

  // The columns share the grid's inner width (measured, and again when it changes); a dragged column keeps its width.
  const [available, setAvailable] = useState(0);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measure = () => setAvailable(el.getBoundingClientRect().width - BORDER_PX);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const [dragging, setDragging] = useState<{ id: string; width: number } | null>(null);
  const resized = dragging ? { ...columnWidths, [dragging.id]: dragging.width } : (columnWidths ?? {});
  const widths = layoutColumns(columns, Math.floor(available), resized);
  const template = widths.map((w) => `${w}px`).join(' ');
  const totalWidth = widths.reduce((sum, w) => sum + w, 0);

  const startResize = (event: PointerEvent<HTMLDivElement>, columnId: string, startWidth: number) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const startX = event.clientX;
    let width = startWidth;
    const onMove = (move: globalThis.PointerEvent) => {
      width = clamp(startWidth + move.clientX - startX);
      setDragging({ id: columnId, width });
    };
    const onUp = () => {
      handle.removeEventListener('pointermove', onMove);
      handle.removeEventListener('pointerup', onUp);
      handle.removeEventListener('pointercancel', onUp);
      setDragging(null);
      if (width !== startWidth) onColumnResize?.(columnId, width);
    };
    handle.addEventListener('pointermove', onMove);
    handle.addEventListener('pointerup', onUp);
    handle.addEventListener('pointercancel', onUp);
  };
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;

  useEffect(() => {
    onRangeChange?.(first, last);
  }, [first, last, onRangeChange]);

  // A table opened on a row other than the first (Back to a list) scrolls that row into view once rows are there.
  const placed = useRef(false);
  useEffect(() => {
    if (placed.current || rowCount === 0) return;
    placed.current = true;
    if (activeIndex > 0 && activeIndex < rowCount) virtualizer.scrollToIndex(activeIndex, { align: 'center' });
  }, [rowCount, activeIndex, virtualizer]);

  const move = (index: number) => {
    if (rowCount === 0) return;
    const next = Math.max(0, Math.min(rowCount - 1, index));
    onActiveIndexChange(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey) return;
    const newTab = event.ctrlKey || event.metaKey;
    switch (event.key) {
      case 'ArrowDown':
      case 'j':
        if (event.key === 'j' && newTab) return;
        move(activeIndex + 1);
        break;
      case 'ArrowUp':
      case 'k':
        if (event.key === 'k' && newTab) return;
        move(activeIndex - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(rowCount - 1);
        break;
      case 'PageDown':
        move(activeIndex + PAGE_STEP);
        break;
      case 'PageUp':
        move(activeIndex - PAGE_STEP);
        break;
      case 'Escape':
        if (!onEscape) return;
        onEscape();
        break;
      case 'x':
        if (!onToggleSelect || newTab || rows[activeIndex] === undefined) return;
        onToggleSelect(activeIndex);
        break;
      case 'Enter': {
        const row = rows[activeIndex];
        if (row !== undefined && onOpen) onOpen(row, activeIndex, newTab);
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  };

  const onRowClick = (event: MouseEvent, row: T, index: number) => {
    onActiveIndexChange(index);
    if ((event.target as HTMLElement).closest('a,button,input')) return;
    // With selection, Shift+click takes a range and Ctrl/⌘+click one row (Ctrl/⌘+Enter still opens a new tab).
    if (event.shiftKey && onSelectRange) return onSelectRange(index);
    if ((event.ctrlKey || event.metaKey) && onToggleSelect) return onToggleSelect(index);
    if (onOpen) onOpen(row, index, event.ctrlKey || event.metaKey);
  };

  const rowId = (index: number) => `${id}-row-${index}`;
  const activeRowLoaded = activeIndex < rowCount;

  return (
    <div
      ref={(el) => {
        scrollRef.current = el;
        if (typeof gridRef === 'function') gridRef(el);
        else if (gridRef) (gridRef as { current: HTMLDivElement | null }).current = el;
      }}
      className="data-table"
      role="grid"
      aria-label={label}
      aria-rowcount={rowCount + 1}
      aria-colcount={columns.length}
      aria-activedescendant={activeRowLoaded && rowCount > 0 ? rowId(activeIndex) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      style={{ height, ['--data-table-row' as string]: `${rowHeight}px` }}
      data-density={density}
    >
      <div className="data-table__header" role="row" aria-rowindex={1} style={{ gridTemplateColumns: template, width: totalWidth }}>
        {columns.map((column, index) => {
          const sorted = sort?.id === column.id ? sort.dir : undefined;
          return (
            <div
              key={column.id}
              role="columnheader"
              className={`data-table__cell data-table__cell--${column.align ?? 'start'}`}
              aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : column.sortable ? 'none' : undefined}
            >
              {column.sortable && onSort ? (
                <button type="button" className="data-table__sort" onClick={() => onSort(column.id)} tabIndex={-1}>
                  {column.header}
                  <span aria-hidden="true" className="data-table__sort-mark">
                    {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                  </span>
                </button>
              ) : column.headerHidden ? (
                <span className="ui-visually-hidden">{column.header}</span>
              ) : (
                column.header
              )}
              {onColumnResize ? (
                // Drag to resize (remembered per list); double-click gives the column back to the layout.
                <div
                  className="data-table__resizer"
                  aria-hidden="true"
                  title="Drag to resize · double-click to reset"
                  onPointerDown={(event) => startResize(event, column.id, widths[index]!)}
                  onDoubleClick={() => onColumnResize(column.id, undefined)}
                  onClick={(event) => event.stopPropagation()}
                />
              ) : null}
            </div>
          );
        })}
      </div>
      <div className="data-table__body" role="rowgroup" style={{ height: virtualizer.getTotalSize(), width: totalWidth }}>
        {items.map((item) => {
          const row = rows[item.index];
          const active = item.index === activeIndex;
          return (
            <div
              key={row === undefined ? `loading-${item.index}` : rowKey(row, item.index)}
              id={rowId(item.index)}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={active}
              aria-busy={row === undefined || undefined}
              className={`data-table__row${active ? ' data-table__row--active' : ''}${row === undefined ? ' data-table__row--loading' : ''}`}
              style={{ gridTemplateColumns: template, transform: `translateY(${item.start}px)`, height: rowHeight, width: totalWidth }}
              onClick={row === undefined ? undefined : (event) => onRowClick(event, row, item.index)}
              // Shift+click selects a range: no text selection on the way.
              onMouseDown={onSelectRange ? (event) => event.shiftKey && event.preventDefault() : undefined}
            >
              {row === undefined ? (
                <div role="gridcell" className="data-table__cell data-table__placeholder" style={{ gridColumn: `1 / span ${columns.length}` }}>
                  Loading…
                </div>
              ) : (
                columns.map((column) => (
                  <div key={column.id} role="gridcell" className={`data-table__cell data-table__cell--${column.align ?? 'start'}`}>
                    <span className="data-table__value" onMouseEnter={showCutValue}>
                      {column.render(row)}
                    </span>
                  </div>
                ))
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
