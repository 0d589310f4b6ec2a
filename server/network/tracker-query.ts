// The progress trackers' aggregates, computed in SQL per IST day or month (`at time zone 'Asia/Kolkata'`), buckets
// without rows filled with 0. Days up to two days before today are read from tracker_daily_rollups (rolled up once,
// on the first request that needs them); later days are counted live from the source tables, so today is always
// current. A rolled-up day is not counted again: rows written later with an older time (a backfill) are not seen
// until the rollups are rebuilt (delete them and reset tracker_rollup_state).
import { sql, type SQL } from 'drizzle-orm';
import { ticketStatuses } from '@domain/resources/tickets/shared';
import { bucketsOf, previousRange, trackerMetricKeys, type TrackerMetric, type TrackerResult, type TrackerValues } from '@domain/trackers';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { istDate } from '@server/resources/resource-query';

const IST = 'Asia/Kolkata';

/** Filters of a tracker request. */
export interface TrackerFilters {
  cityId?: string;
  chargePointOperatorId?: string;
  breakdown?: 'city' | 'cpo';
}

/** Rollup column of each metric. */
const rollupColumn: Record<TrackerMetric, string> = {
  bookings: 'bookings',
  energyWh: 'energy_wh',
  revenuePaise: 'revenue_paise',
  newChargers: 'new_chargers',
  installations: 'installations',
  ticketsOpened: 'tickets_opened',
  ticketsClosed: 'tickets_closed',
};

/** Days are rolled up once they are this many days old (later changes to a day's rows land within two days). */
const ROLL_UP_AFTER_DAYS = 2;

const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Rolls up every day not yet rolled up through `through` (inclusive), in one transaction that holds an advisory lock,
 * so two requests never roll up the same days; answers the day the rollups now hold.
 */
