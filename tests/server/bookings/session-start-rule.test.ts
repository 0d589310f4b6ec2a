// One rule for starting a customer's session, whichever way it starts: an RFID card at the charger (Authorize and
// StartTransaction), instant charging by staff, and a RemoteStartTransaction staff send with the customer's card. A
// prepaid wallet below the minimum (₹50 by default) starts nothing, in the same words everywhere: the charger is told
// Blocked, Authorize History keeps the reason, a refused StartTransaction makes no booking, and staff get a 409 with
// nothing sent. A postpaid wallet is not held to it; a wallet holding the minimum starts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionStartRefusal } from '@server/bookings/session-start-rule';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { authorize } from '@server/ocpp/authorisation-store';
import { startTransaction } from '@server/ocpp/transaction-store';
import { findChargerByBoxId } from '@server/ocpp/charger-identity';
import type { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { openLiveCharger, until, type LiveCharger } from '../support/live-charger';
import { call, signIn, type TestApp } from '../support/test-app';
import { testDrivers } from '../support/test-database';

describe.each(testDrivers)('the session start rule on %s', (driver) => {
  let live: LiveCharger;
  let database: OpenDatabase;
  let t: TestApp;
  let charger: SimulatedCharger;
  let chargerId: number;
  let admin: string;
  /** A prepaid customer whose wallet holds less than ₹50, with a card. */
  let poor: { userId: string; credits: number; card: string };
  /** A prepaid customer whose wallet holds plenty, with a card. */
  let funded: { userId: string; card: string };
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const addCard = (card: string, userId: string) => q(sql`insert into rfid_card_history (card_number, user_id, action, acted_at, created_at, updated_at) values (${card}, ${userId}, 'ADDED', now(), now(), now())`);
  const bookingsOf = async (userId: string) => Number((await q<{ n: number }>(sql`select count(*)::int as n from bookings where user_id = ${userId}`))[0]!.n);
  const commands = async () => Number((await q<{ n: number }>(sql`select count(*)::int as n from ocpp_commands`))[0]!.n);
  const lastAuthorize = async (card: string) => (await q<{ result: string; reason: string; user_id: string | null }>(sql`select result, reason, user_id from rfid_authorize_requests where card_number = ${card} order by id desc limit 1`))[0];
  const start = (connectorId: number, idTag: string) =>
    charger.call('StartTransaction', { connectorId, idTag, meterStart: 1_000 + connectorId, timestamp: new Date().toISOString() }) as Promise<{ transactionId: number; idTagInfo: { status: string } }>;
  const tag = (name: string) => `${name}${driver.slice(0, 2).toUpperCase()}`;

  beforeAll(async () => {
    live = await openLiveCharger(driver);
    ({ database, t, charger, chargerId } = live);
    admin = (await signIn(t, '9000000001')).authKey;
    const customers = (where: ReturnType<typeof sql>) =>
      q<{ user_id: string; credits: number }>(sql`select w.user_id, w.credits from wallets w join users u on u.id = w.user_id where ${where} and not w.postpaid and u.is_active and not u.operations_locked order by w.user_id`);
    const [low] = await customers(sql`w.credits < 5000`);
    const [high] = await customers(sql`w.credits >= 50000`);
    poor = { userId: low!.user_id, credits: Number(low!.credits), card: tag('POORCARD') };
    funded = { userId: high!.user_id, card: tag('RICHCARD') };
    await addCard(poor.card, poor.userId);
    await addCard(funded.card, funded.userId);
    await until(() => q<{ n: number }>(sql`select count(*)::int as n from ocpp_connectors where charger_id = ${chargerId} and status = 'Available'`), (r) => Number(r[0]?.n) >= 3);
  });
  afterAll(() => live.close());

  it('refuses an RFID card whose prepaid wallet is below ₹50: Blocked, the reason in Authorize History, and a StartTransaction makes no booking', async () => {
    expect(await charger.startWithCard(1, poor.card)).toBe('Blocked');
    const history = await lastAuthorize(poor.card);
    expect(history).toMatchObject({ result: 'REJECTED', user_id: poor.userId });
    expect(history!.reason).toMatch(/^Not enough credits: the customer’s wallet holds ₹[\d.,]+ and a session needs at least ₹50\.$/);
    expect(charger.session(1)).toBeNull();

    // A charger that started on its own (its cache, or offline authorization) and asks afterwards: refused the same way.
    const bookings = await bookingsOf(poor.userId);
    const started = await start(1, poor.card);
    expect(started.idTagInfo.status).toBe('Blocked');
    // It stops at once, as a charger does on a refused start; nothing is charged.
    await charger.call('StopTransaction', { transactionId: started.transactionId, meterStop: 1_500, timestamp: new Date().toISOString(), reason: 'DeAuthorized' });
    const [session] = await q<{ booking_id: number | null; stopped_at: unknown; status: string }>(
      sql`select s.booking_id, s.stopped_at, t.status from ocpp_sessions s join charger_transactions t on t.id = s.transaction_id where s.transaction_id = ${started.transactionId}`,
    );
    expect(session).toMatchObject({ booking_id: null, status: 'FAILED' });
    expect(session!.stopped_at).not.toBeNull();
    expect(await bookingsOf(poor.userId)).toBe(bookings);
  });

  it('accepts a wallet holding exactly the minimum, and a postpaid wallet below it; the minimum is a setting', async () => {
    const identity = (await findChargerByBoxId(database.db, live.offlineCharger.box))!;
    const at = new Date();
    // The functions the central system calls, with its configured minimum: this wallet holds exactly a lower one.
    expect(await authorize(database.db, identity.id, poor.card, at)).toEqual({ status: 'Blocked' });
    expect(await authorize(database.db, identity.id, poor.card, at, poor.credits + 1)).toEqual({ status: 'Blocked' });
    expect(await authorize(database.db, identity.id, poor.card, at, poor.credits)).toEqual({ status: 'Accepted' });
    expect(await sessionStartRefusal(database.db, poor.userId, poor.credits)).toBeNull();
    expect(await sessionStartRefusal(database.db, poor.userId, 5_000)).toMatchObject({ reason: 'credit', label: 'Not enough credits' });
    const exact = await startTransaction(database.db, identity, { connectorId: 1, idTag: poor.card, meterStart: 10_000, timestamp: at.toISOString() }, at, poor.credits);
    expect(exact.status).toBe('Accepted');
    expect(exact.bookingId).not.toBeNull();

    // A postpaid wallet is billed with its period: below the minimum, it starts.
    const [postpaid] = await q<{ user_id: string }>(
      sql`select w.user_id from wallets w join users u on u.id = w.user_id where w.credits < 5000 and not w.postpaid and u.is_active and not u.operations_locked and w.user_id <> ${poor.userId} order by w.user_id limit 1`,
    );
    await q(sql`update wallets set postpaid = true where user_id = ${postpaid!.user_id}`);
    const postpaidCard = tag('POSTCARD');
    await addCard(postpaidCard, postpaid!.user_id);
    expect(await authorize(database.db, identity.id, postpaidCard, at)).toEqual({ status: 'Accepted' });
    const started = await startTransaction(database.db, identity, { connectorId: 1, idTag: postpaidCard, meterStart: 20_000, timestamp: new Date(at.getTime() + 1_000).toISOString() }, at);
    expect(started.status).toBe('Accepted');
    expect(started.bookingId).not.toBeNull();
  });

  it('gives instant charging and a staff remote start with the card the same refusal, in the same words, sending nothing', async () => {
    const reason = (await q<{ reason: string }>(sql`select reason from rfid_authorize_requests where card_number = ${poor.card} and charger_id = ${chargerId} and result = 'REJECTED' order by id desc limit 1`))[0]!.reason;
    expect(reason).toMatch(/^Not enough credits/);
    const sent = await commands();
    const instant = await call(t, 'POST', '/booking-service/instant', { authKey: admin, body: { userId: poor.userId, chargerId, connectorId: 1 } });
    expect(instant.status).toBe(409);
    expect(instant.body.detail).toBe(`${reason} Nothing was sent.`);
    expect(instant.body.errors).toEqual([{ path: 'userId', message: 'Not enough credits' }]);
    const remote = await call(t, 'POST', '/ccu/charger-command', { authKey: admin, body: { chargerIds: [chargerId], command: { action: 'RemoteStartTransaction', payload: { connectorId: 1, idTag: poor.card } }, wait: true } });
    expect(remote.status).toBe(409);
    expect(remote.body.detail).toBe(`${reason} Nothing was sent.`);
    expect(await commands()).toBe(sent);

    // A customer who may start: the command goes, the charger starts, and the booking is theirs.
    const bookings = await bookingsOf(funded.userId);
    const accepted = await call(t, 'POST', '/ccu/charger-command', { authKey: admin, body: { chargerIds: [chargerId], command: { action: 'RemoteStartTransaction', payload: { connectorId: 2, idTag: funded.card } }, wait: true } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.items[0]).toMatchObject({ status: 'accepted' });
    expect(await until(() => bookingsOf(funded.userId), (n) => n === bookings + 1)).toBe(bookings + 1);
    await charger.stopSession(charger.connectors[1]!, 'Local');
  });

  it('checks an instant charging tag again when the charger starts: a wallet spent meanwhile is refused', async () => {
    const idTag = tag('CZOINSTSPENT');
    await q(sql`insert into instant_charge_requests (id_tag, user_id, charger_id, connector_id, requested_by, created_at) values (${idTag}, ${poor.userId}, ${chargerId}, 1, null, now())`);
    const bookings = await bookingsOf(poor.userId);
    const started = await start(1, idTag);
    expect(started.idTagInfo.status).toBe('Blocked');
    await charger.call('StopTransaction', { transactionId: started.transactionId, meterStop: 1_001, timestamp: new Date().toISOString(), reason: 'DeAuthorized' });
    expect(await bookingsOf(poor.userId)).toBe(bookings);
  });
});
