/** Money: amounts are integer paise, shown as INR in en-IN grouping without decimals. */

// minimumFractionDigits is set too: INR defaults to 2 and some engines throw when max < min.
const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
  // Rounds tiny negatives to "₹0", not "-₹0".
  signDisplay: 'negative',
});

/** An amount in paise as a finite number, or undefined (numeric strings and bigints are accepted). */
function toFiniteNumber(value: number | bigint | string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** Formats paise as rupees, e.g. 12345600 → "₹1,23,456"; null, undefined, NaN and non-numbers → "-". */
export function formatInr(paise: number | bigint | string | null | undefined): string {
  const n = toFiniteNumber(paise);
  return n === undefined ? '-' : inr.format(n / 100);
}

/**
 * Converts rupees typed in a form (number or decimal string, e.g. "19.99") to integer paise (1999),
 * rounded half away from zero; undefined when empty or not a finite number.
 */
export function rupeesToPaise(rupees: number | string | null | undefined): number | undefined {
  const n = toFiniteNumber(typeof rupees === 'string' ? rupees.trim() : rupees);
  if (n === undefined) return undefined;
  // Shift the decimal point in the number's own decimal text, so 1.005 gives 100.5 (not 100.49999…).
  const shifted = Number(`${n}e2`);
  const paise = Number.isFinite(shifted) ? shifted : n * 100;
  return Math.sign(paise) * Math.round(Math.abs(paise));
}

const shortAmount = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1, signDisplay: 'negative' });

/**
 * Paise short enough for a card: rupees as formatInr below ₹1 lakh, then in lakh or crore with one decimal, the way
 * amounts are said in India, e.g. 123_456_700 → "₹12.3 lakh", 2_50_00_00_000 → "₹2.5 crore"; "-" when empty. Where it
 * is shown, the exact amount (formatInr) goes in its title.
 */
export function formatInrShort(paise: number | bigint | string | null | undefined): string {
  const n = toFiniteNumber(paise);
  if (n === undefined) return '-';
  const rupees = n / 100;
  const sign = rupees < 0 ? '-' : '';
  const size = Math.abs(rupees);
  if (size >= 1e7) return `${sign}₹${shortAmount.format(size / 1e7)} crore`;
  if (size >= 1e5) return `${sign}₹${shortAmount.format(size / 1e5)} lakh`;
  return formatInr(n);
}
