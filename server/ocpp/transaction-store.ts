// Charging transactions: a start makes the charger transaction, the session and (for a known customer) the booking
// in one statement; a stop ends them once, the booking through its machine.
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { chargerTransactions } from '@server/db/tables/chargers';
import { ocppSessions } from '@server/db/tables/ocpp';
import { applyChargerEvent } from '@server/bookings/booking-transition';
import { chargerStartedBooking } from '@server/bookings/charger-started-booking';
import { reservedBookingOf } from '@server/reservations/reservation-store';
import { DEFAULT_SESSION_START_MIN_WALLET_PAISE } from '@server/bookings/session-start-rule';
import type { ChargerIdentity } from './charger-identity';
import { resolveIdTag, TEST_ID_TAG_PREFIX, type IdTagStatus } from './authorisation-store';

const iso = (d: Date) => d.toISOString();

/**
 * StartTransaction: the charger transaction row (its id is the OCPP transactionId) and, for a known user whose idTag
 * is accepted, a booking. A refused idTag (the session start rule among the reasons) makes a FAILED transaction and a
 * stopped session, and no booking: the charger stops at once, and nothing is charged.
 */
export async function startTransaction(
  db: Database,
  charger: ChargerIdentity,
  start: { connectorId: number; idTag: string; meterStart: number; timestamp: string; reservationId?: number },
  now: Date,
  minWalletPaise = DEFAULT_SESSION_START_MIN_WALLET_PAISE,
): Promise<{ transactionId: number; status: IdTagStatus; bookingId: number | null; replayed: boolean }> {
  const startKey = `${start.connectorId}|${start.timestamp}|${start.meterStart}|${start.idTag}`;
  // A StartTransaction sent again (the answer was lost) gets the same transaction: no second booking.
  const [existing] = rowsOf<{ transaction_id: number; booking_id: number | null }>(
    await db.execute(sql`select transaction_id, booking_id from ${ocppSessions} where charger_id = ${charger.id} and start_key = ${startKey}`),
  );
  const startedAt = new Date(start.timestamp);
  const startedIso = Number.isNaN(startedAt.getTime()) ? iso(now) : iso(startedAt);
  // A one-off tag of the console's is judged at the transaction's own start (a start sent after an outage by when it
  // began; a charger's clock ahead of ours by now: no start is later than its arrival), and its resend is not a
  // second use.
  const at = new Date(Math.min(new Date(startedIso).getTime(), now.getTime()));
  const resolved = await resolveIdTag(db, charger.id, start.idTag, minWalletPaise, { at, connectorId: start.connectorId, startKey });
  if (existing) return { transactionId: Number(existing.transaction_id), status: resolved.status, bookingId: existing.booking_id === null ? null : Number(existing.booking_id), replayed: true };
  const accepted = resolved.status === 'Accepted';
  const socket = charger.sockets[start.connectorId - 1]?.code ?? null;
  // A start on the reservation of a customer's scheduled booking is that booking's session: it starts through its
  // machine rather than a second booking being made beside it.
  if (accepted && resolved.userId !== null && start.reservationId !== undefined) {
    const reserved = await reservedBookingOf(db, { chargerId: charger.id, connectorId: start.connectorId, reservationId: start.reservationId, userId: resolved.userId });
    const attached = reserved === null ? null : await startReservedBooking(db, charger, start, startKey, startedIso, reserved, now);
    if (attached !== null) return { transactionId: attached, status: resolved.status, bookingId: reserved, replayed: false };
  }
  // The booking for a known card holder is the bookings feature's (made already started by the booking machine);
  // it is written by this same statement.
  const booking = await chargerStartedBooking(
    db,
    {
      userId: resolved.userId,
      accepted,
      chargerId: charger.id,
      cityId: charger.cityId,
      socketCode: socket,
      startedAt: startedIso,
      test: start.idTag.startsWith(TEST_ID_TAG_PREFIX),
      reason: `OCPP StartTransaction on connector ${start.connectorId} of ${charger.uniqueId}`,
    },
    now,
  );
  // One statement (atomic without a transaction of its own; 10,000 chargers starting sessions make many of these):
  // the charger transaction (its id from the sequence is the OCPP transactionId and its reference), the booking when
  // the card's holder exists, its audit row, and the session.
  const [row] = rowsOf<{ transaction_id: number | string; booking_id: number | string | null }>(
    await db.execute(sql`
      with t as (
        insert into ${chargerTransactions} (id, charger_id, transaction_ref, protocol, meter_start_wh, started_at, status, created_at, updated_at)
        select n.id, ${charger.id}, n.id::text, 'OCPP', ${start.meterStart}, ${startedIso}, ${accepted ? 'IN_PROGRESS' : 'FAILED'}, ${iso(now)}, ${iso(now)}
        from (select nextval(pg_get_serial_sequence('charger_transactions', 'id'))::bigint as id) n
        returning id),
      ${booking.steps},
      s as (
        insert into ${ocppSessions} (transaction_id, charger_id, connector_id, id_tag, booking_id, meter_start_wh, last_energy_wh, started_at, start_key, stopped_at)
        select t.id, ${charger.id}, ${start.connectorId}, ${start.idTag}, ${booking.bookingId}, ${start.meterStart}, ${start.meterStart}, ${startedIso}, ${startKey},
          ${accepted ? null : startedIso}
        from t
        returning transaction_id)
      select t.id as transaction_id, ${booking.bookingId} as booking_id from t`),
  );
  const bookingId = row!.booking_id === null ? null : Number(row!.booking_id);
  booking.made(bookingId);
  return { transactionId: Number(row!.transaction_id), status: resolved.status, bookingId, replayed: false };
}

