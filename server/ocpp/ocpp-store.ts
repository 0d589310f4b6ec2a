// What the central system writes and reads for each OCPP message: the charger's link state, connectors and their
// fault tickets, authorizations, transactions with their bookings, and meter values. Every function is one short
// statement or transaction (PGlite has one connection; a long transaction would stop every request).
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { unnestArray, unnestInsert } from '@server/db/unnest-insert';
import { bookings } from '@server/db/tables/bookings';
import { chargers, chargerTransactions, rfidAuthorizeRequests, rfidCardHistory } from '@server/db/tables/chargers';
import { ignoredErrorCodes } from '@server/db/tables/global-data';
import { tickets } from '@server/db/tables/tickets';
import { comments } from '@server/db/tables/comments';
import { users } from '@server/db/schema';
import { ocppChargePoints, ocppCommands, ocppConnectors, ocppMeterValues, ocppSessions, waitingCommandStatuses } from '@server/db/tables/ocpp';
import { auditInsertFrom, isAudited } from '@server/audit/write-audit';
import { noteRecordChange } from '@server/live/record-changes';
import { applyChargerEvent, startedBooking } from '@server/bookings/booking-transition';
import { DEFAULT_SESSION_START_MIN_WALLET_PAISE, sessionStartRefusal, type SessionStartRefusal } from '@server/bookings/session-start-rule';
import type { OcppCommandState } from '@machines/ocpp-command.machine';

/** An OCPP charger as the central system knows it while its socket is open. */
export interface ChargerIdentity {
  id: number;
  uniqueId: string;
  chargeBoxId: string;
  chargerType: string;
  isActive: boolean;
  cityId: string | null;
  locationId: number | null;
  sockets: { code: string; displayText: string; value: number }[];
  passwordHash: string | null;
}

/** Tariff of test and RFID sessions started through OCPP (paise per kWh) when nothing else says. */
export const DEFAULT_TARIFF_PAISE_PER_KWH = 1_800;

/** idTag prefix of test charges started from the console (accepted without an RFID card). */
export const TEST_ID_TAG_PREFIX = 'CZOTEST';

/** idTag prefix of sessions staff start for a customer (instant booking and charging; instant_charge_requests). */
export const INSTANT_ID_TAG_PREFIX = 'CZOINST';

const iso = (d: Date) => d.toISOString();

