// A booking's money on the ledger (server/ledger/ledger.ts). Only bookings paid from the WALLET post; UPI, card and
// postpaid bookings are paid outside it.
//
// When a wallet booking is paid: a SCHEDULED booking holds its amount (the advance taken when it was booked) as a
// BOOKING_PAYMENT under `booking-payment:<id>`; cancelling it refunds exactly what its payments took
// (CANCELLATION_REFUND, the payment legs reversed, `booking-refund:<id>`). A session started at the charger pays
// when it ends (completed, or stopped by staff), for the metered amount, under `booking-payment:<id>`; a booking that
// had an advance is settled then by the difference under `booking-payment-final:<id>` (a refund of the excess when
// the session cost less). GST is 18% included in the gross (the rate the settlements use, SETTLEMENT_GST_PERCENT):
// gst = round(gross × 18 / 118), revenue the rest. A prepaid wallet never goes below zero: a staff action that would
// take it there is refused (409); a session the charger has already delivered pays what the wallet holds and the
// customer owes the rest (their RECEIVABLE account), which the next credit to the wallet settles. So for every charged
// booking, what its wallet paid plus what its customer owes for it is its amount; a correction down first reduces
// what is owed and only then gives back what was paid.
import { sql } from 'drizzle-orm';
import { SETTLEMENT_GST_PERCENT } from '@domain/settlement-amounts';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { lockWallets, post, rupees, type AccountRef, type PostingLeg, type SystemAccount } from '@server/ledger/ledger';

/** What the money of a booking depends on. */
export interface BookingMoneyRow {
  id: number;
  userId: string;
  paymentMode: string;
  amount: number;
}

/**
 * What a session's energy costs at the booking's tariff (paise per kWh): the one tariff rule, for a stop the charger
 * sends and a session staff close alike.
 */
export function sessionAmount(energyWh: number, tariffPerKwh: number): number {
  return Math.round((energyWh * tariffPerKwh) / 1000);
}

/** The GST inside a gross amount (paise), at SETTLEMENT_GST_PERCENT included in the gross. */
export function gstIncludedIn(grossPaise: number): number {
  return Math.round((grossPaise * SETTLEMENT_GST_PERCENT) / (100 + SETTLEMENT_GST_PERCENT));
}

/** The legs of a wallet paying `amount` paise (negative: the wallet is paid back): wallet −, REVENUE + net, GST + gst. */
export function paymentLegs(userId: string, amount: number): PostingLeg[] {
  const sign = amount < 0 ? -1 : 1;
  const gst = sign * gstIncludedIn(Math.abs(amount));
  const legs: PostingLeg[] = [
    { account: { wallet: userId }, amount: -amount },
    { account: { system: 'REVENUE' }, amount: amount - gst },
    { account: { system: 'GST' }, amount: gst },
  ];
  return legs.filter((l) => l.amount !== 0);
}

/** Each account's sum over the booking's BOOKING_PAYMENT postings (its settlements of what was owed among them). */
async function paymentSums(tx: Database, bookingId: number): Promise<{ account: AccountRef; amount: number }[]> {
  const rows = rowsOf<{ kind: string; user_id: string | null; amount: string | number }>(
    await tx.execute(sql`
      select a.kind, a.user_id, sum(e.amount) as amount
      from ledger_postings p join ledger_entries e on e.posting_id = p.id join ledger_accounts a on a.id = e.account_id
      where p.booking_id = ${bookingId} and p.kind = 'BOOKING_PAYMENT'
      group by a.kind, a.user_id`),
  );
  return rows
    .map((r) => ({ account: accountOf(r.kind, r.user_id), amount: Number(r.amount) }))
    .filter((r) => r.amount !== 0);
}

const accountOf = (kind: string, userId: string | null): AccountRef =>
  userId === null ? { system: kind as SystemAccount } : kind === 'RECEIVABLE' ? { receivable: userId } : { wallet: userId };

/** What the booking's payments charged so far (paise, net of earlier true-ups): paid by the wallet or owed. */
async function chargedFor(tx: Database, booking: BookingMoneyRow): Promise<number> {
  const sums = await paymentSums(tx, booking.id);
  return -sums.filter((s) => !('system' in s.account)).reduce((sum, s) => sum + s.amount, 0);
}

