// Three server processes (each its own port and data folder, as if on three machines) on one PostgreSQL database,
// behind HAProxy, with 300 OCPP chargers connected over wss:// through the balancer (TLS ended there, each charger's
// own password by Basic auth). The console, commands, downloads, sign-outs and live work whichever process answers;
// then one process is killed (-9, its OCPP process with it) and its chargers, its charging sessions, its job and what
// it had acknowledged are all recovered by the two others. Run by `npm run test:cluster` (not by plain `vitest run`).
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionPaths } from '@domain/session';
import { hashChargerPassword } from '@server/ocpp/charger-password';
import { findHaproxy, HAPROXY_MISSING, otpOf, repoRoot, startCluster, type Cluster, type ClusterNode } from '@tools/cluster/cluster';
import { startFleetProcess, type FleetProcess } from '@tools/ocpp-simulator/fleet';

const CHARGERS = 300;
const SESSION_CACHE_SECONDS = 5;
const JOB_LEASE_SECONDS = 5;
/** Charging sessions started on the chargers of each process. */
const SESSIONS_PER_PROCESS = 4;
const ADMIN = '9000000001';
const adminUrl = process.env.CLUSTER_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `czo_cluster_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const dir = path.join(repoRoot, '.tmp', `cluster-test-${process.pid}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const figures: string[] = [];
const figure = (line: string) => {
  figures.push(line);
  console.log(`[cluster] ${line}`);
};

/** Polls `read` until `done` holds (or fails with the last value after `timeoutMs`). */
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!done(last)) {
    if (Date.now() > deadline) throw new Error(`${what}: not so after ${timeoutMs / 1000} s (last: ${JSON.stringify(last).slice(0, 500)})`);
    await sleep(everyMs);
    last = await read();
  }
  return last;
}

