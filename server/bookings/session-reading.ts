// A booking's charger session as staff read it, and the booking's energy and amount from it: the one source of the
// figures the booking's page shows (its details and its timeline), the default energy of Close session, and the last
// meter time the stale sessions are found by.
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { sessionAmount } from './booking-money';

/** A booking's OCPP session: where it runs, its meter so far, and when the charger last sent a reading. */
export interface SessionReading {
  transactionId: number;
  chargerId: number;
  connectorId: number;
  uniqueId: string;
  startedAt: Date;
  stoppedAt: Date | null;
  stopReason: string | null;
  meterStartWh: number;
  /** The energy so far (Wh): the last energy register less the start; null before any reading. */
  energyWh: number | null;
  powerW: number | null;
  /** When the last meter value came (null: none came). */
  lastMeterAt: Date | null;
  /** Meter values kept for the session. */
  samples: number;
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const date = (value: unknown) => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value)));

/** The booking's (first) OCPP session with its latest reading, or null when the booking has none. */
export async function sessionReadingOf(db: Database, bookingId: number): Promise<SessionReading | null> {
  const [row] = rowsOf<{
    transaction_id: unknown; charger_id: unknown; connector_id: number; unique_id: string; started_at: unknown; stopped_at: unknown; stop_reason: string | null;
    meter_start_wh: unknown; last_energy_wh: unknown; last_power_w: unknown; last_meter_at: unknown; samples: unknown;
  }>(
    await db.execute(sql`
      select s.transaction_id, s.charger_id, s.connector_id, c.unique_id, s.started_at, s.stopped_at, t.stop_reason,
             s.meter_start_wh, s.last_energy_wh, s.last_power_w, m.last_meter_at, coalesce(m.samples, 0) as samples
      from ocpp_sessions s join chargers c on c.id = s.charger_id left join charger_transactions t on t.id = s.transaction_id
      left join lateral (
        select max(v.sampled_at) as last_meter_at, count(*) as samples from ocpp_meter_values v
        where v.transaction_id = s.transaction_id and v.charger_id = s.charger_id) m on true
      where s.booking_id = ${bookingId} order by s.started_at limit 1`),
  );
  if (!row) return null;
  const start = Number(row.meter_start_wh);
  const last = num(row.last_energy_wh);
  return {
    transactionId: Number(row.transaction_id),
    chargerId: Number(row.charger_id),
    connectorId: row.connector_id,
    uniqueId: row.unique_id,
    startedAt: date(row.started_at)!,
    stoppedAt: date(row.stopped_at),
    stopReason: row.stop_reason,
    meterStartWh: start,
    energyWh: last === null ? null : Math.max(0, Math.round(last - start)),
    powerW: num(row.last_power_w),
    lastMeterAt: date(row.last_meter_at),
    samples: Number(row.samples),
  };
}

/** A booking's energy (Wh) and amount (paise), and whether they are its open session's so far. */
export interface BookingFigures {
  energyWh: number;
  amount: number;
  live: boolean;
}

/**
 * The booking's energy and amount: while its session is open (charging or paused), the session's so far, at the
 * booking's tariff by the rule its stop will use; once it ended, what the booking holds.
 */
export function bookingFigures(booking: Readonly<Record<string, unknown>>, reading: SessionReading | null): BookingFigures {
  const open = (booking.status === 'CHARGING' || booking.status === 'PAUSED') && reading !== null && reading.stoppedAt === null;
  if (open) {
    const energyWh = reading.energyWh ?? 0;
    return { energyWh, amount: sessionAmount(energyWh, Number(booking.tariffPerKwh)), live: true };
  }
  return { energyWh: Number(booking.energyWh ?? 0), amount: Number(booking.amount ?? 0), live: false };
}
