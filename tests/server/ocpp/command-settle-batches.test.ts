// Many commands in flight at once: their moves (queued → sent, sent → the answer) are written a batch per statement
// (command-store.ts settleCommands), and still every command is sent once, moves to its own answer's state once, and
// every request waiting for one gets its own command's answer; each settled command's event is heard once, in fewer
// notifications than commands. A command announced twice at once is still sent once. Both drivers: on PostgreSQL
// the statement that settles a batch sends its notifications.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CHANNEL } from '@domain/live-event';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { createInProcessBus, createPostgresBus, type NotificationBus } from '@server/live/notification-bus';
import { createCentralSystem, OCPP_COMMAND_CHANNEL, settledCommandsOf, type CentralSystem } from '@server/ocpp/central-system';
import { sendCommands } from '@server/ocpp/command-service';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { quiet, until } from '../support/live-charger';
import { createTestApp } from '../support/test-app';
import { createTestDatabase, testDrivers } from '../support/test-database';

/** Chargers, and requests sent to all of them at once: 200 commands in flight. */
const CHARGERS = 5;
const REQUESTS = 40;

describe.each(testDrivers)('many commands settling at once on %s', { timeout: 180_000 }, (driver) => {
  let database: OpenDatabase;
  let bus: NotificationBus;
  let central: CentralSystem;
  let server: ReturnType<typeof serve>;
  const sims: SimulatedCharger[] = [];
  let chargerIds: number[];
  const heard: { commandId: string; status: string }[] = [];
  let notifications = 0;
  const deps = () => ({ db: database.db, bus, now: () => new Date(), logger: quiet });
  const q = async <T,>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const commandsHandled = () => sims.reduce((n, s) => n + s.counters.commands, 0);
  /** The command writer's statements and rows so far (its metrics). */
  const written = async () => {
    const text = await central.metrics();
    const value = (name: string) => Number(new RegExp(`^${name}\\{writer="command"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
    return { statements: value('ocpp_batch_write_seconds_count'), rows: value('ocpp_batch_rows_written_total') };
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    bus = driver === 'postgres' ? createPostgresBus({ connectionString: database.connectionString!, db: database.db }) : createInProcessBus();
    const t = createTestApp(database, {}, { bus });
    // Each charger answers 40 commands within a second or two: past the default burst a real charger is cut off.
    central = createCentralSystem({ db: database.db, bus, logger: quiet, callTimeoutMs: 10_000, ratePerSecond: 1_000, rateBurst: 1_000, nodeId: `settle-${driver}` });
    server = await new Promise((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    server.on('upgrade', (req, socket, head) => central.handleUpgrade(req, socket, head));
    await bus.listening(OCPP_COMMAND_CHANNEL);
    bus.subscribe(LIVE_CHANNEL, (payload) => {
      const settled = settledCommandsOf(payload);
      if (settled.length === 0) return;
      notifications += 1;
      heard.push(...settled.map(({ commandId, status }) => ({ commandId, status })));
    });
    await bus.listening(LIVE_CHANNEL);
    const boxes = await q<{ id: number; charger_box_id: string }>(
      sql`select id, charger_box_id from chargers where charger_type = 'OCPP_16_JSON_CHARGER' and is_active and charger_box_id is not null order by id limit ${CHARGERS}`,
    );
    expect(boxes).toHaveLength(CHARGERS);
    chargerIds = boxes.map((b) => Number(b.id));
    const wsUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ocpp`;
    for (const b of boxes) {
      const s = new SimulatedCharger({ url: wsUrl, identity: b.charger_box_id, password: DEV_CHARGER_PASSWORD, backoff: { initialDelay: 100, maxDelay: 500 } });
      sims.push(s);
      await s.start();
    }
    const held = await until(
      async () => q<{ n: number }>(sql`select count(*)::int as n from ocpp_charge_points where connected_node = ${`settle-${driver}`}`),
      (rows) => rows[0]!.n === CHARGERS,
      30_000,
    );
    expect(held[0]!.n).toBe(CHARGERS);
  }, 240_000);
  afterAll(async () => {
    await Promise.all(sims.map((s) => s.stop()));
    await central?.close();
    await new Promise<void>((r) => server.close(() => r()));
    await bus?.close();
    await database?.close();
  });

  it('sends each of 200 commands once and records its own answer once, each waiting request getting its own', async () => {
    const handledBefore = commandsHandled();
    const writtenBefore = await written();
    heard.length = 0;
    notifications = 0;
    // Every other request asks for a key the chargers do not have: NotSupported, so those commands are rejected.
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) =>
        sendCommands(deps(), {
          chargerIds,
          command: { action: 'ChangeConfiguration', payload: { key: i % 2 === 0 ? 'MeterValueSampleInterval' : 'NoSuchKey', value: String(60 + i) } },
          userId: null,
          wait: true,
        }),
      ),
    );
    const items = answers.flatMap((a) => a.items);
    expect(items).toHaveLength(REQUESTS * CHARGERS);
    expect(new Set(items.map((item) => item.id)).size).toBe(REQUESTS * CHARGERS);
    answers.forEach((answer, i) => {
      expect(answer.items.map((item) => item.chargerId)).toEqual(chargerIds);
      for (const item of answer.items) {
        expect(item).toMatchObject({ batchId: answer.batchId, status: i % 2 === 0 ? 'accepted' : 'rejected', response: { status: i % 2 === 0 ? 'Accepted' : 'NotSupported' }, error: null });
        expect(item.sentAt).not.toBeNull();
        expect(item.answeredAt).not.toBeNull();
        expect(Date.parse(item.answeredAt!)).toBeGreaterThanOrEqual(Date.parse(item.sentAt!));
      }
    });
    // Sent once each: the chargers handled exactly these.
    expect(commandsHandled() - handledBefore).toBe(REQUESTS * CHARGERS);
    // Each settled event heard once, with its command's state, in fewer notifications than commands.
    await until(async () => heard.length, (n) => n >= REQUESTS * CHARGERS);
    const statusOf = new Map(items.map((item) => [item.id, item.status]));
    expect(heard).toHaveLength(REQUESTS * CHARGERS);
    expect(new Set(heard.map((h) => h.commandId)).size).toBe(REQUESTS * CHARGERS);
    for (const h of heard) expect(h.status).toBe(statusOf.get(h.commandId));
    expect(notifications).toBeLessThan(REQUESTS * CHARGERS);
    // Two moves each, written in fewer statements than moves.
    const after = await written();
    expect(after.rows - writtenBefore.rows).toBe(2 * REQUESTS * CHARGERS);
    expect(after.statements - writtenBefore.statements).toBeLessThan(2 * REQUESTS * CHARGERS);
  });

  it('sends a command announced twice at once only once', async () => {
    const handledBefore = commandsHandled();
    const sent = await sendCommands(deps(), { chargerIds, command: { action: 'GetConfiguration', payload: { key: ['HeartbeatInterval'] } }, userId: null });
    // The same announcement again, at once: both reach the process holding the sockets.
    await bus.publish(OCPP_COMMAND_CHANNEL, { node: `settle-${driver}`, commands: sent.items.map((item) => ({ commandId: item.id, chargerId: item.chargerId })) });
    const rows = await until(
      async () => q<{ status: string }>(sql`select status from ocpp_commands where batch_id = ${sent.batchId}::uuid`),
      (r) => r.length === CHARGERS && r.every((row) => row.status === 'accepted'),
      30_000,
    );
    expect(rows.map((r) => r.status)).toEqual(Array.from({ length: CHARGERS }, () => 'accepted'));
    expect(commandsHandled() - handledBefore).toBe(CHARGERS);
  });
});
