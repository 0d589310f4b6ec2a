// `npm run bench:storm -- [--chargers 20000]` and `npm run bench:rolling -- [--chargers 10000] [--console-rps 4]`
// (DATABASE_URL: a PostgreSQL database of the bench's own, empty or seeded by an earlier run)
//
// The OCPP central system as deployed: three server processes (`server/main.ts`, each in a process group of its own,
// as if on three machines) on one PostgreSQL database behind HAProxy, started by the cluster harness
// (tools/cluster/cluster.ts), with the simulated chargers of every OCPP bench's fleet processes
// (tools/ocpp-simulator/fleet.ts, at most 5,000 a process, set up by scripts/bench-ocpp-setup.ts) connecting over
// wss:// through the balancer.
//
// --storm (bench:storm): a third of the chargers charge; the process holding the most chargers is killed with
// SIGKILL (its whole group: the server and its OCPP process, as when a machine dies); while its chargers are
// disconnected some of their sessions end (each StopTransaction queued in the charger and replayed when it is back).
// Prints the seconds until every charger is back on the remaining processes with every queued StopTransaction
// replayed, each replayed once (message log), duplicate bookings, a command to chargers that were on the killed
// process answered after they are back, and the calls answered before the kill missing from the message log.
//
// --rolling (bench:rolling): a tenth of the chargers charge while a console reads the bookings and chargers lists
// and sends a command (a write) through the balancer, a few requests a second; each process in turn is stopped with
// SIGTERM (it drains: docs/production.md "Stopping a process"), started again and waited for until ready before the
// next. Prints the console's failed requests, the calls answered but missing from the message log, and each
// restart's seconds.
//
// Both need a connection per charger in one HAProxy process (two sockets each within its open-file limit, `ulimit -Hn`;
// the harness's maxconn): the bench lowers --chargers to what fits and says so. Ports: --port (3860) and the two after it for the processes, the next two for HAProxy (plain, TLS).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@server/seed/seed-sql';
import { haproxyConfig, otpOf, startCluster, type Cluster, type ClusterNode } from '@tools/cluster/cluster';
import { answeredIds, command, fleetCounters, idArray, log, machineLine, one, pct, prepareChargers, runTestTag, signIn, sleep, startFleets as startBenchFleets, waitFor, withDatabase as withBenchDatabase, type Box, type BenchDb, type FleetProcess } from './bench-ocpp-setup';

const { values } = parseArgs({
  options: {
    storm: { type: 'boolean', default: false },
    rolling: { type: 'boolean', default: false },
    chargers: { type: 'string' },
    'console-rps': { type: 'string', default: '4' },
    'data-dir': { type: 'string', default: '.tmp/bench-ocpp-cluster' },
    port: { type: 'string', default: '3860' },
  },
});
if (values.storm === values.rolling) throw new Error('Say which: --storm or --rolling.');
const MODE = values.storm ? 'storm' : 'rolling';
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: a PostgreSQL database of the bench (many processes share it; PGlite is one process).');
const PROCESSES = 3;
const PER_FLEET = 5_000;
const basePort = Number(values.port);
const dataDir = path.resolve(values['data-dir']);
const consoleRps = Number(values['console-rps']);

/**
 * The chargers one HAProxy process takes: the connections its configuration allows (global maxconn, set from the
 * open-file limit: two sockets per charger, the charger's and the process's), less room for the console's
 * connections and the health checks, in whole 500s.
 */
function chargersTheBalancerFits(): number {
  const maxconn = Number(/^global\n\s+maxconn (\d+)/m.exec(haproxyConfig({ httpPort: 1, tlsPort: 2, pemFile: 'x', serverPorts: [3] }))?.[1]);
  const limit = Number(execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim());
  const byFiles = Number.isFinite(limit) ? (limit - 1_000) / 2 : Number.MAX_SAFE_INTEGER;
  return Math.floor((Math.min(byFiles, Number.isFinite(maxconn) ? maxconn : byFiles) - 500) / 500) * 500;
}
const asked = Number(values.chargers ?? (MODE === 'storm' ? 20_000 : 10_000));
const fits = chargersTheBalancerFits();
const N = Math.min(asked, fits);

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ------------------------------------------------------------------------------------------------- the database
const env = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: path.join(dataDir, 'bench') };
const withDatabase = <T>(fn: (db: BenchDb) => Promise<T>) => withBenchDatabase(env, fn);
const prepare = (db: BenchDb) => prepareChargers(db, N);