/** What the customer owes for the booking now (paise): minus the sum of its entries on their receivable. */
export async function owedFor(tx: Database, booking: BookingMoneyRow): Promise<number> {
  const [row] = rowsOf<{ n: string | number | null }>(
    await tx.execute(sql`
      select coalesce(-sum(e.amount), 0) as n from ledger_postings p join ledger_entries e on e.posting_id = p.id
      join ledger_accounts a on a.id = e.account_id and a.kind = 'RECEIVABLE' and a.user_id = ${booking.userId}
      where p.booking_id = ${booking.id}`),
  );
  return Number(row?.n ?? 0);
}

/**
 * Pays a wallet booking's amount (the advance of a scheduled booking, or what a finished session cost, less what was
 * charged already). `payWhatItHolds`: the session has happened, so a wallet short of credits pays what it holds and
 * the customer owes the rest, instead of refusing. Nothing for other payment modes or when nothing is due.
 */
export async function payBooking(tx: Database, booking: BookingMoneyRow, options: { actorUserId: string | null; payWhatItHolds: boolean; memo: string }): Promise<void> {
  if (booking.paymentMode !== 'WALLET') return;
  const charged = await chargedFor(tx, booking);
  const hadPayment = rowsOf(await tx.execute(sql`select 1 from ledger_postings where dedupe_key = ${`booking-payment:${booking.id}`}`)).length > 0;
  const due = booking.amount - charged;
  if (due === 0) return;
  const key = hadPayment ? `booking-payment-final:${booking.id}` : `booking-payment:${booking.id}`;
  await post(tx, {
    kind: 'BOOKING_PAYMENT',
    memo: options.memo,
    bookingId: booking.id,
    dedupeKey: key,
    actorUserId: options.actorUserId,
    legs: paymentLegs(booking.userId, due),
    ...(options.payWhatItHolds ? { owesTheRest: (owed: number, held: number) => `${options.memo} (${rupees(owed)} owed: the wallet held ${rupees(held)})` } : {}),
  });
}

/** Refunds everything the booking's payments took from the wallet (once: `booking-refund:<id>`). */
export async function refundBooking(tx: Database, booking: BookingMoneyRow, options: { actorUserId: string | null; memo: string }): Promise<number> {
  // Only wallet bookings pay on the ledger (and a customer paying otherwise gets no wallet opened here).
  if (booking.paymentMode !== 'WALLET') return 0;
  // Under the wallet's lock, so no settlement moves the split between paid and owed while it is read.
  await lockWallets(tx, [booking.userId]);
  const sums = await paymentSums(tx, booking.id);
  if (sums.length === 0) return 0;
  const legs = sums.map((s) => ({ account: s.account, amount: -s.amount }));
  await post(tx, { kind: 'CANCELLATION_REFUND', memo: options.memo, bookingId: booking.id, dedupeKey: `booking-refund:${booking.id}`, actorUserId: options.actorUserId, legs });
  return legs.filter((l) => 'wallet' in l.account).reduce((sum, l) => sum + l.amount, 0);
}

/**
 * Posts a utilization correction of a wallet booking's amount: the difference against REVENUE and GST. Up, the wallet
 * pays it (refused, 409, when it cannot cover it). Down, what the customer still owes for the booking is reduced first
 * and only the rest goes back to the wallet, so no correction gives back more than was paid.
 */
export async function postCorrection(tx: Database, booking: BookingMoneyRow, newAmount: number, options: { actorUserId: string | null; memo: string; reference: string }): Promise<void> {
  if (booking.paymentMode !== 'WALLET' || newAmount === booking.amount) return;
  const diff = newAmount - booking.amount;
  const gst = gstIncludedIn(newAmount) - gstIncludedIn(booking.amount);
  let owedLess = 0;
  if (diff < 0) {
    // Under the wallet's lock, so no settlement pays what is owed for the booking while it is read.
    await lockWallets(tx, [booking.userId]);
    owedLess = Math.min(await owedFor(tx, booking), -diff);
  }
  const legs: PostingLeg[] = [
    { account: { receivable: booking.userId }, amount: owedLess },
    { account: { wallet: booking.userId }, amount: -diff - owedLess },
    { account: { system: 'REVENUE' }, amount: diff - gst },
    { account: { system: 'GST' }, amount: gst },
  ].filter((l) => l.amount !== 0) as PostingLeg[];
  const memo = owedLess > 0 ? `${options.memo} (${rupees(owedLess)} less owed)` : options.memo;
  await post(tx, { kind: 'UTILIZATION_CORRECTION', memo, bookingId: booking.id, reference: options.reference, actorUserId: options.actorUserId, legs });
}