/** The OCPP charger with this charge box id, or null. */
export async function findChargerByBoxId(db: Database, chargeBoxId: string): Promise<ChargerIdentity | null> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select c.id, c.unique_id, c.charger_box_id, c.charger_type, c.is_active, c.city_id, c.location_id, c.sockets, p.password_hash
      from ${chargers} c left join ${ocppChargePoints} p on p.charger_id = c.id
      where c.charger_box_id = ${chargeBoxId} limit 1`),
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    uniqueId: String(row.unique_id),
    chargeBoxId: String(row.charger_box_id),
    chargerType: String(row.charger_type),
    isActive: Boolean(row.is_active),
    cityId: (row.city_id as string | null) ?? null,
    locationId: row.location_id === null ? null : Number(row.location_id),
    sockets: (row.sockets as ChargerIdentity['sockets'] | null) ?? [],
    passwordHash: (row.password_hash as string | null) ?? null,
  };
}

/** Sets (or rotates) a charger's password hash. */
export async function setChargerPasswordHash(db: Database, chargerId: number, hash: string, now: Date): Promise<void> {
  await db.execute(sql`
    insert into ${ocppChargePoints} (charger_id, password_hash, password_set_at, updated_at) values (${chargerId}, ${hash}, ${iso(now)}, ${iso(now)})
    on conflict (charger_id) do update set password_hash = excluded.password_hash, password_set_at = excluded.password_set_at, updated_at = excluded.updated_at`);
}

/** SQL: whether a connector of the charger (other than `except`) reports Faulted; the charger is Faulted while one does. */
function faultedConnector(chargerId: number, except?: number): SQL {
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

/** How long a command may stay queued or sent before it is marked timed out, ms (the call timeout plus a margin). */
export const COMMAND_DEADLINE_MS = 35_000;

/**
 * Marks timed out the commands still queued or sent that are given (`ids`: the request that sent them, at its
 * deadline) or, without ids, every one older than COMMAND_DEADLINE_MS (the central system's sweep, for commands
 * whose request's process died before its deadline). Returns the chargers of the commands it marked.
 */
export async function timeOutCommands(db: Database, now: Date, ids?: readonly string[]): Promise<number[]> {
  if (ids?.length === 0) return [];
  const which = ids
    ? sql`id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`
    : sql`created_at < ${iso(new Date(now.getTime() - COMMAND_DEADLINE_MS))}::timestamptz`;
  const rows = rowsOf<{ charger_id: number }>(
    await db.execute(sql`update ${ocppCommands} set status = ${'timedOut' satisfies OcppCommandState}, answered_at = ${iso(now)}, error = 'No answer from the charger in time.'
      where ${which} and status in (${waitingCommandStatuses}) returning charger_id`),
  );
  return rows.map((r) => Number(r.charger_id));
}

/** Moves "last seen" on for the chargers heard from since the last call (one statement for all of them). */
export async function touchLastSeen(db: Database, chargerIds: readonly number[], now: Date): Promise<void> {
  if (chargerIds.length === 0) return;
  await db.execute(sql`update ${ocppChargePoints} set last_seen_at = ${iso(now)} where charger_id = any(${`{${chargerIds.join(',')}}`}::bigint[])`);
}

/** BootNotification: what the charger says it is. */
export async function recordBoot(
  db: Database,
  chargerId: number,
  boot: { vendor: string; model: string; serialNumber?: string; firmwareVersion?: string },
  heartbeatInterval: number,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    with booted as (
      update ${ocppChargePoints} set vendor = ${boot.vendor}, model = ${boot.model}, serial_number = ${boot.serialNumber ?? null},
        firmware_version = ${boot.firmwareVersion ?? null}, boot_status = 'Accepted', booted_at = ${iso(now)}, heartbeat_interval = ${heartbeatInterval},
        last_seen_at = ${iso(now)}, updated_at = ${iso(now)}
      where charger_id = ${chargerId}
      returning charger_id)
    update ${chargers} set last_heartbeat_at = ${iso(now)} where id = (select charger_id from booted)`);
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

/** Firmware or diagnostics status. */
export async function recordDeviceStatus(db: Database, chargerId: number, kind: 'firmware' | 'diagnostics', status: string, now: Date): Promise<void> {
  if (kind === 'firmware') await db.execute(sql`update ${ocppChargePoints} set firmware_status = ${status}, updated_at = ${iso(now)} where charger_id = ${chargerId}`);
  else await db.execute(sql`update ${ocppChargePoints} set diagnostics_status = ${status}, updated_at = ${iso(now)} where charger_id = ${chargerId}`);
}

/** Servicing issue of an OCPP error code. */
function servicingIssueOf(errorCode: string): string {
  switch (errorCode) {
    case 'GroundFailure':
      return 'EARTH_FAULT';
    case 'ReaderFailure':
      return 'RFID_READER_FAULT';
    case 'ConnectorLockFailure':
      return 'SOCKET_DAMAGED';
    case 'EVCommunicationError':
    case 'PowerSwitchFailure':
    case 'OverCurrentFailure':
    case 'PowerMeterFailure':
      return 'NOT_CHARGING';
    default:
      return 'OTHER';
  }
}

/** SQL: whether a code is in Error Codes To Be Ignored for OCPP chargers (active, not past its date). */
function ignoredErrorCode(codes: string[], now: Date): SQL {
  const wanted = codes.filter(Boolean);
  if (wanted.length === 0) return sql`false`;
  return sql`exists (select 1 from ${ignoredErrorCodes}
    where charger_type = 'OCPP_16_JSON_CHARGER' and is_active and error_code in (${sql.join(wanted.map((c) => sql`${c}`), sql`, `)})
      and (ignore_until is null or ignore_until >= ${iso(now).slice(0, 10)}::date))`;
}

