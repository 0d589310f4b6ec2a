// Server effects of the booking machine's staff events, run in the transition's transaction (so the booking's new
// state, its audit row and its money commit together or not at all): Cancel refunds what the wallet paid for the
// booking; a utilization correction checks what it changes and posts the difference on the wallet.
import type { WorkflowEffect } from '@server/workflows/workflow-effects';
import { validationProblem } from '@server/http/problem';
import { postCorrection, refundBooking, type BookingMoneyRow } from './booking-money';

/** The money fields of a booking as the API reads it. */
export function bookingMoneyOf(record: Readonly<Record<string, unknown>>): BookingMoneyRow {
  return { id: Number(record.id), userId: String(record.userId), paymentMode: String(record.paymentMode), amount: Number(record.amount ?? 0) };
}

/** Effects of CANCEL and CORRECT_UTILIZATION. */
export const bookingEffects: WorkflowEffect = async (tx, { event, before, session }) => {
  const booking = bookingMoneyOf(before);
  if (event.type === 'CANCEL') {
    await refundBooking(tx, booking, { actorUserId: session.userId, memo: `Refund of booking ${booking.id}, cancelled: ${String(event.reason)}` });
    return;
  }
  if (event.type === 'CORRECT_UTILIZATION') {
    const energyWh = typeof event.energyWh === 'number' ? event.energyWh : undefined;
    const amount = typeof event.amount === 'number' ? event.amount : undefined;
    if (energyWh === undefined && amount === undefined) {
      throw validationProblem([{ path: 'energyWh', message: 'Correct the energy, the amount or both' }], 'A correction changes the energy, the amount or both.');
    }
    const sameEnergy = energyWh === undefined || energyWh === Number(before.energyWh ?? 0);
    const sameAmount = amount === undefined || amount === booking.amount;
    if (sameEnergy && sameAmount) {
      throw validationProblem([{ path: amount !== undefined ? 'amount' : 'energyWh', message: 'This is what the booking holds already' }], 'The correction changes nothing.');
    }
    if (amount !== undefined) {
      await postCorrection(tx, booking, amount, { actorUserId: session.userId, memo: `Utilization correction of booking ${booking.id}: ${String(event.reason)}`, reference: `bookings:${booking.id}` });
    }
  }
};
