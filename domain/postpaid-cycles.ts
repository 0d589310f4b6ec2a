// Postpaid billing cycles in IST calendar days: weeks run Monday to Sunday, fortnights the 1st to the
// 15th and the 16th to the month's end, months the calendar month. A period is billed from the day after the last
// billed period (or the configuration's first day) to the last day of the last cycle that has ended.
import type { billingCycles } from './resources/postpaid/postpaid-billing';

/** A billing cycle of a postpaid configuration. */
export type BillingCycle = (typeof billingCycles)[number];

const DAY_MS = 86_400_000;
const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The calendar day `n` days after `day` (YYYY-MM-DD; n may be negative). */
export function addDays(day: string, n: number): string {
  return fromUtc(toUtc(day) + n * DAY_MS);
}

/** The first day of the cycle that contains `day`. */
export function cycleStartOf(cycle: BillingCycle, day: string): string {
  const [y, m, d] = day.split('-') as [string, string, string];
  if (cycle === 'MONTHLY') return `${y}-${m}-01`;
  if (cycle === 'FORTNIGHTLY') return `${y}-${m}-${Number(d) >= 16 ? '16' : '01'}`;
  // getUTCDay: Sunday 0 … Saturday 6; a week starts on Monday.
  const weekday = new Date(toUtc(day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The last day of the cycle that contains `day`. */
export function cycleEndOf(cycle: BillingCycle, day: string): string {
  if (cycle === 'WEEKLY') return addDays(cycleStartOf(cycle, day), 6);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const monthEnd = fromUtc(Date.UTC(y, m, 0));
  if (cycle === 'FORTNIGHTLY' && d <= 15) return `${String(y)}-${String(m).padStart(2, '0')}-15`;
  return monthEnd;
}

/** The last day of the last cycle that has ended by `today` (the day before the current cycle's first day). */
export function lastCompleteCycleEnd(cycle: BillingCycle, today: string): string {
  return addDays(cycleStartOf(cycle, today), -1);
}

/** The period a Bill period would bill on `today`, or null when no cycle has ended since `firstUnbilledDay`. */
export function periodToBill(cycle: BillingCycle, firstUnbilledDay: string, today: string): { from: string; to: string } | null {
  const to = lastCompleteCycleEnd(cycle, today);
  return to < firstUnbilledDay ? null : { from: firstUnbilledDay, to };
}
