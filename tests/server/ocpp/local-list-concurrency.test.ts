// The local list when card changes come at once: one sender per charger (its list's claim), so two propagations
// running side by side never send one charger two updates built from the same version (the second would be stale:
// VersionMismatch, or a charger left a change short); a charger another sender holds is left to it, and the holder
// looks again after letting go, so a change made meanwhile still reaches it. Against a simulated charger, both drivers.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localListPaths } from '@domain/local-list';
import { rowsOf } from '@server/db/rows';
import { propagateListChanges } from '@server/ocpp/local-list-service';
import { claimLists, currentListVersion, releaseLists } from '@server/ocpp/local-list-store';
import { call, signIn } from '@tests/server/support/test-app';
import { testDrivers } from '@tests/server/support/test-database';
import { openLiveCharger, quiet, until, type LiveCharger } from '@tests/server/support/live-charger';

type Row = Record<string, unknown>;

describe.each(testDrivers)('local list with card changes at once (%s)', { timeout: 120_000 }, (driver) => {
  let live: LiveCharger;
  let admin: string;
  let listedFrom: string;
  const q = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await live.database.db.execute(query));
  const deps = () => ({ db: live.database.db, bus: live.bus, now: () => new Date(), logger: quiet });
  const list = async () => (await call(live.t, 'GET', localListPaths.ofCharger(live.chargerId), { authKey: admin })).body as Row;
  const cardAction = (name: string, cardNumber: string) => call(live.t, 'POST', `/user-service/rfid-card/${name}`, { authKey: admin, body: { cardNumber, reason: 'Concurrent change test' } });
  const sends = () =>
    q(sql`select (payload->>'listVersion')::int as version, payload->>'updateType' as update_type, status, response->>'status' as answer
      from ocpp_commands where charger_id = ${live.chargerId} and action = 'SendLocalList' and created_at > ${listedFrom}::timestamptz order by created_at, id`);
  const freeCards = async (n: number) =>
    (await q(sql`select card_number from rfid_cards where held and not blocked and length(card_number) <= 20 order by card_number desc limit ${n}`)).map((r) => String(r.card_number));

  beforeAll(async () => {
    // No job workers: the card actions queue their propagation, and the test runs the propagations itself, side by side.
    live = await openLiveCharger(driver);
    admin = (await signIn(live.t, '9000000001')).authKey;
    await until(async () => (await q(sql`select booted_at from ocpp_charge_points where charger_id = ${live.chargerId}`))[0]?.booted_at, (at) => Boolean(at), 30_000);
    const sent = await call(live.t, 'POST', localListPaths.sendFull, { authKey: admin, body: { chargerIds: [live.chargerId] } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await list()).toMatchObject({ state: 'inSync' });
    listedFrom = new Date().toISOString();
  }, 240_000);
  afterAll(() => live?.close());

  it('sends one charger the changes of two card changes once, in order, when two propagations run at once', async () => {
    const [a, b] = await freeCards(2);
    const changed = await Promise.all([cardAction('block', a!), cardAction('block', b!)]);
    expect(changed.map((r) => r.status)).toEqual([200, 200]);
    const version = await currentListVersion(live.database.db);
    await Promise.all([propagateListChanges(deps()), propagateListChanges(deps()), propagateListChanges(deps())]);
    const sent = await sends();
    // One update, of the current version, carrying both cards: no stale second update, no VersionMismatch.
    expect(sent).toEqual([{ version, update_type: 'Differential', status: 'accepted', answer: 'Accepted' }]);
    expect(live.charger.localListVersion).toBe(version);
    expect(live.charger.localList.get(a!)?.status).toBe('Blocked');
    expect(live.charger.localList.get(b!)?.status).toBe('Blocked');
    expect(await list()).toMatchObject({ state: 'inSync', heldVersion: version, wantedVersion: version });
    expect((await q(sql`select send_claim from ocpp_local_lists where charger_id = ${live.chargerId}`))[0]).toEqual({ send_claim: null });
  });

  it('leaves a charger another sender holds to it, and the holder sends what changed meanwhile once it lets go', async () => {
    const [c] = await freeCards(1);
    const other = randomUUID();
    expect(await claimLists(live.database.db, [live.chargerId], other, new Date())).toEqual([live.chargerId]);
    const before = (await sends()).length;
    expect((await cardAction('block', c!)).status).toBe(200);
    await propagateListChanges(deps());
    expect((await sends()).length).toBe(before);
    expect(live.charger.localList.get(c!)?.status).toBe('Accepted');
    // The holder lets go and looks again: the change reaches the charger, in order after what it holds.
    await releaseLists(live.database.db, [live.chargerId], other);
    await propagateListChanges(deps());
    const version = await currentListVersion(live.database.db);
    expect((await sends()).slice(before)).toEqual([{ version, update_type: 'Differential', status: 'accepted', answer: 'Accepted' }]);
    expect(live.charger.localList.get(c!)?.status).toBe('Blocked');
    const versions = (await sends()).map((s) => Number(s.version));
    expect(versions).toEqual([...versions].sort((x, y) => x - y));
  });

  it('takes over a claim of a sender that died (older than a few minutes)', async () => {
    const [d] = await freeCards(1);
    await q(sql`update ocpp_local_lists set send_claim = ${randomUUID()}::uuid, send_claimed_at = now() - interval '10 minutes' where charger_id = ${live.chargerId}`);
    expect((await cardAction('block', d!)).status).toBe(200);
    await propagateListChanges(deps());
    await until(async () => live.charger.localList.get(d!)?.status, (s) => s === 'Blocked', 10_000);
    expect(await list()).toMatchObject({ state: 'inSync' });
  });
});