/** How many chargers each process holds now (its server or its OCPP process, by process group), from the database. */
async function holdings(nodes: readonly ClusterNode[]): Promise<{ perProcess: number[]; elsewhere: number; offline: number }> {
  const rows = await withDatabase(async (db) => rowsOf<{ node: string | null; n: number }>(await db.execute(sql`select connected_node as node, count(*)::int as n from ocpp_charge_points group by 1`)));
  const perProcess = nodes.map(() => 0);
  let elsewhere = 0;
  let offline = 0;
  for (const r of rows) {
    if (r.node === null) {
      offline += r.n;
      continue;
    }
    const group = processGroup(Number(r.node.split(':')[1]));
    const k = nodes.findIndex((n) => n.running() && n.pid() === group);
    if (k >= 0) perProcess[k]! += r.n;
    else elsewhere += r.n;
  }
  return { perProcess, elsewhere, offline };
}
/** The process group of a process (the cluster starts each server as a group's leader), or -1 when it is gone. */
function processGroup(pid: number): number {
  try {
    const stat = execFileSync('ps', ['-o', 'pgid=', '-p', String(pid)], { encoding: 'utf8' });
    return Number(stat.trim());
  } catch {
    return -1;
  }
}

// ----------------------------------------------------------------------------------------------------- fleets
type Fleet = FleetProcess;

/** The chargers, over wss:// through the balancer, trusting its self-signed certificate as a charger trusts its operator's. */
async function startFleets(boxes: Box[], url: string, caFile: string, opts: { meterSeconds: number; clockSeconds: number }) {
  return startBenchFleets(boxes, { urlOf: () => url, perFleet: PER_FLEET, env: { NODE_EXTRA_CA_CERTS: caFile }, logDir: path.join(dataDir, 'logs'), concurrency: 50, bootTimeoutMs: 300_000, ...opts });
}

/** Of `ids` (calls the chargers had answered), how many have no IN CALL row in the message log. */
async function missingFromLog(ids: string[], logBefore: number): Promise<number> {
  return withDatabase(async (db) => {
    let missing = 0;
    for (let i = 0; i < ids.length; i += 50_000) {
      const chunk = ids.slice(i, i + 50_000);
      const { n } = await one<{ n: number }>(
        db,
        sql`select count(*)::int as n from unnest(${`{${chunk.join(',')}}`}::text[]) a(id)
          where not exists (select 1 from ocpp_messages m where m.id > ${logBefore} and m.direction = 'IN' and m.message_type = 'CALL' and m.message_id = a.id)`,
      );
      missing += n;
    }
    return missing;
  });
}

// -------------------------------------------------------------------------------------------------- the console
const signInTo = (cluster: Cluster) => signIn(cluster.httpUrl, (mobileNumber) => cluster.nodes.map((n) => otpOf(n.output(), mobileNumber)).find(Boolean));
const tally = (list: string[]) => [...list.reduce((m, s) => m.set(s, (m.get(s) ?? 0) + 1), new Map<string, number>())].map(([s, n]) => `${n} ${s}`).join(', ');

/** RemoteStart on `ids` (500 a request, as staff can), then waits until they all charge. */
async function startCharging(url: string, auth: Record<string, string>, fleets: Fleet[], ids: number[], idTag: string) {
  for (let i = 0; i < ids.length; i += 500) await command(url, auth, ids.slice(i, i + 500), { action: 'RemoteStartTransaction', payload: { connectorId: 1, idTag } });
  await waitFor('the sessions to start', async () => (await fleetCounters(fleets)).charging >= ids.length, 180_000);
}

