// GST invoices on both drivers: gapless numbers per financial year under 20 concurrent issues, one
// invoice per booking, a rolled-back issue giving its number back, the financial year turning at 1 April 00:00 IST,
// refusals that write nothing, the PDF (its number in its text, the ₹ glyph from the embedded font) and the reminder
// (SMS log, audit, once a day, refused for a paid invoice).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { financialYearOf, formatInvoiceNumber, gstOfInclusiveAmount, invoiceNumberPattern } from '@domain/invoices';
import { issueBookingInvoice } from '@server/invoices/issue-booking-invoice';
import { rowsOf } from '@server/seed/seed-sql';
import { demoStaffUserId } from '@server/seed/seed-staff';
import { call } from '@tests/server/support/test-app';
import { testDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';
import { pdfFonts, pdfText } from './pdf-text';

const ISSUE = '/booking-service/admin/booking/issue-invoice';
const REMIND = '/pw-service/invoice/reminder';
const pdfPath = (id: unknown) => `/pw-service/gst-invoice/${String(id)}/pdf`;
type Row = Record<string, unknown>;

describe('invoice numbers and GST (pure)', () => {
  it('turns the financial year at 1 April 00:00 IST', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T18:30:00.000Z'))).toBe('2027-28');
    expect(financialYearOf(new Date('2099-12-31T00:00:00.000Z'))).toBe('2099-00');
    expect(formatInvoiceNumber('2026-27', 123)).toBe('CZ/2026-27/000123');
  });

  it('splits an amount paid into taxable value and GST that add up to it exactly', () => {
    for (const total of [1, 2, 3, 117, 118, 119, 11_800, 12_345, 99_999, 1_234_567]) {
      for (const inter of [false, true]) {
        const a = gstOfInclusiveAmount(total, inter);
        expect(a.taxableAmount + a.cgst + a.sgst + a.igst).toBe(total);
        expect(Math.abs(a.cgst - a.sgst)).toBeLessThanOrEqual(1);
        expect(inter ? a.cgst + a.sgst : a.igst).toBe(0);
      }
    }
    expect(gstOfInclusiveAmount(11_800, false)).toEqual({ taxableAmount: 10_000, cgst: 900, sgst: 900, igst: 0, totalAmount: 11_800 });
    expect(gstOfInclusiveAmount(11_800, true)).toEqual({ taxableAmount: 10_000, cgst: 0, sgst: 0, igst: 1_800, totalAmount: 11_800 });
  });
});

