// Meter values: the samples kept as telemetry and the open sessions' live energy and power, many at a time.
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { unnestArray, unnestInsert } from '@server/db/unnest-insert';
import { ocppMeterValues, ocppSessions } from '@server/db/tables/ocpp';

/** One sampled set of meter values (the measurands we keep). */
export interface MeterSample {
  connectorId: number;
  transactionId: number | null;
  sampledAt: Date;
  energyWh: number | null;
  powerW: number | null;
  currentA: number | null;
  voltageV: number | null;
  soc: number | null;
}

/** A meter sample as stored (ocpp_meter_values). */
export type MeterRow = MeterSample & { chargerId: number };

/** Inserts meter samples (of one charger or of many: the central system batches them), by columns. */
export const insertMeterRows: (db: Database, rows: readonly MeterRow[]) => Promise<void> = unnestInsert<MeterRow>(ocppMeterValues, [
  { column: ocppMeterValues.chargerId, type: 'bigint', value: (r) => r.chargerId },
  { column: ocppMeterValues.connectorId, type: 'integer', value: (r) => r.connectorId },
  { column: ocppMeterValues.transactionId, type: 'bigint', value: (r) => r.transactionId },
  { column: ocppMeterValues.sampledAt, type: 'timestamptz', value: (r) => r.sampledAt },
  { column: ocppMeterValues.energyWh, type: 'double precision', value: (r) => r.energyWh },
  { column: ocppMeterValues.powerW, type: 'double precision', value: (r) => r.powerW },
  { column: ocppMeterValues.currentA, type: 'double precision', value: (r) => r.currentA },
  { column: ocppMeterValues.voltageV, type: 'double precision', value: (r) => r.voltageV },
  { column: ocppMeterValues.soc, type: 'double precision', value: (r) => r.soc },
]);

/** An open session's latest energy and power from a MeterValues (null: not in the sample). */
export interface SessionMeter {
  chargerId: number;
  transactionId: number;
  energyWh: number | null;
  powerW: number | null;
}

/**
 * Open sessions' latest energy and power, many in one statement (the central system gathers them). A session given
 * more than once keeps, field by field, the last value given, as one statement each in turn would.
 */
export async function updateSessionMeters(db: Database, meters: readonly SessionMeter[]): Promise<void> {
  const bySession = new Map<string, SessionMeter>();
  for (const m of meters) {
    const key = `${m.chargerId}:${m.transactionId}`;
    const before = bySession.get(key);
    bySession.set(key, before ? { ...m, energyWh: m.energyWh ?? before.energyWh, powerW: m.powerW ?? before.powerW } : m);
  }
  const rows = [...bySession.values()];
  if (rows.length === 0) return;
  await db.execute(sql`
    update ${ocppSessions} s set last_energy_wh = coalesce(v.energy, s.last_energy_wh), last_power_w = coalesce(v.power, s.last_power_w)
    from unnest(${unnestArray(rows.map((r) => r.transactionId), 'bigint')}, ${unnestArray(rows.map((r) => r.chargerId), 'bigint')},
      ${unnestArray(rows.map((r) => r.energyWh), 'double precision')}, ${unnestArray(rows.map((r) => r.powerW), 'double precision')}) as v(transaction_id, charger_id, energy, power)
    where s.transaction_id = v.transaction_id and s.charger_id = v.charger_id and s.stopped_at is null`);
}

/**
 * MeterValues: the samples kept as telemetry (through `store`, the central system's batch writer, or one insert),
 * and the session's live energy and power (through `updateSession`, likewise), both written before it answers.
 */
export async function recordMeterValues(
  db: Database,
  chargerId: number,
  samples: MeterSample[],
  store: (rows: MeterRow[]) => Promise<unknown> = (rows) => insertMeterRows(db, rows),
  updateSession: (meter: SessionMeter) => Promise<unknown> = (meter) => updateSessionMeters(db, [meter]),
): Promise<void> {
  if (samples.length === 0) return;
  const last = samples[samples.length - 1]!;
  const live = last.transactionId !== null && (last.energyWh !== null || last.powerW !== null);
  await Promise.all([
    store(samples.map((s) => ({ chargerId, ...s }))),
    live ? updateSession({ chargerId, transactionId: last.transactionId!, energyWh: last.energyWh, powerW: last.powerW }) : undefined,
  ]);
}