/** In the database: every transaction of the run ended exactly once, one booking each, none made twice. */
async function transactionCheck(boxes: Box[], runStart: Date) {
  return withDatabase(async (db) => {
    const ids = idArray(boxes.map((b) => b.id));
    const since = runStart.toISOString();
    const sessions = await one<{ started: number; open: number; tx_open: number; no_booking: number; distinct_bookings: number }>(db, sql`
      select count(*)::int as started, count(*) filter (where s.stopped_at is null)::int as open,
        count(*) filter (where t.ended_at is null)::int as tx_open, count(*) filter (where s.booking_id is null)::int as no_booking,
        count(distinct s.booking_id)::int as distinct_bookings
      from ocpp_sessions s left join charger_transactions t on t.id = s.transaction_id
      where s.charger_id = any(${ids}::bigint[]) and s.started_at >= ${since}::timestamptz`);
    const madeInRun = await one<{ n: number }>(db, sql`select count(*)::int as n from bookings where charger_id = any(${ids}::bigint[]) and created_at >= ${since}::timestamptz`);
    const endings = await one<{ ended: number; twice: number }>(db, sql`
      select count(*)::int as ended, count(*) filter (where n > 1)::int as twice from (
        select a.entity_id, count(*) as n from audit_log a
        where a.entity_type = 'bookings' and a.action = 'transition' and a.to_state in ('COMPLETED', 'STOPPED_BY_ADMIN', 'FAILED')
          and a.entity_id in (select s.booking_id::text from ocpp_sessions s where s.charger_id = any(${ids}::bigint[]) and s.started_at >= ${since}::timestamptz)
        group by a.entity_id) e`);
    return { ...sessions, madeInRun: madeInRun.n, endings };
  });
}

