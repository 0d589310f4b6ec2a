import { z } from 'zod';

/** What the progress trackers count, in the order of their charts and table columns. */
export const trackerMetrics = [
  { key: 'bookings', label: 'Bookings', unit: 'count', help: 'Charging sessions started (cancelled ones left out)' },
  { key: 'energyWh', label: 'Energy', unit: 'Wh', help: 'Energy of those sessions, in kWh' },
  { key: 'revenuePaise', label: 'Revenue', unit: 'paise', help: 'Amount of those sessions, in ₹' },
  { key: 'newChargers', label: 'New chargers', unit: 'count', help: 'Chargers created' },
  { key: 'installations', label: 'Installations', unit: 'count', help: 'Installation tickets that reached Installed' },
  { key: 'ticketsOpened', label: 'Tickets opened', unit: 'count', help: 'Tickets of every kind created' },
  { key: 'ticketsClosed', label: 'Tickets closed', unit: 'count', help: 'Tickets of every kind in a closed status, by their last change' },
] as const;
export type TrackerMetric = (typeof trackerMetrics)[number]['key'];
export const trackerMetricKeys = trackerMetrics.map((m) => m.key) as [TrackerMetric, ...TrackerMetric[]];

/** Longest range of the daily tracker (days) and of the monthly tracker (months). */
export const MAX_TRACKER_DAYS = 92;
export const MAX_TRACKER_MONTHS = 24;

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Must be an id');
const isRealDay = (text: string) => {
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
};
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD').refine(isRealDay, 'Not a date');
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use YYYY-MM');

/** Days from one YYYY-MM-DD to another, both included (0 when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1);
}

/** Months from one YYYY-MM to another, both included. */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return Math.max(0, (ty - fy) * 12 + (tm - fm) + 1);
}

/** Every bucket label of a range: YYYY-MM-DD days or YYYY-MM months, in order. */
export function bucketsOf(period: 'day' | 'month', from: string, to: string): string[] {
  const out: string[] = [];
  if (period === 'day') {
    for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  } else {
    let [y, m] = from.split('-').map(Number) as [number, number];
    const n = monthsBetween(from, to);
    for (let i = 0; i < n; i++) {
      out.push(`${y}-${String(m).padStart(2, '0')}`);
      m += 1;
      if (m > 12) {
        m = 1;
        y += 1;
      }
    }
  }
  return out;
}

/** The range of the same length just before a range (the comparison period). */
export function previousRange(period: 'day' | 'month', from: string, to: string): { from: string; to: string } {
  if (period === 'day') {
    const n = daysBetween(from, to);
    const shift = (d: string, days: number) => new Date(Date.parse(`${d}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    return { from: shift(from, -n), to: shift(from, -1) };
  }
  const n = monthsBetween(from, to);
  const shift = (ym: string, months: number) => {
    const [y, m] = ym.split('-').map(Number) as [number, number];
    const index = y * 12 + (m - 1) + months;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  };
  return { from: shift(from, -n), to: shift(from, -1) };
}

const common = {
  cityId: uuid.optional(),
  chargePointOperatorId: uuid.optional(),
  /** Totals per city or per operator over the range, besides the series. */
  breakdown: z.enum(['city', 'cpo']).optional(),
};

/** Query of the daily tracker: an IST day range of at most MAX_TRACKER_DAYS days. */
export const dailyTrackerQuerySchema = z
  .strictObject({ from: day, to: day, ...common })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'Must be on or after the start' })
  .refine((q) => daysBetween(q.from, q.to) <= MAX_TRACKER_DAYS, { path: ['to'], message: `At most ${MAX_TRACKER_DAYS} days` });

/** Query of the monthly tracker: an IST month range of at most MAX_TRACKER_MONTHS months. */
export const monthlyTrackerQuerySchema = z
  .strictObject({ from: month, to: month, ...common })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'Must be on or after the start' })
  .refine((q) => monthsBetween(q.from, q.to) <= MAX_TRACKER_MONTHS, { path: ['to'], message: `At most ${MAX_TRACKER_MONTHS} months` });

const values = z.object(Object.fromEntries(trackerMetricKeys.map((k) => [k, z.number()])) as Record<TrackerMetric, z.ZodNumber>);
const seriesSchema = z.object(Object.fromEntries(trackerMetricKeys.map((k) => [k, z.array(z.number())])) as Record<TrackerMetric, z.ZodArray<z.ZodNumber>>);

/** A tracker's answer: one value per bucket and metric (empty buckets are 0), totals, and the previous period's totals. */
export const trackerResultSchema = z.object({
  period: z.enum(['day', 'month']),
  from: z.string(),
  to: z.string(),
  buckets: z.array(z.string()),
  series: seriesSchema,
  totals: values,
  previous: z.object({ from: z.string(), to: z.string(), totals: values }),
  breakdown: z.array(z.object({ id: z.string().nullable(), label: z.string(), totals: values })).optional(),
});
export type TrackerResult = z.infer<typeof trackerResultSchema>;
export type TrackerValues = TrackerResult['totals'];

/** Change from the previous value, in percent (null when the previous value is 0). */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / previous) * 100;
}

/** Today's charging figures (home): sessions charging now and the energy (Wh) of sessions started today (IST). */
/**
 * Home's charging figures: bookings charging on a live session (not stale), stale sessions (charging or paused bookings
 * whose session sent no meter value for the server's setting, or that have none), and today's energy (Wh).
 */
export const chargingTodaySchema = z.object({ day: z.string(), chargingNow: z.number().int(), staleSessions: z.number().int(), energyTodayWh: z.number() });
export type ChargingToday = z.infer<typeof chargingTodaySchema>;