export async function rollUpThrough(db: Database, through: string): Promise<string | null> {
  const [state] = rowsOf<{ d: string | null }>(await db.execute(sql`select rolled_through::text as d from tracker_rollup_state where id = 1`));
  if (state?.d && state.d >= through) return state.d;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7316016)`);
    const [again] = rowsOf<{ d: string | null }>(await tx.execute(sql`select rolled_through::text as d from tracker_rollup_state where id = 1`));
    const from = again?.d ?? null;
    if (from && from >= through) return from;
    const start = from ? sql`${istStart(shiftDay(from, 1))}` : sql`'-infinity'::timestamptz`;
    const end = sql`(${istStart(through)} + interval '1 day')`;
    if (from) await tx.execute(sql`delete from tracker_daily_rollups where day > ${from}::date`);
    else await tx.execute(sql`delete from tracker_daily_rollups`);
    for (const source of sources()) {
      const columns = Object.keys(source.metrics) as TrackerMetric[];
      await tx.execute(sql`
        insert into tracker_daily_rollups (day, city_id, cpo_id, ${sql.join(columns.map((k) => sql.identifier(rollupColumn[k])), sql`, `)})
        select (${source.at} at time zone ${IST})::date, ${source.city}, ${source.cpo}, ${sql.join(columns.map((k) => source.metrics[k]!), sql`, `)}
        from ${source.from} where ${source.where} and ${source.at} >= ${start} and ${source.at} < ${end}
        group by 1, 2, 3`);
    }
    await tx.execute(sql`insert into tracker_rollup_state (id, rolled_through) values (1, ${through}::date) on conflict (id) do update set rolled_through = excluded.rolled_through`);
    return through;
  });
}

const zeros = (): TrackerValues => Object.fromEntries(trackerMetricKeys.map((k) => [k, 0])) as TrackerValues;

/** Start of an IST day (YYYY-MM-DD) as a timestamptz. */
const istStart = (day: string) => sql`(${day}::date::timestamp at time zone ${IST})`;

/** The instant range [start, end) of a bucket range. */
function instants(period: 'day' | 'month', from: string, to: string): { start: SQL; end: SQL } {
  if (period === 'day') return { start: istStart(from), end: sql`(${istStart(to)} + interval '1 day')` };
  return { start: istStart(`${from}-01`), end: sql`((${`${to}-01`}::date + interval '1 month')::timestamp at time zone ${IST})` };
}

/** The bucket label of an instant column. */
const bucket = (period: 'day' | 'month', column: SQL) => sql`to_char(${column} at time zone ${IST}, ${period === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'})`;

interface Source {
  /** FROM clause (with the joins the filters need). */
  from: SQL;
  /** The instant column the bucket is taken from. */
  at: SQL;
  /** Rows that count. */
  where: SQL;
  city: SQL;
  cpo: SQL;
  /** Metric → aggregate expression. */
  metrics: Partial<Record<TrackerMetric, SQL>>;
}

function sources(): Source[] {
  const closed = [...new Set(Object.values(ticketStatuses).flatMap((s) => s.closed))];
  // A ticket's city and operator are its own, else its charger's: the city looked up only for tickets without one, the
  // charger's operator stored on the ticket (migration 0028).
  const chargerOf = (column: string) => sql`(select ${sql.identifier(column)} from chargers ch where ch.id = t.charger)`;
  return [
    {
      from: sql`bookings b`,
      at: sql`b.started_at`,
      where: sql`b.status not in ('CANCELLED', 'SCHEDULED')`,
      city: sql`b.city_id`,
      // Its charger's operator, stored on the booking when it was made (migration 0027).
      cpo: sql`b.charge_point_operator_id`,
      metrics: { bookings: sql`count(*)`, energyWh: sql`coalesce(sum(b.energy_wh), 0)`, revenuePaise: sql`coalesce(sum(b.amount), 0)` },
    },
    { from: sql`chargers c`, at: sql`c.created_at`, where: sql`true`, city: sql`c.city_id`, cpo: sql`c.charge_point_operator_id`, metrics: { newChargers: sql`count(*)` } },
    {
      from: sql`tickets t`,
      at: sql`t.created_at`,
      where: sql`true`,
      city: sql`coalesce(t.city, ${chargerOf('city_id')})`,
      cpo: sql`coalesce(t.charge_point_operator_id, t.charger_operator_id)`,
      metrics: { ticketsOpened: sql`count(*)` },
    },
    {
      from: sql`tickets t`,
      at: sql`t.updated_at`,
      where: sql`t.status = any(${sql.param(closed)}::text[])`,
      city: sql`coalesce(t.city, ${chargerOf('city_id')})`,
      cpo: sql`coalesce(t.charge_point_operator_id, t.charger_operator_id)`,
      metrics: { ticketsClosed: sql`count(*)`, installations: sql`count(*) filter (where t.kind = 'INSTALLATION' and t.status = 'INSTALLED')` },
    },
  ];
}

function filterSql(source: Source, filters: TrackerFilters): SQL[] {
  const out: SQL[] = [];
  if (filters.cityId) out.push(sql`${source.city} = ${filters.cityId}::uuid`);
  if (filters.chargePointOperatorId) out.push(sql`${source.cpo} = ${filters.chargePointOperatorId}::uuid`);
  return out;
}

const selectMetrics = (source: Source) =>
  sql.join(
    Object.entries(source.metrics).map(([key, expr]) => sql`(${expr})::float8 as ${sql.identifier(key)}`),
    sql`, `,
  );

/** The rolled-up part of one tracker request: values by bucket and by breakdown group. */
interface RolledPart {
  buckets: [string, TrackerMetric, number][];
  groups: [string | null, TrackerMetric, number][];
}
/** Rolled-up parts of recent requests per database, by request and the day the rollups hold (oldest dropped past the limit). */
const rolledMemos = new WeakMap<Database, Map<string, RolledPart>>();
const MEMO_LIMIT = 500;
/** Live parts of recent requests per database, with when they were counted (wall clock of this process). */
const liveMemos = new WeakMap<Database, Map<string, { at: number; part: RolledPart }>>();
/** How long a live count is reused. */
export const LIVE_MEMO_MS = 10_000;

/** Forgets the live counts kept (benchmarks time the first request of a view with it). */
export function forgetLiveTrackerCounts(db: Database): void {
  liveMemos.delete(db);
}

/** First and last day (YYYY-MM-DD) of a bucket range. */
function dayRange(period: 'day' | 'month', from: string, to: string): { first: string; last: string } {
  if (period === 'day') return { first: from, last: to };
  const [y, m] = to.split('-').map(Number) as [number, number];
  return { first: `${from}-01`, last: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) };
}

/** The tracker over a range of days or months, with the previous period's totals and an optional breakdown. */
export async function trackerAggregates(db: Database, period: 'day' | 'month', from: string, to: string, filters: TrackerFilters, now: Date): Promise<TrackerResult> {
  const buckets = bucketsOf(period, from, to);
  const previous = previousRange(period, from, to);
  const index = new Map(buckets.map((b, i) => [b, i]));
  const series = Object.fromEntries(trackerMetricKeys.map((k) => [k, buckets.map(() => 0)])) as TrackerResult['series'];
  const totals = zeros();
  const previousTotals = zeros();
  const groups = new Map<string | null, TrackerValues>();
  const add = (bucketLabel: string, metric: TrackerMetric, value: number) => {
    const i = index.get(bucketLabel);
    if (i === undefined) previousTotals[metric] += value;
    else {
      series[metric][i]! += value;
      totals[metric] += value;
    }
  };
  const addGroup = (id: string | null, metric: TrackerMetric, value: number) => {
    const values = groups.get(id) ?? zeros();
    values[metric] += value;
    groups.set(id, values);
  };

  const whole = dayRange(period, previous.from, to);
  const current = dayRange(period, from, to);
  const rolled = await rollUpThrough(db, shiftDay(istDate(now), -ROLL_UP_AFTER_DAYS));

  // Days already rolled up: the rollup rows (their sums never change until the rollups move on, so they are kept).
  const memoKey = JSON.stringify([period, from, to, filters.cityId, filters.chargePointOperatorId, filters.breakdown, rolled]);
  let rolledMemo = rolledMemos.get(db);
  if (!rolledMemo) rolledMemos.set(db, (rolledMemo = new Map()));
  const memo = rolledMemo.get(memoKey);
  if (memo) {
    for (const [label, metric, value] of memo.buckets) add(label, metric, value);
    for (const [id, metric, value] of memo.groups) addGroup(id, metric, value);
  } else if (rolled && whole.first <= rolled) {
    const kept: RolledPart = { buckets: [], groups: [] };
    const sums = sql.join(trackerMetricKeys.map((k) => sql`sum(${sql.identifier(rollupColumn[k])})::float8 as ${sql.identifier(k)}`), sql`, `);
    const conditions = [sql`day >= ${whole.first}::date`, sql`day <= ${whole.last}::date`, sql`day <= ${rolled}::date`];
    if (filters.cityId) conditions.push(sql`city_id = ${filters.cityId}::uuid`);
    if (filters.chargePointOperatorId) conditions.push(sql`cpo_id = ${filters.chargePointOperatorId}::uuid`);
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select to_char(day, ${period === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'}) as bucket, ${sums} from tracker_daily_rollups where ${sql.join(conditions, sql` and `)} group by 1`),
    );
    for (const row of rows) for (const k of trackerMetricKeys) kept.buckets.push([String(row.bucket), k, Number(row[k] ?? 0)]);
    if (filters.breakdown) {
      const key = filters.breakdown === 'city' ? sql`city_id` : sql`cpo_id`;
      const inRange = [...conditions.slice(2), sql`day >= ${current.first}::date`, sql`day <= ${current.last}::date`];
      const grouped = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${key}::text as grp, ${sums} from tracker_daily_rollups where ${sql.join(inRange, sql` and `)} group by 1`));
      for (const row of grouped) for (const k of trackerMetricKeys) kept.groups.push([(row.grp as string | null) ?? null, k, Number(row[k] ?? 0)]);
    }
    for (const [label, metric, value] of kept.buckets) add(label, metric, value);
    for (const [id, metric, value] of kept.groups) addGroup(id, metric, value);
    if (rolledMemo.size >= MEMO_LIMIT) rolledMemo.delete(rolledMemo.keys().next().value!);
    rolledMemo.set(memoKey, kept);
  }

  // Days after the rollups: counted live from the source tables, and kept LIVE_MEMO_MS (staff opening the same
  // tracker meanwhile share one count; a session started now shows within that time).
  const liveStart = rolled ? istStart(shiftDay(rolled, 1)) : sql`'-infinity'::timestamptz`;
  const wholeInstants = instants(period, previous.from, to);
  let liveMemo = liveMemos.get(db);
  if (!liveMemo) liveMemos.set(db, (liveMemo = new Map()));
  const liveKept = liveMemo.get(memoKey);
  if (liveKept && performance.now() - liveKept.at < LIVE_MEMO_MS) {
    for (const [label, metric, value] of liveKept.part.buckets) add(label, metric, value);
    for (const [id, metric, value] of liveKept.part.groups) addGroup(id, metric, value);
  } else if (!rolled || whole.last > rolled) {
    const kept: RolledPart = { buckets: [], groups: [] };
    // The sources' counts at once: on PostgreSQL each on its own pooled connection (the closed tickets' count, which
    // reads scattered rows, no longer waits for the others); PGlite runs them one after another as before.
    const counted = await Promise.all(
      sources().map(async (source) => {
        const where = sql.join([source.where, sql`${source.at} >= ${liveStart}`, ...filterSql(source, filters), sql`${source.at} >= ${wholeInstants.start}`, sql`${source.at} < ${wholeInstants.end}`], sql` and `);
        // With a breakdown, one pass over the live rows by bucket and group: the buckets sum the groups, and the groups
        // sum the buckets of the current range (a bucket is wholly in the current range or wholly in the previous one).
        const key = filters.breakdown === 'city' ? source.city : filters.breakdown === 'cpo' ? source.cpo : undefined;
        const rows = rowsOf<Record<string, unknown>>(
          await db.execute(
            key
              ? sql`select ${bucket(period, source.at)} as bucket, ${key}::text as grp, ${selectMetrics(source)} from ${source.from} where ${where} group by 1, 2`
              : sql`select ${bucket(period, source.at)} as bucket, ${selectMetrics(source)} from ${source.from} where ${where} group by 1`,
          ),
        );
        return { metrics: Object.keys(source.metrics) as TrackerMetric[], rows };
      }),
    );
    for (const { metrics, rows } of counted) {
      for (const row of rows) {
        const label = String(row.bucket);
        for (const k of metrics) {
          const value = Number(row[k] ?? 0);
          kept.buckets.push([label, k, value]);
          if (filters.breakdown && index.has(label)) kept.groups.push([(row.grp as string | null) ?? null, k, value]);
        }
      }
    }
    for (const [label, metric, value] of kept.buckets) add(label, metric, value);
    for (const [id, metric, value] of kept.groups) addGroup(id, metric, value);
    if (liveMemo.size >= MEMO_LIMIT) liveMemo.delete(liveMemo.keys().next().value!);
    liveMemo.set(memoKey, { at: performance.now(), part: kept });
  }

  let breakdown: TrackerResult['breakdown'];
  if (filters.breakdown) {
    const ids = [...groups.keys()].filter((id): id is string => id !== null);
    const table = filters.breakdown === 'city' ? sql`cities` : sql`charge_point_operators`;
    const names = new Map<string, string>();
    if (ids.length > 0) {
      for (const r of rowsOf<{ id: string; name: string }>(await db.execute(sql`select id::text as id, name from ${table} where id = any(${sql.param(ids)}::uuid[])`))) names.set(r.id, r.name);
    }
    const none = filters.breakdown === 'city' ? 'No city' : 'No operator';
    breakdown = [...groups.entries()]
      .map(([id, values]) => ({ id, label: id === null ? none : (names.get(id) ?? id), totals: values }))
      .sort((a, b) => b.totals.bookings - a.totals.bookings || a.label.localeCompare(b.label));
  }
  return { period, from, to, buckets, series, totals, previous: { ...previous, totals: previousTotals }, ...(breakdown ? { breakdown } : {}) };
}
