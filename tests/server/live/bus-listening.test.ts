// The bus's listening(): once it settles, a payload another process publishes on a channel subscribed a moment
// before reaches this one (PostgreSQL: LISTEN is in place). Without waiting for it, a command's answer from another
// process could pass before the sender listened, and the sender waited for its 35 s deadline.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '@server/db/open-database';
import { createInProcessBus, createPostgresBus, listeningWithin, type NotificationBus } from '@server/live/notification-bus';
import { createTestDatabase, testDrivers } from '../support/test-database';

describe.each(testDrivers)('listening() of the notification bus on %s', (driver) => {
  let database: OpenDatabase | null = null;
  let receiver: NotificationBus;
  let sender: NotificationBus;
  beforeAll(async () => {
    if (driver === 'postgres') {
      database = await createTestDatabase('postgres');
      receiver = createPostgresBus({ connectionString: database.connectionString!, db: database.db });
      sender = createPostgresBus({ connectionString: database.connectionString!, db: database.db });
    } else receiver = sender = createInProcessBus();
  });
  afterAll(async () => {
    for (const bus of new Set([receiver, sender])) await bus.close();
    await database?.close();
  });

  it('delivers what another process publishes right after it settles, on channels subscribed a moment before', async () => {
    for (let round = 0; round < 20; round++) {
      const channel = `listening_probe_${round}`;
      const heard = new Promise<unknown>((resolve, reject) => {
        receiver.subscribe(channel, resolve);
        setTimeout(() => reject(new Error(`round ${round}: nothing heard on ${channel} within 2 s`)), 2_000).unref();
      });
      await receiver.listening(channel);
      await sender.publish(channel, { round });
      expect(await heard).toEqual({ round });
    }
  });

  it("sends a statement's notification when it commits, if it returns a row (once: PostgreSQL folds equal ones), and none when it returns no row (PostgreSQL)", async () => {
    if (driver !== 'postgres') {
      // In process there is no statement to carry it: callers publish after their statement.
      expect(sender.notifyExpression).toBeUndefined();
      return;
    }
    const heard: unknown[] = [];
    receiver.subscribe('statement_probe', (payload) => heard.push(payload));
    await receiver.listening('statement_probe');
    const run = (rows: number) =>
      database!.db.execute(sql`select n, ${sender.notifyExpression!('statement_probe', { rows })} is not null as notified from generate_series(1, ${rows}::int) n`);
    await run(0);
    await run(2);
    // Published after both statements: once it is heard, whatever they sent has been heard before it.
    await sender.publish('statement_probe', { end: true });
    await expect.poll(() => heard.length).toBe(2);
    expect(heard).toEqual([{ rows: 2 }, { end: true }]);
  });

  it('settles at once for a channel nobody subscribed to', async () => {
    await expect(receiver.listening('never_subscribed')).resolves.toBeUndefined();
  });
});

describe('listeningWithin', () => {
  it('answers true once the bus listens, and false when the time runs out first', async () => {
    const bus = createInProcessBus();
    expect(await listeningWithin(bus, 'probe', 1_000)).toBe(true);
    // A bus whose LISTEN never comes (its connection is down): the caller goes on after the bound.
    const stuck: NotificationBus = { ...bus, listening: () => new Promise<void>(() => {}) };
    const started = performance.now();
    expect(await listeningWithin(stuck, 'probe', 50)).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    await bus.close();
  });
});
