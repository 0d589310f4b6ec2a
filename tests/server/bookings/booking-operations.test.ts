// Booking operations on both drivers: cancel (refund of the wallet's advance, once even when sent twice at once),
// utilization correction (the difference posted on the wallet, audited before/after), each refusal writing nothing,
// and the charger's side through the same machine (a session started and stopped at the charger pays from the wallet).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authorize } from '@server/ocpp/authorisation-store';
import { findChargerByBoxId } from '@server/ocpp/charger-identity';
import { startTransaction, stopTransaction } from '@server/ocpp/transaction-store';
import { checkLedger } from '@server/ledger/ledger-check';
import { walletBalance } from '@server/ledger/ledger';
import { gstIncludedIn } from '@server/bookings/booking-money';
import { rowsOf } from '@server/db/rows';
import { call } from '@tests/server/support/test-app';
import { testDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

type Row = Record<string, unknown>;
const API = '/booking-service/admin/booking';

describe.each(testDrivers)('booking operations on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let support: string;
  let finance: string;
  const q = async <T extends Row>(query: ReturnType<typeof sql>) => rowsOf<T>(await env.database.db.execute(query));
  const booking = async (id: unknown) => (await call(env.t, 'GET', `${API}/${String(id)}`, { authKey: admin })).body;
  const postings = (id: unknown) => q<{ kind: string; dedupe_key: string | null }>(sql`select kind, dedupe_key from ledger_postings where booking_id = ${Number(id)} order by id`);
  const audits = (id: unknown) => q<{ event: string | null; reason: string | null; changes: unknown }>(sql`select event, reason, changes from audit_log where entity_type = 'bookings' and entity_id = ${String(id)} order by created_at, id`);
  /** Scheduled wallet bookings whose advance the seed paid, a different one for each test. */
  let scheduled: { id: number; user_id: string; amount: number }[] = [];
  const nextScheduled = () => scheduled.shift()!;
  const completedWallet = async (offset: number) =>
    (await q<{ id: number; user_id: string; amount: number; energy_wh: number }>(sql`
      select id::int as id, user_id, amount::int as amount, energy_wh::int as energy_wh from bookings
      where status = 'COMPLETED' and payment_mode = 'WALLET' and amount between 10000 and 40000 order by id desc offset ${offset} limit 1`))[0]!;

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    support = (await env.signInAs('9000000005')).authKey;
    finance = (await env.signInAs('9000000004')).authKey;
    scheduled = await q(sql`
      select b.id::int as id, b.user_id, b.amount::int as amount from bookings b join ledger_postings p on p.dedupe_key = 'booking-payment:' || b.id
      where b.status = 'SCHEDULED' order by b.id`);
  });

  it('seeds scheduled wallet bookings with their advance paid', () => {
    expect(scheduled.length).toBeGreaterThanOrEqual(3);
  });

  it('cancel refunds the advance to the wallet, with the reason in the audit; the ledger stays balanced', async () => {
    const b = nextScheduled();
    const before = await walletBalance(env.database.db, b.user_id);
    const record = await booking(b.id);
    const res = await call(env.t, 'POST', `${API}/${b.id}/transition`, { authKey: support, body: { type: 'CANCEL', reason: 'Driver cannot reach the charger', version: record.version } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'CANCELLED', version: record.version + 1 });
    expect(await walletBalance(env.database.db, b.user_id)).toBe(before + b.amount);
    expect((await postings(b.id)).map((p) => p.dedupe_key)).toEqual([`booking-payment:${b.id}`, `booking-refund:${b.id}`]);
    expect((await audits(b.id)).at(-1)).toMatchObject({ event: 'CANCEL', reason: 'Driver cannot reach the charger' });
    const timeline = await call(env.t, 'GET', `${API}/${b.id}/timeline`, { authKey: support });
    expect(timeline.status).toBe(200);
    // (Sorted by time; the test app's clock and the database's, which stamps postings, differ: compare as a set.)
    expect(timeline.body.items.map((i: Row) => `${String(i.kind)}: ${String(i.title)}`).sort()).toEqual(['money: Booking payment', 'money: Cancellation refund', 'transition: Cancel']);
    expect(timeline.body.items.find((i: Row) => i.title === 'Cancellation refund')).toMatchObject({ walletAmount: b.amount, revenueAmount: -(b.amount - gstIncludedIn(b.amount)), gstAmount: -gstIncludedIn(b.amount) });
    expect((await call(env.t, 'GET', `${API}/99999999/timeline`, { authKey: support })).status).toBe(404);
    expect((await call(env.t, 'GET', `${API}/${b.id}/timeline`, { authKey: (await env.signInAs('9000000007')).authKey })).status).toBe(403);
    expect(await checkLedger(env.database.db)).toMatchObject({ unbalancedPostings: 0, total: 0, walletsOff: 0, prepaidBelowZero: 0 });
  });

  it('cancel sent twice at once refunds once', async () => {
    const b = nextScheduled();
    const before = await walletBalance(env.database.db, b.user_id);
    const { version } = await booking(b.id);
    const send = () => call(env.t, 'POST', `${API}/${b.id}/transition`, { authKey: support, body: { type: 'CANCEL', reason: 'Sent twice by mistake', version } });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await walletBalance(env.database.db, b.user_id)).toBe(before + b.amount);
    expect((await postings(b.id)).filter((p) => p.kind === 'CANCELLATION_REFUND')).toHaveLength(1);
    expect(await checkLedger(env.database.db)).toMatchObject({ unbalancedPostings: 0, total: 0, walletsOff: 0 });
  });

  it('refuses cancel without the permission (403), with a short reason (400 at reason) and when not scheduled (409); nothing is written', async () => {
    const b = nextScheduled();
    const record = await booking(b.id);
    const auditBefore = (await audits(b.id)).length;
    const denied = await call(env.t, 'POST', `${API}/${b.id}/transition`, { authKey: finance, body: { type: 'CANCEL', reason: 'Not my job to cancel', version: record.version } });
    expect(denied.status).toBe(403);
    const bad = await call(env.t, 'POST', `${API}/${b.id}/transition`, { authKey: support, body: { type: 'CANCEL', reason: 'x', version: record.version } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'reason' })]));
    const unknownEvent = await call(env.t, 'POST', `${API}/${b.id}/transition`, { authKey: admin, body: { type: 'COMPLETE', version: record.version } });
    expect(unknownEvent.status).toBe(400);
    const done = await completedWallet(0);
    const doneRecord = await booking(done.id);
    const refused = await call(env.t, 'POST', `${API}/${done.id}/transition`, { authKey: support, body: { type: 'CANCEL', reason: 'Too late to cancel', version: doneRecord.version } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ currentState: 'COMPLETED', acceptedEvents: ['CORRECT_UTILIZATION'] });
    expect(await booking(b.id)).toMatchObject({ status: 'SCHEDULED', version: record.version });
    expect(await audits(b.id)).toHaveLength(auditBefore);
    expect(await postings(b.id)).toHaveLength(1);
    expect(await postings(done.id)).toHaveLength(0);
  });

  it('utilization correction changes energy and amount, posts the difference on the wallet and audits before and after', async () => {
    const b = await completedWallet(1);
    const record = await booking(b.id);
    const before = await walletBalance(env.database.db, b.user_id);
    const amount = b.amount - 5_000;
    const res = await call(env.t, 'POST', `${API}/${b.id}/transition`, {
      authKey: admin,
      body: { type: 'CORRECT_UTILIZATION', energyWh: b.energy_wh - 200, amount, reason: 'Meter over-read, confirmed by the host', version: record.version },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'COMPLETED', energyWh: b.energy_wh - 200, amount });
    expect(await walletBalance(env.database.db, b.user_id)).toBe(before + 5_000);
    const [posting] = await q<{ kind: string; gst: number }>(sql`
      select p.kind, sum(e.amount) filter (where a.kind = 'GST')::int as gst from ledger_postings p join ledger_entries e on e.posting_id = p.id join ledger_accounts a on a.id = e.account_id
      where p.booking_id = ${b.id} group by p.id, p.kind`);
    expect(posting).toEqual({ kind: 'UTILIZATION_CORRECTION', gst: gstIncludedIn(amount) - gstIncludedIn(b.amount) });
    expect((await audits(b.id)).at(-1)).toMatchObject({
      event: 'CORRECT_UTILIZATION',
      reason: 'Meter over-read, confirmed by the host',
      changes: { energyWh: { from: b.energy_wh, to: b.energy_wh - 200 }, amount: { from: b.amount, to: amount } },
    });
    expect(await checkLedger(env.database.db)).toMatchObject({ unbalancedPostings: 0, total: 0, walletsOff: 0, prepaidBelowZero: 0 });
  });

  it('refuses a correction that changes nothing (400), without the permission (403), more than the wallet holds (409) or of a booking not completed (409); the generic update refuses the fields', async () => {
    const b = await completedWallet(2);
    const record = await booking(b.id);
    const send = (authKey: string, body: Row, id: number = b.id, version: unknown = record.version) =>
      call(env.t, 'POST', `${API}/${id}/transition`, { authKey, body: { type: 'CORRECT_UTILIZATION', reason: 'Checked against the meter', version, ...body } });
    const nothing = await send(admin, {});
    expect(nothing.status).toBe(400);
    expect(nothing.body.errors[0].path).toBe('energyWh');
    expect((await send(admin, { amount: b.amount })).status).toBe(400);
    expect((await send(admin, { amount: -5 })).status).toBe(400);
    expect((await send(admin, { energyWh: 1.5 })).status).toBe(400);
    expect((await send(support, { amount: b.amount + 100 })).status).toBe(403);
    const rich = await send(admin, { amount: 4_900_000 });
    expect(rich.status).toBe(409);
    expect(rich.body.type).toBe('/problems/insufficient-credits');
    const s = nextScheduled();
    const sRecord = await booking(s.id);
    expect((await send(admin, { amount: 100 }, s.id, sRecord.version)).status).toBe(409);
    const put = await call(env.t, 'PUT', `${API}/${b.id}`, { authKey: admin, body: { amount: 1, energyWh: 1, status: 'CANCELLED' } });
    expect(put.status).toBeGreaterThanOrEqual(400);
    expect(await booking(b.id)).toMatchObject({ status: 'COMPLETED', amount: b.amount, energyWh: b.energy_wh, version: record.version });
    expect(await postings(b.id)).toHaveLength(0);
  });

  it('a session started and stopped at the charger goes through the machine, pays from the wallet once and gets its invoice', async () => {
    const [box] = await q<{ charger_box_id: string }>(sql`select c.charger_box_id from ocpp_charge_points p join chargers c on c.id = p.charger_id where c.is_active order by c.id limit 1`);
    const charger = (await findChargerByBoxId(env.database.db, box!.charger_box_id))!;
    // A card of our own, on a wallet that can pay the session.
    const [user] = await q<{ user_id: string }>(sql`select user_id from wallets where credits >= 10000 and not postpaid order by user_id limit 1`);
    const card = { card_number: `BKTEST${driver.toUpperCase()}`, user_id: user!.user_id };
    await env.database.db.execute(sql`insert into rfid_card_history (card_number, user_id, action, acted_at, created_at, updated_at) values (${card.card_number}, ${card.user_id}, 'ADDED', now(), now(), now())`);
    const before = await walletBalance(env.database.db, card.user_id);
    const now = new Date();
    const started = await startTransaction(env.database.db, charger, { connectorId: 1, idTag: card.card_number, meterStart: 1_000, timestamp: now.toISOString() }, now);
    expect(started.status).toBe('Accepted');
    expect(await booking(started.bookingId)).toMatchObject({ status: 'CHARGING', version: 1 });
    const stop = { transactionId: started.transactionId, meterStop: 3_000, timestamp: new Date(now.getTime() + 600_000).toISOString(), reason: 'Local' };
    const later = new Date(now.getTime() + 600_000);
    await stopTransaction(env.database.db, charger.id, stop, later);
    await stopTransaction(env.database.db, charger.id, stop, later);
    const done = await booking(started.bookingId);
    expect(done).toMatchObject({ status: 'COMPLETED', energyWh: 2_000, amount: 3_600, version: 2 });
    expect((await audits(started.bookingId)).map((a) => a.event)).toEqual(['START', 'COMPLETE']);
    expect(await walletBalance(env.database.db, card.user_id)).toBe(before - 3_600);
    expect((await postings(started.bookingId)).map((p) => p.dedupe_key)).toEqual([`booking-payment:${started.bookingId}`]);
    expect(await checkLedger(env.database.db)).toMatchObject({ unbalancedPostings: 0, total: 0, walletsOff: 0, prepaidBelowZero: 0 });
    // Its GST invoice was issued with the completion, once (the repeated StopTransaction issued nothing more).
    const invoices = await q<{ total_amount: string | number; payment_status: string }>(sql`select total_amount, payment_status from invoices where booking_id = ${started.bookingId}`);
    expect(invoices.map((i) => [Number(i.total_amount), i.payment_status])).toEqual([[3_600, 'PAID']]);
    const issued = await q<{ action: string; actor_user_id: string | null }>(
      sql`select a.action, a.actor_user_id from audit_log a join invoices i on a.entity_type = 'invoices' and a.entity_id = i.id::text where i.booking_id = ${started.bookingId}`,
    );
    expect(issued).toEqual([{ action: 'issue', actor_user_id: null }]);
  });

  it('sends a help message by SMS or WhatsApp into the notification logs, logs a call to the customer, and refuses bad input, no permission and unknown bookings', async () => {
    const [b] = await q<{ id: number; user_phone: string }>(sql`select id::int as id, user_phone from bookings where status = 'COMPLETED' order by id limit 1`);
    const smsBefore = (await q<{ n: number }>(sql`select count(*)::int as n from sms_notification_logs where template = 'czo-help-message'`))[0]!.n;
    const sms = await call(env.t, 'POST', '/booking-service/send-help-message', { authKey: support, body: { id: b!.id, channel: 'SMS', message: 'Please re-plug the connector and try again.' } });
    expect(sms.status, JSON.stringify(sms.body)).toBe(201);
    expect(sms.body).toMatchObject({ channel: 'SMS', status: 'SENT' });
    expect((await q<{ n: number }>(sql`select count(*)::int as n from sms_notification_logs where template = 'czo-help-message'`))[0]!.n).toBe(smsBefore + 1);
    const whatsapp = await call(env.t, 'POST', '/booking-service/send-help-message', { authKey: support, body: { id: b!.id, channel: 'WHATSAPP', message: 'Your session is safe.' } });
    expect(whatsapp.status).toBe(201);
    expect((await q<{ n: number }>(sql`select count(*)::int as n from whatsapp_notification_logs where template = 'czo-help-message'`))[0]!.n).toBeGreaterThan(0);
    expect((await call(env.t, 'POST', '/booking-service/send-help-message', { authKey: support, body: { id: b!.id, channel: 'FAX', message: 'x' } })).status).toBe(400);
    expect((await call(env.t, 'POST', '/booking-service/send-help-message', { authKey: finance, body: { id: b!.id, channel: 'SMS', message: 'Hello' } })).status).toBe(403);
    expect((await call(env.t, 'POST', '/booking-service/send-help-message', { authKey: support, body: { id: 99_999_999, channel: 'SMS', message: 'Hello' } })).status).toBe(404);

    const placed = await call(env.t, 'POST', '/booking-service/initiate-outbound-call', { authKey: support, body: { id: b!.id } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const [logged] = await q<{ status: string; customer_phone: string; booking_number: string }>(sql`select status, customer_phone, booking_number from outbound_call_logs where id = ${placed.body.id}`);
    expect(logged).toEqual({ status: 'INITIATED', customer_phone: b!.user_phone, booking_number: String(b!.id) });
    expect((await call(env.t, 'POST', '/booking-service/initiate-outbound-call', { authKey: finance, body: { id: b!.id } })).status).toBe(403);
    const actions = (await audits(b!.id)).length;
    expect(actions).toBe(3);
  });

  it('locks and unlocks a customer’s operations with a reason (the flag on the user, audited; their card refused at chargers while locked); a repeat is 409, no reason 400, no permission 403', async () => {
    const [b] = await q<{ user_id: string }>(sql`select user_id from bookings where status = 'COMPLETED' order by id desc limit 1`);
    const lock = (authKey: string, body: Row) => call(env.t, 'POST', '/booking-service/lock-customer-operations', { authKey, body: { userId: b!.user_id, ...body } });
    expect((await lock(support, { locked: true, reason: 'Chargeback dispute open' })).status).toBe(403);
    expect((await lock(admin, { locked: true })).status).toBe(400);
    const locked = await lock(admin, { locked: true, reason: 'Chargeback dispute open' });
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    expect(locked.body).toMatchObject({ operationsLocked: true, operationsLockReason: 'Chargeback dispute open' });
    expect((await lock(admin, { locked: true, reason: 'Again' })).status).toBe(409);
    // While locked, the customer's own card starts nothing at a charger (Authorize answers Blocked, in Authorize History).
    const cardNumber = `LOCK${driver.toUpperCase()}`;
    await env.database.db.execute(sql`insert into rfid_card_history (card_number, user_id, action, acted_at, created_at, updated_at) values (${cardNumber}, ${b!.user_id}, 'ADDED', now(), now(), now())`);
    const [charger] = await q<{ id: number }>(sql`select id::int as id from chargers order by id limit 1`);
    expect(await authorize(env.database.db, charger!.id, cardNumber, new Date())).toEqual({ status: 'Blocked' });
    expect((await lock(admin, { locked: false, reason: 'Dispute settled' })).body).toMatchObject({ operationsLocked: false });
    expect(await authorize(env.database.db, charger!.id, cardNumber, new Date())).toEqual({ status: 'Accepted' });
    const rows = await q<{ action: string; reason: string }>(sql`select action, reason from audit_log where entity_type = 'users' and entity_id = ${b!.user_id} and action like '%customer-operations' order by created_at, id`);
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(expect.arrayContaining([{ action: 'lock-customer-operations', reason: 'Chargeback dispute open' }, { action: 'unlock-customer-operations', reason: 'Dispute settled' }]));
    expect((await call(env.t, 'PUT', `/user-service/user/${b!.user_id}`, { authKey: admin, body: { operationsLocked: true } })).status).toBe(400);
  });
});
