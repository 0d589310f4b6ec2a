// An OCPP charger's connectivity, wherever it is read (the chargers list and its connectivity filter, the record,
// home's counts, the map, an export), is its live state: online only while a central-system process holds its
// socket. After the seed no OCPP charger is online; a charger that connects reads online everywhere, and offline
// again once it disconnects. At a central system's start, chargers held by a process that is gone, and OCPP chargers
// stored online that no process holds, go offline.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargerMapCategories } from '@domain/network-map';
import { listQuerySchema } from '@domain/resource/list-query';
import { chargerResource } from '@domain/resources/chargers/charger';
import { rowsOf } from '@server/db/rows';
import { exportChunks } from '@server/downloads/export-rows';
import { createInProcessBus } from '@server/live/notification-bus';
import { createCentralSystem } from '@server/ocpp/central-system';
import { MAP_VIEW } from '@server/network/map-routes';
import { DEV_CHARGER_PASSWORD } from '@tools/ocpp-simulator/dev-password';
import { openLiveCharger, quiet, until, type LiveCharger } from '../support/live-charger';
import { call, signIn } from '../support/test-app';
import { testDrivers } from '../support/test-database';

const OCPP = 'OCPP_16_JSON_CHARGER';
const BASE = chargerResource.apiPath;

describe.each(testDrivers)('an OCPP charger’s connectivity on %s', (driver) => {
  let live: LiveCharger;
  let admin: string;
  beforeAll(async () => {
    live = await openLiveCharger(driver);
    admin = (await signIn(live.t, '9000000001')).authKey;
  }, 60_000);
  afterAll(() => live?.close());

  /** Every place a charger's connectivity is read, for the OCPP chargers (and `id` among them). */
  const readAll = async (id: number) => {
    const { t, database } = live;
    const list = await call(t, 'GET', `${BASE}?chargerType=${OCPP}&size=1000`, { authKey: admin });
    expect(list.status).toBe(200);
    const online = await call(t, 'GET', `${BASE}?chargerType=${OCPP}&connectivityStatus=ONLINE&size=1000`, { authKey: admin });
    // Home's "Online" figure is this list's count over every charger.
    const home = await call(t, 'GET', `${BASE}?connectivityStatus=ONLINE&size=1`, { authKey: admin });
    const detail = await call(t, 'GET', `${BASE}/${id}`, { authKey: admin });
    const map = await call(t, 'GET', `${MAP_VIEW}/chargers?chargerType=${OCPP}`, { authKey: admin });
    expect(map.status).toBe(200);
    const source = { resource: chargerResource, query: listQuerySchema(chargerResource).parse({ chargerType: OCPP }), extra: [] };
    const exported: (string | number)[][] = [];
    for await (const chunk of exportChunks(database.db, source, { batchSize: 500, fields: ['id', 'connectivityStatus'], format: 'cells' })) exported.push(...chunk.cells!);
    const [live16] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from chargers where charger_type <> ${OCPP} and connectivity_status = 'ONLINE'`));
    const mapIndex = (map.body.ids as number[]).indexOf(id);
    return {
      listed: Object.fromEntries((list.body.items as { id: number; connectivityStatus: string }[]).map((c) => [c.id, c.connectivityStatus])) as Record<number, string>,
      filtered: (online.body.items as { id: number }[]).map((c) => c.id),
      homeOnline: Number(home.body.count) - live16!.n,
      detail: detail.body.connectivityStatus as string,
      mapCategories: new Set((map.body.category as number[]).map((i) => chargerMapCategories[i])),
      mapOf: chargerMapCategories[(map.body.category as number[])[mapIndex]!],
      exported: Object.fromEntries(exported.map((r) => [Number(r[0]), String(r[1])])) as Record<number, string>,
    };
  };

  it('reads offline everywhere after the seed, online while it is connected and offline again after it disconnects', async () => {
    const { charger, chargerId, database } = live;
    // The seed: no OCPP charger is stored as anything a process holding no socket would not write.
    await charger.stop();
    const seeded = await until(
      async () => rowsOf<{ status: string; n: number }>(await database.db.execute(sql`select connectivity_status as status, count(*)::int as n from chargers where charger_type = ${OCPP} group by 1`)),
      (rows) => rows.length === 1,
    );
    expect(seeded.map((r) => r.status)).toEqual(['OFFLINE']);

    // Every place is read again until all agree: a read of the list and one of the record are two requests, and the
    // disconnect's write may land between them.
    const agree = (r: Awaited<ReturnType<typeof readAll>>, status: 'ONLINE' | 'OFFLINE') =>
      r.detail === status && r.listed[chargerId] === status && r.mapOf === status && r.exported[chargerId] === (status === 'ONLINE' ? 'Online' : 'Offline');
    const offline = await until(
      () => readAll(chargerId),
      (r) => agree(r, 'OFFLINE'),
    );
    expect(Object.keys(offline.listed).length).toBe(seeded[0]!.n);
    expect(new Set(Object.values(offline.listed))).toEqual(new Set(['OFFLINE']));
    expect(offline.filtered).toEqual([]);
    expect(offline.homeOnline).toBe(0);
    expect(offline.detail).toBe('OFFLINE');
    expect([...offline.mapCategories].every((c) => c === 'OFFLINE' || c === 'INACTIVE')).toBe(true);
    expect(offline.mapOf).toBe('OFFLINE');
    expect(Object.keys(offline.exported).length).toBe(seeded[0]!.n);
    expect(new Set(Object.values(offline.exported))).toEqual(new Set(['Offline']));

    await charger.start();
    const online = await until(
      () => readAll(chargerId),
      (r) => agree(r, 'ONLINE'),
    );
    expect(online.listed[chargerId]).toBe('ONLINE');
    expect(Object.values(online.listed).filter((s) => s !== 'OFFLINE')).toEqual(['ONLINE']);
    expect(online.filtered).toEqual([chargerId]);
    expect(online.homeOnline).toBe(1);
    expect(online.detail).toBe('ONLINE');
    expect(online.mapOf).toBe('ONLINE');
    expect(online.exported[chargerId]).toBe('Online');
    expect(Object.values(online.exported).filter((s) => s !== 'Offline')).toEqual(['Online']);

    await charger.stop();
    const again = await until(
      () => readAll(chargerId),
      (r) => agree(r, 'OFFLINE'),
    );
    expect(again.listed[chargerId]).toBe('OFFLINE');
    expect(again.filtered).toEqual([]);
    expect(again.homeOnline).toBe(0);
    expect(again.mapOf).toBe('OFFLINE');
    expect(again.exported[chargerId]).toBe('Offline');
    await charger.start();
  }, 60_000);

  it('stays online after quick reconnects: a closing socket’s write never lands after the new socket’s', async () => {
    const { charger, chargerId, database } = live;
    const stored = async () =>
      rowsOf<{ s: string; node: string | null }>(
        await database.db.execute(sql`select c.connectivity_status as s, p.connected_node as node from chargers c join ocpp_charge_points p on p.charger_id = c.id where c.id = ${chargerId}`),
      )[0]!;
    for (let i = 0; i < 8; i += 1) {
      await charger.stop();
      await charger.start();
    }
    const settled = await until(stored, (r) => r.s === 'ONLINE' && r.node !== null);
    expect(settled.s).toBe('ONLINE');
    // Whatever write was still in flight has landed well within this: the charger stays held and online.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await stored()).toMatchObject({ s: 'ONLINE' });
    expect((await stored()).node).not.toBeNull();
  }, 60_000);

  it('at a central system’s start, takes offline the chargers of a process that is gone and OCPP chargers stored online that no process holds', async () => {
    const { database, offlineCharger, chargerId } = live;
    const db = database.db;
    // A charger held by a process of this host that no longer runs (no pid is this high), one stored online with no
    // holder, and the charger a live central system holds, which stays as it is.
    const gone = `${hostname()}:${2 ** 30}:dead00`;
    await db.execute(sql`insert into ocpp_charge_points (charger_id, connected_node, last_seen_at, updated_at) values (${offlineCharger.id}, ${gone}, now(), now())
      on conflict (charger_id) do update set connected_node = ${gone}, last_seen_at = now()`);
    const [unheld] = rowsOf<{ id: number }>(
      await db.execute(sql`select c.id from chargers c left join ocpp_charge_points p on p.charger_id = c.id
        where c.charger_type = ${OCPP} and c.id not in (${offlineCharger.id}, ${chargerId}) and p.connected_node is null order by c.id limit 1`),
    );
    await db.execute(sql`update chargers set connectivity_status = 'ONLINE' where id in (${offlineCharger.id}, ${unheld!.id})`);
    await until(
      async () => rowsOf<{ s: string }>(await db.execute(sql`select connectivity_status as s from chargers where id = ${chargerId}`))[0]!.s,
      (s) => s === 'ONLINE',
    );
    const bus = createInProcessBus();
    const second = createCentralSystem({ db, bus, logger: quiet, watchEveryMs: 3_600_000 });
    try {
      const statuses = await until(
        async () =>
          Object.fromEntries(
            rowsOf<{ id: number; s: string }>(
              await db.execute(sql`select id, connectivity_status as s from chargers where id in (${offlineCharger.id}, ${unheld!.id}, ${chargerId})`),
            ).map((r) => [Number(r.id), r.s]),
          ),
        (s) => s[offlineCharger.id] === 'OFFLINE' && s[unheld!.id] === 'OFFLINE',
      );
      expect(statuses).toEqual({ [offlineCharger.id]: 'OFFLINE', [unheld!.id]: 'OFFLINE', [chargerId]: 'ONLINE' });
      const [held] = rowsOf<{ node: string | null }>(await db.execute(sql`select connected_node as node from ocpp_charge_points where charger_id = ${offlineCharger.id}`));
      expect(held!.node).toBeNull();
    } finally {
      await second.close();
      await bus.close();
    }
  });
  it('keeps "last seen" moving while the charger only answers the socket’s pings (no sweep takes a quiet charger offline)', async () => {
    const { database } = live;
    const db = database.db;
    // A charger that boots and then says nothing for as long as its heartbeat interval allows: only its WebSocket
    // answers the central system's pings (every 100 ms here).
    const [quietCharger] = rowsOf<{ id: number; box: string }>(
      await db.execute(sql`select c.id, c.charger_box_id as box from chargers c left join ocpp_charge_points p on p.charger_id = c.id
        where c.charger_type = ${OCPP} and c.is_active and c.charger_box_id is not null and p.connected_node is null and c.id not in (${live.chargerId}, ${live.offlineCharger.id}) order by c.id limit 1`),
    );
    const bus = createInProcessBus();
    const central = createCentralSystem({ db, bus, logger: quiet, pingIntervalMs: 100, lastSeenEveryMs: 50, watchEveryMs: 3_600_000 });
    const server = createServer((_, res) => res.writeHead(404).end());
    server.on('upgrade', (req, socket, head) => central.handleUpgrade(req, socket, head));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const box = quietCharger!.box;
    const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/ocpp/${encodeURIComponent(box)}`, ['ocpp1.6'], {
      headers: { authorization: `Basic ${Buffer.from(`${box}:${DEV_CHARGER_PASSWORD}`).toString('base64')}` },
    });
    const lastSeen = async () =>
      rowsOf<{ at: string | null; node: string | null }>(await db.execute(sql`select last_seen_at::text as at, connected_node as node from ocpp_charge_points where charger_id = ${quietCharger!.id}`))[0];
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('open', () => resolve());
        socket.on('error', reject);
      });
      const booted = new Promise<unknown[]>((resolve) => socket.on('message', (data: Buffer) => resolve(JSON.parse(String(data)) as unknown[])));
      socket.send(JSON.stringify([2, 'boot-1', 'BootNotification', { chargePointVendor: 'Quiet', chargePointModel: 'Q1' }]));
      expect((await booted)[0]).toBe(3);
      const first = await until(lastSeen, (r) => Boolean(r?.at && r.node));
      // No OCPP message after the boot: only pongs. "Last seen" still moves on.
      const later = await until(lastSeen, (r) => Boolean(r?.at && first?.at && new Date(r.at).getTime() > new Date(first.at).getTime() + 300));
      expect(new Date(later!.at!).getTime()).toBeGreaterThan(new Date(first!.at!).getTime() + 300);
      expect(later!.node).toBe(central.nodeId);
    } finally {
      socket.terminate();
      await central.close();
      await new Promise<void>((r) => server.close(() => r()));
      await bus.close();
    }
  });
});