/** What a StatusNotification changed: whether a ticket was opened or commented, for the live channel. */
export interface StatusOutcome {
  openedTicketId: number | null;
  recoveredTicketId: number | null;
  ignored: boolean;
}

/** A connector's status as a StatusNotification gives it. */
export interface ConnectorStatus {
  connectorId: number;
  status: string;
  errorCode: string;
  info?: string;
  vendorErrorCode?: string;
}

/** A connector status to write the plain way (not Faulted), of one charger. */
export type PlainStatus = ConnectorStatus & { chargerId: number; at: Date };

/**
 * Connector statuses that are not Faulted, of many chargers in one statement per round (the central system gathers
 * them: status changes of 10,000 chargers were a statement each). A row whose connector is Faulted or holds a fault
 * ticket is refused (false): a recovery, which the caller handles in a transaction of its own. A connector given
 * twice is written in a later round, in order, so the last status wins as one statement each in turn would. Rows are
 * written in (charger, connector) order, so two statements over the same connectors wait instead of deadlocking.
 */
export async function upsertPlainStatuses(db: Database, rows: readonly PlainStatus[]): Promise<boolean[]> {
  const keyOf = (chargerId: number, connectorId: number) => `${chargerId}:${connectorId}`;
  const written: boolean[] = rows.map(() => false);
  let todo = rows.map((row, index) => ({ row, index }));
  while (todo.length > 0) {
    const seen = new Set<string>();
    const round: typeof todo = [];
    const later: typeof todo = [];
    for (const item of todo) {
      const key = keyOf(item.row.chargerId, item.row.connectorId);
      (seen.has(key) ? later : round).push(item);
      seen.add(key);
    }
    round.sort((a, b) => a.row.chargerId - b.row.chargerId || a.row.connectorId - b.row.connectorId);
    const col = <V>(value: (r: PlainStatus) => V) => round.map(({ row }) => value(row));
    const stored = rowsOf<{ charger_id: number | string; connector_id: number }>(
      await db.execute(sql`
        insert into ${ocppConnectors} (charger_id, connector_id, status, error_code, info, vendor_error_code, fault_ticket_id, updated_at)
        select v.charger_id, v.connector_id, v.status, v.error_code, v.info, v.vendor_error_code, null, v.updated_at
        from unnest(${unnestArray(col((r) => r.chargerId), 'bigint')}, ${unnestArray(col((r) => r.connectorId), 'integer')}, ${unnestArray(col((r) => r.status), 'text')},
          ${unnestArray(col((r) => r.errorCode), 'text')}, ${unnestArray(col((r) => r.info ?? null), 'text')}, ${unnestArray(col((r) => r.vendorErrorCode ?? null), 'text')},
          ${unnestArray(col((r) => r.at), 'timestamptz')}) with ordinality as v(charger_id, connector_id, status, error_code, info, vendor_error_code, updated_at, n)
        order by v.n
        on conflict (charger_id, connector_id) do update set status = excluded.status, error_code = excluded.error_code, info = excluded.info,
          vendor_error_code = excluded.vendor_error_code, updated_at = excluded.updated_at
        where ${ocppConnectors}.status <> 'Faulted' and ${ocppConnectors}.fault_ticket_id is null
        returning charger_id, connector_id`),
    );
    const done = new Set(stored.map((r) => keyOf(Number(r.charger_id), r.connector_id)));
    for (const { row, index } of round) written[index] = done.has(keyOf(row.chargerId, row.connectorId));
    todo = later;
  }
  return written;
}

/**
 * StatusNotification: the connector's status. Faulted opens a charger servicing ticket (one per fault episode)
 * unless its error code is ignored; leaving Faulted comments the ticket. A status that is not Faulted goes through
 * `writePlain` first (the central system's batch of them; one statement by default), which refuses it when the
 * connector is Faulted or holds a ticket; the transaction below then does what a fault or a recovery needs.
 */
