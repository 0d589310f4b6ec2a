// GST invoice routes: Issue invoice on a completed booking (booking-service, ROLE_ISSUE_INVOICE), the
// invoice's PDF (`GET /pw-service/gst-invoice/{id}/pdf`, ROLE_VIEW_INVOICES) and the invoice reminder
// (`POST /pw-service/invoice/reminder`, ROLE_SEND_INVOICE_REMINDER): an SMS to the customer of an unpaid invoice,
// at most one a day, in the SMS notification log and the invoice's history.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { bookingResource } from '@domain/resources/bookings/booking';
import { invoiceResource } from '@domain/resources/invoices/invoice';
import { postpaidBillingPeriodResource } from '@domain/resources/postpaid/postpaid-billing-period';
import { postpaidBillingResource } from '@domain/resources/postpaid/postpaid-billing';
import { formatDate, formatDateTime } from '@domain/format-date';
import { formatInrExact, INVOICE_REMINDER_INTERVAL_MS } from '@domain/invoices';
import { formatIndianMobile, maskMobile } from '@domain/phone';
import { problemSchema } from '@domain/problem';
import { logLine } from '@server/app-deps';
import { writeAudit } from '@server/audit/write-audit';
import type { Database } from '@server/db/database';
import { conflictProblem, notFoundProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { registerResourceAction } from '@server/resources/resource-actions';
import { findRecord } from '@server/resources/resource-query';
import { rowsOf } from '@server/db/rows';
import { sendSms } from '@server/sms/send-sms';
import { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf';
import { issueBookingInvoice } from './issue-booking-invoice';
import { billPostpaidPeriod } from './postpaid-billing';

/** The notification template of the reminder (its SMS text is used when it has one). */
export const INVOICE_REMINDER_TEMPLATE = 'INVOICE_REMINDER';
/** The reminder's text when the template is missing: invoice number, amount, due date. */
const DEFAULT_REMINDER_TEXT = 'Invoice {#var#} of Rs {#var#} is unpaid, due on {#var#}. Pay in the CZO app to keep charging. -CZO';

/** What a reminder answers. */
export const invoiceReminderAnswerSchema = z.object({
  invoiceId: z.number(),
  invoiceNumber: z.string(),
  channel: z.literal('SMS'),
  mobileNumber: z.string(),
  status: z.enum(['sent', 'failed']),
  sentAt: z.string(),
  nextReminderFrom: z.string(),
});

const invoicePdfPath = `${invoiceResource.apiPath}/:id/pdf`;

/** Fills a DLT text's {#var#} slots in order. */
function fillVariables(text: string, values: readonly string[]): string {
  let i = 0;
  return text.replace(/\{#var#\}/gi, () => values[i++] ?? '');
}

interface InvoiceRow {
  id: number;
  invoice_number: string;
  customer_id: string | null;
  customer_gstin: string | null;
  booking_id: number | null;
  place_of_supply: string | null;
  taxable_amount: number;
  cgst: number;
  sgst: number;
  igst: number;
  total_amount: number;
  issued_on: string;
  payment_status: string;
  due_on: string | null;
  last_reminder_at: Date | string | null;
  created_at: Date | string;
  customer_name: string | null;
  mobile_number: string | null;
}

const dateText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
};

async function loadInvoice(db: Database, id: number, lock: boolean): Promise<InvoiceRow> {
  const [row] = rowsOf<InvoiceRow>(
    await db.execute(sql`
      select i.id::int as id, i.invoice_number, i.customer_id, i.customer_gstin, i.booking_id::int as booking_id, i.place_of_supply,
        i.taxable_amount::bigint as taxable_amount, i.cgst::bigint as cgst, i.sgst::bigint as sgst, i.igst::bigint as igst, i.total_amount::bigint as total_amount,
        i.issued_on::text as issued_on, i.payment_status, i.due_on::text as due_on, i.last_reminder_at, i.created_at, u.name as customer_name, u.mobile_number
      from invoices i left join users u on u.id = i.customer_id where i.id = ${id} ${lock ? sql`for update of i` : sql``}`),
  );
  if (!row) throw notFoundProblem('No invoice has this id.');
  return row;
}

/** Everything the PDF prints of an invoice: the invoice, its customer, its booking and the operator. */
async function invoiceDocument(db: Database, id: number): Promise<InvoiceDocument> {
  const invoice = await loadInvoice(db, id, false);
  const [operator] = rowsOf<{ name: string; legal_name: string | null; gstin: string | null; city: string | null; state: string | null }>(
    await db.execute(sql`select o.name, o.legal_name, o.gstin, c.name as city, c.state from charge_point_operators o left join cities c on c.id = o.city_id where o.is_own_network limit 1`),
  );
  const [booking] = invoice.booking_id
    ? rowsOf<{ id: number; charger: string | null; started_at: Date | string | null; ended_at: Date | string | null; energy_wh: number | null; tariff_per_kwh: number | null }>(
        await db.execute(sql`
          select b.id::int as id, ch.unique_id as charger, b.started_at, b.ended_at, b.energy_wh::bigint as energy_wh, b.tariff_per_kwh::bigint as tariff_per_kwh
          from bookings b left join chargers ch on ch.id = b.charger_id where b.id = ${invoice.booking_id}`),
      )
    : [];
  return {
    invoiceNumber: invoice.invoice_number,
    issuedOn: dateText(invoice.issued_on)!,
    createdAt: invoice.created_at,
    operator: {
      name: operator?.legal_name ?? operator?.name ?? 'CZO Network',
      gstin: operator?.gstin ?? null,
      address: operator?.city ? [operator.city, operator.state].filter(Boolean).join(', ') : null,
    },
    customer: { name: invoice.customer_name, mobileNumber: invoice.mobile_number ? formatIndianMobile(invoice.mobile_number) : null, gstin: invoice.customer_gstin },
    placeOfSupply: invoice.place_of_supply,
    booking: booking
      ? {
          id: Number(booking.id),
          chargerName: booking.charger,
          startedAt: booking.started_at,
          endedAt: booking.ended_at,
          energyWh: booking.energy_wh === null ? null : Number(booking.energy_wh),
          tariffPerKwh: booking.tariff_per_kwh === null ? null : Number(booking.tariff_per_kwh),
        }
      : null,
    taxableAmount: Number(invoice.taxable_amount),
    cgst: Number(invoice.cgst),
    sgst: Number(invoice.sgst),
    igst: Number(invoice.igst),
    totalAmount: Number(invoice.total_amount),
    paymentStatus: invoice.payment_status,
    dueOn: dateText(invoice.due_on),
  };
}

/** A file name for the invoice's PDF ("CZ-2026-27-000123.pdf"). */
export const invoiceFileName = (invoiceNumber: string) => `${invoiceNumber.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

/** Registers Issue invoice, Bill period, the invoice PDF and the invoice reminder. */
export function registerInvoiceRoutes(registry: RouteRegistry): void {
  registerResourceAction(registry, postpaidBillingResource, 'bill-period', {
    summary:
      "Bill a postpaid configuration's next period: from the day after its last billed period (or its first day) to the last day of the last complete billing cycle in IST (weeks Monday to Sunday, fortnights 1–15 and 16–end, calendar months), its POSTPAID bookings (a group's members, or an operator's chargers) at its price per kWh, GST included, on one invoice with the next number of the financial year (unpaid, due after its payment terms). 201 with the period; a period with no bookings is recorded at ₹0 with no invoice. 200 with the last period billed when no cycle has ended since (billing is idempotent). 409 for an inactive configuration or one whose first cycle has not ended.",
    responses: {
      200: { description: 'No cycle has ended since the last period: that period', schema: postpaidBillingPeriodResource.recordSchema },
      201: { description: 'Billed: the period (its invoice, when it has an amount)', schema: postpaidBillingPeriodResource.recordSchema },
      404: { description: 'No postpaid billing configuration has this id', schema: problemSchema },
      409: { description: 'The configuration is inactive, or its first billing cycle has not ended', schema: problemSchema },
    },
    handler: async ({ c, body, session, deps }) => {
      const configurationId = Number(body.id);
      const now = deps.now();
      const billed = await deps.db.transaction(async (tx) => {
        const result = await billPostpaidPeriod(tx, configurationId, now);
        if (result.created) {
          const period = await findRecord(tx, postpaidBillingPeriodResource, result.id);
          const changes = {
            periodFrom: { from: null, to: period?.periodFrom ?? null },
            periodTo: { from: null, to: period?.periodTo ?? null },
            bookingsCount: { from: null, to: period?.bookingsCount ?? 0 },
            energyWh: { from: null, to: period?.energyWh ?? 0 },
            amount: { from: null, to: period?.amount ?? 0 },
            invoiceNumber: { from: null, to: result.invoiceNumber },
          };
          await writeAudit(tx, { entityType: postpaidBillingPeriodResource.name, entityId: String(result.id), actorUserId: session.userId, action: 'create', changes }, now);
          await writeAudit(tx, { entityType: postpaidBillingResource.name, entityId: String(configurationId), actorUserId: session.userId, action: 'bill-period', changes }, now);
          if (result.invoiceId !== null) {
            await writeAudit(
              tx,
              { entityType: invoiceResource.name, entityId: String(result.invoiceId), actorUserId: session.userId, action: 'issue', changes: { invoiceNumber: { from: null, to: result.invoiceNumber }, postpaidBillingPeriodId: { from: null, to: result.id } } },
              now,
            );
          }
        }
        return result;
      });
      return c.json(await findRecord(deps.db, postpaidBillingPeriodResource, billed.id), billed.created ? 201 : 200);
    },
  });

  registerResourceAction(registry, bookingResource, 'issue-invoice', {
    summary:
      'Issue the GST invoice of a paid booking whose charging has ended (completed, or stopped by staff): the next number of the financial year (CZ/2026-27/000123, no gaps), the amount paid split into taxable value and CGST + SGST (or IGST across states). 201 with the invoice; 200 with the invoice already issued (one per booking). 409 for a booking not ended, with nothing paid, or postpaid.',
    responses: {
      200: { description: 'The booking has an invoice already: that invoice', schema: invoiceResource.recordSchema },
      201: { description: 'Issued: the invoice', schema: invoiceResource.recordSchema },
      404: { description: 'No booking has this id', schema: problemSchema },
      409: { description: 'The booking has not ended, has nothing paid, or is postpaid', schema: problemSchema },
    },
    handler: async ({ c, body, session, deps }) => {
      const bookingId = Number(body.id);
      const now = deps.now();
      const issued = await deps.db.transaction(async (tx) => {
        const result = await issueBookingInvoice(tx, bookingId, { now, actorUserId: session.userId });
        if (result.created) {
          await writeAudit(tx, { entityType: bookingResource.name, entityId: String(bookingId), actorUserId: session.userId, action: 'issue-invoice', changes: { invoiceNumber: { from: null, to: result.invoiceNumber } } }, now);
        }
        return result;
      });
      return c.json(await findRecord(deps.db, invoiceResource, issued.id), issued.created ? 201 : 200);
    },
  });

  registry.route({
    method: 'GET',
    path: invoicePdfPath,
    access: { kind: 'permission', permission: 'ROLE_VIEW_INVOICES' },
    summary:
      'The GST invoice as a PDF (A4, attachment): operator and GSTIN, customer, booking, taxable value, CGST and SGST or IGST, total in ₹ (DejaVu Sans embedded, which has the ₹ glyph), invoice number and date in IST. Needs ROLE_VIEW_INVOICES.',
    responses: { 200: { description: 'The PDF (application/pdf)' }, 404: { description: 'No invoice has this id', schema: problemSchema } },
    handler: async ({ c, deps }) => {
      const raw = c.req.param('id') ?? '';
      if (!/^\d{1,15}$/.test(raw)) throw notFoundProblem('No invoice has this id.');
      const document = await invoiceDocument(deps.db, Number(raw));
      const pdf = await renderInvoicePdf(document);
      return new Response(new Uint8Array(pdf), {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Length': String(pdf.length),
          'Content-Disposition': `attachment; filename="${invoiceFileName(document.invoiceNumber)}"`,
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
  });

  registerResourceAction(registry, invoiceResource, 'reminder', {
    summary:
      'Send the customer of an unpaid invoice an SMS reminder (the INVOICE_REMINDER template: number, amount, due date) through the SMS provider into the SMS notification log, with an audit row. At most one reminder per invoice in 24 hours: 409 saying when the next may be sent. 409 for a paid invoice or a customer without a number.',
    responses: {
      201: { description: 'Sent (or failed at the provider): the log entry written, number masked', schema: invoiceReminderAnswerSchema },
      404: { description: 'No invoice has this id', schema: problemSchema },
      409: { description: 'The invoice is paid, has no customer number, or had a reminder in the last 24 hours', schema: problemSchema },
    },
    handler: async ({ c, body, session, deps }) => {
      const id = Number(body.id);
      const now = deps.now();
      const refuse = (message: string, detail: string) => conflictProblem(detail, [{ path: 'id', message }]);
      // The check and the mark are one transaction on the invoice's locked row, so two reminders at once send one.
      // The SMS goes after the commit: a provider call never holds the row (nor PGlite's one connection).
      const reserved = await deps.db.transaction(async (tx) => {
        const invoice = await loadInvoice(tx, id, true);
        if (invoice.payment_status === 'PAID') throw refuse('Paid', `Invoice ${invoice.invoice_number} is paid: there is nothing to remind the customer of.`);
        if (invoice.last_reminder_at) {
          const last = new Date(invoice.last_reminder_at);
          const next = new Date(last.getTime() + INVOICE_REMINDER_INTERVAL_MS);
          if (next.getTime() > now.getTime()) {
            throw refuse(
              `Next reminder from ${formatDateTime(next)} IST`,
              `A reminder for invoice ${invoice.invoice_number} was sent on ${formatDateTime(last)} IST. An invoice gets one reminder a day: the next can be sent from ${formatDateTime(next)} IST.`,
            );
          }
        }
        if (!invoice.mobile_number) throw refuse('No mobile number', `The customer of invoice ${invoice.invoice_number} has no mobile number to send a reminder to.`);
        await tx.execute(sql`update invoices set last_reminder_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz where id = ${id}`);
        await writeAudit(
          tx,
          {
            entityType: invoiceResource.name,
            entityId: String(id),
            actorUserId: session.userId,
            action: 'reminder',
            changes: { lastReminderAt: { from: invoice.last_reminder_at ? new Date(invoice.last_reminder_at).toISOString() : null, to: now.toISOString() }, sentTo: { to: maskMobile(invoice.mobile_number) }, channel: { to: 'SMS' } },
          },
          now,
        );
        const [template] = rowsOf<{ sms_text: string | null }>(await tx.execute(sql`select sms_text from notification_templates where template_id = ${INVOICE_REMINDER_TEMPLATE} and channel = 'SMS' limit 1`));
        return { invoice, smsText: template?.sms_text?.trim() || DEFAULT_REMINDER_TEXT };
      });
      const { invoice } = reserved;
      const due = invoice.due_on ? formatDate(`${dateText(invoice.due_on)}T12:00:00+05:30`) : 'receipt';
      const message = fillVariables(reserved.smsText, [invoice.invoice_number, formatInrExact(Number(invoice.total_amount)).replace('₹', ''), due]);
      const sent = await sendSms(deps, invoice.mobile_number!, message, message, 'czo-invoice-reminder', INVOICE_REMINDER_TEMPLATE);
      deps.logger.info(logLine('invoice-reminder', { invoiceId: id, to: maskMobile(invoice.mobile_number!), status: sent ? 'sent' : 'failed' }));
      return c.json(
        {
          invoiceId: id,
          invoiceNumber: invoice.invoice_number,
          channel: 'SMS' as const,
          mobileNumber: maskMobile(invoice.mobile_number!),
          status: sent ? ('sent' as const) : ('failed' as const),
          sentAt: now.toISOString(),
          nextReminderFrom: new Date(now.getTime() + INVOICE_REMINDER_INTERVAL_MS).toISOString(),
        },
        201,
      );
    },
  });
}
