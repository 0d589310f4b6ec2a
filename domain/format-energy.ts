/** Energy: held in Wh, shown as kWh with 2 decimals (3 decimals in ranges). */

const kwh2 = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' });
const kwh3 = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 3, maximumFractionDigits: 3, signDisplay: 'negative' });

function toWh(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** Formats Wh as kWh with 2 decimals, e.g. 12345 → "12.35 kWh"; empty or non-numeric → "-". */
export function formatKwh(wh: number | string | null | undefined): string {
  const n = toWh(wh);
  return n === undefined ? '-' : `${kwh2.format(n / 1000)} kWh`;
}

/** Formats a Wh range as kWh with 3 decimals, e.g. (1235, 2500) → "1.235 – 2.500 kWh"; "-" when either end is empty. */
export function formatKwhRange(fromWh: number | string | null | undefined, toWhValue: number | string | null | undefined): string {
  const from = toWh(fromWh);
  const to = toWh(toWhValue);
  if (from === undefined || to === undefined) return '-';
  return `${kwh3.format(from / 1000)} – ${kwh3.format(to / 1000)} kWh`;
}

const oneDecimal = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1, signDisplay: 'negative' });

/**
 * Energy short enough for a card or a narrow cell: kWh as formatKwh below 1,000 kWh, then one decimal in the unit
 * that keeps it short, e.g. 12_400_000 Wh → "12.4 MWh", 1_250_000_000 Wh → "1.3 GWh"; "-" when empty. Where it is
 * shown, the exact value (formatKwh) goes in its title.
 */
export function formatEnergyShort(wh: number | string | null | undefined): string {
  const n = toWh(wh);
  if (n === undefined) return '-';
  const size = Math.abs(n);
  if (size >= 1e9) return `${oneDecimal.format(n / 1e9)} GWh`;
  if (size >= 1e6) return `${oneDecimal.format(n / 1e6)} MWh`;
  return formatKwh(n);
}