export async function recordStatus(
  db: Database,
  charger: ChargerIdentity,
  status: ConnectorStatus,
  now: Date,
  writePlain: (row: PlainStatus) => Promise<boolean> = async (row) => (await upsertPlainStatuses(db, [row]))[0]!,
): Promise<StatusOutcome> {
  const outcome: StatusOutcome = { openedTicketId: null, recoveredTicketId: null, ignored: false };
  // Most notifications move a connector between statuses that are not Faulted, with no fault ticket open, and the
  // charger's connectivity does not change.
  if (status.status !== 'Faulted' && (await writePlain({ ...status, chargerId: charger.id, at: now }))) return outcome;
  await db.transaction(async (tx) => {
    // The connector (locked) and, for a fault, whether its code is ignored: one statement.
    const ignoredCode = status.status === 'Faulted' ? ignoredErrorCode([status.errorCode, status.vendorErrorCode ?? ''], now) : sql`false`;
    const [previous] = rowsOf<{ status: string; fault_ticket_id: number | null; error_code: string; ignored: boolean }>(
      await tx.execute(sql`select status, fault_ticket_id, error_code, ${ignoredCode} as ignored from ${ocppConnectors}
        where charger_id = ${charger.id} and connector_id = ${status.connectorId} for update`),
    );
    let faultTicketId = previous?.fault_ticket_id === null || previous?.fault_ticket_id === undefined ? null : Number(previous.fault_ticket_id);
    if (status.status === 'Faulted' && faultTicketId === null) {
      // A connector heard of for the first time has no row to read the answer with.
      const ignored = previous ? previous.ignored : rowsOf<{ ignored: boolean }>(await tx.execute(sql`select ${ignoredCode} as ignored`))[0]!.ignored;
      if (ignored) {
        outcome.ignored = true;
      } else {
        const where = status.connectorId === 0 ? 'The charger' : `Connector ${status.connectorId}`;
        // The ticket and its audit row: one statement.
        const opened = { entityType: 'tickets', actorUserId: null, action: 'create', toState: 'OPEN', reason: `OCPP StatusNotification Faulted (${status.errorCode})` };
        const [ticket] = rowsOf<{ id: number }>(
          await tx.execute(sql`
            with made as (
              insert into ${tickets} (kind, title, description, status, priority, charger, city, location, issue, created_at, updated_at)
              values ('CHARGER_SERVICING', ${`${charger.uniqueId}: ${where} faulted (${status.errorCode})`.slice(0, 200)},
                ${`${where} of ${charger.uniqueId} (${charger.chargeBoxId}) reported Faulted with error code ${status.errorCode}${status.vendorErrorCode ? `, vendor code ${status.vendorErrorCode}` : ''}${status.info ? `: ${status.info}` : ''}.`.slice(0, 5000)},
                'OPEN', 'HIGH', ${charger.id}, ${charger.cityId}, ${charger.locationId}, ${servicingIssueOf(status.errorCode)}, ${iso(now)}, ${iso(now)})
              returning id),
            audited as (${auditInsertFrom('made', opened, now, await isAudited(tx, opened))})
            select id from made`),
        );
        faultTicketId = Number(ticket!.id);
        outcome.openedTicketId = faultTicketId;
        noteRecordChange({ ...opened, entityId: String(faultTicketId) });
      }
    }
    // A recovery comments the episode's ticket (in the statement below).
    const recovered = status.status !== 'Faulted' && faultTicketId !== null ? faultTicketId : null;
    if (recovered !== null) {
      outcome.recoveredTicketId = recovered;
      faultTicketId = null;
    }
    if (status.status === 'Faulted') await failSessionsOnFault(tx, charger, status, now);
    // One statement: the recovery's comment, the connector, and the charger's connectivity: online while a process
    // holds its socket, faulted while this or another of its connectors is Faulted, offline otherwise (the other
    // connectors as they are: only this charger's own messages, one at a time, fault or recover them).
    await tx.execute(sql`
      with comment as (
        insert into ${comments} (entity_type, entity_id, author_user_id, body, created_at)
        select 'tickets', ${String(recovered)}, null,
          ${`Recovered: connector ${status.connectorId} of ${charger.uniqueId} reports ${status.status} (was Faulted with ${previous?.error_code ?? 'an error'}).`}, ${iso(now)}
        where ${recovered !== null}),
      connector as (
        insert into ${ocppConnectors} (charger_id, connector_id, status, error_code, info, vendor_error_code, fault_ticket_id, updated_at)
        values (${charger.id}, ${status.connectorId}, ${status.status}, ${status.errorCode}, ${status.info ?? null}, ${status.vendorErrorCode ?? null}, ${faultTicketId}, ${iso(now)})
        on conflict (charger_id, connector_id) do update set status = excluded.status, error_code = excluded.error_code, info = excluded.info,
          vendor_error_code = excluded.vendor_error_code, fault_ticket_id = excluded.fault_ticket_id, updated_at = excluded.updated_at
        returning charger_id)
      update ${chargers} set connectivity_status = case
          when not exists (select 1 from ${ocppChargePoints} p where p.charger_id = ${charger.id} and p.connected_node is not null) then 'OFFLINE'
          when ${status.status === 'Faulted'} or ${faultedConnector(charger.id, status.connectorId)} then 'FAULTED'
          else 'ONLINE' end
      where id = (select charger_id from connector)`);
  });
  return outcome;
}

