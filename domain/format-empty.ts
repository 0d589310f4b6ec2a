/** Empty values: shown as a dash; counts shown as 0. */

/** A value a table cell or detail row may show. */
export type DisplayableValue = string | number | bigint | boolean | null | undefined;

/** The value as text; null, undefined, blank strings and NaN → "-". */
export function displayValue(value: DisplayableValue): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'string') return value.trim() === '' ? '-' : value;
  if (typeof value === 'number' && Number.isNaN(value)) return '-';
  return String(value);
}

/** A count to show: the number when it is finite, otherwise 0. */
export function displayCount(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * Coerces anything to a count (a filter count that is not numeric is 0): finite numbers as they are,
 * numeric strings ("12") and bigints as numbers, everything else 0.
 */
export function coerceCount(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}
