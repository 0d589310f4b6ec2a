// The charger's side of the booking machine: the OCPP central system sends START, PAUSE, RESUME, COMPLETE, STOP and
// FAIL through moveRecord, as the staff's transition route moves a booking, inside the caller's transaction: the row
// is locked, the event checked against its state, the state and fields written with the version moved on, the audit
// row written (no actor: the charger), and a session that ended pays from the wallet (this feature's effect, in the
// same transaction).
import { bookingWorkflow } from '@machines/booking.workflow';
import type { BookingChargerEvent } from '@machines/booking.events';
import { snapshotOf } from '@machines/workflow-snapshot';
import { issueBookingInvoice } from '@server/invoices/issue-booking-invoice';
import type { Database } from '@server/db/database';
import { moveRecord, type StoredRecord } from '@server/workflows/move-record';
import { nextStateOf } from '@server/workflows/workflow-state';
import { payBooking, refundBooking, sessionAmount } from './booking-money';

/** Columns an event from the charger may change besides the state. */
export interface ChargerBookingPatch {
  /** When the session began (a scheduled booking's START: the charger's time, not the one it was booked for). */
  startedAt?: string;
  endedAt?: string;
  energyWh?: number;
  /** The amount is computed from the energy at the booking's tariff when true. */
  amountFromEnergy?: boolean;
}

/** The states of a session that ended. */
const ENDED = new Set(['COMPLETED', 'STOPPED_BY_ADMIN', 'FAILED']);

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

/** A booking's payment fields as the move read them (the table's columns by field name). */
const moneyOf = (booking: StoredRecord, amount: number) => ({ id: Number(booking.id), userId: String(booking.userId), paymentMode: String(booking.paymentMode), amount });

/**
 * The money of a session that ended paid (completed, or stopped by staff), whoever ended it (the charger's stop, or
 * staff closing a session the charger will not end): the wallet pays the amount (what it cannot cover is owed), and a
 * paid session gets its GST invoice, postpaid ones with their billing period. In the caller's transaction, after the
 * booking row holds the amount.
 */
export async function settleEndedSession(tx: Database, booking: StoredRecord, amount: number, actorUserId: string | null, now: Date): Promise<void> {
  const bookingId = Number(booking.id);
  await payBooking(tx, moneyOf(booking, amount), { actorUserId, payWhatItHolds: true, memo: `Charging session of booking ${bookingId}` });
  if (amount > 0 && booking.paymentMode !== 'POSTPAID') await issueBookingInvoice(tx, bookingId, { now });
}

/**
 * Applies one charger event to a booking in `tx` (moveRecord, in the caller's transaction: the booking read locked).
 * Answers the new state, or null when the booking's state does not accept the event (a StopTransaction for a booking
 * staff already ended: nothing changes).
 */
export async function applyChargerEvent(tx: Database, bookingId: number, event: BookingChargerEvent, patch: ChargerBookingPatch, why: string, now: Date): Promise<string | null> {
  let amount: number | undefined;
  const outcome = await moveRecord(
    tx,
    {
      workflow: bookingWorkflow,
      id: bookingId,
      event,
      actor: null,
      reason: why,
      inTransaction: true,
      patch: (before, to) => {
        amount = patch.amountFromEnergy && patch.energyWh !== undefined ? sessionAmount(patch.energyWh, Number(before.tariffPerKwh)) : undefined;
        return {
          ...(patch.startedAt !== undefined ? { startedAt: new Date(patch.startedAt) } : {}),
          ...(patch.endedAt !== undefined ? { endedAt: new Date(patch.endedAt) } : {}),
          ...(patch.energyWh !== undefined ? { energyWh: patch.energyWh } : {}),
          ...(amount !== undefined ? { amount } : {}),
          // A session that ended keeps no load limit (the charger drops its TxProfiles with the transaction).
          ...(ENDED.has(to) ? { loadLimitA: null } : {}),
        };
      },
      effect: async (moneyTx, { to, before }) => {
        // A failed session is not charged: what was paid for it in advance goes back to the wallet (once, like a cancel's).
        if (to === 'FAILED') {
          await refundBooking(moneyTx, moneyOf(before, 0), { actorUserId: null, memo: `Refund of failed booking ${bookingId}` });
          return;
        }
        if (amount !== undefined) await settleEndedSession(moneyTx, before, amount, null, now);
      },
    },
    now,
  );
  return outcome.moved ? outcome.record.to : null;
}