/**
 * A faulted connector (connector 0: the whole charger) fails the bookings of its open sessions that are charging or
 * paused (FAIL through the booking machine, with the energy the meter last reported; a failed booking is not charged).
 * The session stays open for the charger's StopTransaction, which then changes nothing on the booking.
 */
async function failSessionsOnFault(tx: Database, charger: ChargerIdentity, status: { connectorId: number; errorCode: string }, now: Date): Promise<void> {
  const open = rowsOf<{ booking_id: number | string; energy: number | string | null }>(
    await tx.execute(sql`
      select s.booking_id, s.last_energy_wh - s.meter_start_wh as energy from ${ocppSessions} s join ${bookings} b on b.id = s.booking_id
      where s.charger_id = ${charger.id} and s.stopped_at is null and (${status.connectorId} = 0 or s.connector_id = ${status.connectorId})
        and b.status in ('CHARGING', 'PAUSED')`),
  );
  for (const session of open) {
    const energyWh = Math.max(0, Math.round(Number(session.energy ?? 0)));
    await applyChargerEvent(tx, Number(session.booking_id), { type: 'FAIL' }, { endedAt: iso(now), energyWh },
      `OCPP StatusNotification Faulted (${status.errorCode}) on ${status.connectorId === 0 ? 'the charger' : `connector ${status.connectorId}`} of ${charger.uniqueId}`, now);
  }
}

/** OCPP idTagInfo status. */
export type IdTagStatus = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid' | 'ConcurrentTx';

/**
 * A known customer that the session start rule refuses, in OCPP 1.6's terms. 1.6 has no status for "not enough
 * credit" (2.0.1 added NoCredit): Invalid means an identifier the central system does not know, and Expired one
 * whose validity ended, both untrue of a valid card whose wallet is short; Blocked, "not allowed for charging", is
 * the one that fits a known card refused for now, and the one this central system already gives a locked or inactive
 * customer. A charger that caches it asks again (Authorize) when the card is next presented online, so a top-up
 * counts from then. CitrineOS, for one, answers its 2.0.1 NoCredit as Invalid on 1.6, a fallback for statuses 1.6
 * cannot say rather than a choice of meaning.
 */
const refusedCustomer = (userId: string, refusal: SessionStartRefusal) => ({ status: 'Blocked' as const, userId, reason: refusal.message });

/**
 * Who an idTag is: the card's holder and the answer to give (blocked, removed or unknown cards are refused, and a
 * holder the session start rule refuses: server/bookings/session-start-rule.ts, with `minWalletPaise`).
 */
