// A charger's link to the central system: which process holds its socket, whether it is online, offline or faulted,
// when it was last heard from, what it said at boot, and its firmware and diagnostics status. Every function is one
// short statement (PGlite has one connection; a long transaction would stop every request).
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { unnestArray } from '@server/db/unnest-insert';
import { chargers } from '@server/db/tables/chargers';
import { ocppChargePoints, ocppConnectors } from '@server/db/tables/ocpp';

const iso = (d: Date) => d.toISOString();

/** SQL: whether a connector of the charger (other than `except`) reports Faulted; the charger is Faulted while one does. */
export function faultedConnector(chargerId: number, except?: number): SQL {
  return sql`exists (select 1 from ${ocppConnectors} k where k.charger_id = ${chargerId} and k.status = 'Faulted'${except === undefined ? sql`` : sql` and k.connector_id <> ${except}`})`;
}

/** The socket opened in process `node`. */
export async function markConnected(db: Database, chargerId: number, node: string, now: Date): Promise<void> {
  // One statement (a connection storm after a restart is thousands of these): the socket's process, then the
  // charger's connectivity, which is online now unless a connector is faulted.
  await db.execute(sql`
    with held as (
      insert into ${ocppChargePoints} (charger_id, connected_node, connected_at, last_seen_at, updated_at) values (${chargerId}, ${node}, ${iso(now)}, ${iso(now)}, ${iso(now)})
      on conflict (charger_id) do update set connected_node = ${node}, connected_at = ${iso(now)}, last_seen_at = ${iso(now)}, updated_at = ${iso(now)}
      returning charger_id)
    update ${chargers} set connectivity_status = case
        when ${faultedConnector(chargerId)} then 'FAULTED' else 'ONLINE' end
    where id = (select charger_id from held)`);
}

/** The socket held by `node` closed (a newer socket in another process is left alone). */
export async function markDisconnected(db: Database, chargerId: number, node: string, now: Date): Promise<void> {
  // One statement: when this process held the socket, the charger is offline now.
  await db.execute(sql`
    with released as (
      update ${ocppChargePoints} set connected_node = null, disconnected_at = ${iso(now)}, updated_at = ${iso(now)}
      where charger_id = ${chargerId} and connected_node = ${node}
      returning charger_id)
    update ${chargers} set connectivity_status = 'OFFLINE' where id = (select charger_id from released)`);
}