/** The running cluster: its processes are process groups of their own, so an interrupted bench stops them itself. */
let current: Cluster | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping the cluster…`);
    void (current?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

async function startBenchCluster(): Promise<Cluster> {
  rmSync(path.join(dataDir, 'cluster'), { recursive: true, force: true });
  current = await startCluster({
    databaseUrl: databaseUrl!,
    dir: path.join(dataDir, 'cluster'),
    processes: PROCESSES,
    serverPorts: Array.from({ length: PROCESSES }, (_, i) => basePort + i),
    httpPort: basePort + PROCESSES,
    tlsPort: basePort + PROCESSES + 1,
    env: { SIMULATED_CHARGERS: '0', OTP_SENDS_PER_NUMBER: '100000', OTP_SENDS_PER_CLIENT: '100000', OTP_RESEND_AFTER_SECONDS: '0' },
    log,
  });
  return current;
}

function header() {
  log(`bench:${MODE}: ${N} chargers${N < asked ? ` (${asked} asked: one HAProxy process takes ${fits}, its maxconn within the open-file limit)` : ''}, ${PROCESSES} server processes on PostgreSQL behind HAProxy (wss); ${machineLine()}`);
}

// ------------------------------------------------------------------------------------------------------- storm
async function stormRun() {
  const { boxes, logBefore } = await withDatabase(prepare);
  const runStart = new Date();
  const cluster = await startBenchCluster();
  let failed = false;
  try {
    const auth = await signInTo(cluster);
    const { fleets, connectMs, refused } = await startFleets(boxes, cluster.wssUrl, cluster.caFile, { meterSeconds: 60, clockSeconds: 60 });
    const spread = await holdings(cluster.nodes);
    log(`connected ${(await fleetCounters(fleets)).online} of ${N} in ${secs(connectMs)} (${refused} refused); held ${spread.perProcess.join(' / ')}`);
    const chargingIds = boxes.filter((_, i) => i % 3 === 0).map((b) => b.id);
    await startCharging(cluster.httpUrl, auth, fleets, chargingIds, runTestTag('STORM'));
    log(`${chargingIds.length} sessions charging; meter values for 10 s`);
    await sleep(10_000);

    // The process holding the most chargers, and its chargers.
    const held = await holdings(cluster.nodes);
    const k = held.perProcess.indexOf(Math.max(...held.perProcess));
    const victim = cluster.nodes[k]!;
    const victimGroup = victim.pid()!;
    const nodesOfVictim = await withDatabase(async (db) => rowsOf<{ node: string }>(await db.execute(sql`select distinct connected_node as node from ocpp_charge_points where connected_node is not null`)));
    const victimNodes = nodesOfVictim.map((r) => r.node).filter((node) => processGroup(Number(node.split(':')[1])) === victimGroup);
    const victims = await withDatabase(async (db) =>
      rowsOf<{ id: number; identity: string }>(await db.execute(sql`select c.id, c.charger_box_id as identity from ocpp_charge_points p join chargers c on c.id = p.charger_id where p.connected_node = any(${`{${victimNodes.map((n) => `"${n}"`).join(',')}}`}::text[])`)),
    ).then((rows) => rows.map((r) => ({ id: Number(r.id), identity: r.identity })));
    const victimsCharging = victims.filter((v) => chargingIds.includes(v.id)).length;
    const answeredBefore = await answeredIds(fleets);

    const killAt = performance.now();
    await victim.kill('SIGKILL');
    log(`kill -9 of process ${k} (${victims.length} chargers, ${victimsCharging} charging)`);
    // While its chargers are disconnected, half of their drivers unplug: the StopTransactions wait in the chargers.
    await waitFor('its chargers to see the connection gone', async () => (await fleetCounters(fleets)).online <= N - victims.length / 2, 30_000);
    const identities = victims.map((v) => v.identity);
    const ended = await Promise.all(fleets.map((f) => f.call<{ ended: number; transactionIds: number[] }>('end-offline', { identities, count: Math.ceil(victimsCharging / 2 / fleets.length) })));
    const queued = ended.flatMap((e) => e.transactionIds);
    log(`${queued.length} sessions ended while their chargers were disconnected (StopTransactions queued)`);
    await waitFor('every charger back with its queued StopTransactions replayed', async () => {
      const c = await fleetCounters(fleets);
      return c.online === N && c.pendingStops === 0;
    }, 300_000);
    const allBackMs = performance.now() - killAt;
    log(`every charger back and every queued StopTransaction replayed ${secs(allBackMs)} after the kill`);
    // Booted means marked connected by the process holding it now.
    await waitFor('every charger booted on a remaining process', async () => {
      const h = await holdings(cluster.nodes);
      return h.perProcess.reduce((a, b) => a + b, 0) === N;
    }, 120_000);
    const after = await holdings(cluster.nodes);
    const settledMs = performance.now() - killAt;

    // A command to chargers that were on the killed process, through the balancer, answered by them.
    const sample = victims.slice(0, 500).map((v) => v.id);
    const again = await command(cluster.httpUrl, auth, sample, { action: 'GetConfiguration', payload: { key: ['HeartbeatInterval'] } });

    // The rest of the sessions end; the chargers go; the processes stop cleanly (their message logs written).
    await Promise.all(fleets.map((f) => f.call<number>('end-sessions', { count: 'all', wait: true })));
    await waitFor('every session to end', async () => {
      const c = await fleetCounters(fleets);
      return c.charging === 0 && c.pendingStops === 0;
    }, 120_000);
    const final = await fleetCounters(fleets);
    await Promise.all(fleets.map((f) => f.call('exit').catch(() => {})));
    await cluster.stop();

    const lost = await missingFromLog(answeredBefore, logBefore);
    const replays = await withDatabase(async (db) =>
      one<{ replayed: number; twice: number }>(db, sql`
        select count(*)::int as replayed, count(*) filter (where n > 1)::int as twice from (
          select payload->>'transactionId' as tx, count(*) as n from ocpp_messages
          where id > ${logBefore} and direction = 'IN' and message_type = 'CALL' and action = 'StopTransaction'
            and payload->>'transactionId' = any(${`{${queued.join(',')}}`}::text[])
          group by 1) r`),
    );
    const check = await transactionCheck(boxes, runStart);

    console.log('');
    header();
    console.log(`spread:        ${spread.perProcess.join(' / ')} chargers per process after connecting (${secs(connectMs)}); process ${k} held ${victims.length} (${victimsCharging} charging) when killed`);
    console.log(`back:          every charger online and every queued StopTransaction replayed ${secs(allBackMs)} after the kill -9 (target 60 s); every charger booted on a remaining process ${secs(settledMs)} after it: ${after.perProcess.map((n, i) => (i === k ? `(killed) ${n}` : String(n))).join(' / ')}; connections per charger ${(final.connects / N).toFixed(2)}`);
    console.log(`queued stops:  ${queued.length} ended while disconnected; ${replays.replayed} replayed (StopTransaction in the message log), ${replays.twice} more than once`);
    console.log(`transactions:  ${check.started} sessions in the run, ${check.open} not stopped, ${check.tx_open} charger transactions not ended; bookings ${check.madeInRun} made for ${check.started} sessions, duplicates ${check.madeInRun - check.distinct_bookings}; ${check.endings.ended} ended, ${check.endings.twice} more than once`);
    console.log(`command again: GetConfiguration to ${sample.length} chargers that were on the killed process, through the balancer: ${tally(again.statuses)}`);
    console.log(`lost:          ${lost} of the ${answeredBefore.length} calls answered before the kill missing from the message log`);
    const ok =
      allBackMs <= 60_000 &&
      replays.replayed === queued.length &&
      replays.twice === 0 &&
      check.open === 0 &&
      check.tx_open === 0 &&
      check.madeInRun === check.distinct_bookings &&
      check.endings.twice === 0 &&
      again.statuses.every((s) => s === 'accepted') &&
      lost === 0;
    console.log(`result:        ${ok ? 'every target met' : 'FAILED (see above)'}`);
    failed = !ok;
  } finally {
    await cluster.stop().catch(() => {});
  }
  process.exit(failed ? 1 : 0);
}

// ----------------------------------------------------------------------------------------------------- rolling
async function rollingRun() {
  const { boxes, logBefore } = await withDatabase(prepare);
  const runStart = new Date();
  const cluster = await startBenchCluster();
  let failed = false;
  try {
    const auth = await signInTo(cluster);
    const { fleets, connectMs, refused } = await startFleets(boxes, cluster.wssUrl, cluster.caFile, { meterSeconds: 60, clockSeconds: 60 });
    const spread = await holdings(cluster.nodes);
    log(`connected ${(await fleetCounters(fleets)).online} of ${N} in ${secs(connectMs)} (${refused} refused); held ${spread.perProcess.join(' / ')}`);
    const chargingIds = boxes.filter((_, i) => i % 10 === 0).map((b) => b.id);
    await startCharging(cluster.httpUrl, auth, fleets, chargingIds, runTestTag('ROLLING'));
    log(`${chargingIds.length} sessions charging; the console's load starts`);

    // The console: the bookings list, the chargers list and a command (a write), in turn, consoleRps a second.
    let running = true;
    const requests: { what: string; status: number | string; ms: number; at: number }[] = [];
    const consoleLoop = (async () => {
      let i = 0;
      while (running) {
        const kind = i++ % 3;
        const t0 = performance.now();
        let status: number | string;
        let what: string;
        try {
          if (kind === 0) {
            what = 'bookings list';
            const r = await fetch(`${cluster.httpUrl}/booking-service/admin/booking?page=0&size=20`, { headers: auth });
            await r.arrayBuffer();
            status = r.status;
          } else if (kind === 1) {
            what = 'chargers list';
            const r = await fetch(`${cluster.httpUrl}/charger-service/admin/charger?page=0&size=20`, { headers: auth });
            await r.arrayBuffer();
            status = r.status;
          } else {
            what = 'command';
            const target = boxes[Math.floor(Math.random() * boxes.length)]!.id;
            const r = await fetch(`${cluster.httpUrl}/ccu/charger-command`, { method: 'POST', headers: auth, body: JSON.stringify({ chargerIds: [target], command: { action: 'GetConfiguration', payload: { key: ['HeartbeatInterval'] } }, wait: false }) });
            const body = (await r.json()) as { items?: { status: string }[] };
            // A charger between two processes is offline for that moment: the refusal is the right answer.
            status = r.status === 202 || (r.status === 409 && /offline/i.test(JSON.stringify(body))) ? 202 : r.status;
          }
        } catch (error) {
          what ??= 'request';
          status = (error as Error).message;
        }
        requests.push({ what: what!, status, ms: performance.now() - t0, at: Date.now() });
        await sleep(Math.max(0, 1000 / consoleRps - (performance.now() - t0)));
      }
    })();
    await sleep(10_000);

    const restarts: { process: number; held: number; drainMs: number; readyMs: number; backMs: number }[] = [];
    for (const node of cluster.nodes) {
      const held = (await holdings(cluster.nodes)).perProcess[node.index]!;
      const t0 = performance.now();
      await node.kill('SIGTERM');
      const drainMs = performance.now() - t0;
      await node.start();
      const readyMs = performance.now() - t0;
      await waitFor('every charger back', async () => (await fleetCounters(fleets)).online === N, 300_000);
      const backMs = performance.now() - t0;
      restarts.push({ process: node.index, held, drainMs, readyMs, backMs });
      log(`process ${node.index} (${held} chargers): stopped in ${secs(drainMs)}, ready again ${secs(readyMs)} after SIGTERM, every charger back ${secs(backMs)} after it`);
      await sleep(5_000);
    }
    running = false;
    await consoleLoop;
    const after = await holdings(cluster.nodes);

    await Promise.all(fleets.map((f) => f.call<number>('end-sessions', { count: 'all', wait: true })));
    await waitFor('every session to end', async () => {
      const c = await fleetCounters(fleets);
      return c.charging === 0 && c.pendingStops === 0;
    }, 120_000);
    const answered = await answeredIds(fleets);
    const final = await fleetCounters(fleets);
    await Promise.all(fleets.map((f) => f.call('exit').catch(() => {})));
    await cluster.stop();
    const lost = await missingFromLog(answered, logBefore);
    const check = await transactionCheck(boxes, runStart);

    const failures = requests.filter((r) => r.status !== 200 && r.status !== 202);
    console.log('');
    header();
    console.log(`spread:        ${spread.perProcess.join(' / ')} chargers per process after connecting (${secs(connectMs)}), ${after.perProcess.join(' / ')} at the end; ${chargingIds.length} charging; connections per charger ${(final.connects / N).toFixed(2)}`);
    for (const r of restarts) console.log(`restart ${r.process}:     ${r.held} chargers; SIGTERM → exited ${secs(r.drainMs)}, → ready again ${secs(r.readyMs)}, → every charger back ${secs(r.backMs)}`);
    const times = requests.map((r) => r.ms);
    console.log(`console:       ${requests.length} requests (${tally(requests.map((r) => r.what))}), ${failures.length} failed${failures.length ? `: ${tally(failures.map((f) => `${f.what} ${f.status}`))}` : ''}; p50 ${pct(times, 50).toFixed(0)} ms, p99 ${pct(times, 99).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`);
    console.log(`lost:          ${lost} of the ${answered.length} calls answered missing from the message log; ${final.failed} calls unanswered (in flight as a connection closed)`);
    console.log(`transactions:  ${check.started} sessions in the run, ${check.open} not stopped, ${check.tx_open} charger transactions not ended; bookings ${check.madeInRun} made for ${check.started} sessions; ${check.endings.twice} ended more than once`);
    const ok = failures.length === 0 && lost === 0 && check.open === 0 && check.endings.twice === 0 && check.madeInRun === check.distinct_bookings;
    console.log(`result:        ${ok ? 'every target met' : 'FAILED (see above)'}`);
    failed = !ok;
  } finally {
    await cluster.stop().catch(() => {});
  }
  process.exit(failed ? 1 : 0);
}

header();
await (MODE === 'storm' ? stormRun() : rollingRun()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