export async function resolveIdTag(
  db: Database,
  chargerId: number,
  idTag: string,
  minWalletPaise = DEFAULT_SESSION_START_MIN_WALLET_PAISE,
): Promise<{ status: IdTagStatus; userId: string | null; reason: string }> {
  if (idTag.startsWith(TEST_ID_TAG_PREFIX)) {
    const [command] = rowsOf<{ requested_by: string | null }>(
      await db.execute(sql`select requested_by from ${ocppCommands} where charger_id = ${chargerId} and action = 'RemoteStartTransaction' and payload->>'idTag' = ${idTag} limit 1`),
    );
    return command ? { status: 'Accepted', userId: command.requested_by, reason: 'Test charge started from the console' } : { status: 'Invalid', userId: null, reason: 'Unknown test tag' };
  }
  if (idTag.startsWith(INSTANT_ID_TAG_PREFIX)) {
    const [request] = rowsOf<{ user_id: string }>(await db.execute(sql`select user_id from instant_charge_requests where id_tag = ${idTag} and charger_id = ${chargerId}`));
    if (!request) return { status: 'Invalid', userId: null, reason: 'Unknown instant charging tag' };
    // Checked when staff sent the start, and again now: the wallet may have been spent meanwhile.
    const refusal = await sessionStartRefusal(db, request.user_id, minWalletPaise);
    if (refusal) return refusedCustomer(request.user_id, refusal);
    return { status: 'Accepted', userId: request.user_id, reason: 'Session started by staff for the customer' };
  }
  const [card] = rowsOf<{ action: string; user_id: string }>(
    await db.execute(sql`select action, user_id from ${rfidCardHistory} where card_number = ${idTag} order by acted_at desc, id desc limit 1`),
  );
  if (!card) return { status: 'Invalid', userId: null, reason: 'Unknown card' };
  if (card.action === 'BLOCKED') return { status: 'Blocked', userId: card.user_id, reason: 'Card blocked' };
  if (card.action === 'REMOVED') return { status: 'Invalid', userId: card.user_id, reason: 'Card removed from the account' };
  // The holder: active, operations not locked by staff (Lock customer operations on a booking), enough in the wallet.
  const refusal = await sessionStartRefusal(db, card.user_id, minWalletPaise);
  if (refusal) return refusal.reason === 'unknown' ? { status: 'Invalid', userId: null, reason: 'The card’s holder no longer exists' } : refusedCustomer(card.user_id, refusal);
  return { status: 'Accepted', userId: card.user_id, reason: 'Card active' };
}

/** Authorize: the answer, and a row in Authorize History (with the reason in words). */
export async function authorize(db: Database, chargerId: number, idTag: string, now: Date, minWalletPaise = DEFAULT_SESSION_START_MIN_WALLET_PAISE): Promise<{ status: IdTagStatus }> {
  const resolved = await resolveIdTag(db, chargerId, idTag, minWalletPaise);
  await db.execute(sql`
    insert into ${rfidAuthorizeRequests} (card_number, charger_id, user_id, result, reason, requested_at, created_at, updated_at)
    values (${idTag}, ${chargerId}, ${resolved.userId}, ${resolved.status === 'Accepted' ? 'ACCEPTED' : resolved.status === 'Expired' ? 'EXPIRED' : 'REJECTED'},
      ${resolved.reason}, ${iso(now)}, ${iso(now)}, ${iso(now)})`);
  return { status: resolved.status };
}

/**
 * StartTransaction: the charger transaction row (its id is the OCPP transactionId) and, for a known user whose idTag
 * is accepted, a booking. A refused idTag (the session start rule among the reasons) makes a FAILED transaction and a
 * stopped session, and no booking: the charger stops at once, and nothing is charged.
 */
