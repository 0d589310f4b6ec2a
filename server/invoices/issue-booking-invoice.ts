// The GST invoice of a completed paid booking. One per booking: the booking's row is locked first, so two
// issues of one booking run one after the other and the second finds the first's invoice (the unique index on
// invoices.booking_id backs this). The number comes from the year's counter in the same transaction, so a rollback
// anywhere after it gives the number back.
//
// GST rule: the booking's amount is what the customer paid, GST included (gstOfInclusiveAmount). The place of
// supply is the state of the booking's city (where the charging happened). It is intra-state (CGST + SGST) when that
// is the state of the operator's registered city (the own-network charge point operator), else inter-state (IGST);
// when either state is unknown it is intra-state.
import { sql } from 'drizzle-orm';
import { gstOfInclusiveAmount, istDate, type InvoiceAmounts } from '@domain/invoices';
import { invoiceResource } from '@domain/resources/invoices/invoice';
import { writeAudit } from '@server/audit/write-audit';
import type { Database } from '@server/db/database';
import { conflictProblem, notFoundProblem } from '@server/http/problem';
import { rowsOf } from '@server/db/rows';
import { nextInvoiceNumber } from './invoice-numbers';

/** What issuing answers: the invoice's id and number, and whether this call made it (false: it existed). */
export interface IssuedInvoice {
  id: number;
  invoiceNumber: string;
  created: boolean;
}

interface BookingRow {
  id: number;
  user_id: string;
  status: string;
  amount: number;
  payment_mode: string;
  state: string | null;
}

/** The operator's registered state: its own-network operator's city's state (null when unknown). */
async function operatorState(tx: Database): Promise<string | null> {
  const [row] = rowsOf<{ state: string | null }>(
    await tx.execute(sql`select c.state from charge_point_operators o left join cities c on c.id = o.city_id where o.is_own_network limit 1`),
  );
  return row?.state ?? null;
}

/** The GST amounts of a booking's amount paid in `bookingState`, with the rule above. */
export async function bookingInvoiceAmounts(tx: Database, amountPaise: number, bookingState: string | null): Promise<InvoiceAmounts> {
  const registered = await operatorState(tx);
  const interState = registered !== null && bookingState !== null && registered !== bookingState;
  return gstOfInclusiveAmount(amountPaise, interState);
}

/** Booking states whose charging has ended with energy delivered and paid for: each gets its invoice. */
export const INVOICEABLE_STATUSES: readonly string[] = ['COMPLETED', 'STOPPED_BY_ADMIN'];

/**
 * Issues the GST invoice of a paid booking whose charging has ended (INVOICEABLE_STATUSES) in the caller's transaction, or answers the one it has
 * (idempotent). Refuses (409, field `id`) a booking that has not ended, has nothing to pay, or is postpaid
 * (postpaid bookings are billed by their billing period's invoice); 404 when there is no such booking.
 * Call it from the booking's completion (after the payment is posted) with the completion's transaction.
 */
export async function issueBookingInvoice(tx: Database, bookingId: number, options: { now?: Date; actorUserId?: string | null } = {}): Promise<IssuedInvoice> {
  const now = options.now ?? new Date();
  const [booking] = rowsOf<BookingRow>(
    await tx.execute(sql`
      select b.id::int as id, b.user_id, b.status, b.amount::bigint as amount, b.payment_mode, c.state
      from bookings b left join cities c on c.id = b.city_id where b.id = ${bookingId} for update of b`),
  );
  if (!booking) throw notFoundProblem('No booking has this id.');
  const [existing] = rowsOf<{ id: number; invoice_number: string }>(await tx.execute(sql`select id::int as id, invoice_number from invoices where booking_id = ${bookingId}`));
  if (existing) return { id: Number(existing.id), invoiceNumber: existing.invoice_number, created: false };
  const refuse = (message: string, detail: string) => conflictProblem(detail, [{ path: 'id', message }]);
  if (!INVOICEABLE_STATUSES.includes(booking.status)) throw refuse('Not completed', `Booking ${bookingId} is not completed: an invoice is issued once its charging has ended (completed, or stopped by staff).`);
  const amount = Number(booking.amount);
  if (!(amount > 0)) throw refuse('Nothing paid', `Booking ${bookingId} has no amount to invoice.`);
  if (booking.payment_mode === 'POSTPAID') throw refuse('Postpaid', `Booking ${bookingId} is postpaid: it is invoiced with its billing period, not on its own.`);

  const amounts = await bookingInvoiceAmounts(tx, amount, booking.state);
  const { invoiceNumber } = await nextInvoiceNumber(tx, now);
  const at = now.toISOString();
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      insert into invoices (invoice_number, customer_id, booking_id, place_of_supply, taxable_amount, cgst, sgst, igst, total_amount, issued_on, payment_status, created_at, updated_at)
      values (${invoiceNumber}, ${booking.user_id}::uuid, ${bookingId}, ${booking.state}, ${amounts.taxableAmount}, ${amounts.cgst}, ${amounts.sgst}, ${amounts.igst}, ${amounts.totalAmount},
        ${istDate(now)}::date, 'PAID', ${at}::timestamptz, ${at}::timestamptz)
      returning id::int as id`),
  );
  // The invoice's own audit row, whoever issues it (staff on the booking's page, or the session's end with no actor).
  await writeAudit(
    tx,
    { entityType: invoiceResource.name, entityId: String(row!.id), actorUserId: options.actorUserId ?? null, action: 'issue', changes: { invoiceNumber: { from: null, to: invoiceNumber }, bookingId: { from: null, to: bookingId } } },
    now,
  );
  return { id: Number(row!.id), invoiceNumber, created: true };
}
