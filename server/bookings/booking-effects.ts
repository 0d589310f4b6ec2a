// Server effects of the booking machine's staff events, run in the transition's transaction (so the booking's new
// state, its audit row and its money commit together or not at all): Cancel refunds what the wallet paid for the
// booking; Close session ends the charger session and pays for its energy as a stop from the charger would; a
// utilization correction checks what it changes and posts the difference on the wallet.
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { bookings } from '@server/db/tables/bookings';
import type { WorkflowEffect } from '@server/workflows/workflow-effects';
import { validationProblem } from '@server/http/problem';
import { closeSessionByStaff } from '@server/ocpp/transaction-store';
import { postCorrection, refundBooking, sessionAmount, type BookingMoneyRow } from './booking-money';
import { settleEndedSession } from './booking-transition';

/** The money fields of a booking as the API reads it. */
export function bookingMoneyOf(record: Readonly<Record<string, unknown>>): BookingMoneyRow {
  return { id: Number(record.id), userId: String(record.userId), paymentMode: String(record.paymentMode), amount: Number(record.amount ?? 0) };
}

/**
 * CLOSE_SESSION: the booking's open charger session closes (at the energy entered, else its last meter value; a
 * booking without a session keeps the energy it holds), the booking takes that energy, the amount at its tariff (the
 * tariff rule of a charger's stop), its end time and no load limit, and the money settles as for a session the charger
 * ended (settleEndedSession).
 */
async function closeSession(tx: Database, before: Readonly<Record<string, unknown>>, enteredWh: number | undefined, actorUserId: string, now: Date): Promise<void> {
  const id = Number(before.id);
  const closed = await closeSessionByStaff(tx, id, enteredWh, now);
  const energyWh = closed.energyWh ?? Number(before.energyWh ?? 0);
  const amount = sessionAmount(energyWh, Number(before.tariffPerKwh));
  await tx.execute(sql`update ${bookings} set energy_wh = ${energyWh}, amount = ${amount}, ended_at = ${now.toISOString()}, load_limit_a = null where id = ${id}`);
  await settleEndedSession(tx, before, amount, actorUserId, now);
}

/** Effects of CANCEL, CLOSE_SESSION and CORRECT_UTILIZATION. */
export const bookingEffects: WorkflowEffect = async (tx, { event, before, session, now }) => {
  const booking = bookingMoneyOf(before);
  if (event.type === 'CANCEL') {
    await refundBooking(tx, booking, { actorUserId: session.userId, memo: `Refund of booking ${booking.id}, cancelled: ${String(event.reason)}` });
    return;
  }
  if (event.type === 'CLOSE_SESSION') {
    await closeSession(tx, before, typeof event.energyWh === 'number' ? event.energyWh : undefined, session.userId, now);
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