/** Every charger this process held (after a crash of this node id, or at shutdown) is offline. */
export async function markNodeOffline(db: Database, node: string, now: Date): Promise<number[]> {
  const rows = rowsOf<{ charger_id: number }>(
    await db.execute(sql`update ${ocppChargePoints} set connected_node = null, disconnected_at = ${iso(now)} where connected_node = ${node} returning charger_id`),
  );
  const ids = rows.map((r) => Number(r.charger_id));
  if (ids.length > 0) await db.execute(sql`update ${chargers} set connectivity_status = 'OFFLINE' where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  return ids;
}

/**
 * At a central system's start: chargers held by a process that is gone (`isGone` of its node id) are offline, and so
 * is every charger of `chargerTypes` (the OCPP ones) that no process holds but is stored online or faulted (a
 * database written before this rule, or a write lost in a crash). A charger is online only while a process holds its
 * socket, so after a restart none is shown online until it connects again.
 */
export async function releaseGoneHolders(db: Database, chargerTypes: readonly string[], isGone: (node: string) => boolean, now: Date): Promise<number[]> {
  const held = rowsOf<{ node: string }>(await db.execute(sql`select distinct connected_node as node from ${ocppChargePoints} where connected_node is not null`));
  const ids: number[] = [];
  for (const { node } of held) if (isGone(node)) ids.push(...(await markNodeOffline(db, node, now)));
  if (chargerTypes.length === 0) return ids;
  const unheld = rowsOf<{ id: number }>(
    await db.execute(sql`
      update ${chargers} c set connectivity_status = 'OFFLINE'
      where c.charger_type = any(${`{${chargerTypes.join(',')}}`}::text[]) and c.connectivity_status in ('ONLINE', 'FAULTED')
        and not exists (select 1 from ${ocppChargePoints} p where p.charger_id = c.id and p.connected_node is not null)
      returning c.id`),
  );
  const offline = unheld.map((r) => Number(r.id));
  // A charger that connected to another process while that statement ran (its snapshot did not see the socket) is
  // online again: a fresh statement sees every socket held now.
  if (offline.length > 0) {
    await db.execute(sql`
      update ${chargers} c set connectivity_status = case when exists (select 1 from ${ocppConnectors} k where k.charger_id = c.id and k.status = 'Faulted') then 'FAULTED' else 'ONLINE' end
      where c.id = any(${`{${offline.join(',')}}`}::bigint[])
        and exists (select 1 from ${ocppChargePoints} p where p.charger_id = c.id and p.connected_node is not null)`);
  }
  return [...ids, ...offline];
}

/** Chargers whose process stopped answering (last seen longer ago than their heartbeat interval plus `graceSeconds`) go offline. */
export async function sweepStaleConnections(db: Database, now: Date, graceSeconds: number): Promise<number[]> {
  const rows = rowsOf<{ charger_id: number }>(
    await db.execute(sql`
      update ${ocppChargePoints} set connected_node = null, disconnected_at = ${iso(now)}
      where connected_node is not null and last_seen_at < ${iso(now)}::timestamptz - make_interval(secs => heartbeat_interval + ${graceSeconds})
      returning charger_id`),
  );
  const ids = rows.map((r) => Number(r.charger_id));
  if (ids.length > 0) await db.execute(sql`update ${chargers} set connectivity_status = 'OFFLINE' where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  return ids;
}

/** Moves "last seen" on for the chargers heard from since the last call (one statement for all of them). */
export async function touchLastSeen(db: Database, chargerIds: readonly number[], now: Date): Promise<void> {
  if (chargerIds.length === 0) return;
  // Locked in charger order first, as the other statements over many chargers' rows do (no deadlock between them).
  await db.execute(sql`
    with locked as materialized (select charger_id from ${ocppChargePoints} where charger_id = any(${`{${chargerIds.join(',')}}`}::bigint[]) order by charger_id for update)
    update ${ocppChargePoints} set last_seen_at = ${iso(now)} where charger_id in (select charger_id from locked)`);
}

/** A BootNotification accepted: what the charger says it is, the heartbeat interval it was given, and when. */
export interface BootHeard {
  chargerId: number;
  vendor: string;
  model: string;
  serialNumber?: string;
  firmwareVersion?: string;
  interval: number;
  at: Date;
}

/**
 * BootNotifications of many chargers in one statement (the central system gathers them: a campaign's last wave
 * reboots 9,000 chargers within a minute): what each says it is, its boot and heartbeat; a charger that booted twice
 * in the batch keeps its last boot. The rows are locked in charger order first, so two statements over the same
 * chargers wait for each other instead of deadlocking.
 */
export async function recordBoots(db: Database, boots: readonly BootHeard[]): Promise<void> {
  const latest = new Map<number, BootHeard>();
  for (const b of boots) latest.set(b.chargerId, b);
  if (latest.size === 0) return;
  const rows = [...latest.values()].sort((a, b) => a.chargerId - b.chargerId);
  const col = <V>(value: (b: BootHeard) => V) => rows.map(value);
  await db.execute(sql`
    with v as (select * from unnest(${unnestArray(col((b) => b.chargerId), 'bigint')}, ${unnestArray(col((b) => b.vendor), 'text')}, ${unnestArray(col((b) => b.model), 'text')},
        ${unnestArray(col((b) => b.serialNumber ?? null), 'text')}, ${unnestArray(col((b) => b.firmwareVersion ?? null), 'text')}, ${unnestArray(col((b) => b.interval), 'integer')},
        ${unnestArray(col((b) => b.at), 'timestamptz')}) as v(charger_id, vendor, model, serial_number, firmware_version, heartbeat_interval, at)),
      points as materialized (select p.charger_id from ${ocppChargePoints} p where p.charger_id in (select charger_id from v) order by p.charger_id for update),
      booted as (
        update ${ocppChargePoints} p set vendor = v.vendor, model = v.model, serial_number = v.serial_number, firmware_version = v.firmware_version,
          boot_status = 'Accepted', booted_at = v.at, heartbeat_interval = v.heartbeat_interval, last_seen_at = v.at, updated_at = v.at
        from v where p.charger_id = v.charger_id and p.charger_id in (select charger_id from points)
        returning p.charger_id, v.at),
      locked as materialized (select c.id from ${chargers} c where c.id in (select charger_id from booted) order by c.id for update)
    update ${chargers} c set last_heartbeat_at = booted.at from booted where c.id = booted.charger_id and c.id in (select id from locked)`);
}

/** One heartbeat heard: the charger and when. */
export interface HeartbeatHeard {
  chargerId: number;
  at: Date;
}

/**
 * Heartbeats of many chargers in one statement (the central system gathers them: 10,000 chargers send 33 a second):
 * each charger's last heartbeat, its latest when it sent several. "Last seen" is moved on with every other message
 * (touchLastSeen). The rows are locked in id order first, so two statements over the same chargers wait for each
 * other instead of deadlocking.
 */
export async function recordHeartbeats(db: Database, beats: readonly HeartbeatHeard[]): Promise<void> {
  const latest = new Map<number, Date>();
  for (const b of beats) {
    const before = latest.get(b.chargerId);
    if (!before || before < b.at) latest.set(b.chargerId, b.at);
  }
  if (latest.size === 0) return;
  const ids = [...latest.keys()].sort((a, b) => a - b);
  await db.execute(sql`
    with heard as (select * from unnest(${unnestArray(ids, 'bigint')}, ${unnestArray(ids.map((id) => latest.get(id)), 'timestamptz')}) as h(id, at)),
      locked as materialized (select c.id from ${chargers} c where c.id in (select id from heard) order by c.id for update)
    update ${chargers} c set last_heartbeat_at = heard.at from heard where c.id = heard.id and c.id in (select id from locked)`);
}

/** The charger's diagnostics status (its firmware status is written with its update: server/firmware/firmware-status.ts). */
export async function keepDiagnosticsStatus(db: Database, chargerId: number, status: string, now: Date): Promise<void> {
  await db.execute(sql`update ${ocppChargePoints} set diagnostics_status = ${status}, updated_at = ${iso(now)} where charger_id = ${chargerId}`);
}
