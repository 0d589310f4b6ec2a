// The console's one-off idTags start one session, once: a session staff start for a customer (CZOINST…, on the
// customer's wallet) and a test charge (CZOTEST…, free) are accepted at the charger they were made for, until a
// transaction starts with them and within their lifetime. A charger that keeps such a tag in its cache, or anyone
// presenting it again, gets Invalid (the reason in Authorize History), a second StartTransaction makes a failed
// transaction and no booking, and the customer's wallet is not touched; the first transaction sent again keeps its
// answer. Staff cannot send a test tag already used.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { authorize, ONE_OFF_TAG_LIFETIME_MS } from '@server/ocpp/authorisation-store';
import { findChargerByBoxId } from '@server/ocpp/charger-identity';
import { startTransaction } from '@server/ocpp/transaction-store';
import type { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { openLiveCharger, until, type LiveCharger } from '../support/live-charger';
import { call, signIn, type TestApp } from '../support/test-app';
import { testDrivers } from '../support/test-database';

describe.each(testDrivers)('the console’s one-off tags on %s', (driver) => {
  let live: LiveCharger;
  let database: OpenDatabase;
  let t: TestApp;
  let charger: SimulatedCharger;
  let chargerId: number;
  let admin: string;
  /** A prepaid customer whose wallet holds plenty. */
  let customer: string;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const count = async (query: ReturnType<typeof sql>) => Number((await q<{ n: number }>(query))[0]!.n);
  const credits = async () => Number((await q<{ credits: number }>(sql`select credits from wallets where user_id = ${customer}`))[0]!.credits);
  const lastAuthorize = async (idTag: string) => (await q<{ result: string; reason: string }>(sql`select result, reason from rfid_authorize_requests where card_number = ${idTag} order by id desc limit 1`))[0];
  const startCall = (connectorId: number, idTag: string, meterStart: number, timestamp = new Date().toISOString()) =>
    charger.call('StartTransaction', { connectorId, idTag, meterStart, timestamp }) as Promise<{ transactionId: number; idTagInfo: { status: string } }>;
  const charging = (connectorId: number) => until(async () => charger.session(connectorId)?.transactionId ?? null, (id) => id !== null, 15_000);

  beforeAll(async () => {
    live = await openLiveCharger(driver);
    ({ database, t, charger, chargerId } = live);
    admin = (await signIn(t, '9000000001')).authKey;
    const [funded] = await q<{ user_id: string }>(
      sql`select w.user_id from wallets w join users u on u.id = w.user_id where w.credits >= 50000 and not w.postpaid and u.is_active and not u.operations_locked order by w.user_id desc limit 1`,
    );
    customer = funded!.user_id;
    await until(() => q<{ n: number }>(sql`select count(*)::int as n from ocpp_connectors where charger_id = ${chargerId} and status = 'Available'`), (r) => Number(r[0]?.n) >= 3);
  }, 120_000);
  afterAll(() => live.close());

  it('starts one session for the customer with the instant charging tag; presented again it is refused, nothing is booked or charged, and the first start sent again keeps its answer', async () => {
    const bookings = await count(sql`select count(*)::int as n from bookings where user_id = ${customer}`);
    const sent = await call(t, 'POST', '/booking-service/instant', { authKey: admin, body: { userId: customer, chargerId, connectorId: 1 } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const idTag = String(sent.body.idTag);
    const transactionId = await charging(1);
    expect(transactionId).not.toBeNull();
    expect(await count(sql`select count(*)::int as n from bookings where user_id = ${customer}`)).toBe(bookings + 1);
    const [first] = await q<{ start_key: string; meter_start_wh: number; started_at: string }>(sql`select start_key, meter_start_wh, started_at from ocpp_sessions where transaction_id = ${transactionId}`);

    // The charger's cache (or anyone at the charger) presents the tag again.
    expect(await charger.call('Authorize', { idTag })).toEqual({ idTagInfo: { status: 'Invalid' } });
    expect(await lastAuthorize(idTag)).toEqual({ result: 'REJECTED', reason: 'Instant charging tag already used' });
    const wallet = await credits();
    const second = await startCall(2, idTag, 7_000);
    expect(second.idTagInfo.status).toBe('Invalid');
    await charger.call('StopTransaction', { transactionId: second.transactionId, meterStop: 7_500, timestamp: new Date().toISOString(), reason: 'DeAuthorized' });
    expect(await q(sql`select s.booking_id, t.status from ocpp_sessions s join charger_transactions t on t.id = s.transaction_id where s.transaction_id = ${second.transactionId}`)).toEqual([
      { booking_id: null, status: 'FAILED' },
    ]);
    expect(await count(sql`select count(*)::int as n from bookings where user_id = ${customer}`)).toBe(bookings + 1);
    expect(await credits()).toBe(wallet);

    // The first StartTransaction sent again (its answer lost): the same transaction, still accepted.
    const resent = await startCall(1, idTag, Number(first!.meter_start_wh), first!.start_key.split('|')[1]);
    expect(resent).toEqual({ transactionId, idTagInfo: { status: 'Accepted' } });
  });

  it('refuses a tag past its lifetime, judged by when the transaction started: one started in time and sent after an outage is accepted', async () => {
    const identity = (await findChargerByBoxId(database.db, live.offlineCharger.box))!;
    const made = new Date();
    const fresh = `CZOINST${randomBytes(5).toString('hex').toUpperCase()}`;
    const late = `CZOINST${randomBytes(5).toString('hex').toUpperCase()}`;
    for (const idTag of [fresh, late]) {
      await q(sql`insert into instant_charge_requests (id_tag, user_id, charger_id, connector_id, created_at) values (${idTag}, ${customer}, ${identity.id}, 1, ${made.toISOString()})`);
    }
    const pastLifetime = new Date(made.getTime() + ONE_OFF_TAG_LIFETIME_MS + 60_000);
    expect(await authorize(database.db, identity.id, late, pastLifetime)).toEqual({ status: 'Invalid' });
    expect(await lastAuthorize(late)).toEqual({ result: 'REJECTED', reason: 'Instant charging tag expired' });
    const stale = await startTransaction(database.db, identity, { connectorId: 1, idTag: late, meterStart: 100, timestamp: pastLifetime.toISOString() }, pastLifetime);
    expect(stale).toMatchObject({ status: 'Invalid', bookingId: null });
    // Started a minute after it was made, while the charger was offline; sent an hour later.
    const afterOutage = new Date(made.getTime() + 60 * 60_000);
    const started = await startTransaction(database.db, identity, { connectorId: 1, idTag: fresh, meterStart: 200, timestamp: new Date(made.getTime() + 60_000).toISOString() }, afterOutage);
    expect(started.status).toBe('Accepted');
    expect(started.bookingId).not.toBeNull();
  });

  it('starts one test charge with a test tag: presented again it is refused, and staff cannot send it again', async () => {
    const idTag = `CZOTEST${randomBytes(5).toString('hex').toUpperCase()}`;
    const command = { action: 'RemoteStartTransaction', payload: { connectorId: 2, idTag } };
    const sent = await call(t, 'POST', '/ccu/charger-command', { authKey: admin, body: { chargerIds: [chargerId], command, wait: true } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await charging(2)).not.toBeNull();
    expect(await charger.call('Authorize', { idTag })).toEqual({ idTagInfo: { status: 'Invalid' } });
    expect(await lastAuthorize(idTag)).toEqual({ result: 'REJECTED', reason: 'Test tag already used' });

    const commands = await count(sql`select count(*)::int as n from ocpp_commands where charger_id = ${chargerId}`);
    const again = await call(t, 'POST', '/ccu/charger-command', { authKey: admin, body: { chargerIds: [chargerId], command, wait: true } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Test tag already used. Nothing was sent.');
    expect(await count(sql`select count(*)::int as n from ocpp_commands where charger_id = ${chargerId}`)).toBe(commands);
  });
});
