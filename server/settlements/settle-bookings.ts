// Settling bookings into a host's settlement: the bookings are checked (known, completed, charged at this host's
// chargers, not settled yet), one settlement_bookings row is written per booking (its UNIQUE booking id makes a
// booking settled at most once, whatever races) and the settlement's totals grow by the rows' amounts. Callers
// pass their transaction, so rows, totals, state and audit commit together or not at all.
import { eq, inArray, sql } from 'drizzle-orm';
import { settlementAmountsOf, sumSettlementAmounts, type SettlementAmounts } from '@domain/settlement-amounts';
import type { Database } from '@server/db/database';
import { bookings } from '@server/db/tables/bookings';
import { chargers } from '@server/db/tables/chargers';
import { settlementBookings, settlements } from '@server/db/tables/finance';
import { HttpProblem, problemTypes } from '@server/http/problem';

/** Problem type of a booking that is already in a settlement. */
export const bookingAlreadySettledType = '/problems/booking-already-settled';

/** A booking as settling sees it: its amount (paise), status and the host of the charger it was charged at. */
export interface SettlingBooking {
  id: number;
  status: string;
  amount: number;
  hostId: string | null;
  /** The settlement it is already in, if any. */
  settledIn: number | null;
}

/** The bookings of these numbers (missing numbers are simply absent), with their host and settlement. */
export async function loadSettlingBookings(db: Database, ids: readonly number[]): Promise<Map<number, SettlingBooking>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: bookings.id, status: bookings.status, amount: bookings.amount, hostId: chargers.hostId, settledIn: settlementBookings.settlementId })
    .from(bookings)
    .leftJoin(chargers, eq(chargers.id, bookings.chargerId))
    .leftJoin(settlementBookings, eq(settlementBookings.bookingId, bookings.id))
    .where(inArray(bookings.id, [...ids]));
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { id: Number(r.id), status: String(r.status), amount: Number(r.amount ?? 0), hostId: (r.hostId as string | null) ?? null, settledIn: r.settledIn == null ? null : Number(r.settledIn) },
    ]),
  );
}

/** Why a booking cannot be settled into a settlement of `hostId` (undefined when it can). */
export function settleRefusal(bookingId: number, booking: SettlingBooking | undefined, hostId: string): string | undefined {
  if (!booking) return `No booking has the number ${bookingId}.`;
  if (booking.settledIn !== null) return `Booking ${bookingId} is already settled in settlement ${booking.settledIn}.`;
  if (booking.status !== 'COMPLETED') return `Booking ${bookingId} is ${booking.status.toLowerCase().replace(/_/g, ' ')}, not completed.`;
  if (booking.hostId !== hostId) return `Booking ${bookingId} was charged at another host's charger.`;
  return undefined;
}

function alreadySettled(bookingId: number, settlementId: number | null): HttpProblem {
  const detail = settlementId === null ? `Booking ${bookingId} is already settled.` : `Booking ${bookingId} is already settled in settlement ${settlementId}.`;
  return new HttpProblem({
    type: bookingAlreadySettledType,
    status: 409,
    title: 'Conflict',
    detail,
    bookingId,
    settlementId,
    errors: [{ path: 'bookingId', message: detail }],
  } as never);
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = ((error as { cause?: unknown }).cause ?? error) as { code?: string };
  return e?.code === '23505';
};

/**
 * Settles the bookings into the settlement (inside the caller's transaction) and answers the amounts added.
 * 409 naming the booking when one is already settled (checked first, and enforced by the unique index against
 * races); 422 naming the booking when it is unknown, not completed or another host's.
 */
export async function settleBookings(tx: Database, settlement: { id: number; hostId: string }, bookingIds: readonly number[], now: Date): Promise<SettlementAmounts> {
  const found = await loadSettlingBookings(tx, bookingIds);
  const rows = bookingIds.map((bookingId) => {
    const booking = found.get(bookingId);
    if (booking?.settledIn != null) throw alreadySettled(bookingId, booking.settledIn);
    const why = settleRefusal(bookingId, booking, settlement.hostId);
    if (why) throw new HttpProblem({ type: problemTypes.validation, status: 422, title: 'Cannot settle this booking', detail: why, errors: [{ path: 'bookingId', message: why }] });
    return { bookingId, ...settlementAmountsOf(booking!.amount) };
  });
  if (rows.length === 0) return sumSettlementAmounts([]);
  try {
    // A savepoint: a unique violation (another settlement took the booking meanwhile) leaves the transaction usable
    // for finding which settlement it was.
    await tx.transaction(async (inner) => {
      await inner.insert(settlementBookings).values(rows.map((r) => ({ ...r, settlementId: settlement.id, hostId: settlement.hostId, createdAt: now, updatedAt: now })));
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const taken = await tx
      .select({ bookingId: settlementBookings.bookingId, settlementId: settlementBookings.settlementId })
      .from(settlementBookings)
      .where(inArray(settlementBookings.bookingId, [...bookingIds]));
    const first = taken[0];
    throw alreadySettled(first ? Number(first.bookingId) : bookingIds[0]!, first ? Number(first.settlementId) : null);
  }
  const added = sumSettlementAmounts(rows);
  await tx
    .update(settlements)
    .set({
      bookingsCount: sql`${settlements.bookingsCount} + ${rows.length}`,
      grossAmount: sql`${settlements.grossAmount} + ${added.grossAmount}`,
      commission: sql`${settlements.commission} + ${added.commission}`,
      gst: sql`${settlements.gst} + ${added.gst}`,
      netPayable: sql`${settlements.netPayable} + ${added.netPayable}`,
      updatedAt: now,
    })
    .where(eq(settlements.id, settlement.id));
  return added;
}
