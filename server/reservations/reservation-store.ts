// Reading reservations: a reservation's state comes from its row and the answers to its latest ReserveNow and
// CancelReservation (their command records, settled by whichever process holds the charger's socket), so what the
// charger answered reaches the booking and the charger page without a second copy to keep in step.
import { sql, type SQL } from 'drizzle-orm';
import { cancelAnswerLabels, reserveAnswerLabels, reservationStateLabels, type ReservationState, type ReservationView } from '@domain/reservations';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { users } from '@server/db/schema';
import { bookings } from '@server/db/tables/bookings';
import { chargers } from '@server/db/tables/chargers';
import { ocppChargePoints, ocppCommands } from '@server/db/tables/ocpp';
import { ocppReservations } from '@server/db/tables/reservations';

const iso = (v: unknown) => new Date(v as string).toISOString();

/** Booking states in which a reservation made for the booking is no longer wanted (the charger is asked to cancel it). */
export const UNWANTED_BOOKING_STATES = ['CANCELLED', 'FAILED'] as const;

/** A command's statuses that mean nothing is held at the charger by it, and it may be sent again once the charger is online. */
export const RETRIED_COMMAND_STATES = ['offline', 'failed', 'timedOut'] as const;

/** What stateOf reads of a reservation (its row, its commands' answers, its booking's state). */
export interface ReservationRow {
  id: number;
  booking_id: number | null;
  charger_id: number;
  charger_unique_id: string | null;
  connector_id: number;
  id_tag: string;
  expires_at: unknown;
  cancel_wanted_at: unknown;
  used_at: unknown;
  transaction_id: number | null;
  expired_at: unknown;
  requested_by_name: string | null;
  created_at: unknown;
  updated_at: unknown;
  reserve_status: string | null;
  reserve_response: { status?: string } | null;
  reserve_error: string | null;
  cancel_status: string | null;
  cancel_response: { status?: string } | null;
  booking_status: string | null;
  online: boolean;
}

/** The columns and joins of a reservation as stateOf reads it (`r`: the reservation). */
export const reservationSelect = sql`
  select r.id, r.booking_id, r.charger_id, ch.unique_id as charger_unique_id, r.connector_id, r.id_tag, r.expires_at, r.cancel_wanted_at, r.used_at,
    r.transaction_id, r.expired_at, u.name as requested_by_name, r.created_at, r.updated_at,
    rc.status as reserve_status, rc.response as reserve_response, rc.error as reserve_error,
    cc.status as cancel_status, cc.response as cancel_response, b.status as booking_status, p.connected_node is not null as online
  from ${ocppReservations} r
  join ${chargers} ch on ch.id = r.charger_id
  left join ${ocppChargePoints} p on p.charger_id = r.charger_id
  left join ${ocppCommands} rc on rc.id = r.reserve_command_id
  left join ${ocppCommands} cc on cc.id = r.cancel_command_id
  left join ${bookings} b on b.id = r.booking_id
  left join ${users} u on u.id = r.requested_by`;

/** Whether the charger holds (or held until its expiry) the reservation: its latest ReserveNow was accepted. */
const heldByCharger = (row: ReservationRow) => row.reserve_status === 'accepted';

/** Whether the reservation is no longer wanted: staff cancelled it, or its booking was cancelled or failed. */
export const cancelWanted = (row: Pick<ReservationRow, 'cancel_wanted_at' | 'booking_status'>) =>
  row.cancel_wanted_at !== null || (UNWANTED_BOOKING_STATES as readonly string[]).includes(row.booking_status ?? '');