export async function startTransaction(
  db: Database,
  charger: ChargerIdentity,
  start: { connectorId: number; idTag: string; meterStart: number; timestamp: string },
  now: Date,
  minWalletPaise = DEFAULT_SESSION_START_MIN_WALLET_PAISE,
): Promise<{ transactionId: number; status: IdTagStatus; bookingId: number | null; replayed: boolean }> {
  const startKey = `${start.connectorId}|${start.timestamp}|${start.meterStart}|${start.idTag}`;
  // A StartTransaction sent again (the answer was lost) gets the same transaction: no second booking.
  const [existing] = rowsOf<{ transaction_id: number; booking_id: number | null }>(
    await db.execute(sql`select transaction_id, booking_id from ${ocppSessions} where charger_id = ${charger.id} and start_key = ${startKey}`),
  );
  const resolved = await resolveIdTag(db, charger.id, start.idTag, minWalletPaise);
  if (existing) return { transactionId: Number(existing.transaction_id), status: resolved.status, bookingId: existing.booking_id === null ? null : Number(existing.booking_id), replayed: true };
  const startedAt = new Date(start.timestamp);
  const startedIso = Number.isNaN(startedAt.getTime()) ? iso(now) : iso(startedAt);
  const accepted = resolved.status === 'Accepted';
  const socket = charger.sockets[start.connectorId - 1]?.code ?? null;
  const isTest = start.idTag.startsWith(TEST_ID_TAG_PREFIX);
  // A booking for a known card holder, made already started by the booking machine (its START), with that event's
  // audit row when the audit configuration keeps one.
  const booked = startedBooking();
  const why = `OCPP StartTransaction on connector ${start.connectorId} of ${charger.uniqueId}`;
  const audited = accepted && resolved.userId !== null && (await isAudited(db, { entityType: 'bookings', action: 'transition' }));
  // One statement (atomic without a transaction of its own; 10,000 chargers starting sessions make many of these):
  // the charger transaction (its id from the sequence is the OCPP transactionId and its reference), the booking when
  // the card's holder exists (the user row is read by the insert itself), its audit row, and the session.
  const [row] = rowsOf<{ transaction_id: number | string; booking_id: number | string | null }>(
    await db.execute(sql`
      with t as (
        insert into ${chargerTransactions} (id, charger_id, transaction_ref, protocol, meter_start_wh, started_at, status, created_at, updated_at)
        select n.id, ${charger.id}, n.id::text, 'OCPP', ${start.meterStart}, ${startedIso}, ${accepted ? 'IN_PROGRESS' : 'FAILED'}, ${iso(now)}, ${iso(now)}
        from (select nextval(pg_get_serial_sequence('charger_transactions', 'id'))::bigint as id) n
        returning id),
      b as (
        insert into ${bookings} (user_id, user_phone, charger_id, socket_code, status, version, started_at, energy_wh, amount, tariff_per_kwh, payment_mode, city_id,
          charge_point_operator_id, created_at, updated_at)
        select u.id, u.mobile_number, ${charger.id}, ${socket}, ${booked.to}, ${booked.version}, ${startedIso}, 0, 0, ${isTest ? 0 : DEFAULT_TARIFF_PAISE_PER_KWH},
          ${isTest ? 'POSTPAID' : 'WALLET'}, ${charger.cityId},
          -- The charger's operator now (the identity is kept while the socket is open; staff may have moved it since).
          (select charge_point_operator_id from ${chargers} where id = ${charger.id}), ${iso(now)}, ${iso(now)}
        from ${users} u where ${accepted} and u.id = ${resolved.userId}
        returning id),
      a as (${auditInsertFrom('b', { entityType: 'bookings', actorUserId: null, action: 'transition', fromState: booked.from, toState: booked.to, event: booked.event, reason: why }, now, audited)}),
      s as (
        insert into ${ocppSessions} (transaction_id, charger_id, connector_id, id_tag, booking_id, meter_start_wh, last_energy_wh, started_at, start_key, stopped_at)
        select t.id, ${charger.id}, ${start.connectorId}, ${start.idTag}, (select id from b), ${start.meterStart}, ${start.meterStart}, ${startedIso}, ${startKey},
          ${accepted ? null : startedIso}
        from t
        returning transaction_id)
      select t.id as transaction_id, (select id from b) as booking_id from t`),
  );
  const bookingId = row!.booking_id === null ? null : Number(row!.booking_id);
  if (bookingId !== null) noteRecordChange({ entityType: 'bookings', entityId: String(bookingId), action: 'transition' });
  return { transactionId: Number(row!.transaction_id), status: resolved.status, bookingId, replayed: false };
}