describe.each(testDrivers)('GST invoices on %s', (driver) => {
  const env = useTestApp(driver);
  let finance: string;
  let readOnly: string;
  let bookings: { id: number; amount: number }[];
  let next = 0;
  const booking = () => bookings[next++]!;

  const q = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await env.database.db.execute(query));
  const counter = async (fy: string) => Number((await q(sql`select last_number from invoice_number_counters where financial_year = ${fy}`))[0]?.last_number ?? 0);
  const invoiceCount = async () => Number((await q(sql`select count(*)::int as c from invoices`))[0]!.c);
  const sequenceOf = (invoiceNumber: unknown) => Number(invoiceNumberPattern.exec(String(invoiceNumber))![2]);
  const issue = (id: unknown, authKey = finance) => call(env.t, 'POST', ISSUE, { authKey, body: { id } });

  beforeAll(async () => {
    finance = (await env.signInAs('9000000004')).authKey;
    readOnly = (await env.signInAs('9000000006')).authKey;
    // Completed, paid (not postpaid) bookings without an invoice, of a known state (so the GST heads are decided).
    bookings = rowsOf<{ id: number; amount: number }>(
      await env.database.db.execute(sql`
        select b.id::int as id, b.amount::bigint as amount from bookings b
        where b.status = 'COMPLETED' and b.amount > 0 and b.payment_mode <> 'POSTPAID' and b.city_id is not null
          and not exists (select 1 from invoices i where i.booking_id = b.id)
        order by b.id limit 40`),
    ).map((b) => ({ id: Number(b.id), amount: Number(b.amount) }));
    expect(bookings.length).toBe(40);
  });

  it('numbers 20 concurrent issues without gaps or duplicates, each for the amount paid', async () => {
    const fy = financialYearOf(env.t.clock.now());
    const before = await counter(fy);
    const picked = Array.from({ length: 20 }, booking);
    const answers = await Promise.all(picked.map((b) => issue(b.id)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(201);
    const sequences = answers.map((a) => sequenceOf(a.body.invoiceNumber)).sort((x, y) => x - y);
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, i) => before + 1 + i));
    expect(await counter(fy)).toBe(before + 20);
    for (const [i, a] of answers.entries()) {
      expect(String(a.body.invoiceNumber).startsWith(`CZ/${fy}/`)).toBe(true);
      expect(a.body).toMatchObject({ bookingId: picked[i]!.id, totalAmount: picked[i]!.amount, paymentStatus: 'PAID' });
      expect(a.body.taxableAmount + a.body.cgst + a.body.sgst + a.body.igst).toBe(picked[i]!.amount);
    }
    const audit = await q(sql`select action, actor_user_id from audit_log where entity_type = 'invoices' and entity_id = ${String(answers[0]!.body.id)}`);
    expect(audit).toEqual([{ action: 'issue', actor_user_id: demoStaffUserId('9000000004') }]);
  });

  it('issues one invoice per booking: a second issue (also at the same time) answers the first', async () => {
    const b = booking();
    const fy = financialYearOf(env.t.clock.now());
    const before = await counter(fy);
    const [one, two] = await Promise.all([issue(b.id), issue(b.id)]);
    expect([one!.status, two!.status].sort()).toEqual([200, 201]);
    expect(one!.body.id).toBe(two!.body.id);
    const again = await issue(b.id);
    expect(again.status).toBe(200);
    expect(again.body.invoiceNumber).toBe(one!.body.invoiceNumber);
    expect(await q(sql`select count(*)::int as c from invoices where booking_id = ${b.id}`)).toEqual([{ c: 1 }]);
    expect(await counter(fy)).toBe(before + 1);
  });

  it('gives a rolled-back issue’s number to the next invoice (no gap)', async () => {
    const fy = financialYearOf(env.t.clock.now());
    const before = await counter(fy);
    const rolledBack = booking();
    await expect(
      env.database.db.transaction(async (tx) => {
        const issued = await issueBookingInvoice(tx, rolledBack.id, { now: env.t.clock.now() });
        expect(sequenceOf(issued.invoiceNumber)).toBe(before + 1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await counter(fy)).toBe(before);
    expect(await q(sql`select id from invoices where booking_id = ${rolledBack.id}`)).toEqual([]);
    const issued = await issue(booking().id);
    expect(sequenceOf(issued.body.invoiceNumber)).toBe(before + 1);
  });

  it('starts a new series at 1 April 00:00 IST', async () => {
    const [last, first, second] = await env.database.db.transaction(async (tx) => [
      await issueBookingInvoice(tx, booking().id, { now: new Date('2031-03-31T18:29:59.999Z') }),
      await issueBookingInvoice(tx, booking().id, { now: new Date('2031-03-31T18:30:00.000Z') }),
      await issueBookingInvoice(tx, booking().id, { now: new Date('2031-04-01T09:00:00.000Z') }),
    ]);
    expect(last!.invoiceNumber).toBe('CZ/2030-31/000001');
    expect(first!.invoiceNumber).toBe('CZ/2031-32/000001');
    expect(second!.invoiceNumber).toBe('CZ/2031-32/000002');
    expect(await q(sql`select issued_on::text as d from invoices where id = ${first!.id}`)).toEqual([{ d: '2031-04-01' }]);
  });

  it('refuses what cannot be invoiced, writing nothing', async () => {
    const fy = financialYearOf(env.t.clock.now());
    const [scheduled] = await q(sql`select id::int as id from bookings where status not in ('COMPLETED', 'STOPPED_BY_ADMIN') order by id limit 1`);
    const [postpaid] = await q(sql`
      select b.id::int as id from bookings b where b.status = 'COMPLETED' and b.amount > 0 and b.payment_mode = 'POSTPAID'
        and not exists (select 1 from invoices i where i.booking_id = b.id) order by b.id limit 1`);
    const before = { count: await invoiceCount(), counter: await counter(fy) };
    const notCompleted = await issue(scheduled!.id);
    expect(notCompleted.status).toBe(409);
    expect(notCompleted.body.errors).toEqual([{ path: 'id', message: 'Not completed' }]);
    if (postpaid) expect((await issue(postpaid.id)).body.errors).toEqual([{ path: 'id', message: 'Postpaid' }]);
    expect((await issue(9_999_999_999)).status).toBe(404);
    const bad = await call(env.t, 'POST', ISSUE, { authKey: finance, body: { id: 'twelve', extra: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: Row) => e.path).sort()).toEqual(['extra', 'id'].sort());
    expect((await issue(booking().id, readOnly)).status).toBe(403);
    expect({ count: await invoiceCount(), counter: await counter(fy) }).toEqual(before);
  });

  it('serves the invoice as a PDF with its number in the text and the ₹ glyph of the embedded font', async () => {
    const issued = await issue(booking().id);
    const answer = await env.t.app.request(pdfPath(issued.body.id), { headers: { authorization: `Bearer ${finance}` } });
    expect(answer.status, JSON.stringify(env.t.errors.slice(-1))).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${String(issued.body.invoiceNumber).replaceAll('/', '-')}.pdf"`);
    const pdf = Buffer.from(await answer.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(String(issued.body.invoiceNumber));
    expect(text).toContain(`₹${(issued.body.totalAmount / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
    expect(text).toMatch(issued.body.igst > 0 ? /IGST at 18%/ : /CGST at 9%[\s\S]*SGST at 9%/);
    const fonts = [...pdfFonts(pdf).values()];
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font.baseFont).toMatch(/^[A-Z]{6}\+DejaVuSans/);
      expect(font.embedded).toBe(true);
    }
    expect(fonts.some((f) => [...f.cmap.values()].includes('₹'))).toBe(true);
    expect((await call(env.t, 'GET', pdfPath(9_999_999), { authKey: finance })).status).toBe(404);
    expect((await call(env.t, 'GET', pdfPath('abc'), { authKey: finance })).status).toBe(404);
    const [seeded] = await q(sql`select id::int as id, invoice_number from invoices where booking_id is null order by id limit 1`);
    if (seeded) expect(pdfText(Buffer.from(await (await env.t.app.request(pdfPath(seeded.id), { headers: { authorization: `Bearer ${finance}` } })).arrayBuffer()))).toContain(String(seeded.invoice_number));
  });

  it('numbers the seeded invoices per financial year, gapless, with the counters at each year’s last', async () => {
    const years = await q(sql`
      select substring(invoice_number from 4 for 7) as fy, count(*)::int as n, max(substring(invoice_number from 12)::int) as last, count(distinct invoice_number)::int as distinct
      from invoices where issued_on < '2030-01-01' group by 1 order by 1`);
    expect(years.length).toBeGreaterThan(0);
    for (const y of years) {
      expect(y.last).toBe(y.n);
      expect(y.distinct).toBe(y.n);
      expect(await counter(String(y.fy))).toBe(y.n);
    }
  });

  it('sends a reminder of an unpaid invoice once a day, through the SMS log, audited; refuses a paid one', async () => {
    const [unpaid] = await q(sql`
      select i.id::int as id, i.invoice_number from invoices i join users u on u.id = i.customer_id
      where i.payment_status = 'UNPAID' and i.last_reminder_at is null order by i.id limit 1`);
    expect(unpaid).toBeDefined();
    const smsCount = async () => Number((await q(sql`select count(*)::int as c from sms_notification_logs where template = 'INVOICE_REMINDER'`))[0]!.c);
    const logsBefore = await smsCount();
    const sent = await call(env.t, 'POST', REMIND, { authKey: finance, body: { id: unpaid!.id } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ invoiceId: unpaid!.id, invoiceNumber: unpaid!.invoice_number, channel: 'SMS', status: 'sent' });
    expect(await smsCount()).toBe(logsBefore + 1);
    const [log] = await q(sql`select message, mobile_number from sms_notification_logs where template = 'INVOICE_REMINDER' order by id desc limit 1`);
    expect(String(log!.message)).toContain(String(unpaid!.invoice_number));
    expect(String(log!.mobile_number)).toMatch(/^\*+\d{4}$/);
    expect(await q(sql`select action from audit_log where entity_type = 'invoices' and entity_id = ${String(unpaid!.id)}`)).toEqual([{ action: 'reminder' }]);

    const again = await call(env.t, 'POST', REMIND, { authKey: finance, body: { id: unpaid!.id } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/one reminder a day: the next can be sent from \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} [ap]m IST/);
    expect(await smsCount()).toBe(logsBefore + 1);

    // A day later it may be sent again.
    await env.database.db.execute(sql`update invoices set last_reminder_at = last_reminder_at - interval '24 hours' where id = ${unpaid!.id}`);
    expect((await call(env.t, 'POST', REMIND, { authKey: finance, body: { id: unpaid!.id } })).status).toBe(201);

    const [paid] = await q(sql`select id::int as id from invoices where payment_status = 'PAID' order by id limit 1`);
    const refused = await call(env.t, 'POST', REMIND, { authKey: finance, body: { id: paid!.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([{ path: 'id', message: 'Paid' }]);
    expect((await call(env.t, 'POST', REMIND, { authKey: readOnly, body: { id: unpaid!.id } })).status).toBe(403);
    expect((await call(env.t, 'POST', REMIND, { authKey: finance, body: { id: 9_999_999 } })).status).toBe(404);
    expect(await smsCount()).toBe(logsBefore + 2);
  });
});