/** A reservation's state and its words. */
export function stateOf(row: ReservationRow, now: Date): { state: ReservationState; summary: string } {
  const label = (state: ReservationState, why?: string) => ({ state, summary: why ? `${reservationStateLabels[state]}: ${why}` : reservationStateLabels[state] });
  if (row.used_at !== null) return label('used', row.transaction_id === null ? undefined : `OCPP transaction ${row.transaction_id}`);
  if (row.cancel_status === 'accepted' || row.cancel_status === 'rejected') {
    return label('cancelled', cancelAnswerLabels[row.cancel_response?.status ?? ''] ?? undefined);
  }
  const expired = row.expired_at !== null || new Date(row.expires_at as string).getTime() <= now.getTime();
  if (cancelWanted(row)) {
    if (!heldByCharger(row) || expired) return label('cancelled', heldByCharger(row) ? undefined : 'the charger held nothing for it');
    if (row.cancel_status !== null && (RETRIED_COMMAND_STATES as readonly string[]).includes(row.cancel_status)) {
      return label('cancelling', 'the charger could not be asked yet; it is asked again when it is online');
    }
    return label('cancelling');
  }
  if (heldByCharger(row)) return expired ? label('expired', `the charger released connector ${row.connector_id}`) : label('reserved', reserveAnswerLabels.Accepted);
  switch (row.reserve_status) {
    case 'rejected':
      return label('refused', reserveAnswerLabels[row.reserve_response?.status ?? ''] ?? row.reserve_response?.status ?? 'no reason given');
    case 'offline':
      return label('offline', expired || row.booking_id === null ? 'nothing was sent' : 'it is asked again when the charger reconnects');
    case 'failed':
    case 'timedOut':
      return label('failed', `${row.reserve_error ?? 'the charger did not answer'}${expired || row.booking_id === null ? '' : ' It is asked again when the charger is online.'}`);
    default:
      return label('pending');
  }
}

/** A reservation as the API answers it. */
export function reservationView(row: ReservationRow, now: Date): ReservationView {
  const { state, summary } = stateOf(row, now);
  return {
    id: Number(row.id),
    bookingId: row.booking_id === null ? null : Number(row.booking_id),
    chargerId: Number(row.charger_id),
    chargerUniqueId: row.charger_unique_id,
    connectorId: Number(row.connector_id),
    idTag: row.id_tag,
    expiresAt: iso(row.expires_at),
    state,
    summary,
    answer: row.reserve_response?.status ?? null,
    transactionId: row.transaction_id === null ? null : Number(row.transaction_id),
    requestedByName: row.requested_by_name,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The reservations `where` selects (on `r`), newest first. */
export async function readReservations(db: Database, where: SQL, now: Date, limit = 50): Promise<ReservationView[]> {
  const rows = rowsOf<ReservationRow>(await db.execute(sql`${reservationSelect} where ${where} order by r.id desc limit ${limit}`));
  return rows.map((row) => reservationView(row, now));
}

/**
 * The scheduled booking a StartTransaction naming a reservation starts, if any: the reservation is this charger's, on
 * that connector and not used yet, and was made for a booking still scheduled whose customer is the holder of the card
 * that started. The charger's word is not taken for more: another charger's reservation id, another customer's card or
 * a booking that moved on finds none, and the session is a booking of its own.
 */
export async function reservedBookingOf(db: Database, start: { chargerId: number; connectorId: number; reservationId: number; userId: string }): Promise<number | null> {
  const [row] = rowsOf<{ booking_id: number | string }>(
    await db.execute(sql`select r.booking_id from ${ocppReservations} r join ${bookings} b on b.id = r.booking_id
      where r.id = ${start.reservationId} and r.charger_id = ${start.chargerId} and r.connector_id = ${start.connectorId} and r.used_at is null
        and b.status = 'SCHEDULED' and b.charger_id = ${start.chargerId} and b.user_id = ${start.userId}::uuid`),
  );
  return row ? Number(row.booking_id) : null;
}

/**
 * A StartTransaction naming a reservation of this charger: the reserved idTag started, and the charger ended the
 * reservation (OCPP 1.6: a reservation ends when a transaction starts with its id). Recorded once.
 */
export async function markReservationUsed(db: Database, chargerId: number, reservationId: number, transactionId: number, now: Date): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`update ${ocppReservations} set used_at = ${now.toISOString()}, transaction_id = ${transactionId}, updated_at = ${now.toISOString()}
      where id = ${reservationId} and charger_id = ${chargerId} and used_at is null returning id`),
  );
  return rows.length > 0;
}