const stopReasons: Record<string, string> = {
  Local: 'LOCAL',
  Remote: 'REMOTE',
  EVDisconnected: 'EV_DISCONNECTED',
  PowerLoss: 'POWER_LOSS',
  EmergencyStop: 'EMERGENCY_STOP',
};

/** StopTransaction: ends the transaction and its booking exactly once (a replay changes nothing). Returns the session's booking. */
export async function stopTransaction(
  db: Database,
  chargerId: number,
  stop: { transactionId: number; meterStop: number; timestamp: string; reason?: string },
  now: Date,
): Promise<{ known: boolean; alreadyStopped: boolean; bookingId: number | null; energyWh: number }> {
  const endedAt = new Date(stop.timestamp);
  const endedIso = Number.isNaN(endedAt.getTime()) ? iso(now) : iso(endedAt);
  return db.transaction(async (tx) => {
    // The session (locked) and its transaction's status in one statement.
    const [session] = rowsOf<{ booking_id: number | null; meter_start_wh: number; id_tag: string; transaction_status: string | null }>(
      await tx.execute(sql`
        select s.booking_id, s.meter_start_wh, s.id_tag, t.status as transaction_status
        from ${ocppSessions} s left join ${chargerTransactions} t on t.id = s.transaction_id
        where s.transaction_id = ${stop.transactionId} and s.charger_id = ${chargerId} for update of s`),
    );
    if (!session) return { known: false, alreadyStopped: false, bookingId: null, energyWh: 0 };
    const energyWh = Math.max(0, Math.round(stop.meterStop - Number(session.meter_start_wh)));
    const bookingId = session.booking_id === null ? null : Number(session.booking_id);
    if (session.transaction_status !== null && session.transaction_status !== 'IN_PROGRESS') return { known: true, alreadyStopped: true, bookingId, energyWh };
    const reason = stopReasons[stop.reason ?? 'Local'] ?? 'OTHER';
    const byAdmin = stop.reason === 'Remote';
    // The car unplugged or the power failed before any energy flowed: the session failed (not charged).
    const failed = energyWh === 0 && (stop.reason === 'EVDisconnected' || stop.reason === 'PowerLoss');
    // The session and its transaction end together (one statement).
    await tx.execute(sql`
      with ended as (
        update ${ocppSessions} set stopped_at = ${endedIso}, last_energy_wh = ${stop.meterStop}, last_power_w = 0 where transaction_id = ${stop.transactionId}
        returning transaction_id)
      update ${chargerTransactions} set meter_stop_wh = ${stop.meterStop}, energy_wh = ${energyWh}, ended_at = ${endedIso},
        status = ${failed ? 'FAILED' : byAdmin ? 'STOPPED_BY_ADMIN' : 'COMPLETED'}, stop_reason = ${reason}, updated_at = ${iso(now)}
      where id = (select transaction_id from ended) and status = 'IN_PROGRESS'`);
    if (bookingId !== null) {
      // Through the booking machine: a booking staff already ended (or that never started) stays as it is.
      const stoppedByStaff = byAdmin && !session.id_tag.startsWith(TEST_ID_TAG_PREFIX);
      const event = failed ? 'FAIL' : stoppedByStaff ? 'STOP' : 'COMPLETE';
      await applyChargerEvent(tx, bookingId, { type: event }, failed ? { endedAt: endedIso, energyWh } : { endedAt: endedIso, energyWh, amountFromEnergy: true },
        `OCPP StopTransaction (${stop.reason ?? 'Local'}), meter ${stop.meterStop} Wh`, now);
    }
    return { known: true, alreadyStopped: false, bookingId, energyWh };
  });
}

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

/** MeterValues: the samples, and the open session's latest energy and power. */
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
