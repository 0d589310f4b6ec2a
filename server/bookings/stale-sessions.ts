// Sessions nobody ends: a charging or paused booking is stale when its open charger session sent no meter value (nor a
// stop) for the server's setting (STALE_SESSION_MINUTES), counted from its last meter value or, before any, its start;
// or when it has no open charger session at all. One rule for the stale list and for home's figures (a booking
// charging on a session that is not stale is "charging now").
import { sql, type SQL } from 'drizzle-orm';
import type { StaleSession } from '@domain/stale-sessions';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';

/**
 * Charging and paused bookings with their open session's last activity (`quiet_since`: the last meter value, else the
 * session's start; null without an open session) and whether that makes them stale, as a CTE named `activity`.
 */
function activity(now: Date, staleMinutes: number): SQL {
  const cutoff = new Date(now.getTime() - staleMinutes * 60_000).toISOString();
  return sql`
    activity as (
      select b.id, b.status, b.user_id, b.user_phone, b.charger_id, b.started_at, s.transaction_id, s.last_meter_at,
             case when s.last_energy_wh is null then null else greatest(0, round(s.last_energy_wh - s.meter_start_wh)) end as energy_wh,
             (s.transaction_id is null or coalesce(s.last_meter_at, s.started_at) < ${cutoff}::timestamptz) as stale
      from bookings b
      left join lateral (
        select o.transaction_id, o.started_at, o.meter_start_wh, o.last_energy_wh,
               (select v.sampled_at from ocpp_meter_values v where v.transaction_id = o.transaction_id and v.charger_id = o.charger_id order by v.id desc limit 1) as last_meter_at
        from ocpp_sessions o where o.booking_id = b.id and o.stopped_at is null order by o.started_at desc limit 1) s on true
      where b.status in ('CHARGING', 'PAUSED'))`;
}

/** Whether one booking is stale now by the same rule (false for a booking not charging or paused). */
export async function bookingIsStale(db: Database, bookingId: number, now: Date, staleMinutes: number): Promise<boolean> {
  const [row] = rowsOf<{ stale: boolean }>(await db.execute(sql`with ${activity(now, staleMinutes)} select stale from activity where id = ${bookingId}`));
  return row?.stale === true;
}

/** Bookings charging now on a live (not stale) session, and stale sessions (charging or paused). */
export async function sessionCounts(db: Database, now: Date, staleMinutes: number): Promise<{ chargingNow: number; stale: number }> {
  const [row] = rowsOf<{ charging: number; stale: number }>(
    await db.execute(sql`
      with ${activity(now, staleMinutes)}
      select (count(*) filter (where status = 'CHARGING' and not stale))::int as charging, (count(*) filter (where stale))::int as stale from activity`),
  );
  return { chargingNow: Number(row?.charging ?? 0), stale: Number(row?.stale ?? 0) };
}

const iso = (value: unknown) => (value === null || value === undefined ? null : (value instanceof Date ? value : new Date(String(value))).toISOString());

/** The stale sessions, quietest first (no session first), at most `limit`, and how many there are. */
export async function staleSessions(db: Database, now: Date, staleMinutes: number, limit = 500): Promise<{ count: number; items: StaleSession[] }> {
  const rows = rowsOf<{
    id: unknown; status: string; user_name: string | null; user_phone: string; charger_id: unknown; charger_name: string | null; started_at: unknown;
    transaction_id: unknown; last_meter_at: unknown; energy_wh: unknown; total: number;
  }>(
    await db.execute(sql`
      with ${activity(now, staleMinutes)}
      select a.id, a.status, u.name as user_name, a.user_phone, a.charger_id, c.unique_id as charger_name, a.started_at, a.transaction_id, a.last_meter_at,
             a.energy_wh, count(*) over ()::int as total
      from activity a left join users u on u.id = a.user_id left join chargers c on c.id = a.charger_id
      where a.stale
      order by a.transaction_id is not null, a.last_meter_at nulls first, a.started_at, a.id limit ${limit}`),
  );
  return {
    count: Number(rows[0]?.total ?? 0),
    items: rows.map((r) => ({
      bookingId: Number(r.id),
      status: r.status,
      userName: r.user_name,
      userPhone: r.user_phone,
      chargerId: r.charger_id === null ? null : Number(r.charger_id),
      chargerName: r.charger_name,
      bookingStartedAt: iso(r.started_at)!,
      transactionId: r.transaction_id === null ? null : Number(r.transaction_id),
      lastMeterAt: iso(r.last_meter_at),
      energyWh: r.energy_wh === null ? null : Number(r.energy_wh),
    })),
  };
}
