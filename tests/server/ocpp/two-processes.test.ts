// Two server processes on one database, each with its own HTTP server, central system and notification bus (on
// PostgreSQL each its own LISTEN client; on PGlite the one in-process bus): a command sent through either process
// reaches the charger on the other, and its answer is recorded and returned to the sender.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { createCentralSystem, OCPP_COMMAND_CHANNEL, type CentralSystem } from '@server/ocpp/central-system';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { createInProcessBus, createPostgresBus, type NotificationBus } from '@server/live/notification-bus';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { call, createTestApp, signIn, type TestApp } from '../support/test-app';
import { quiet, until } from '../support/live-charger';
import { createTestDatabase, testDrivers } from '../support/test-database';

describe.each(testDrivers)('OCPP commands across two server processes on %s', (driver) => {
  let database: OpenDatabase;
  const nodes: { t: TestApp; bus: NotificationBus; central: CentralSystem; server: ReturnType<typeof serve>; wsUrl: string }[] = [];
  const sims: SimulatedCharger[] = [];
  let boxes: { id: number; box: string }[];
  let adminKey: string;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const shared = driver === 'pglite' ? createInProcessBus() : null;
    for (const name of ['node-a', 'node-b']) {
      const bus = shared ?? createPostgresBus({ connectionString: database.connectionString!, db: database.db });
      const t = createTestApp(database, {}, { bus });
      const central = createCentralSystem({ db: database.db, bus, logger: quiet, callTimeoutMs: 5_000, nodeId: `${name}-${driver}` });
      const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
        const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
      });
      server.on('upgrade', (req, socket, head) => central.handleUpgrade(req, socket, head));
      nodes.push({ t, bus, central, server, wsUrl: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ocpp` });
      // As startOcppRuntime does: commands routed here are heard before any charger connects.
      await bus.listening(OCPP_COMMAND_CHANNEL);
    }
    boxes = rowsOf<{ id: number; charger_box_id: string }>(
      await database.db.execute(sql`select id, charger_box_id from chargers where charger_type = 'OCPP_16_JSON_CHARGER' and is_active and charger_box_id is not null order by id limit 2`),
    ).map((r) => ({ id: Number(r.id), box: r.charger_box_id }));
    // Charger 0 on process A, charger 1 on process B.
    for (const [i, b] of boxes.entries()) {
      const s = new SimulatedCharger({ url: nodes[i]!.wsUrl, identity: b.box, password: DEV_CHARGER_PASSWORD, backoff: { initialDelay: 100, maxDelay: 500 } });
      sims.push(s);
      await s.start();
    }
    adminKey = (await signIn(nodes[0]!.t, '9000000001')).authKey;
  });
  afterAll(async () => {
    await Promise.all(sims.map((s) => s.stop()));
    for (const n of nodes) {
      await n.central.close();
      await new Promise<void>((r) => n.server.close(() => r()));
    }
    for (const bus of new Set(nodes.map((n) => n.bus))) await bus.close();
    await database.close();
  });

  it('each charger is held by the process it connected to', async () => {
    const held = await until(
      async () => rowsOf<{ charger_id: number; connected_node: string }>(await database.db.execute(sql`select charger_id, connected_node from ocpp_charge_points where charger_id in (${boxes[0]!.id}, ${boxes[1]!.id}) order by charger_id`)),
      (rows) => rows.every((r) => r.connected_node !== null),
    );
    expect(held.map((r) => r.connected_node)).toEqual([`node-a-${driver}`, `node-b-${driver}`]);
    expect(nodes.map((n) => n.central.connectedCount())).toEqual([1, 1]);
  });

  it('a command sent through one process reaches the charger on the other, and the sender gets its answer', async () => {
    for (const [via, target] of [
      [0, 1],
      [1, 0],
    ] as const) {
      const sent = await call(nodes[via]!.t, 'POST', '/ccu/charger-command', {
        authKey: adminKey,
        body: { chargerIds: [boxes[target]!.id], command: { action: 'ChangeConfiguration', payload: { key: 'MeterValueSampleInterval', value: String(30 + via) } }, wait: true },
      });
      expect(sent.status).toBe(200);
      expect(sent.body.items[0]).toMatchObject({ chargerId: boxes[target]!.id, status: 'accepted', response: { status: 'Accepted' } });
    }
    // The chargers really changed: each holds the value sent through the other process.
    const read = await call(nodes[0]!.t, 'POST', '/ccu/charger-command', {
      authKey: adminKey,
      body: { chargerIds: [boxes[0]!.id, boxes[1]!.id], command: { action: 'GetConfiguration', payload: { key: ['MeterValueSampleInterval'] } }, wait: true },
    });
    const values = read.body.items.map((i: { chargerId: number; response: { configurationKey: { value: string }[] } }) => [i.chargerId, i.response.configurationKey[0]!.value]);
    expect(values).toEqual([
      [boxes[0]!.id, '31'],
      [boxes[1]!.id, '30'],
    ]);
    // The socket's process sent it: both log rows are on the charger's own process, in the one shared log.
    await Promise.all(nodes.map((n) => n.central.flushLog()));
    const logged = rowsOf<{ charger_id: number; n: number }>(
      await database.db.execute(sql`select charger_id, count(*)::int as n from ocpp_messages where action = 'ChangeConfiguration' and direction = 'OUT' and message_type = 'CALL' group by charger_id order by charger_id`),
    );
    expect(logged).toEqual([
      { charger_id: boxes[0]!.id, n: 1 },
      { charger_id: boxes[1]!.id, n: 1 },
    ]);
  });
});
