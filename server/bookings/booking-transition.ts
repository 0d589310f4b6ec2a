// The charger's side of the booking machine: the OCPP central system sends START, PAUSE, RESUME, COMPLETE, STOP and
// FAIL through the same machine the staff's transition route runs (pure `getNextSnapshot`), inside the caller's
// transaction: the row is locked, the event checked against its state, the state and fields written with the version
// moved on, the audit row written (no actor: the charger), and a session that ended pays from the wallet.
import { sql } from 'drizzle-orm';
import { bookingWorkflow } from '@machines/booking.workflow';
import type { BookingChargerEvent } from '@machines/booking.events';
import { snapshotOf } from '@machines/workflow-snapshot';
import { issueBookingInvoice } from '@server/invoices/issue-booking-invoice';
import { writeAudit } from '@server/audit/write-audit';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { nextStateOf } from '@server/workflows/workflow-state';
import { payBooking, refundBooking } from './booking-money';

/** Columns an event from the charger may change besides the state. */
export interface ChargerBookingPatch {
  endedAt?: string;
  energyWh?: number;
  /** The amount is computed from the energy at the booking's tariff when true. */
  amountFromEnergy?: boolean;
}

/** The state a booking is made in: the booking machine's initial state. */
const BOOKED = 'SCHEDULED';

/** How a booking made already started is written (startedBooking). */
type StartedBooking = { from: string; to: string; event: 'START'; version: number };
let started: StartedBooking | undefined;

/**
 * A booking made and started at once (OCPP StartTransaction): the machine's START from the state a booking is made in.
 * The caller inserts the booking in `to` with the version moved on once, and the audit row of this event, in the
 * statement that makes it (one statement instead of an insert, a locked read, an update and an audit insert).
 */
export function startedBooking(): StartedBooking {
  // Asked of the machine once: the answer is the same for every session.
  return (started ??= (() => {
    const snapshot = snapshotOf(bookingWorkflow, { status: BOOKED });
    if (!snapshot.can({ type: 'START' } as never)) throw new Error(`The booking machine does not start a booking from ${BOOKED}.`);
    return { from: BOOKED, to: nextStateOf(bookingWorkflow, snapshot, { type: 'START' }), event: 'START', version: 1 };
  })());
}

/**
 * Applies one charger event to a booking in `tx`. Answers the new state, or null when the booking's state does not
 * accept the event (a StopTransaction for a booking staff already ended: nothing changes).
 */
export async function applyChargerEvent(tx: Database, bookingId: number, event: BookingChargerEvent, patch: ChargerBookingPatch, why: string, now: Date): Promise<string | null> {
  const [row] = rowsOf<{ status: string; user_id: string; payment_mode: string; tariff_per_kwh: string | number }>(
    await tx.execute(sql`select status, user_id, payment_mode, tariff_per_kwh from bookings where id = ${bookingId} for update`),
  );
  if (!row) return null;
  const snapshot = snapshotOf(bookingWorkflow, { status: row.status });
  if (!snapshot.can(event as never)) return null;
  const to = nextStateOf(bookingWorkflow, snapshot, event);
  // A session that ended keeps no load limit (the charger drops its TxProfiles with the transaction).
  const ended = to === 'COMPLETED' || to === 'STOPPED_BY_ADMIN' || to === 'FAILED';
  const amount = patch.amountFromEnergy && patch.energyWh !== undefined ? Math.round((patch.energyWh * Number(row.tariff_per_kwh)) / 1000) : undefined;
  await tx.execute(sql`
    update bookings set status = ${to}, version = version + 1, updated_at = ${now.toISOString()},
      ended_at = coalesce(${patch.endedAt ?? null}::timestamptz, ended_at),
      energy_wh = coalesce(${patch.energyWh ?? null}::bigint, energy_wh),
      amount = coalesce(${amount ?? null}::bigint, amount),
      load_limit_a = case when ${ended} then null else load_limit_a end
    where id = ${bookingId}`);
  await writeAudit(tx, { entityType: 'bookings', entityId: String(bookingId), actorUserId: null, action: 'transition', fromState: row.status, toState: to, event: event.type, reason: why }, now);
  if ((to === 'COMPLETED' || to === 'STOPPED_BY_ADMIN') && amount !== undefined) {
    await payBooking(tx, { id: bookingId, userId: row.user_id, paymentMode: row.payment_mode, amount }, { actorUserId: null, payWhatItHolds: true, memo: `Charging session of booking ${bookingId}` });
  }
  // A failed session is not charged: what was paid for it in advance goes back to the wallet (once, like a cancel's).
  if (to === 'FAILED') {
    await refundBooking(tx, { id: bookingId, userId: row.user_id, paymentMode: row.payment_mode, amount: 0 }, { actorUserId: null, memo: `Refund of failed booking ${bookingId}` });
  }
  // An ended paid session gets its GST invoice in the same transaction (postpaid ones with their billing period).
  if ((to === 'COMPLETED' || to === 'STOPPED_BY_ADMIN') && amount !== undefined && amount > 0 && row.payment_mode !== 'POSTPAID') {
    await issueBookingInvoice(tx, bookingId, { now });
  }
  return to;
}
