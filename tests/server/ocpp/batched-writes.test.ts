// The central system gathers heartbeats, sessions' live energy and power, and connector statuses into one statement
// each: on both drivers, each charger keeps its latest heartbeat, each session the last value given of each field, a
// stopped session is left as it is, each connector its last status given, and a faulted connector refuses a plain
// status (its recovery is a transaction of its own). Through the batch writer, a row the database refuses fails alone.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '@server/db/open-database';
import { createBatchWriter } from '@server/db/batch-writer';
import { findChargerByBoxId } from '@server/ocpp/charger-identity';
import { insertMeterRows, updateSessionMeters, type MeterRow } from '@server/ocpp/meter-store';
import { writeBoots } from '@server/ocpp/boot-store';
import { recordHeartbeats } from '@server/ocpp/connectivity-store';
import { recordStatus, upsertPlainStatuses, type PlainStatus } from '@server/ocpp/fault-store';
import { rowsOf } from '@server/seed/seed-sql';
import { createTestDatabase, testDrivers } from '@tests/server/support/test-database';

describe.each(testDrivers)('batched OCPP writes on %s', (driver) => {
  let database: OpenDatabase;
  let ids: number[];
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    ids = (await q<{ id: number }>(sql`select id from chargers where charger_type = 'OCPP_16_JSON_CHARGER' order by id limit 3`)).map((r) => Number(r.id));
    expect(ids).toHaveLength(3);
  });
  afterAll(() => database.close());

  it("writes each charger's latest heartbeat, whatever the order they were heard in", async () => {
    const at = (s: number) => new Date(Date.UTC(2026, 10, 27, 9, 0, s));
    await recordHeartbeats(database.db, [
      { chargerId: ids[1]!, at: at(30) },
      { chargerId: ids[0]!, at: at(10) },
      { chargerId: ids[1]!, at: at(20) },
      { chargerId: ids[0]!, at: at(15) },
    ]);
    const rows = await q<{ id: number; last_heartbeat_at: Date | string }>(sql`select id, last_heartbeat_at from chargers where id in (${ids[0]}, ${ids[1]}) order by id`);
    expect(rows.map((r) => new Date(r.last_heartbeat_at).toISOString())).toEqual([at(15).toISOString(), at(30).toISOString()]);
    await expect(recordHeartbeats(database.db, [])).resolves.toBeUndefined();
  });

  it("writes a batch of boots: each charger's last boot, its version on the update that installed it (told once), and the jobs of those holding a list", async () => {
    const at = (s: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, s));
    const [a, b, c] = ids as [number, number, number];
    for (const id of [a, b, c]) {
      await q(sql`insert into ocpp_charge_points (charger_id, updated_at) values (${id}, now()) on conflict (charger_id) do nothing`);
    }
    // b installed an update and has not booted since; a holds a local list.
    const [file] = await q<{ id: string }>(sql`insert into firmware_files (name, version, size_bytes, sha256, store_key) values ('fw.bin', '9.9', 1, 'x', 'k') returning id`);
    const [installed] = await q<{ id: string }>(
      sql`insert into firmware_updates (charger_id, firmware_file_id, status, retrieve_date, finished_at) values (${b}, ${file!.id}::uuid, 'installed', ${at(0)}, ${at(1)}) returning id`,
    );
    await q(sql`insert into ocpp_local_lists (charger_id, held_version, wanted_version, state) values (${a}, 1, 1, 'inSync') on conflict (charger_id) do nothing`);
    await q(sql`delete from background_jobs where kind in ('local-list-sync', 'smart-charging.location-defaults')`);
    const boot = (chargerId: number, vendor: string, firmwareVersion: string | undefined, s: number) => ({ chargerId, vendor, model: 'M', firmwareVersion, interval: 300, at: at(s) });
    const told = await writeBoots(database.db, [boot(a, 'First', '1.0', 10), boot(b, 'Vendor B', '9.9', 11), boot(a, 'Second', '1.1', 12), boot(c, 'Vendor C', undefined, 13), boot(b, 'Vendor B', '9.9', 14)]);
    expect(told).toEqual([false, true, false, false, false]);
    const points = await q<{ charger_id: number; vendor: string; firmware_version: string | null; booted_at: Date | string; heartbeat_interval: number }>(
      sql`select charger_id, vendor, firmware_version, booted_at, heartbeat_interval from ocpp_charge_points where charger_id in (${a}, ${b}, ${c}) order by charger_id`,
    );
    expect(points.map((p) => [Number(p.charger_id), p.vendor, p.firmware_version, new Date(p.booted_at).toISOString(), Number(p.heartbeat_interval)])).toEqual(
      [[a, 'Second', '1.1', at(12).toISOString(), 300], [b, 'Vendor B', '9.9', at(14).toISOString(), 300], [c, 'Vendor C', null, at(13).toISOString(), 300]].sort((x, y) => Number(x[0]) - Number(y[0])),
    );
    const heartbeats = await q<{ last_heartbeat_at: Date | string }>(sql`select last_heartbeat_at from chargers where id = ${a}`);
    expect(new Date(heartbeats[0]!.last_heartbeat_at).toISOString()).toBe(at(12).toISOString());
    expect((await q<{ installed_version: string }>(sql`select installed_version from firmware_updates where id = ${installed!.id}::uuid`))[0]!.installed_version).toBe('9.9');
    const jobs = await q<{ kind: string; payload: { chargerId: number }; dedupe_key: string }>(sql`select kind, payload, dedupe_key from background_jobs where kind = 'local-list-sync'`);
    expect(jobs.map((j) => [Number(j.payload.chargerId), j.dedupe_key])).toEqual([[a, `local-list-sync:${a}`]]);
    // Booting again while its sync is queued queues no second one.
    await writeBoots(database.db, [boot(a, 'Second', '1.1', 20)]);
    expect(await q(sql`select 1 from background_jobs where kind = 'local-list-sync'`)).toHaveLength(1);
    await expect(writeBoots(database.db, [])).resolves.toEqual([]);
  });

  it('gives each open session the last value given of each field, and leaves a stopped session as it is', async () => {
    const session = (transactionId: number, chargerId: number, stopped: boolean) => sql`
      insert into ocpp_sessions (transaction_id, charger_id, connector_id, id_tag, meter_start_wh, last_energy_wh, last_power_w, started_at, start_key, stopped_at)
      values (${transactionId}, ${chargerId}, 1, 'TAG', 1000, 1000, 0, now(), ${`k${transactionId}`}, ${stopped ? sql`now()` : sql`null`})`;
    await q(session(990_001, ids[0]!, false));
    await q(session(990_002, ids[1]!, false));
    await q(session(990_003, ids[2]!, true));
    await updateSessionMeters(database.db, [
      { chargerId: ids[0]!, transactionId: 990_001, energyWh: 1500, powerW: 7000 },
      { chargerId: ids[1]!, transactionId: 990_002, energyWh: 2500.5, powerW: null },
      // A later sample with no energy keeps the energy given before it, as one statement each in turn would.
      { chargerId: ids[0]!, transactionId: 990_001, energyWh: null, powerW: 6500 },
      { chargerId: ids[2]!, transactionId: 990_003, energyWh: 9999, powerW: 9999 },
      // A session of another charger with this transaction id is not touched.
      { chargerId: ids[2]!, transactionId: 990_001, energyWh: 1, powerW: 1 },
    ]);
    const rows = await q<{ transaction_id: number; last_energy_wh: number; last_power_w: number }>(
      sql`select transaction_id, last_energy_wh, last_power_w from ocpp_sessions where transaction_id between 990001 and 990003 order by transaction_id`,
    );
    expect(rows.map((r) => [Number(r.transaction_id), Number(r.last_energy_wh), Number(r.last_power_w)])).toEqual([
      [990_001, 1500, 6500],
      [990_002, 2500.5, 0],
      [990_003, 1000, 0],
    ]);
  });

  it('writes many connectors\' statuses at once, the last given winning, and refuses those of a faulted connector', async () => {
    const at = new Date(Date.UTC(2026, 10, 27, 10, 0, 0));
    const status = (chargerId: number, connectorId: number, value: string) => ({ chargerId, connectorId, status: value, errorCode: 'NoError', at });
    // Connector 1 of the third charger is faulted, with its ticket, through the transaction a fault takes.
    const [box] = await q<{ charger_box_id: string }>(sql`select charger_box_id from chargers where id = ${ids[2]}`);
    const third = (await findChargerByBoxId(database.db, box!.charger_box_id))!;
    const fault = await recordStatus(database.db, third, { connectorId: 1, status: 'Faulted', errorCode: 'GroundFailure' }, at);
    expect(fault.openedTicketId).not.toBeNull();
    const written = await upsertPlainStatuses(database.db, [
      status(ids[1]!, 2, 'Preparing'),
      status(ids[0]!, 1, 'Preparing'),
      status(ids[2]!, 1, 'Available'),
      // Given twice in one batch: written in a second round, after the first.
      status(ids[0]!, 1, 'Charging'),
      status(ids[2]!, 2, 'Available'),
    ]);
    expect(written).toEqual([true, true, false, true, true]);
    const rows = await q<{ charger_id: number; connector_id: number; status: string; fault_ticket_id: number | null }>(
      sql`select charger_id, connector_id, status, fault_ticket_id from ocpp_connectors where charger_id in (${ids[0]}, ${ids[1]}, ${ids[2]}) order by charger_id, connector_id`,
    );
    expect(rows.map((r) => [Number(r.charger_id), r.connector_id, r.status, r.fault_ticket_id === null ? null : Number(r.fault_ticket_id)])).toEqual([
      [ids[0], 1, 'Charging', null],
      [ids[1], 2, 'Preparing', null],
      [ids[2], 1, 'Faulted', fault.openedTicketId],
      [ids[2], 2, 'Available', null],
    ]);
    // Refused there (recordStatus writes a plain status through upsertPlainStatuses too), the recovery goes through
    // recordStatus's transaction: the ticket gets its comment.
    const recovered = await recordStatus(database.db, third, { connectorId: 1, status: 'Available', errorCode: 'NoError' }, at);
    expect(recovered.recoveredTicketId).toBe(fault.openedTicketId);
    await expect(upsertPlainStatuses(database.db, [])).resolves.toEqual([]);
  });

  it("fails only the row the database refuses when a batch of many chargers' rows is written through the batch writer", async () => {
    const at = new Date(Date.UTC(2026, 10, 27, 11, 0, 0));
    const errors: unknown[] = [];
    const statuses = createBatchWriter<PlainStatus, boolean>({ maxRows: 10, intervalMs: 10_000, onError: (e) => errors.push(e), write: (rows) => upsertPlainStatuses(database.db, rows) });
    const meters = createBatchWriter<MeterRow>({ maxRows: 10, intervalMs: 10_000, onError: (e) => errors.push(e), write: (rows) => insertMeterRows(database.db, rows) });
    // A connector id past the integer column: what a charger's 99999999999 did to every other charger's row.
    const statusOf = (chargerId: number, connectorId: number) => ({ chargerId, connectorId, status: 'Finishing', errorCode: 'NoError', at });
    const meterOf = (chargerId: number, connectorId: number) => ({ chargerId, connectorId, transactionId: null, sampledAt: at, energyWh: 4242, powerW: null, currentA: null, voltageV: null, soc: null });
    const settled = (p: Promise<unknown>) => p.then(() => 'stored', () => 'failed');
    const written = await Promise.all([
      ...[statusOf(ids[0]!, 2), statusOf(ids[1]!, 99_999_999_999), statusOf(ids[2]!, 2)].map((r) => settled(statuses.add(r))),
      ...[meterOf(ids[0]!, 1), meterOf(ids[1]!, 99_999_999_999), meterOf(ids[2]!, 1)].map((r) => settled(meters.add(r))),
      statuses.flush(),
      meters.flush(),
    ]);
    expect(written.slice(0, 6)).toEqual(['stored', 'failed', 'stored', 'stored', 'failed', 'stored']);
    expect(errors).toHaveLength(2);
    const rows = await q<{ charger_id: number; status: string }>(sql`select charger_id, status from ocpp_connectors where connector_id = 2 and charger_id in (${ids[0]}, ${ids[2]}) order by charger_id`);
    expect(rows.map((r) => [Number(r.charger_id), r.status])).toEqual([[ids[0], 'Finishing'], [ids[2], 'Finishing']]);
    const samples = await q<{ charger_id: number }>(sql`select charger_id from ocpp_meter_values where energy_wh = 4242 order by charger_id`);
    expect(samples.map((r) => Number(r.charger_id))).toEqual([ids[0], ids[2]]);
    await statuses.close();
    await meters.close();
  });
});