describe('Three server processes behind HAProxy, chargers over wss', () => {
  let cluster: Cluster;
  let fleet: FleetProcess;
  let admin: pg.Client;
  let boxes: { id: number; identity: string; password: string }[];
  const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await admin.query(text, values)).rows as T[];
  let auth: Record<string, string>;
  /** Chargers by the cluster process holding them (index), from the database. */
  let heldBy: Map<number, number[]>;

  const json = { 'content-type': 'application/json' };
  const api = async (base: string, method: string, route: string, body?: unknown, headers: Record<string, string> = auth) => {
    const r = await fetch(`${base}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await r.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (a file)
    }
    return { status: r.status, body: parsed as Record<string, any>, text }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  /** Signs in through `base` with the code the process that sent it printed. */
  const signIn = async (base: string, mobileNumber = ADMIN): Promise<Record<string, string>> => {
    const before = new Map(cluster.nodes.map((n) => [n.index, otpOf(n.output(), mobileNumber)]));
    const sent = await api(base, 'POST', sessionPaths.sendOtp, { mobileNumber }, json);
    expect(sent.status, sent.text).toBe(202);
    const otp = await until(
      'the sign-in code in a process log',
      async () => cluster.nodes.map((n) => otpOf(n.output(), mobileNumber)).find((code, i) => code && code !== before.get(i)),
      (code) => !!code,
      10_000,
      50,
    );
    const verified = await api(base, 'POST', sessionPaths.verifyOtp, { mobileNumber, otp }, json);
    expect(verified.status, verified.text).toBe(200);
    return { authorization: `Bearer ${String(verified.body.authKey)}`, ...json };
  };

  /** The cluster process whose process group holds a pid (the server itself or its OCPP process). */
  const nodeOfPid = (pid: number): ClusterNode | undefined => {
    let pgrp: number;
    try {
      pgrp = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[2]);
    } catch {
      return undefined;
    }
    return cluster.nodes.find((n) => n.pid() === pgrp);
  };
  const pidOfNodeId = (nodeId: string) => Number(nodeId.split(':')[1]);

  const readHolders = async () => {
    const rows = await q<{ node: string; ids: string[] }>(
      `select p.connected_node as node, array_agg(p.charger_id::text) as ids from ocpp_charge_points p where p.charger_id = any($1::bigint[]) and p.connected_node is not null group by 1`,
      [boxes.map((b) => b.id)],
    );
    const map = new Map<number, number[]>();
    for (const r of rows) {
      const node = nodeOfPid(pidOfNodeId(r.node));
      if (node) map.set(node.index, [...(map.get(node.index) ?? []), ...r.ids.map(Number)]);
    }
    return map;
  };

  beforeAll(async () => {
    if (!findHaproxy()) throw new Error(HAPROXY_MISSING);
    const root = new pg.Client({ connectionString: adminUrl });
    await root.connect();
    await root.query(`create database ${dbName}`);
    await root.end();
    const t0 = Date.now();
    cluster = await startCluster({
      databaseUrl,
      dir,
      env: { SEED_SCALE: '0.005', SESSION_CACHE_SECONDS: String(SESSION_CACHE_SECONDS), JOB_LEASE_SECONDS: String(JOB_LEASE_SECONDS), JOB_POLL_SECONDS: '1', SHUTDOWN_DRAIN_SECONDS: '2' },
      log: (line) => console.log(`[cluster] ${line}`),
    });
    figure(`3 processes and HAProxy ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    // 300 OCPP chargers, each with a password of its own (stored hashed, as the console does).
    const cpo = (await q<{ id: string }>(`select id from charge_point_operators order by is_own_network desc limit 1`))[0]!.id;
    await q(
      `insert into chargers (unique_id, charger_type, charger_box_id, charge_point_operator_id, sockets, connectivity_status, usage_type, is_active)
       select 'CLUSTER' || lpad(g::text, 4, '0'), 'OCPP_16_JSON_CHARGER', 'CLUSTER-OCPP-' || lpad(g::text, 4, '0'), $1::uuid,
         '[{"code":"CCS_2","displayText":"CCS 2","value":22}]'::jsonb, 'OFFLINE', 'PUBLIC', true
       from generate_series(1, ${CHARGERS}) g`,
      [cpo],
    );
    boxes = (await q<{ id: string; charger_box_id: string }>(`select id, charger_box_id from chargers where unique_id like 'CLUSTER%' order by id`)).map((r) => ({
      id: Number(r.id),
      identity: r.charger_box_id,
      password: randomBytes(18).toString('base64url'),
    }));
    await q(`insert into ocpp_charge_points (charger_id, password_hash) select * from unnest($1::bigint[], $2::text[])`, [boxes.map((b) => b.id), boxes.map((b) => hashChargerPassword(b.password))]);
    fleet = await startFleetProcess({ env: { NODE_EXTRA_CA_CERTS: cluster.caFile } });
  }, 300_000);

  afterAll(async () => {
    await fleet?.exit();
    await cluster?.stop();
    await admin?.end().catch(() => {});
    const root = new pg.Client({ connectionString: adminUrl });
    await root.connect();
    await root.query(`drop database if exists ${dbName} with (force)`);
    await root.end();
    console.log(`[cluster] figures:\n  ${figures.join('\n  ')}`);
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('every charger connects over wss through the balancer with its password, spread over the three processes; a wrong password is refused', async () => {
    const t0 = Date.now();
    // Quick reconnects (0.5 s, at most 5 s): the chargers of a killed process come back within the test's time.
    const started = await fleet.call<{ online: number; refused: number }>('start', { url: cluster.wssUrl, chargers: boxes.map(({ identity, password }) => ({ identity, password })), concurrency: 30, meterSeconds: 1, backoff: { initialDelay: 500, maxDelay: 5_000 } });
    expect(started).toMatchObject({ online: CHARGERS, refused: 0 });
    heldBy = await until('every charger held by a process', readHolders, (m) => [...m.values()].flat().length === CHARGERS, 30_000);
    figure(`${CHARGERS} chargers connected over wss in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${[...heldBy.entries()].sort().map(([i, ids]) => `process ${i} ${ids.length}`).join(', ')}`);
    expect([...heldBy.keys()].sort()).toEqual([0, 1, 2]);
    for (const ids of heldBy.values()) expect(ids.length).toBeGreaterThanOrEqual(CHARGERS / 10);
    const online = await q<{ n: number }>(`select count(*)::int as n from chargers where id = any($1::bigint[]) and connectivity_status = 'ONLINE'`, [boxes.map((b) => b.id)]);
    expect(online[0]!.n).toBe(CHARGERS);

    // The handshake with another charger's password, over the same TLS frontend: 401, and the charger stays as it was.
    const upgrade = (password: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpsRequest(`${cluster.httpsUrl}/ocpp/${boxes[0]!.identity}`, {
          ca: readFileSync(cluster.caFile),
          headers: {
            Connection: 'Upgrade',
            Upgrade: 'websocket',
            'Sec-WebSocket-Version': '13',
            'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
            'Sec-WebSocket-Protocol': 'ocpp1.6',
            Authorization: `Basic ${Buffer.from(`${boxes[0]!.identity}:${password}`).toString('base64')}`,
          },
        });
        req.on('upgrade', (res, socket) => {
          socket.destroy();
          resolve(res.statusCode ?? 0);
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await upgrade(boxes[1]!.password)).toBe(401);
    expect(await upgrade('')).toBe(401);
    expect((await fleet.call<{ online: number }>('counters')).online).toBe(CHARGERS);
  });

  it('the console works through the balancer: sign in with the code from the log, a list, a record', async () => {
    auth = await signIn(cluster.httpUrl);
    const list = await api(cluster.httpUrl, 'GET', '/booking-service/admin/booking?page=0&size=20');
    expect(list.status, list.text).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(0);
    const record = await api(cluster.httpUrl, 'GET', `/booking-service/admin/booking/${String(list.body.items[0].id)}`);
    expect(record.status, record.text).toBe(200);
    expect(record.body.id).toBe(list.body.items[0].id);
    // The same key is good on every process (each reads the one sessions table).
    for (const n of cluster.nodes) expect((await api(n.url, 'GET', '/booking-service/admin/booking?page=0&size=1')).status).toBe(200);
  });

  it('a command sent through the balancer reaches chargers held by each process and answers their values', async () => {
    const targets = [0, 1, 2].map((i) => heldBy.get(i)![0]!);
    const t0 = Date.now();
    const sent = await api(cluster.httpUrl, 'POST', '/ccu/charger-command', { chargerIds: targets, command: { action: 'GetConfiguration', payload: { key: ['HeartbeatInterval'] } }, wait: true });
    figure(`GetConfiguration to a charger on each process, through the balancer, answered in ${Date.now() - t0} ms`);
    expect(sent.status, sent.text).toBe(200);
    const items = sent.body.items as { chargerId: number; status: string; response: { configurationKey: { key: string }[] } }[];
    expect(items.map((i) => [i.chargerId, i.status]).sort()).toEqual(targets.map((id) => [id, 'accepted']).sort());
    for (const i of items) expect(i.response.configurationKey[0]!.key).toBe('HeartbeatInterval');
  });

  it('an export queued through one process is downloaded through the others', async () => {
    const [p0, p1, p2] = cluster.nodes as [ClusterNode, ClusterNode, ClusterNode];
    const created = await api(p0.url, 'POST', '/upload-service/download', { resource: 'bookings', query: 'sort=startedAt,asc', format: 'CSV', columns: ['id', 'amount'] });
    expect(created.status, created.text).toBe(201);
    const id = Number(created.body.id);
    const ready = await until('the export to be ready', async () => (await api(p1.url, 'GET', `/upload-service/download/${id}`)).body, (d) => d.status === 'READY' || d.status === 'FAILED', 60_000, 200);
    expect(ready.status, JSON.stringify(ready)).toBe('READY');
    const link = await api(p1.url, 'POST', `/upload-service/download/${id}/link`, {});
    expect(link.status, link.text).toBe(200);
    for (const n of [p2, p1, p0]) {
      const file = await fetch(`${n.url}${String(link.body.url)}`);
      const text = await file.text();
      expect(file.status, text).toBe(200);
      expect(text.replace(/^\uFEFF/, '').split(/\r?\n/).filter(Boolean).length).toBe(Number(ready.rowsWritten) + 1);
    }
  });

  it('a sign-out through one process is refused by the others within the session cache', async () => {
    const key = await signIn(cluster.httpUrl);
    // Every process has checked (and cached) the session.
    for (const n of cluster.nodes) expect((await api(n.url, 'GET', '/booking-service/admin/booking?page=0&size=1', undefined, key)).status).toBe(200);
    const t0 = Date.now();
    expect((await api(cluster.nodes[0]!.url, 'POST', sessionPaths.signOut, {}, key)).status).toBeLessThan(300);
    let slowest = 0;
    for (const n of cluster.nodes.slice(1)) {
      await until(`process ${n.index} to refuse the signed-out key`, async () => (await api(n.url, 'GET', '/booking-service/admin/booking?page=0&size=1', undefined, key)).status, (s) => s === 401, (SESSION_CACHE_SECONDS + 5) * 1000, 50);
      slowest = Math.max(slowest, Date.now() - t0);
    }
    figure(`a sign-out through process 0 refused by the two others after ${slowest} ms (cache ${SESSION_CACHE_SECONDS} s)`);
    expect(slowest).toBeLessThanOrEqual(SESSION_CACHE_SECONDS * 1000 + 2_000);
  });

  it('kill -9 of a process: its chargers come back through the others, its queued stops end their sessions once, its job is taken over, nothing it acknowledged is lost', async () => {
    // Sessions charging on chargers of every process (meter values every second: calls in flight at the kill).
    const charging = [0, 1, 2].flatMap((i) => heldBy.get(i)!.slice(1, 1 + SESSIONS_PER_PROCESS));
    const runStart = new Date(Date.now() - 1_000);
    const started = await api(cluster.httpUrl, 'POST', '/ccu/charger-command', { chargerIds: charging, command: { action: 'RemoteStartTransaction', payload: { connectorId: 1, idTag: 'CZOTESTCLUSTER' } }, wait: true });
    expect(started.status, started.text).toBe(200);
    await until('the sessions to start', () => fleet.call<{ charging: number }>('counters'), (c) => c.charging === charging.length, 30_000);
    await until(
      'their transactions stored',
      async () => (await q<{ n: number }>(`select count(*)::int as n from ocpp_sessions where charger_id = any($1::bigint[]) and stopped_at is null and transaction_id is not null`, [charging]))[0]!.n,
      (n) => n === charging.length,
      30_000,
    );

    // A job claimed by the process about to die: an export that finishes only once its file can be stored. The chunk
    // table is locked against writes (reads go on), so the export runs and waits there, claimed; the process holding
    // it is the one killed.
    const lock = new pg.Client({ connectionString: databaseUrl });
    await lock.connect();
    await lock.query('begin');
    await lock.query('lock table stored_file_chunks in exclusive mode');
    let job: { id: number; worker_id: string } | undefined;
    let victim: ClusterNode;
    let download: number;
    try {
      const created = await api(cluster.httpUrl, 'POST', '/upload-service/download', { resource: 'bookings', query: 'sort=startedAt,asc', format: 'CSV', columns: ['id'] });
      expect(created.status, created.text).toBe(201);
      download = Number(created.body.id);
      [job] = await until(
        'the export to be claimed',
        () => q<{ id: number; worker_id: string }>(`select id, worker_id from background_jobs where kind = 'download.export' and subject = $1 and state = 'running'`, [String(download)]),
        (rows) => rows.length === 1,
        30_000,
      );
      victim = nodeOfPid(pidOfNodeId(job!.worker_id))!;
      expect(victim, `the worker ${job!.worker_id} is a cluster process`).toBeDefined();
      const victimCharging = charging.filter((id) => heldBy.get(victim.index)!.includes(id));
      const identities = victimCharging.map((id) => boxes.find((b) => b.id === id)!.identity);
      const victimIdentities = heldBy.get(victim.index)!.map((id) => boxes.find((b) => b.id === id)!.identity);
      // Their drivers unplug while the chargers are cut off: the StopTransactions wait in the chargers.
      await fleet.call('stop-when-offline', { identities });
      const killedAt = Date.now();
      await victim.kill('SIGKILL');
      figure(`kill -9 of process ${victim.index} (its server and OCPP processes) holding ${victimIdentities.length} chargers, ${identities.length} charging, and export job ${job!.id}`);
      // What the chargers had been answered by then: every one of those calls must be in the message log.
      const acknowledged = await fleet.call<Record<string, string[]>>('answered', { identities: victimIdentities });
      await lock.query('rollback');

      // Every charger back, through the balancer, on the two processes left.
      await until('every charger of the killed process to be back', () => fleet.call<string[]>('offline', { identities: victimIdentities }), (offline) => offline.length === 0, 60_000, 50);
      const backMs = Date.now() - killedAt;
      const held = await until('the database to hold them on the two others', readHolders, (m) => !m.has(victim.index) && [...m.values()].flat().length === CHARGERS, 30_000);
      const heldMs = Date.now() - killedAt;
      figure(`its ${victimIdentities.length} chargers reconnected through the balancer ${(backMs / 1000).toFixed(1)} s after the kill; held by the others in the database after ${(heldMs / 1000).toFixed(1)} s (${[...held.entries()].sort().map(([i, ids]) => `process ${i} ${ids.length}`).join(', ')})`);
      expect(backMs).toBeLessThan(30_000);
      const online = await until(
        'every charger online again',
        async () => (await q<{ n: number }>(`select count(*)::int as n from chargers where id = any($1::bigint[]) and connectivity_status = 'ONLINE'`, [boxes.map((b) => b.id)]))[0]!.n,
        (n) => n === CHARGERS,
        30_000,
      );
      expect(online).toBe(CHARGERS);

      // The queued StopTransactions were replayed and each session ended exactly once.
      await until('the queued stops to be sent', () => fleet.call<{ pendingStops: number; charging: number }>('counters'), (c) => c.pendingStops === 0 && c.charging === charging.length - identities.length, 60_000);
      const ended = await until(
        'their sessions to end',
        () =>
          q<{ charger_id: string; stopped: boolean; booking_id: string | null; tx_ended: boolean }>(
            `select s.charger_id, s.stopped_at is not null as stopped, s.booking_id, t.ended_at is not null as tx_ended
             from ocpp_sessions s left join charger_transactions t on t.id = s.transaction_id
             where s.charger_id = any($1::bigint[]) and s.started_at >= $2`,
            [victimCharging, runStart],
          ),
        (rows) => rows.length === victimCharging.length && rows.every((r) => r.stopped && r.tx_ended),
        30_000,
      );
      expect(new Set(ended.map((r) => r.booking_id)).size).toBe(victimCharging.length);
      const bookings = await q<{ n: number }>(`select count(*)::int as n from bookings where charger_id = any($1::bigint[]) and created_at >= $2`, [victimCharging, runStart]);
      expect(bookings[0]!.n).toBe(victimCharging.length);
      const endings = await q<{ entity_id: string; n: number }>(
        `select entity_id, count(*)::int as n from audit_log where entity_type = 'bookings' and action = 'transition' and to_state in ('COMPLETED', 'STOPPED_BY_ADMIN', 'FAILED') and entity_id = any($1::text[]) group by 1`,
        [ended.map((r) => String(r.booking_id))],
      );
      expect(endings.map((e) => e.n)).toEqual(ended.map(() => 1));

      // The job it had claimed is taken over by another process once its lease ends, and finishes.
      const done = await until('the export to be taken over and finish', async () => (await api(cluster.httpUrl, 'GET', `/upload-service/download/${download}`)).body, (d) => d.status === 'READY' || d.status === 'FAILED', 60_000, 200);
      expect(done.status, JSON.stringify(done)).toBe('READY');
      const [finished] = await q<{ state: string; attempts: number; worker_id: string; finished_at: Date }>(`select state, attempts, worker_id, finished_at from background_jobs where id = $1`, [job!.id]);
      expect(finished).toMatchObject({ state: 'done', attempts: 2 });
      expect(nodeOfPid(pidOfNodeId(finished!.worker_id))?.index).not.toBe(victim.index);
      figure(`its export job finished on process ${nodeOfPid(pidOfNodeId(finished!.worker_id))?.index} ${((new Date(finished!.finished_at).getTime() - killedAt) / 1000).toFixed(1)} s after the kill (lease ${JOB_LEASE_SECONDS} s)`);

      // Nothing acknowledged is lost: every call the killed process answered is in the message log.
      const wanted = Object.entries(acknowledged).flatMap(([identity, ids]) => ids.map((id) => [boxes.find((b) => b.id && b.identity === identity)!.id, id] as const));
      const missing = await until(
        'every acknowledged call in the message log',
        async () => {
          const have = await q<{ charger_id: string; message_id: string }>(
            `select charger_id, message_id from ocpp_messages where direction = 'IN' and message_type = 'CALL' and charger_id = any($1::bigint[])`,
            [heldBy.get(victim.index)],
          );
          const seen = new Set(have.map((r) => `${r.charger_id}/${r.message_id}`));
          return wanted.filter(([charger, id]) => !seen.has(`${charger}/${id}`));
        },
        (m) => m.length === 0,
        15_000,
        250,
      ).catch((error: Error) => error.message);
      figure(`${wanted.length} calls of its chargers answered before the kill, all in the message log`);
      expect(missing).toEqual([]);
    } finally {
      await lock.end().catch(() => {});
    }
  });
});
