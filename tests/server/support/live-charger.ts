// A seeded database, the app on a real port with the OCPP central system, and one simulated OCPP charger connected to
// it: what the live booking tests drive (the charger answers over a real socket, as a real one would).
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import type { Logger } from '@server/app-deps';
import type { Database, DatabaseDriver } from '@server/db/database';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { createInProcessBus, type NotificationBus } from '@server/live/notification-bus';
import { createCentralSystem, type CentralSystem } from '@server/ocpp/central-system';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { createTestApp, wallClock, type TestApp } from './test-app';
import { createTestDatabase } from './test-database';

/** A logger that says nothing. */
export const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** Reads until `ok` holds or the time is up (answers the last read either way). */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface LiveCharger {
  database: OpenDatabase;
  t: TestApp;
  bus: NotificationBus;
  central: CentralSystem;
  charger: SimulatedCharger;
  /** Address of the app's HTTP server (http://127.0.0.1:port). */
  url: string;
  /** The connected charger's id. */
  chargerId: number;
  /** The next active OCPP charger by id, not connected. */
  offlineCharger: { id: number; box: string };
  close(): Promise<void>;
}

/** Options of openLiveCharger. */
export interface LiveChargerOptions {
  /** The central system's databases for chargers' messages and for commands, closed after it [the test database]. */
  databases?: (database: OpenDatabase) => { db: Database; commandDb?: Database; close?: () => Promise<void> };
  /** The central system's logger [quiet]. */
  logger?: Logger;
}

/** Opens the database on `driver`, serves the app and the central system, and connects a 2-connector 22 kW simulator. */
export async function openLiveCharger(driver: DatabaseDriver, options: LiveChargerOptions = {}): Promise<LiveCharger> {
  const database = await createTestDatabase(driver);
  const bus = createInProcessBus();
  // The app keeps the real time, as the central system does: a command the app records at a frozen time reads as long
  // overdue to the central system's sweep, and a one-off tag's lifetime runs from the app's request to the
  // StartTransaction the central system takes. A test may still move the app's clock on (kept as an offset).
  const t = createTestApp(database, {}, { bus, clock: wallClock() });
  const own = options.databases?.(database) ?? { db: database.db };
  const central = createCentralSystem({ db: own.db, commandDb: own.commandDb, bus, logger: options.logger ?? quiet, callTimeoutMs: 5_000 });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  server.on('upgrade', (req, socket, head) => central.handleUpgrade(req, socket, head));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The address chargers reach the server's files at (CHARGER_FILES_URL) is this server's.
  t.config.chargerFilesUrl = url;
  const boxes = rowsOf<{ id: number; charger_box_id: string }>(
    await database.db.execute(sql`select id, charger_box_id from chargers c where charger_type = 'OCPP_16_JSON_CHARGER' and is_active and charger_box_id is not null and not exists (select 1 from ocpp_sessions s where s.charger_id = c.id and s.stopped_at is null) order by id limit 2`),
  );
  // The simulator plays two connectors: the charger gets a second socket like its first (the central system refuses a
  // connector a charger does not have, and reads the sockets when it connects).
  await database.db.execute(sql`update chargers set sockets = sockets || jsonb_build_array(sockets -> 0) where id = ${boxes[0]!.id} and jsonb_array_length(sockets) = 1`);
  const charger = new SimulatedCharger({
    url: `${url.replace(/^http/, 'ws')}/ocpp`,
    identity: boxes[0]!.charger_box_id,
    password: DEV_CHARGER_PASSWORD,
    connectors: 2,
    powerKw: 22,
    meterIntervalSeconds: 1,
    backoff: { initialDelay: 100, maxDelay: 500 },
  });
  await charger.start();
  return {
    database,
    t,
    bus,
    central,
    charger,
    url,
    chargerId: Number(boxes[0]!.id),
    offlineCharger: { id: Number(boxes[1]!.id), box: boxes[1]!.charger_box_id },
    async close() {
      await charger.stop();
      await central.close();
      await new Promise<void>((r) => server.close(() => r()));
      await bus.close();
      await own.close?.();
      await database.close();
    },
  };
}
