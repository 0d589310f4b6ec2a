import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { LIVE_ANY_SIGNED_IN, LIVE_CHANNEL } from '@domain/live-event';
import { sessionPaths } from '@domain/session';
import { liveEventsOf, publishLive } from '@server/live/live-events';
import { createInProcessBus, MAX_PAYLOAD_BYTES, type NotificationBus } from '@server/live/notification-bus';
import type { OpenDatabase } from '@server/db/open-database';
import { call, createTestApp, signIn, type TestApp } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';

/** Reads server-sent events from a streamed answer. */
function eventReader(response: Response) {
  const queue: EventSourceMessage[] = [];
  const waiters: (() => void)[] = [];
  const parser = createParser({
    onEvent: (e) => {
      queue.push(e);
      waiters.splice(0).forEach((w) => w());
    },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      parser.feed(value!);
    }
    waiters.splice(0).forEach((w) => w());
  })();
  return {
    async next(timeoutMs = 3_000): Promise<EventSourceMessage> {
      const deadline = Date.now() + timeoutMs;
      while (queue.length === 0) {
        if (Date.now() > deadline) throw new Error('no event');
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
      return queue.shift()!;
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}

describe('live channel (GET /events)', () => {
  let database: OpenDatabase;
  let t: TestApp;
  let bus: NotificationBus;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    bus = createInProcessBus();
    t = createTestApp(database, {}, { bus });
  });
  afterAll(async () => {
    await bus.close();
    await database.close();
  });

  it('refuses payloads over the NOTIFY limit and bad channel names', async () => {
    await expect(bus.publish(LIVE_CHANNEL, 'x'.repeat(MAX_PAYLOAD_BYTES + 1))).rejects.toThrow(/at most/);
    expect(() => bus.subscribe('Bad Channel', () => {})).toThrow(/lower-case/);
  });

  it('needs a bearer key, streams the changes the user may see, and ends on sign-out', async () => {
    expect((await call(t, 'GET', '/events')).status).toBe(401);
    const finance = await signIn(t, '9000000004');
    const response = await t.app.request('/events', { headers: { authorization: `Bearer ${finance.authKey}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = eventReader(response);
    expect((await events.next()).event).toBe('ready');

    // Finance staff may not see chargers: that event is filtered out, and one with no audience named (not an event of
    // ours) too; the downloads event (every signed-in user lists downloads) arrives.
    await bus.publish(LIVE_CHANNEL, { keys: [['chargers', 'one', '1']], permission: 'ROLE_SEARCH_CHARGER' });
    await bus.publish(LIVE_CHANNEL, { keys: [['bookings']], permission: null });
    await bus.publish(LIVE_CHANNEL, { keys: [['bookings']] });
    await bus.publish(LIVE_CHANNEL, { keys: [['downloads']], permission: LIVE_ANY_SIGNED_IN, topic: 'download' });
    const change = await events.next();
    expect(change.event).toBe('change');
    expect(JSON.parse(change.data)).toEqual({ keys: [['downloads']], topic: 'download' });

    expect((await call(t, 'POST', sessionPaths.signOut, { authKey: finance.authKey })).status).toBe(204);
    // The stream learns of the sign-out from the auth_changed notification (or its periodic check).
    await bus.publish('auth_changed', {});
    const end = await events.next(12_000);
    expect(end.event).toBe('end');
    expect(JSON.parse(end.data).reason).toMatch(/signed out/);
    await events.cancel();
  }, 20_000);

  it('sends the events gathered in a moment together, under the payload limit, each once and in order over the stream', async () => {
    const notifications: unknown[] = [];
    const stopCounting = bus.subscribe(LIVE_CHANNEL, (payload) => notifications.push(payload));
    // Read Only staff (the stream of the test before signed Finance out).
    const reader = await signIn(t, '9000000006');
    const response = await t.app.request('/events', { headers: { authorization: `Bearer ${reader.authKey}` } });
    expect(response.status).toBe(200);
    const events = eventReader(response);
    expect((await events.next()).event).toBe('ready');
    try {
      // 300 chargers' changes (as many chargers sending a message each) and one charger changing twice.
      for (let i = 0; i < 300; i += 1) publishLive(bus, { keys: [['ocpp', 'charger', i]], permission: LIVE_ANY_SIGNED_IN, topic: 'charger', data: { n: i } });
      publishLive(bus, { keys: [['ocpp', 'charger', 7]], permission: LIVE_ANY_SIGNED_IN, topic: 'charger', data: { n: 'newest' } });
      await expect.poll(() => notifications.flatMap(liveEventsOf).length, { timeout: 3_000 }).toBe(300);
      // A few notifications, each under NOTIFY's limit, instead of one per charger.
      expect(notifications.length).toBeGreaterThan(1);
      expect(notifications.length).toBeLessThan(30);
      for (const n of notifications) expect(Buffer.byteLength(JSON.stringify(n))).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
      const seen: unknown[] = [];
      for (let i = 0; i < 300; i += 1) {
        const change = await events.next();
        expect(change.event).toBe('change');
        expect(Number(change.id)).toBe(i + 1);
        seen.push(JSON.parse(change.data).data.n);
      }
      expect(seen).toEqual(Array.from({ length: 300 }, (_, i) => (i === 7 ? 'newest' : i)));
    } finally {
      stopCounting();
      await events.cancel();
    }
  });

  // The Super Admin signed in once for the tests that write (signing the same number in again soon is refused).
  let adminSession: ReturnType<typeof signIn> | undefined;
  const signedInAdmin = () => (adminSession ??= signIn(t, '9000000001'));

  it('announces a record a write created to those who may view it, a change as a refresh, and nothing for a refused write', async () => {
    const admin = await signedInAdmin();
    const heard: Record<string, unknown>[] = [];
    const stop = bus.subscribe(LIVE_CHANNEL, (payload) => heard.push(...(liveEventsOf(payload) as Record<string, unknown>[])));
    try {
      const created = await call(t, 'POST', '/config/admin/vendor', { authKey: admin.authKey, body: { name: 'Live Parts Co', mobileNumber: '9876500011' } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = String(created.body.id);
      await expect.poll(() => heard.length).toBeGreaterThan(0);
      expect(heard).toContainEqual({ keys: [['created', 'vendors']], permission: 'ROLE_VIEW_VENDOR', topic: 'record-created', data: { resource: 'vendors', id } });

      heard.length = 0;
      expect((await call(t, 'PUT', `/config/admin/vendor/${id}`, { authKey: admin.authKey, body: { contactName: 'Asha' } })).status).toBe(200);
      await expect.poll(() => heard.length, { timeout: 3_000 }).toBeGreaterThan(0);
      expect(heard).toEqual([{ keys: [['vendors']], permission: 'ROLE_VIEW_VENDOR' }]);

      // A comment on a ticket refreshes those who have the ticket open (its kind's records), like a change.
      heard.length = 0;
      const ticket = (await call(t, 'GET', '/ticket-service/charger-servicing?size=1', { authKey: admin.authKey })).body.items[0];
      const commented = await call(t, 'POST', `/ticket-service/comment/entityType/charger-servicing-tickets/entityId/${ticket.id}`, { authKey: admin.authKey, body: { body: 'Live comment' } });
      expect(commented.status, JSON.stringify(commented.body)).toBe(201);
      await expect.poll(() => heard.length, { timeout: 3_000 }).toBeGreaterThan(0);
      // The kind's lists go to whoever may see any of them (all, or the open ones); the cross-kind lists (My tickets
      // among them, which needs no permission: the ticket may be the reader's own) to every signed-in user.
      await expect.poll(() => heard.length, { timeout: 3_000 }).toBe(2);
      expect(heard).toEqual(
        expect.arrayContaining([
          { keys: [['charger-servicing-tickets']], permission: ['ROLE_VIEW_ALL_CHARGER_SERVICING_TICKETS', 'ROLE_VIEW_OPEN_CHARGER_SERVICING_TICKETS'] },
          { keys: [['tickets']], permission: LIVE_ANY_SIGNED_IN },
        ]),
      );

      heard.length = 0;
      expect((await call(t, 'POST', '/config/admin/vendor', { authKey: admin.authKey, body: { name: '' } })).status).toBe(400);
      expect((await call(t, 'POST', `/ticket-service/comment/entityType/charger-servicing-tickets/entityId/${ticket.id}`, { authKey: admin.authKey, body: { body: ' ' } })).status).toBe(400);
      await new Promise((r) => setTimeout(r, 700));
      expect(heard).toEqual([]);
    } finally {
      stop();
    }
  });
  it('announces each of several writes answered at once, and a write after them (the storage is off between writes)', async () => {
    const admin = await signedInAdmin();
    const heard: Record<string, unknown>[] = [];
    const stop = bus.subscribe(LIVE_CHANNEL, (payload) => heard.push(...(liveEventsOf(payload) as Record<string, unknown>[])));
    const createdIds = (payloads: Record<string, unknown>[]) => payloads.filter((p) => p.topic === 'record-created').map((p) => (p.data as { id: string }).id);
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => call(t, 'POST', '/config/admin/vendor', { authKey: admin.authKey, body: { name: `Parallel Parts ${i}`, mobileNumber: `98765001${20 + i}` } })));
      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(201);
      const ids = answers.map((a) => String(a.body.id));
      await expect.poll(() => createdIds(heard).length, { timeout: 3_000 }).toBe(6);
      expect(createdIds(heard).sort()).toEqual([...ids].sort());

      // Reads in between, then one more write: announced as before.
      expect((await call(t, 'GET', '/config/admin/vendor?size=1', { authKey: admin.authKey })).status).toBe(200);
      heard.length = 0;
      const later = await call(t, 'POST', '/config/admin/vendor', { authKey: admin.authKey, body: { name: 'Later Parts', mobileNumber: '9876500130' } });
      expect(later.status, JSON.stringify(later.body)).toBe(201);
      await expect.poll(() => createdIds(heard), { timeout: 3_000 }).toEqual([String(later.body.id)]);
    } finally {
      stop();
    }
  });
});
