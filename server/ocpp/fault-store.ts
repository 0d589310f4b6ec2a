// Connector statuses and their faults: a Faulted connector opens a charger servicing ticket (one per fault episode)
// and fails the bookings charging on it; a recovery comments the ticket. Statuses that are not faults are written
// many at a time.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { roundsByKey } from '@server/db/rounds';
import { unnestArray } from '@server/db/unnest-insert';
import { bookings } from '@server/db/tables/bookings';
import { chargers } from '@server/db/tables/chargers';
import { ignoredErrorCodes } from '@server/db/tables/global-data';
import { tickets } from '@server/db/tables/tickets';
import { comments } from '@server/db/tables/comments';
import { ocppChargePoints, ocppConnectors, ocppSessions } from '@server/db/tables/ocpp';
import { auditInsertFrom, isAudited } from '@server/audit/write-audit';
import { noteRecordChange } from '@server/live/record-changes';
import { applyChargerEvent } from '@server/bookings/booking-transition';
import type { ChargerIdentity } from './charger-identity';
import { faultedConnector } from './connectivity-store';

const iso = (d: Date) => d.toISOString();

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

/** SQL: whether a code is in Error Codes To Be Ignored for chargers of this type (active, not past its date). */
function ignoredErrorCode(chargerType: string, codes: string[], now: Date): SQL {
  const wanted = codes.filter(Boolean);
  if (wanted.length === 0) return sql`false`;
  return sql`exists (select 1 from ${ignoredErrorCodes}
    where charger_type = ${chargerType} and is_active and error_code in (${sql.join(wanted.map((c) => sql`${c}`), sql`, `)})
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
  for (const round of roundsByKey(rows, (r) => keyOf(r.chargerId, r.connectorId))) {
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
    const ignoredCode = status.status === 'Faulted' ? ignoredErrorCode(charger.chargerType, [status.errorCode, status.vendorErrorCode ?? ''], now) : sql`false`;
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