/** Why a reserved booking's start gave way: its booking no longer takes START (it moved on meanwhile). */
class BookingMovedOn extends Error {}

/**
 * The charger transaction and the session of a start on a scheduled booking's reservation, and the booking moved by
 * its machine's START (locked, version checked, audited: applyChargerEvent), in one transaction. Answers the
 * transaction id, or null when the booking had moved on meanwhile (nothing written: the start makes its own booking).
 */
async function startReservedBooking(
  db: Database,
  charger: ChargerIdentity,
  start: { connectorId: number; idTag: string; meterStart: number },
  startKey: string,
  startedIso: string,
  bookingId: number,
  now: Date,
): Promise<number | null> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = rowsOf<{ transaction_id: number | string }>(
        await tx.execute(sql`
          with t as (
            insert into ${chargerTransactions} (id, charger_id, transaction_ref, protocol, meter_start_wh, started_at, status, created_at, updated_at)
            select n.id, ${charger.id}, n.id::text, 'OCPP', ${start.meterStart}, ${startedIso}, 'IN_PROGRESS', ${iso(now)}, ${iso(now)}
            from (select nextval(pg_get_serial_sequence('charger_transactions', 'id'))::bigint as id) n
            returning id),
          s as (
            insert into ${ocppSessions} (transaction_id, charger_id, connector_id, id_tag, booking_id, meter_start_wh, last_energy_wh, started_at, start_key)
            select t.id, ${charger.id}, ${start.connectorId}, ${start.idTag}, ${bookingId}, ${start.meterStart}, ${start.meterStart}, ${startedIso}, ${startKey} from t
            returning transaction_id)
          select id as transaction_id from t`),
      );
      const moved = await applyChargerEvent(tx, bookingId, { type: 'START' }, { startedAt: startedIso },
        `OCPP StartTransaction on connector ${start.connectorId} of ${charger.uniqueId}, on the booking's reservation`, now);
      if (moved === null) throw new BookingMovedOn();
      return Number(row!.transaction_id);
    });
  } catch (error) {
    if (error instanceof BookingMovedOn) return null;
    throw error;
  }
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

/** What closing a session by staff did: the energy it ended with, and whether there was an open session to close. */
export interface StaffClosedSession {
  /** The session's energy (Wh): the one entered, else its last meter value less its start; null: no session and none entered. */
  energyWh: number | null;
  /** The OCPP transaction closed, or null when the booking had no open session. */
  transactionId: number | null;
}

/**
 * Staff close a booking's session the charger will not end (no StopTransaction came, or the charger's was refused):
 * the open session (locked) stops now at its last meter value, or at the energy staff entered, and its charger
 * transaction completes with the stop reason CLOSED_BY_STAFF. A StopTransaction the charger sends later finds the
 * transaction ended and changes nothing (stopTransaction above). In the caller's transaction; the booking is the
 * caller's (the booking machine's CLOSE_SESSION).
 */
export async function closeSessionByStaff(tx: Database, bookingId: number, enteredWh: number | undefined, now: Date): Promise<StaffClosedSession> {
  const [session] = rowsOf<{ transaction_id: number | string; meter_start_wh: number | string; last_energy_wh: number | string | null }>(
    await tx.execute(sql`
      select transaction_id, meter_start_wh, last_energy_wh from ${ocppSessions}
      where booking_id = ${bookingId} and stopped_at is null order by started_at desc limit 1 for update`),
  );
  if (!session) return { energyWh: enteredWh ?? null, transactionId: null };
  const start = Number(session.meter_start_wh);
  const energyWh = enteredWh ?? Math.max(0, Math.round(Number(session.last_energy_wh ?? start) - start));
  const meterStop = start + energyWh;
  const transactionId = Number(session.transaction_id);
  await tx.execute(sql`
    with ended as (
      update ${ocppSessions} set stopped_at = ${iso(now)}, last_energy_wh = ${meterStop}, last_power_w = 0 where transaction_id = ${transactionId}
      returning transaction_id)
    update ${chargerTransactions} set meter_stop_wh = ${meterStop}, energy_wh = ${energyWh}, ended_at = ${iso(now)},
      status = 'COMPLETED', stop_reason = 'CLOSED_BY_STAFF', updated_at = ${iso(now)}
    where id = (select transaction_id from ended) and status = 'IN_PROGRESS'`);
  return { energyWh, transactionId };
}

/** True when the charger's transaction has ended already (a stop came, or staff closed it). */
export async function transactionEnded(db: Database, chargerId: number, transactionId: number): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      select 1 from ${ocppSessions} s join ${chargerTransactions} t on t.id = s.transaction_id
      where s.transaction_id = ${transactionId} and s.charger_id = ${chargerId} and t.status <> 'IN_PROGRESS'`),
  );
  return rows.length > 0;
}
