// The local authorization list against a simulated charger over a real socket: Send full list builds the list from
// the RFID cards (blocked ones Blocked), a card change reaches the charger as a Differential with the next version
// (a removed card without idTagInfo), a charger that was offline gets what it missed when it reconnects, a charger
// answering VersionMismatch gets the whole list, and the refusals (permission, not OCPP, offline, unknown).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localListPaths } from '@domain/local-list';
import { rowsOf } from '@server/db/rows';
import { startJobWorkers, type JobWorkers } from '@server/jobs/job-worker';
import { localListJobHandlers } from '@server/ocpp/local-list-service';
import { call, signIn } from '@tests/server/support/test-app';
import { testDrivers } from '@tests/server/support/test-database';
import { openLiveCharger, quiet, until, type LiveCharger } from '@tests/server/support/live-charger';

type Row = Record<string, unknown>;

describe.each(testDrivers)('local authorization list (%s)', { timeout: 90_000 }, (driver) => {
  let live: LiveCharger;
  let workers: JobWorkers;
  let admin: string;
  const q = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await live.database.db.execute(query));
  const list = async () => (await call(live.t, 'GET', localListPaths.ofCharger(live.chargerId), { authKey: admin })).body as Row;
  const lastSend = async () =>
    (await q(sql`select payload, status, response from ocpp_commands where charger_id = ${live.chargerId} and action = 'SendLocalList' order by created_at desc, id limit 1`))[0]!;
  const cardAction = (name: string, cardNumber: string) => call(live.t, 'POST', `/user-service/rfid-card/${name}`, { authKey: admin, body: { cardNumber, reason: 'Local list test' } });

  beforeAll(async () => {
    live = await openLiveCharger(driver);
    workers = startJobWorkers({ db: live.database.db, handlers: localListJobHandlers({ db: live.database.db, bus: live.bus, logger: quiet }), pollMs: 200, logger: quiet });
    admin = (await signIn(live.t, '9000000001')).authKey;
    // The charger's boot is handled (a boot queues its list's sync once it holds one).
    await until(async () => (await q(sql`select booted_at from ocpp_charge_points where charger_id = ${live.chargerId}`))[0]?.booted_at, (at) => Boolean(at), 30_000);
  }, 240_000);
  afterAll(async () => {
    await workers?.stop();
    await live?.close();
  });

  it('holds no list until a full list is sent; Send full list sends every card on an account, blocked ones as Blocked', async () => {
    expect(await list()).toMatchObject({ holdsList: false, state: null, heldVersion: null });
    const sent = await call(live.t, 'POST', localListPaths.sendFull, { authKey: admin, body: { chargerIds: [live.chargerId] } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const cards = await q(sql`select card_number, blocked from rfid_cards where held and length(card_number) <= 20`);
    expect(cards.length).toBeGreaterThan(0);
    expect(live.charger.localList.size).toBe(cards.length);
    for (const card of cards.slice(0, 20)) expect(live.charger.localList.get(String(card.card_number))?.status).toBe(card.blocked ? 'Blocked' : 'Accepted');
    const state = await list();
    expect(state).toMatchObject({ holdsList: true, state: 'inSync', answer: null, cards: cards.length, enabled: true, maxLength: 10_000, sendMaxLength: 10_000 });
    expect(state.heldVersion).toBe(state.wantedVersion);
    expect(live.charger.localListVersion).toBe(state.heldVersion);
    // Each send is a command record of the staff member: the configuration read, then the whole list.
    await workers.drain(60_000);
    const records = await q(sql`select action, status, payload->>'updateType' as update_type, requested_by is not null as by_staff from ocpp_commands where charger_id = ${live.chargerId} and requested_by is not null order by created_at`);
    expect(records.slice(-2)).toEqual([
      { action: 'GetConfiguration', status: 'accepted', update_type: null, by_staff: true },
      { action: 'SendLocalList', status: 'accepted', update_type: 'Full', by_staff: true },
    ]);
  });

  it('sends a blocked, unblocked or removed card to the charger as a Differential with the next version', async () => {
    const [card] = await q(sql`select card_number from rfid_cards where held and not blocked and length(card_number) <= 20 order by card_number limit 1`);
    const cardNumber = String(card!.card_number);
    const before = Number((await list()).heldVersion);
    expect((await cardAction('block', cardNumber)).status).toBe(200);
    await workers.drain(60_000);
    await until(async () => live.charger.localList.get(cardNumber)?.status, (s) => s === 'Blocked', 20_000);
    const blocked = await until(list, (l) => l.state === 'inSync' && Number(l.heldVersion) > before, 10_000);
    expect(blocked).toMatchObject({ state: 'inSync' });
    expect(live.charger.localListVersion).toBe(blocked.heldVersion);
    expect((await lastSend()).payload).toEqual({ listVersion: blocked.heldVersion, updateType: 'Differential', localAuthorizationList: [{ idTag: cardNumber, idTagInfo: { status: 'Blocked' } }] });
    // The same card blocked again changes nothing (409) and sends nothing.
    expect((await cardAction('block', cardNumber)).status).toBe(409);

    expect((await cardAction('unblock', cardNumber)).status).toBe(200);
    await until(async () => live.charger.localList.get(cardNumber)?.status, (s) => s === 'Accepted', 20_000);

    expect((await cardAction('remove', cardNumber)).status).toBe(200);
    await until(async () => live.charger.localList.has(cardNumber), (has) => !has, 20_000);
    const removed = await lastSend();
    expect(removed.payload).toMatchObject({ updateType: 'Differential', localAuthorizationList: [{ idTag: cardNumber }] });
    expect((removed.payload as { localAuthorizationList: Row[] }).localAuthorizationList[0]).not.toHaveProperty('idTagInfo');
    expect(await until(list, (l) => l.state === 'inSync', 10_000)).toMatchObject({ state: 'inSync' });
  });

  it('leaves an offline charger behind and sends it what it missed when it reconnects', async () => {
    const held = Number((await list()).heldVersion);
    await live.charger.stop();
    await until(async () => (await q(sql`select connected_node from ocpp_charge_points where charger_id = ${live.chargerId}`))[0]?.connected_node, (n) => n === null);
    const [card] = await q(sql`select card_number from rfid_cards where held and not blocked and length(card_number) <= 20 order by card_number limit 1`);
    const cardNumber = String(card!.card_number);
    expect((await cardAction('block', cardNumber)).status).toBe(200);
    const behind = await until(list, (l) => l.state === 'behind', 20_000);
    expect(behind).toMatchObject({ state: 'behind', heldVersion: held });
    expect(Number(behind.wantedVersion)).toBeGreaterThan(held);
    expect(live.charger.localList.get(cardNumber)?.status).toBe('Accepted');

    await live.charger.start();
    await until(async () => live.charger.localList.get(cardNumber)?.status, (s) => s === 'Blocked', 20_000);
    const synced = await until(list, (l) => l.state === 'inSync', 10_000);
    expect(synced.heldVersion).toBe(behind.wantedVersion);
    // It read the charger's version, then sent only what changed since.
    expect((await lastSend()).payload).toMatchObject({ updateType: 'Differential', localAuthorizationList: [{ idTag: cardNumber, idTagInfo: { status: 'Blocked' } }] });
  });

  it('sends the whole list to a charger answering VersionMismatch', async () => {
    // The charger holds a version we never sent: a Differential is refused, and the whole list goes instead.
    live.charger.localListVersion = 2_000_000_000;
    live.charger.localList.clear();
    const [card] = await q(sql`select card_number from rfid_cards where held and blocked and length(card_number) <= 20 order by card_number limit 1`);
    const cardNumber = String(card!.card_number);
    expect((await cardAction('unblock', cardNumber)).status).toBe(200);
    const synced = await until(list, (l) => l.state === 'inSync' && live.charger.localListVersion === l.heldVersion, 20_000);
    expect(synced.state).toBe('inSync');
    const mismatch = await q(sql`select response->>'status' as answer from ocpp_commands where charger_id = ${live.chargerId} and action = 'SendLocalList' and payload->>'updateType' = 'Differential' order by created_at desc limit 1`);
    expect(mismatch[0]).toEqual({ answer: 'VersionMismatch' });
    expect((await lastSend()).payload).toMatchObject({ updateType: 'Full', listVersion: synced.heldVersion });
    expect(live.charger.localList.size).toBe(Number(synced.cards));
  });

  it('reads the list version a charger holds', async () => {
    const read = await call(live.t, 'POST', localListPaths.readVersion, { authKey: admin, body: { chargerIds: [live.chargerId] } });
    expect(read.status).toBe(200);
    expect(read.body.items[0]).toMatchObject({ action: 'GetLocalListVersion', status: 'accepted', response: { listVersion: live.charger.localListVersion } });
    expect(read.body.lists[0]).toMatchObject({ holdsList: true, state: 'inSync', heldVersion: live.charger.localListVersion });
  });

  it('refuses without the permission, a charger that is not OCPP, an offline charger and an unknown one, sending nothing', async () => {
    const count = async () => Number((await q(sql`select count(*)::int as n from ocpp_commands`))[0]!.n);
    const before = await count();
    const noRole = (await signIn(live.t, '9000000007')).authKey;
    expect((await call(live.t, 'POST', localListPaths.sendFull, { authKey: noRole, body: { chargerIds: [live.chargerId] } })).status).toBe(403);
    const [other] = await q(sql`select id, unique_id from chargers where charger_type <> 'OCPP_16_JSON_CHARGER' order by id limit 1`);
    const notOcpp = await call(live.t, 'POST', localListPaths.sendFull, { authKey: admin, body: { chargerIds: [Number(other!.id)] } });
    expect(notOcpp.status).toBe(409);
    expect(notOcpp.body).toMatchObject({ type: '/problems/not-an-ocpp-charger', detail: expect.stringContaining(String(other!.unique_id)) });
    const offline = await call(live.t, 'POST', localListPaths.sendFull, { authKey: admin, body: { chargerIds: [live.offlineCharger.id] } });
    expect(offline.status).toBe(409);
    expect(offline.body).toMatchObject({ type: '/problems/charger-offline', detail: expect.stringMatching(/offline: nothing was sent/) });
    expect((await call(live.t, 'POST', localListPaths.readVersion, { authKey: admin, body: { chargerIds: [99_999_999] } })).status).toBe(404);
    expect((await call(live.t, 'POST', localListPaths.readVersion, { authKey: admin, body: { chargerIds: [] } })).status).toBe(400);
    expect(await count()).toBe(before);
    expect(await q(sql`select charger_id from ocpp_local_lists where charger_id in (${live.offlineCharger.id}, ${Number(other!.id)})`)).toEqual([]);
  });
});
