// The central system writes charger messages on its own database and a command's records on the one given for
// commands: on PostgreSQL (start-server) the chargers' connections (at most 4 per process) and the console's, so a
// command staff wait on is answered while every one of the chargers' connections is busy. PGlite has one
// connection for everything, so there only the routing of the statements is checked.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { createInProcessBus, type NotificationBus } from '@server/live/notification-bus';
import { createCentralSystem, type CentralSystem } from '@server/ocpp/central-system';
import { SimulatedCharger } from '@server/ocpp/simulator';
import { DEV_CHARGER_PASSWORD } from '@server/seed/seed-ocpp';
import { call, createTestApp, signIn, type TestApp } from '../support/test-app';
import { quiet, until } from '../support/live-charger';
import { createTestDatabase, ruleDrivers } from '../support/test-database';

describe.each(ruleDrivers)('command records on %s', (driver) => {
  let database: OpenDatabase;
  let chargerDatabase: ReturnType<OpenDatabase['separate']>;
  let bus: NotificationBus;
  let t: TestApp;
  let central: CentralSystem;
  let server: ReturnType<typeof serve>;
  let charger: SimulatedCharger;
  let chargerId: number;
  /** Statements run through the database given for commands. */
  let commandStatements = 0;
  let authKey: string;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    // One connection for the chargers' messages, so one long statement makes it busy.
    chargerDatabase = database.separate(1);
    bus = createInProcessBus();
    t = createTestApp(database, {}, { bus });
    const commandDb = new Proxy(database.db, {
      get(target, key) {
        if (key === 'execute') {
          return (query: Parameters<typeof target.execute>[0]) => {
            commandStatements += 1;
            return target.execute(query);
          };
        }
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    central = createCentralSystem({ db: chargerDatabase.db, commandDb, bus, logger: quiet, callTimeoutMs: 5_000 });
    server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    server.on('upgrade', (req, socket, head) => central.handleUpgrade(req, socket, head));
    const [box] = rowsOf<{ id: number; charger_box_id: string }>(
      await database.db.execute(sql`select id, charger_box_id from chargers where charger_type = 'OCPP_16_JSON_CHARGER' and is_active and charger_box_id is not null order by id limit 1`),
    );
    chargerId = Number(box!.id);
    charger = new SimulatedCharger({ url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ocpp`, identity: box!.charger_box_id, password: DEV_CHARGER_PASSWORD });
    await charger.start();
    await until(
      async () => rowsOf<{ connected_node: string | null }>(await database.db.execute(sql`select connected_node from ocpp_charge_points where charger_id = ${chargerId}`)),
      (rows) => rows[0]?.connected_node != null,
    );
    authKey = (await signIn(t, '9000000001')).authKey;
  });
  afterAll(async () => {
    await charger.stop();
    await central.close();
    await new Promise<void>((r) => server.close(() => r()));
    await bus.close();
    await chargerDatabase.close();
    await database.close();
  });

  const send = async () =>
    call(t, 'POST', '/ccu/charger-command', {
      authKey,
      body: { chargerIds: [chargerId], command: { action: 'GetConfiguration', payload: { key: ['HeartbeatInterval'] } }, wait: true },
    });

  it('marks a command sent and answered through the database given for commands', async () => {
    const before = commandStatements;
    const answer = await send();
    expect(answer.body.items[0]).toMatchObject({ chargerId, status: 'accepted' });
    // queued → sent, sent → accepted.
    expect(commandStatements - before).toBe(2);
  });

  if (driver !== 'postgres') return;
  it("answers a command while the chargers' connections are all busy", async () => {
    // (A drizzle query runs once it is awaited or given a then.)
    const busy = chargerDatabase.db.execute(sql`select pg_sleep(3)`).then(() => {});
    await until(
      async () => rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'select pg_sleep%' and state = 'active'`)),
      (rows) => rows[0]!.n === 1,
    );
    const t0 = performance.now();
    const answer = await send();
    const took = performance.now() - t0;
    await busy;
    expect(answer.status).toBe(200);
    expect(answer.body.items[0]).toMatchObject({ chargerId, status: 'accepted', response: { configurationKey: [{ key: 'HeartbeatInterval', value: '300' }] } });
    // Queued behind the busy connection it would take the rest of its 3 s.
    expect(took).toBeLessThan(2_000);
  });
});
