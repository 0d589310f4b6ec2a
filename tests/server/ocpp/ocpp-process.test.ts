// The real server on PostgreSQL (startServer), whose central system runs in a process of its own (OCPP_PROCESS
// default there): a charger connects on the server's port and is held by that process; a command sent through the
// server's API reaches it; when the process is killed, the server starts it again and the charger comes back.
// PGlite is one process's database, so there the central system always runs in the server's process (every other
// OCPP test covers that).
import { sql } from 'drizzle-orm';
import ocpp from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { startServer, type RunningServer } from '@server/start-server';
import { createTestApp, signIn } from '../support/test-app';
import { until } from '../support/live-charger';
import { createTestDatabase } from '../support/test-database';

const { RPCClient } = ocpp as unknown as {
  RPCClient: new (options: Record<string, unknown>) => {
    connect(): Promise<unknown>;
    call(method: string, params?: unknown): Promise<unknown>;
    close(options?: { force?: boolean }): Promise<unknown>;
    on(event: 'close', cb: (event: { code: number }) => void): void;
  };
};

describe.runIf(process.env.TEST_DATABASE_URL)('the OCPP central system in a process of its own (PostgreSQL)', () => {
  let database: OpenDatabase;
  let server: RunningServer;
  let charger: SimulatedCharger;
  let box: { id: number; identity: string };
  let authorization: string;

  /** The process holding the charger: the pid in its node id, once it is connected. */
  const holder = async () => {
    const rows = rowsOf<{ connected_node: string | null }>(await database.db.execute(sql`select connected_node from ocpp_charge_points where charger_id = ${box.id}`));
    return rows[0]?.connected_node ? Number(rows[0].connected_node.split(':').at(-2)) : null;
  };
  const command = async () => {
    const response = await fetch(`${server.url}/ccu/charger-command`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ chargerIds: [box.id], command: { action: 'GetConfiguration', payload: { key: ['HeartbeatInterval'] } }, wait: true }),
    });
    return { status: response.status, body: (await response.json()) as { items: { chargerId: number; status: string }[] } };
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // A frame limit of its own: the central system's process must have it from the server's configuration.
    const config = loadConfig({ DATABASE_URL: database.connectionString, APP_ENV: 'test', HOST: '127.0.0.1', JOB_WORKERS: '0', OCPP_MAX_FRAME_BYTES: '32768' });
    server = await startServer({ ...config, port: 0 }, { serveConsole: false, log: () => {} });
    box = rowsOf<{ id: number; charger_box_id: string }>(
      await database.db.execute(sql`select id, charger_box_id from chargers where charger_type = 'OCPP_16_JSON_CHARGER' and is_active and charger_box_id is not null order by id limit 1`),
    ).map((r) => ({ id: Number(r.id), identity: r.charger_box_id }))[0]!;
    charger = new SimulatedCharger({ url: `${server.url.replace(/^http/, 'ws')}/ocpp`, identity: box.identity, password: DEV_CHARGER_PASSWORD, backoff: { initialDelay: 100, maxDelay: 500 } });
    await charger.start();
    // Signed in at the real time (the test app's clock stands at the seed's), as the server checks the session.
    const realClock = { now: () => new Date(), advance: () => {}, set: () => {} };
    authorization = `Bearer ${(await signIn(createTestApp(database, {}, { clock: realClock }), '9000000001')).authKey}`;
  }, 60_000);
  // The server's close returns (it once waited forever for the killed process to let go of its sockets).
  afterAll(async () => {
    await charger?.stop();
    await server?.close();
    await database?.close();
  });

  it("holds the charger that connected on the server's port in the central system's own process, and routes commands to it", async () => {
    const { pid } = await server.ocppStats();
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    expect(await until(holder, (p) => p !== null)).toBe(pid);
    expect((await server.ocppStats()).connected).toBe(1);
    const answer = await command();
    expect(answer.status).toBe(200);
    expect(answer.body.items[0]).toMatchObject({ chargerId: box.id, status: 'accepted' });
  });

  it("closes a charger's frame past the server's OCPP_MAX_FRAME_BYTES (1009) in the central system's process", async () => {
    const [other] = rowsOf<{ charger_box_id: string }>(
      await database.db.execute(sql`select charger_box_id from chargers where charger_type = 'OCPP_16_JSON_CHARGER' and is_active and charger_box_id is not null and id <> ${box.id} order by id limit 1`),
    );
    const send = async (bytes: number) => {
      const client = new RPCClient({ endpoint: `${server.url.replace(/^http/, 'ws')}/ocpp`, identity: other!.charger_box_id, password: DEV_CHARGER_PASSWORD, protocols: ['ocpp1.6'], reconnect: false });
      const closed = new Promise<number>((resolve) => client.on('close', (event: { code: number }) => resolve(event.code)));
      await client.connect();
      const answer = client.call('DataTransfer', { vendorId: 'CZO', data: 'x'.repeat(bytes) }).then(
        (result) => result,
        () => null,
      );
      const outcome = await Promise.race([answer, closed.then((code) => ({ closed: code }))]);
      await client.close({ force: true });
      return outcome;
    };
    expect(await send(30_000)).toEqual({ status: 'UnknownVendorId' });
    expect(await send(40_000)).toEqual({ closed: 1009 });
  });

  it('starts the process again when it dies, and the charger comes back to it', async () => {
    const { pid: before } = await server.ocppStats();
    process.kill(before!, 'SIGKILL');
    // A new process (the server waits a second, then starts it), and the charger reconnected to it.
    const after = await until(
      async () => (await server.ocppStats().catch(() => null))?.pid,
      (p) => p !== undefined && p !== before,
      20_000,
    );
    expect(await until(holder, (p) => p === after, 20_000)).toBe(after);
    const answer = await command();
    expect(answer.body.items[0]).toMatchObject({ chargerId: box.id, status: 'accepted' });
  }, 40_000);
});
