/** What column layout needs of a column: its preferred and smallest width, and whether it takes spare width. */
export interface ColumnSize {
  id: string;
  /** Preferred width in px (from the field kind). */
  width: number;
  /** Smallest width in px before the table scrolls sideways; default the preferred width. */
  minWidth?: number;
  /** The one column that takes the spare width (a list's title or name). */
  grow?: boolean;
}

/** Smallest width a user can drag a column to, and the largest. */
export const COLUMN_MIN_PX = 48;
export const COLUMN_MAX_PX = 960;

/**
 * Widths (px, whole numbers) of a table's columns in `available` px. Columns the user resized keep their width.
 * The others start at their preferred width; when they do not fit, each gives up width in proportion to what it
 * can spare above its minimum, so ids and dates stay readable while names shrink; when there is room to spare, the
 * growing column (else every column in proportion) takes it. Only when even the minimums do not fit does the sum
 * exceed `available` (the table then scrolls sideways).
 */
export function layoutColumns(columns: readonly ColumnSize[], available: number, resized: Readonly<Record<string, number>> = {}): number[] {
  const fixed = columns.map((c) => (resized[c.id] !== undefined ? clamp(resized[c.id]!) : undefined));
  const preferred = columns.map((c, i) => fixed[i] ?? c.width);
  const minimum = columns.map((c, i) => fixed[i] ?? Math.min(c.minWidth ?? c.width, c.width));
  const total = sum(preferred);
  if (!(available > 0)) return preferred;

  if (total > available) {
    const spare = preferred.map((w, i) => w - minimum[i]!);
    const spareTotal = sum(spare);
    const over = total - available;
    if (spareTotal <= over) return minimum;
    return roundToTotal(
      preferred.map((w, i) => w - (over * spare[i]!) / spareTotal),
      available,
    );
  }

  const room = available - total;
  const growing = columns.map((c, i) => fixed[i] === undefined && Boolean(c.grow));
  const takers = growing.some(Boolean) ? growing : columns.map((_, i) => fixed[i] === undefined);
  const share = sum(preferred.filter((_, i) => takers[i]));
  if (share === 0) return preferred;
  return roundToTotal(
    preferred.map((w, i) => (takers[i] ? w + (room * w) / share : w)),
    available,
  );
}

/** A dragged width kept within the allowed range. */
export function clamp(width: number): number {
  return Math.round(Math.max(COLUMN_MIN_PX, Math.min(COLUMN_MAX_PX, width)));
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Whole pixels that add up to `total` exactly (largest remainders get the leftover pixels). */
function roundToTotal(values: readonly number[], total: number): number[] {
  const floors = values.map(Math.floor);
  let left = Math.round(total) - sum(floors);
  const order = values.map((v, i) => [v - Math.floor(v), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  return floors;
}
