// Who hears what on the live channel: each demo role signs in and reads GET /events from a real server while a
// simulated OCPP charger runs a test charge started and stopped from the console, then faults (a servicing ticket)
// and recovers. Every key a user receives names data that user may read (the routes behind it answer them), every
// user who may read a list or a charger's live state hears of its changes, and the user with no role hears nothing
// but the stream's own ready and heartbeats.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocppPaths } from '@domain/ocpp';
import { resourceByName } from '@domain/resource/registry';
import type { CurrentUser } from '@domain/session';
import { call, signIn } from '../support/test-app';
import { openLiveCharger, until, type LiveCharger } from '../support/live-charger';
import { testDrivers } from '../support/test-database';

type Key = (string | number)[];

/** The demo staff, one per role (README "Signing in"). */
const demoNumbers = ['9000000001', '9000000002', '9000000003', '9000000004', '9000000005', '9000000006', '9000000007'] as const;
const NO_ROLE = '9000000007';

/** A GET /events stream read into a list of its events. */
async function openStream(url: string, authKey: string): Promise<{ events: EventSourceMessage[]; close(): void }> {
  const abort = new AbortController();
  const response = await fetch(`${url}/events`, { headers: { authorization: `Bearer ${authKey}` }, signal: abort.signal });
  expect(response.status).toBe(200);
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (e) => void events.push(e) });
  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      parser.feed(value!);
    }
  })();
  return { events, close: () => abort.abort() };
}

const keysOf = (events: EventSourceMessage[]): Key[] => events.filter((e) => e.event === 'change').flatMap((e) => (JSON.parse(e.data) as { keys: Key[] }).keys);
const sameKey = (a: Key, b: Key) => a.length === b.length && a.every((part, i) => String(part) === String(b[i]));
const startsWith = (key: Key, prefix: Key) => key.length >= prefix.length && prefix.every((part, i) => String(part) === String(key[i]));

describe.each(testDrivers)('who receives the live events of a charger, on %s', (driver) => {
  let live: LiveCharger;
  beforeAll(async () => {
    live = await openLiveCharger(driver);
  }, 60_000);
  afterAll(() => live?.close());

  const get = async (user: CurrentUser, path: string) => (await call(live.t, 'GET', path, { authKey: user.authKey })).status;

  /** Whether the user may read some list of the resource (any of its scopes, the reader's own records among them). */
  async function mayReadList(user: CurrentUser, name: string, { ownRecords }: { ownRecords: boolean }): Promise<boolean> {
    const resource = resourceByName(name);
    const scopes = Object.entries(resource.scopes ?? {}).filter(([, scope]) => ownRecords || scope.permission !== null);
    for (const query of ['', ...scopes.map(([scope]) => `&scope=${scope}`)]) if ((await get(user, `${resource.apiPath}?size=1${query}`)) === 200) return true;
    return false;
  }

  /** Whether the user may read the data behind a live key: a route that serves it answers them (not 401/403). */
  async function mayRead(user: CurrentUser, key: Key): Promise<boolean> {
    const [head, second, third] = key.map(String);
    if (head === 'ocpp') {
      const routes = [ocppPaths.live(second!), `${ocppPaths.command}?chargerId=${second}`, ocppPaths.meterValues(second!), ocppPaths.messages(second!)];
      for (const path of routes) if (![401, 403].includes(await get(user, path))) return true;
      return false;
    }
    if (head === 'ocpp-commands') return (await get(user, ocppPaths.command)) === 200;
    if (head === 'comments') return (await get(user, `/ticket-service/comment/entityType/${second}/entityId/${third}`)) === 200;
    if (head === 'created') return mayReadList(user, second!, { ownRecords: true });
    if (second === 'one') return (await get(user, `${resourceByName(head!).apiPath}/${third}`)) === 200;
    return mayReadList(user, head!, { ownRecords: true });
  }

  it('each demo role hears only what it may read, everyone who may read a list hears of it, and the user with no role hears nothing', async () => {
    const { t, url, charger, chargerId } = live;
    const users: CurrentUser[] = [];
    for (const number of demoNumbers) users.push(await signIn(t, number));
    const streams = await Promise.all(users.map((u) => openStream(url, u.authKey)));
    try {
      for (const s of streams) await until(async () => s.events.length, (n) => n > 0, 5_000);
      for (const s of streams) expect(s.events[0]!.event).toBe('ready');
      const admin = users[0]!;

      // A test charge from the console: commands, a session starting and ending.
      const started = await call(t, 'POST', ocppPaths.testStart, { authKey: admin.authKey, body: { chargerId, connectorId: 1 } });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const session = await until(async () => charger.session(1), (s) => s?.transactionId != null);
      const stopped = await call(t, 'POST', ocppPaths.testStop, { authKey: admin.authKey, body: { chargerId, transactionId: session!.transactionId } });
      expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
      await until(async () => charger.session(1), (s) => s === null);
      // A fault (a servicing ticket opens) and the recovery.
      await charger.fault(2, 'GroundFailure');
      await charger.recover(2);

      // Everything reached the Super Admin; the others' streams had the same time and a little more.
      const families: Key[] = [['ocpp', chargerId], ['bookings'], ['transactions'], ['ocpp-transactions'], ['charger-servicing-tickets'], ['tickets']];
      const heard = await until(
        async () => keysOf(streams[0]!.events),
        (keys) => families.every((family) => keys.some((k) => startsWith(k, family))),
      );
      for (const family of families) expect(heard.some((k) => startsWith(k, family)), `the Super Admin heard of ${JSON.stringify(family)}`).toBe(true);
      await new Promise((r) => setTimeout(r, 1_500));

      for (const [i, user] of users.entries()) {
        const keys = keysOf(streams[i]!.events);
        const distinct = keys.filter((k, j) => keys.findIndex((other) => sameKey(other, k)) === j);
        // Heard only what the user may read.
        for (const key of distinct) expect(await mayRead(user, key), `${demoNumbers[i]} heard ${JSON.stringify(key)}`).toBe(true);
        // Heard what the user may read: the charger's live state, and every list the changes touched that the user
        // may read beyond their own records.
        if ((await get(user, ocppPaths.live(chargerId))) === 200) expect(keys.some((k) => startsWith(k, ['ocpp', chargerId])), `${demoNumbers[i]} heard of the charger`).toBe(true);
        for (const [name] of families.slice(1)) {
          if (await mayReadList(user, String(name), { ownRecords: false })) expect(keys.some((k) => startsWith(k, [name!])), `${demoNumbers[i]} heard of ${String(name)}`).toBe(true);
        }
      }
      // The user with no role: the ready event (and heartbeats, which are comments), nothing else.
      const noRole = streams[demoNumbers.indexOf(NO_ROLE)]!;
      expect(noRole.events.map((e) => e.event)).toEqual(['ready']);
    } finally {
      for (const s of streams) s.close();
    }
  }, 90_000);
});
