// `npm run bench:ocpp -- [--chargers 10000] [--servers 1] [--seconds 180] [--meter-seconds 60] [--kill] [--fleet-nice 19] [--probes 200]`
// `npm run bench:ocpp -- --memory [--chargers 10000] [--seconds 90] [--snapshot]`
// `npm run bench:ocpp -- --campaign [--chargers 10000] [--failure-rate 0.02] [--fail-step install] [--pause-failure-rate 0.5]
//   [--pause-fail-step download] [--waves 1,10,100] [--step-ms 1000] [--status-timeout-minutes 10] [--image-kb 64] [--sends-per-minute 600]`
//
// OCPP at scale, every part in its own process: the real server (scripts/bench-ocpp-server.ts: startServer, the
// same code as `npm start`, PGlite in --data-dir or PostgreSQL with DATABASE_URL), and simulated chargers in fleet
// processes of at most 5,000 each (tools/ocpp-simulator/fleet.ts: the simulator's ocpp-rpc client, real WebSockets),
// set up as every OCPP bench is (scripts/bench-ocpp-setup.ts).
//
// Load run (default): every charger has its own password; they connect, boot, report status and heartbeat at the
// server's interval (300 s); idle connectors send their register reading every --meter-seconds (each charger at its
// own point in the interval), a tenth of the
// chargers charge (RemoteStart from the console, MeterValues every --meter-seconds); some fault and recover every
// 10 s. Meanwhile the console sends commands (GetConfiguration, 5 a second, each timed from the POST to the
// charger's answer recorded, through a server process that need not hold the charger), and the bookings list is
// timed against its figure with no chargers connected. At the end: messages sent by the chargers against the log
// rows stored, server RSS and event-loop delay. With --servers 2 (PostgreSQL only) the chargers are split between
// two server processes and every command goes through the process that does NOT hold its charger.
//
// --kill (default 1,000 chargers): chargers charging, some sessions ending as the server is killed with SIGKILL and
// more while it is down; the server restarts; prints how long until every charger is back, and checks in the
// database that every transaction ended exactly once and no booking was made twice.
//
// --memory: the memory a connected charger costs, ours against the OCPP library's. The same chargers (boot, status,
// a heartbeat and meter values every 60 s, for --seconds, default 90) connect first to ocpp-rpc's RPCServer alone with
// trivial handlers (scripts/bench-ocpp-bare.ts), then to the real server (its OCPP process on PostgreSQL). Both run
// with --expose-gc: RSS and heap are read after a full collection, before the chargers connect and after the window,
// and printed per charger with their ratio. --snapshot also writes a heap snapshot of each after the window (into the
// data folder's snapshots/; scripts/heap-summary.ts compares two).
//
// --campaign (default 10,000 chargers): a firmware campaign over every charger, through the real routes. The chargers
// boot with a version of the run's own; two images are uploaded through the upload route; the console's lists (the
// campaign's chargers page, the chargers list, the bookings list) are timed idle. Campaign 1 (the server's waves,
// FIRMWARE_CAMPAIGN_WAVES, unless --waves; its threshold FIRMWARE_CAMPAIGN_PAUSE_FAILURE_PERCENT) runs over all of them
// with --failure-rate of the updates failing at --fail-step (below the threshold) until it completes, the lists timed
// throughout; each charger downloads the image from the server, installs it and reboots with the new version (a boot
// storm at 10,000). Printed and checked (tools/benchmarks/firmware-campaign-checks.ts): every update final, by state, summing to
// N; each wave started only after the wave before was wholly final (database timestamps); the lists' p50/p95 against
// idle (target ≤ 1.5×); FirmwareStatusNotifications the chargers wrote to their sockets against the message log's
// rows (0 lost), and each update's last status against its charger's last one. Campaign 2 then fails
// --pause-failure-rate of its updates at --pause-fail-step: it must pause by itself in its first wave with its reason,
// stay paused past a sweep, and no charger of a later wave may receive anything; it is cancelled after. The server
// runs its job worker here (the campaign advances on jobs), and FIRMWARE_STATUS_TIMEOUT_MINUTES is
// --status-timeout-minutes so a charger gone silent ends its update within the run.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { firmwarePaths } from '@domain/firmware';
import { firmwareCampaignPaths } from '@domain/firmware-campaigns';
import { chargerResource } from '@domain/resources/chargers/charger';
import { rowsOf } from '@server/seed/seed-sql';
import type { FleetFirmware } from '@tools/ocpp-simulator/fleet';
import { answerTimes, answerTimesLine, batchWritesLine, metricsSince } from '@tools/benchmarks/answer-times';
import { checkWaveOrder, lostStatuses, sentBeyondWave, statusMismatches, tallyFinalStates, type WaveRecord } from '@tools/benchmarks/firmware-campaign-checks';
import { command, fleetCounters, log, machineLine, one, pct, prepareChargers, runTestTag, signIn, sleep, startFleets, sumCounters, waitFor, withDatabase as withBenchDatabase, spawnBenchChild, type BenchChild, type BenchDb, type FleetCounters, type FleetProcess, type FleetsOptions } from './bench-ocpp-setup';

const { values } = parseArgs({
  options: {
    chargers: { type: 'string' },
    servers: { type: 'string', default: '1' },
    seconds: { type: 'string' },
    'meter-seconds': { type: 'string', default: '60' },
    'commands-per-second': { type: 'string', default: '5' },
    kill: { type: 'boolean', default: false },
    memory: { type: 'boolean', default: false },
    snapshot: { type: 'boolean', default: false },
    'data-dir': { type: 'string', default: '.tmp/bench-ocpp' },
    port: { type: 'string', default: '3470' },
    'fleet-nice': { type: 'string', default: '0' },
    probes: { type: 'string', default: '200' },
    campaign: { type: 'boolean', default: false },
    'failure-rate': { type: 'string', default: '0.02' },
    'fail-step': { type: 'string', default: 'install' },
    'pause-failure-rate': { type: 'string', default: '0.5' },
    'pause-fail-step': { type: 'string', default: 'download' },
    waves: { type: 'string' },
    'step-ms': { type: 'string', default: '1000' },
    'status-timeout-minutes': { type: 'string', default: '10' },
    'image-kb': { type: 'string', default: '64' },
    'sends-per-minute': { type: 'string' },
  },
});
const KILL = values.kill;
const MEMORY = values.memory && !KILL;
const CAMPAIGN = values.campaign && !KILL && !MEMORY;
const N = Number(values.chargers ?? (KILL ? 1_000 : 10_000));
const SERVERS = KILL || MEMORY || CAMPAIGN ? 1 : Number(values.servers);
const seconds = Number(values.seconds ?? (MEMORY ? 90 : 180));
const meterSeconds = Number(values['meter-seconds']);
const commandsPerSecond = Number(values['commands-per-second']);
const basePort = Number(values.port);
const dataDir = path.resolve(values['data-dir']);
const databaseUrl = process.env.DATABASE_URL || undefined;
if (SERVERS > 1 && !databaseUrl) throw new Error('--servers 2 needs PostgreSQL (DATABASE_URL): PGlite is one process.');
const PER_FLEET = 5_000;
// --fleet-nice N: the fleet processes run at that niceness (0-19), so the simulated chargers, which on a real network
// are other machines, take the cores only when the servers and the database leave them idle. The CPU each part
// used is printed either way.
const FLEET_NICE = Number(values['fleet-nice']);
// --probes N (load run): the last N chargers run in a fleet process of their own, never reniced. Half the commands go
// to them: a charger that answers as soon as the command arrives, as a real one does, where a charger in a fleet of
// 5,000 at nice 19 first waits for a core. The other half go to the reniced fleets; both round trips are printed.
const PROBES = KILL || MEMORY || CAMPAIGN || FLEET_NICE === 0 ? 0 : Math.min(Number(values.probes), Math.floor(N / 10));
/** The calls that failed, by method and why, most first: " (StatusNotification: no answer in time 120, …)". */
const failureLine = (c: FleetCounters) => {
  const top = Object.entries(c.failures ?? {}).sort((a, b) => b[1] - a[1]).slice(0, 6);
  return top.length === 0 ? '' : ` (${top.map(([why, n]) => `${why} ${n}`).join('; ')})`;
};
/** The metrics token of the servers this bench starts (a run's own). */
const METRICS_TOKEN = randomBytes(24).toString('base64url');
/** The server's metrics text (its central system's among them). */
const scrapeMetrics = async (url: string) => (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
const mb = (n: number) => `${Math.round(n / 1_048_576)} MB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** CPU time (user + system, seconds) a process has used so far, from /proc (0 when it is gone or not on Linux). */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime and stime, in clock ticks of 1/100 s
  } catch {
    return 0;
  }
}
/** A process and its children (a server's central system runs in a child of its own on PostgreSQL). */
function withChildren(pid: number | undefined): number[] {
  if (pid === undefined) return [];
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [pid, ...children];
}
/** The PostgreSQL server's processes (those named postgres; a PGlite run has none). */
function postgresPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          return readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres';
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return [];
  }
}
/** Requests to the bookings list before its figure with no chargers is measured. */
const WARM_UP_REQUESTS = 1_000;

/** The whole machine's CPU time so far by kind, in clock ticks (the first line of /proc/stat; zeros elsewhere). */
function machineTicks(): { user: number; nice: number; system: number; softirq: number; steal: number; idle: number } {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { user: user!, nice: nice!, system: system! + irq!, softirq: softirq!, steal: steal!, idle: idle! + iowait! };
  } catch {
    return { user: 0, nice: 0, system: 0, softirq: 0, steal: 0, idle: 0 };
  }
}
/** What the whole machine did between two readings of machineTicks, in % of all its CPU time. */
function machineShare(before: ReturnType<typeof machineTicks>, after: ReturnType<typeof machineTicks>): string {
  const d = Object.fromEntries(Object.keys(before).map((k) => [k, after[k as keyof typeof after] - before[k as keyof typeof before]])) as typeof before;
  const all = Object.values(d).reduce((a, b) => a + b, 0) || 1;
  const p = (n: number) => `${((100 * n) / all).toFixed(0)}%`;
  return `busy ${p(all - d.idle)} (user at normal priority ${p(d.user)}, niced ${p(d.nice)}, system ${p(d.system)}, softirq ${p(d.softirq)}, stolen by the host ${p(d.steal)}), idle ${p(d.idle)}`;
}

/** CPU seconds of each part of the run, read at two moments to say what each part used in between. */
function cpuSnapshot(servers: Child[], fleets: FleetProcess[]) {
  const own = process.cpuUsage();
  return {
    at: performance.now(),
    servers: servers.map((s) => withChildren(s.proc.pid).reduce((a, pid) => a + cpuSeconds(pid), 0)),
    fleets: fleets.reduce((a, f) => a + cpuSeconds(f.proc.pid), 0),
    database: postgresPids().reduce((a, pid) => a + cpuSeconds(pid), 0),
    bench: (own.user + own.system) / 1e6,
    machine: machineTicks(),
  };
}

// ---------------------------------------------------------------------------------------------- child processes
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  APP_ENV: 'development',
  SIMULATED_CHARGERS: '0',
  JOB_WORKERS: '0',
  OTP_SENDS_PER_NUMBER: '100000',
  OTP_SENDS_PER_CLIENT: '100000',
  OTP_RESEND_AFTER_SECONDS: '0',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  // A campaign advances on the job queue: its server runs the job worker, and an update whose charger went silent
  // times out within the run.
  ...(CAMPAIGN ? { JOB_WORKERS: '1', FIRMWARE_STATUS_TIMEOUT_MINUTES: values['status-timeout-minutes'] } : {}),
  // The campaign run reads how long chargers' calls waited for their answers from the server's metrics.
  ...(CAMPAIGN ? { METRICS_TOKEN: METRICS_TOKEN } : {}),
  // --sends-per-minute: the campaigns' pace within a wave (the server's FIRMWARE_CAMPAIGN_SENDS_PER_MINUTE, 600 unless set).
  ...(CAMPAIGN && values['sends-per-minute'] ? { FIRMWARE_CAMPAIGN_SENDS_PER_MINUTE: values['sends-per-minute'] } : {}),
};

type Child = BenchChild;

function spawnChild(script: string, extraEnv: Record<string, string>): Promise<Child> {
  // BENCH_CPU_PROF=1 (or server): the server processes write a CPU profile (node --cpu-prof) under the data folder
  // when they close (BENCH_CPU_PROF=fleet: the fleet processes do, see startBenchFleets).
  const profile = process.env.BENCH_CPU_PROF && process.env.BENCH_CPU_PROF !== 'fleet' && script.includes('server') ? ['--cpu-prof', '--cpu-prof-dir', path.join(dataDir, 'profiles')] : [];
  // BENCH_SERVER_NODE_ARGS: Node options of the server processes only (e.g. a V8 heap flag to compare).
  const nodeArgs = script.includes('server') ? (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean) : [];
  // --memory: the measured processes collect their garbage when asked (a server's OCPP process inherits its options),
  // and with --snapshot write a heap snapshot on SIGUSR2.
  if (MEMORY) {
    nodeArgs.push('--expose-gc');
    if (values.snapshot) nodeArgs.push('--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${path.join(dataDir, 'snapshots')}`);
  }
  return spawnBenchChild(script, { env: { ...env, ...extraEnv }, dataDir, execArgv: [...nodeArgs, ...profile] });
}

interface ServerStats {
  rss: number;
  heapUsed: number;
  eld: { p50: number; p99: number; max: number };
  gc: { ms: number; max: number; major: number };
  ocpp: { connected: number; stored: number; lost: number; pending: number; inbound: number; rateLimited: number; pid?: number; rss?: number; heapUsed?: number; eld?: { p99: number; max: number } };
}
async function startServerProcess(i: number) {
  const t0 = performance.now();
  const child = await spawnChild('bench-ocpp-server.ts', { PORT: String(basePort + i), HOST: '127.0.0.1' });
  return { ...child, url: String(child.ready.url), startMs: performance.now() - t0 };
}

// ------------------------------------------------------------------------------------------------- the database
const withDatabase = <T>(fn: (db: BenchDb) => Promise<T>) => withBenchDatabase(env, fn);

/** Transactions committed in the bench's PostgreSQL database so far (null on PGlite): every statement the servers run. */
async function committed(): Promise<number | null> {
  if (!databaseUrl) return null;
  // The statistics are flushed by each backend within a second of its transactions.
  await sleep(1_000);
  return withDatabase(async (db) => Number((await one<{ n: number | string }>(db, sql`select xact_commit as n from pg_stat_database where datname = current_database()`)).n));
}

const prepare = (db: BenchDb) => prepareChargers(db, N);

// -------------------------------------------------------------------------------------------------- the console
/** The console signs in on `server`, reading the code from its SMS log. */
const signInTo = (server: { url: string; output: string[] }) =>
  signIn(server.url, (mobileNumber) => [...server.output.join('\n').matchAll(new RegExp(`\\[sms:log\\] OTP ${mobileNumber} (\\d{6})`, 'g'))].at(-1)?.[1]);

async function bookingsTimes(url: string, auth: Record<string, string>, runs: number, pauseMs = 0): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = await fetch(`${url}/booking-service/admin/booking?page=0&size=20`, { headers: auth });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`bookings list answered ${r.status}`);
    times.push(performance.now() - t0);
    if (pauseMs) await sleep(pauseMs);
  }
  return times;
}

// ----------------------------------------------------------------------------------------------------- fleets
/** The chargers by fleet: PER_FLEET at a time, the last PROBES in a fleet of their own (at normal priority). */
async function startBenchFleets(
  boxes: { id: number; identity: string; password: string }[],
  serverOf: (i: number) => string,
  opts: { clockSeconds: number; meterSeconds: number } & Partial<Pick<FleetsOptions, 'concurrency' | 'bootTimeoutMs' | 'firmware'>>,
) {
  const { fleets, connectMs, refused } = await startFleets(boxes, {
    urlOf: (i) => `${serverOf(i).replace(/^http/, 'ws')}/ocpp`,
    perFleet: PER_FLEET,
    probes: PROBES,
    nice: FLEET_NICE,
    // BENCH_CPU_PROF=fleet: the fleet processes write a CPU profile when they close.
    execArgv: process.env.BENCH_CPU_PROF === 'fleet' ? ['--cpu-prof', '--cpu-prof-dir', path.join(dataDir, 'profiles')] : [],
    logDir: path.join(dataDir, 'logs'),
    ...opts,
    // (The memory run waits longer: on a busy machine its chargers take minutes, and its figures do not depend on time.)
    bootTimeoutMs: MEMORY ? 900_000 : 120_000,
    ...(opts.bootTimeoutMs ? { bootTimeoutMs: opts.bootTimeoutMs } : {}),
  });
  return { fleets, connectSeconds: connectMs / 1000, refused };
}

function header() {
  log(`bench:ocpp ${KILL ? 'kill -9 run' : MEMORY ? 'memory run' : CAMPAIGN ? 'firmware campaign run' : 'load run'}: ${N} chargers, ${SERVERS} server process(es), ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; ${machineLine()}`);
}

// --------------------------------------------------------------------------------------------------- load run
async function loadRun() {
  const prepared = await withDatabase(prepare);
  const { boxes } = prepared;
  const servers: Awaited<ReturnType<typeof startServerProcess>>[] = [];
  for (let i = 0; i < SERVERS; i++) servers.push(await startServerProcess(i));
  log(`server process(es) ready in ${servers.map((s) => `${(s.startMs / 1000).toFixed(1)} s`).join(', ')}`);
  const auth = await signInTo(servers[0]!);
  // Warmed as the list is under load (thousands of requests there): with 20 requests first, the figure with no
  // chargers was a cold server's (p95 8.6–9.2 ms against 3.6–4.7 ms warm, same server and database).
  await bookingsTimes(servers[0]!.url, auth, WARM_UP_REQUESTS);
  const idle = await bookingsTimes(servers[0]!.url, auth, 200, 20);
  const idleP95 = pct(idle, 95);
  log(`bookings list with no chargers connected: p50 ${ms(pct(idle, 50))}, p95 ${ms(idleP95)} (200 requests after ${WARM_UP_REQUESTS} to warm up)`);

  const holder = (i: number) => i % SERVERS;
  const { fleets, connectSeconds, refused } = await startBenchFleets(boxes, (i) => servers[holder(i)]!.url, { clockSeconds: meterSeconds, meterSeconds });
  const afterConnect = await fleetCounters(fleets);
  log(`connected ${afterConnect.online} of ${N} in ${connectSeconds.toFixed(1)} s (${refused} refused) through ${fleets.length} fleet process(es)`);
  await Promise.all(servers.map((s) => s.call('reset')));
  await Promise.all(fleets.map((f) => f.call('delay', { reset: true })));
  const cpuBefore = cpuSnapshot(servers, fleets);
  const statementsBefore = await committed();
  const windowStart = new Date();

  // A tenth of the chargers start charging (RemoteStart, several chargers per request as staff can), spread over the
  // first half of the run as sessions start on a real network.
  const chargingIds = boxes.filter((_, i) => i % 10 === 0).map((b) => b.id);
  const endAt = Date.now() + seconds * 1000;
  const benchTag = runTestTag('BENCH');
  const startLoop = (async () => {
    const perSecond = Math.max(1, Math.ceil(chargingIds.length / (seconds / 2)));
    for (let i = 0; i < chargingIds.length; i += perSecond) {
      const r = await command(servers[0]!.url, auth, chargingIds.slice(i, i + perSecond), { action: 'RemoteStartTransaction', payload: { connectorId: 1, idTag: benchTag } }, false);
      if (r.http !== 202) throw new Error(`RemoteStart answered ${r.http}: ${r.statuses[0]}`);
      await sleep(1_000);
    }
  })();

  // Round trips to the probe chargers (a fleet at normal priority) and to the others (the reniced fleets).
  const roundTrips = { probe: [] as number[], load: [] as number[] };
  const outcomes = new Map<string, number>();
  let routedAcross = 0;
  const loaded: number[] = [];
  let faults = 0;
  const peaks = servers.map(() => 0);
  const commandLoop = (async () => {
    const inFlight: Promise<void>[] = [];
    let sent = 0;
    while (Date.now() < endAt) {
      const toProbe = PROBES > 0 && sent++ % 2 === 0;
      const i = toProbe ? boxes.length - PROBES + Math.floor(Math.random() * PROBES) : Math.floor(Math.random() * (boxes.length - PROBES));
      // Through a process that does not hold the charger when there are two: the command crosses the bus.
      const via = servers[(holder(i) + 1) % SERVERS]!;
      if (via !== servers[holder(i)]) routedAcross += 1;
      inFlight.push(
        command(via.url, auth, [boxes[i]!.id], { action: 'GetConfiguration', payload: { key: ['HeartbeatInterval'] } }).then((r) => {
          roundTrips[toProbe ? 'probe' : 'load'].push(r.ms);
          outcomes.set(r.statuses[0]!, (outcomes.get(r.statuses[0]!) ?? 0) + 1);
        }),
      );
      await sleep(1000 / commandsPerSecond);
    }
    await Promise.all(inFlight);
  })();
  const bookingsLoop = (async () => {
    while (Date.now() < endAt) loaded.push(...(await bookingsTimes(servers[0]!.url, auth, 1, 20)));
  })();
  const faultLoop = (async () => {
    while (Date.now() < endAt) {
      await sleep(10_000);
      const each = Math.max(1, Math.round(N / 200 / fleets.length));
      faults += (await Promise.all(fleets.map((f) => f.call<number>('faults', { count: each, recoverAfterMs: 5_000 })))).reduce((a, b) => a + b, 0);
    }
  })();
  const statsLoop = (async () => {
    while (Date.now() < endAt) {
      await sleep(5_000);
      const stats = await Promise.all(servers.map((s) => s.call<ServerStats>('stats')));
      stats.forEach((st, k) => (peaks[k] = Math.max(peaks[k]!, st.rss)));
    }
  })();
  await Promise.all([startLoop, commandLoop, bookingsLoop, faultLoop, statsLoop]);
  const cpuAfter = cpuSnapshot(servers, fleets);
  const statementsAfter = await committed();
  const underLoad = await fleetCounters(fleets);
  const fleetDelays = await Promise.all(fleets.map((f) => f.call<{ p50: number; p99: number; max: number }>('delay', { reset: false })));
  const stats = await Promise.all(servers.map((s) => s.call<ServerStats>('stats')));
  stats.forEach((st, k) => (peaks[k] = Math.max(peaks[k]!, st.rss)));

  // The drivers unplug; then the chargers go and the servers shut down cleanly (their message logs flushed).
  const ended = (await Promise.all(fleets.map((f) => f.call<number>('end-sessions', { count: 'all', wait: true })))).reduce((a, b) => a + b, 0);
  await sleep(3_000);
  // The chargers stop (their counters are final then: a recovery due later sends nothing).
  const final = sumCounters(await Promise.all(fleets.map((f) => f.call<FleetCounters>('exit'))));
  await sleep(2_000);
  const closing = await Promise.all(servers.map((s) => s.call<ServerStats>('stats')));
  await Promise.all(servers.map((s) => s.call('close')));

  const rows = await withDatabase(async (db) =>
    rowsOf<{ direction: string; message_type: string; n: number }>(
      await db.execute(sql`select direction, message_type, count(*)::int as n from ocpp_messages where id > ${prepared.logBefore} group by 1, 2 order by 1, 2`),
    ),
  );
  const row = (d: string, t: string) => rows.find((r) => r.direction === d && r.message_type === t)?.n ?? 0;
  // Where a command's time went, from its record's own times: written → marked sent by the holding process (the bus
  // and that process), sent → answer recorded (the socket, the simulated charger and its answer's handling).
  // Probe chargers are the last ones made, so their ids are the highest.
  const probeFromId = PROBES > 0 ? Math.min(...boxes.slice(boxes.length - PROBES).map((b) => b.id)) : Number.MAX_SAFE_INTEGER;
  const segments = await withDatabase(async (db) =>
    rowsOf<{ probe: boolean; to_sent: number[]; to_answer: number[] }>(
      await db.execute(sql`
        select probe, percentile_cont(array[0.5, 0.95]) within group (order by extract(epoch from sent_at - created_at) * 1000) as to_sent,
          percentile_cont(array[0.5, 0.95]) within group (order by extract(epoch from answered_at - sent_at) * 1000) as to_answer
        from (select charger_id >= ${probeFromId} as probe, created_at, sent_at, answered_at from ocpp_commands
          where action = 'GetConfiguration' and created_at >= ${windowStart.toISOString()}::timestamptz and sent_at is not null and answered_at is not null) c
        group by probe`),
    ),
  );
  const lost = closing.reduce((a, s) => a + s.ocpp.lost, 0);
  const pending = closing.reduce((a, s) => a + s.ocpp.pending, 0);

  console.log('');
  header();
  console.log(`connect:            ${afterConnect.online} of ${N} chargers in ${connectSeconds.toFixed(1)} s, ${refused} refused`);
  console.log(`load:               ${seconds} s; MeterValues every ${meterSeconds} s per charger (when idle, the register reading, each charger at its own point in the interval), heartbeats every 300 s, ${chargingIds.length} RemoteStarts (${underLoad.charging} charging at the end), ${faults} faults + recoveries`);
  console.log(`connections closed: ${Object.entries(final.closes).map(([why, n]) => `${n} × ${why}`).join(', ') || 'none'} (before the chargers stopped: ${Object.values(underLoad.closes).reduce((a, b) => a + b, 0)})`);
  console.log(`charger calls:      ${final.sent} made, ${final.transmitted} sent on the socket, ${final.sent - final.failed} answered, ${final.failed} failed (no answer within 30 s, or the charger stopped); commands answered by chargers: ${final.commands}; ${ended} sessions ended at the close, ${final.pendingStops} StopTransactions still queued`);
  console.log(`message log:        IN CALL ${row('IN', 'CALL')} (chargers' calls sent: ${final.transmitted}), OUT RESULT ${row('OUT', 'RESULT')}, OUT ERROR ${row('OUT', 'ERROR')}, OUT CALL ${row('OUT', 'CALL')}, IN RESULT ${row('IN', 'RESULT')}, IN ERROR ${row('IN', 'ERROR')}, BAD ${row('IN', 'BAD')}`);
  console.log(`                    log writers: ${closing.reduce((a, s) => a + s.ocpp.stored, 0)} stored, ${lost} lost, ${pending} still to write before the close flushed them; every call sent stored: ${row('IN', 'CALL') === final.transmitted ? 'yes' : 'NO'}; every call answered and the answer stored: ${row('OUT', 'RESULT') + row('OUT', 'ERROR') === row('IN', 'CALL') ? 'yes' : 'NO'}`);
  servers.forEach((_, k) => {
    console.log(`server ${k + 1}:           ${stats[k]!.ocpp.connected} chargers; RSS ${mb(stats[k]!.rss)} under load (peak ${mb(peaks[k]!)}), heap ${mb(stats[k]!.heapUsed)}; event-loop delay p50 ${ms(stats[k]!.eld.p50)}, p99 ${ms(stats[k]!.eld.p99)}, max ${ms(stats[k]!.eld.max)}; garbage collection ${ms(stats[k]!.gc.ms)} in all, longest ${ms(stats[k]!.gc.max)}, ${stats[k]!.gc.major} major`);
    const own = stats[k]!.ocpp;
    if (own.pid !== undefined) console.log(`  its OCPP process: RSS ${mb(own.rss!)}, heap ${mb(own.heapUsed!)}; event-loop delay p99 ${ms(own.eld!.p99)}, max ${ms(own.eld!.max)} (the server's figures above are then the console's requests alone)`);
  });
  const window = (cpuAfter.at - cpuBefore.at) / 1000;
  const share = (cpu: number) => `${cpu.toFixed(1)} s (${((cpu / window) * 100).toFixed(0)}% of a core)`;
  console.log(
    `CPU in the ${window.toFixed(0)} s under load (${os.cpus().length} cores = ${(os.cpus().length * window).toFixed(0)} s): ${cpuAfter.servers.map((c, k) => `server ${k + 1} ${share(c - cpuBefore.servers[k]!)}`).join(', ')}; ${fleets.length} fleet process(es) ${share(cpuAfter.fleets - cpuBefore.fleets)}${FLEET_NICE > 0 ? ` at nice ${FLEET_NICE}${PROBES > 0 ? " (the probes' fleet at 0)" : ''}` : ''}; ${databaseUrl ? `PostgreSQL ${share(cpuAfter.database - cpuBefore.database)}; ` : ''}this bench (the console's requests) ${share(cpuAfter.bench - cpuBefore.bench)}`,
  );
  console.log(`the machine:        ${machineShare(cpuBefore.machine, cpuAfter.machine)} in the same window`);
  if (statementsBefore !== null && statementsAfter !== null) {
    const n = statementsAfter - statementsBefore;
    console.log(`PostgreSQL:         ${n} transactions committed in the window (${Math.round(n / window)} a second; a statement outside a transaction is one)`);
  }
  const statuses = [...outcomes].map(([s, n]) => `${s} ${n}`).join(', ');
  const trips = [...roundTrips.probe, ...roundTrips.load];
  console.log(`commands:           ${trips.length} GetConfiguration (${statuses})${SERVERS > 1 ? `, ${routedAcross} sent through the process not holding the charger` : ''}`);
  const delays = (from: number, to: number) => `p99 ${fleetDelays.slice(from, to).map((d) => ms(d.p99)).join(' / ')}, max ${fleetDelays.slice(from, to).map((d) => ms(d.max)).join(' / ')}`;
  const trip = (label: string, list: number[], segment: { to_sent: number[]; to_answer: number[] } | undefined, fleetsDelay: string, target: string) => {
    console.log(`${label}p50 ${ms(pct(list, 50))}, p95 ${ms(pct(list, 95))}, max ${ms(Math.max(...list))}${target} (${list.length} commands)`);
    if (segment?.to_sent) {
      console.log(
        `  of which:         record written → sent by the holding process p50 ${ms(Number(segment.to_sent[0]))}, p95 ${ms(Number(segment.to_sent[1]))}; sent → answer recorded p50 ${ms(Number(segment.to_answer[0]))}, p95 ${ms(Number(segment.to_answer[1]))}; the fleet's event-loop delay meanwhile ${fleetsDelay}`,
      );
    }
  };
  const reniced = FLEET_NICE > 0 ? ` in the fleets at nice ${FLEET_NICE}` : '';
  if (PROBES > 0) {
    trip(`command round trip to the ${PROBES} chargers of a fleet at normal priority: `, roundTrips.probe, segments.find((x) => x.probe), delays(fleets.length - 1, fleets.length), ' (target p95 ≤ 100 ms)');
    trip(`command round trip to the other chargers${reniced}: `, roundTrips.load, segments.find((x) => !x.probe), delays(0, fleets.length - 1), '');
  } else {
    trip('command round trip: ', roundTrips.load, segments.find((x) => !x.probe), delays(0, fleets.length), ' (target p95 ≤ 100 ms)');
  }
  console.log(`bookings list p95:  ${ms(idleP95)} with no chargers, ${ms(pct(loaded, 95))} under load (${(pct(loaded, 95) / idleP95).toFixed(2)}×, target ≤ 1.5×; ${loaded.length} requests)`);
  process.exit(0);
}

// ------------------------------------------------------------------------------------------------------ memory
interface MemoryReading {
  pid: number;
  rss: number;
  heapUsed: number;
  connected: number;
  collected: boolean;
}

/** Writes a heap snapshot of `pid` (started with --heapsnapshot-signal) and waits until the file is whole; its path. */
async function heapSnapshot(pid: number, answers: () => Promise<unknown>): Promise<string> {
  const dir = path.join(dataDir, 'snapshots');
  mkdirSync(dir, { recursive: true });
  const before = new Set(readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  // The process writes it on its main thread: once it answers again, the file is complete.
  const file = await (async () => {
    for (let i = 0; i < 600; i++) {
      const added = readdirSync(dir).find((f) => !before.has(f) && f.endsWith('.heapsnapshot') && f.includes(`.${pid}.`));
      if (added) return added;
      await sleep(250);
    }
    throw new Error(`no heap snapshot of ${pid} after 150 s`);
  })();
  // (Asked again while it is still busy writing: an answer may time out.)
  for (let i = 0; ; i++) {
    try {
      await answers();
      break;
    } catch (error) {
      if (i > 30) throw error;
    }
  }
  const named = path.join(dir, `${pid}-${N}.heapsnapshot`);
  renameSync(path.join(dir, file), named);
  return named;
}

/**
 * The chargers connect to `server` (already started), run for the window and go; its memory is read (after a full
 * collection) before they connect and after the window.
 */
async function measureMemory(label: string, boxes: { id: number; identity: string; password: string }[], server: Child & { url: string }) {
  const read = () => server.call<MemoryReading>('memory', { gc: true });
  // A second collection settles what the first one's finalizers let go.
  await read();
  const before = await read();
  const { fleets, connectSeconds, refused } = await startBenchFleets(boxes, () => server.url, { clockSeconds: meterSeconds, meterSeconds });
  log(`${label}: ${(await fleetCounters(fleets)).online} of ${boxes.length} connected in ${connectSeconds.toFixed(1)} s (${refused} refused); ${seconds} s of heartbeats, status and meter values`);
  await sleep(seconds * 1000);
  const counters = await fleetCounters(fleets);
  await read();
  const after = await read();
  const snapshot = values.snapshot ? await heapSnapshot(after.pid, read) : null;
  await Promise.all(fleets.map((f) => f.call('exit').catch(() => {})));
  await server.call('close').catch(() => {});
  return { label, before, after, counters, snapshot };
}

async function memoryRun() {
  const prepared = await withDatabase(prepare);
  const { boxes } = prepared;
  // Chargers heartbeat every 60 s in both, so that every one has sent each kind of message in the window.
  process.env.OCPP_HEARTBEAT_SECONDS = '60';
  env.OCPP_HEARTBEAT_SECONDS = '60';
  const bare = await spawnChild('bench-ocpp-bare.ts', { PORT: String(basePort + 1) });
  const bareResult = await measureMemory('ocpp-rpc alone', boxes, { ...bare, url: String(bare.ready.url) });
  const ours = await startServerProcess(0);
  const oursResult = await measureMemory(databaseUrl ? 'our OCPP process' : 'our server (PGlite, one process)', boxes, ours);

  console.log('');
  header();
  console.log(`window:             ${seconds} s after every charger booted; heartbeats and meter values every 60 s, status at boot; memory read after a forced full collection (node --expose-gc): ${bareResult.after.collected && oursResult.after.collected ? 'yes' : 'NO (steady state only)'}`);
  const perCharger = (r: typeof bareResult) => (r.after.rss - r.before.rss) / Math.max(1, r.after.connected);
  const heapPer = (r: typeof bareResult) => (r.after.heapUsed - r.before.heapUsed) / Math.max(1, r.after.connected);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  for (const r of [bareResult, oursResult]) {
    console.log(`${r.label.padEnd(19)} ${r.after.connected} chargers connected (${r.counters.sent - r.counters.failed} of ${r.counters.sent} calls answered); RSS ${mb(r.before.rss)} → ${mb(r.after.rss)}, heap ${mb(r.before.heapUsed)} → ${mb(r.after.heapUsed)}; per charger RSS ${kb(perCharger(r))}, heap ${kb(heapPer(r))}${r.snapshot ? `; snapshot ${path.relative(process.cwd(), r.snapshot)}` : ''}`);
  }
  const ratio = perCharger(oursResult) / perCharger(bareResult);
  console.log(`ratio:              ours ÷ ocpp-rpc alone per charger: RSS ${ratio.toFixed(2)}×, heap ${(heapPer(oursResult) / heapPer(bareResult)).toFixed(2)}× (target RSS ≤ 2×)`);
  process.exit(0);
}

// ----------------------------------------------------------------------------------------------------- kill -9
async function killRun() {
  const prepared = await withDatabase(prepare);
  const { boxes } = prepared;
  const runStart = new Date();
  let server = await startServerProcess(0);
  log(`server ready in ${(server.startMs / 1000).toFixed(1)} s`);
  const auth = await signInTo(server);
  const { fleets, connectSeconds } = await startBenchFleets(boxes, () => server.url, { clockSeconds: 60, meterSeconds: 5 });
  log(`connected ${(await fleetCounters(fleets)).online} of ${N} in ${connectSeconds.toFixed(1)} s`);
  const chargingIds = boxes.filter((_, i) => i % 3 === 0).map((b) => b.id);
  const killTag = runTestTag('KILL');
  for (let i = 0; i < chargingIds.length; i += 500) await command(server.url, auth, chargingIds.slice(i, i + 500), { action: 'RemoteStartTransaction', payload: { connectorId: 1, idTag: killTag } });
  await waitFor('the sessions to start', async () => (await fleetCounters(fleets)).charging >= chargingIds.length, 60_000);
  log(`${chargingIds.length} sessions charging; meter values for 12 s`);
  await sleep(12_000);

  // Sessions end as the server dies (their StopTransactions in flight), and more while it is down.
  const endingAtKill = (await Promise.all(fleets.map((f) => f.call<number>('end-sessions', { count: Math.round(chargingIds.length / 4 / fleets.length) })))).reduce((a, b) => a + b, 0);
  await sleep(15);
  server.proc.kill('SIGKILL');
  await new Promise((r) => server.proc.once('exit', r));
  log(`kill -9 with ${endingAtKill} StopTransactions just sent`);
  await sleep(2_000);
  const endedWhileDown = (await Promise.all(fleets.map((f) => f.call<number>('end-sessions', { count: Math.round(chargingIds.length / 4 / fleets.length), wait: true })))).reduce((a, b) => a + b, 0);
  const down = await fleetCounters(fleets);
  log(`${endedWhileDown} sessions ended while the server was down (${down.pendingStops} StopTransactions queued); ${down.online} chargers online`);

  const restartAt = performance.now();
  server = await startServerProcess(0);
  log(`server restarted: ready in ${(server.startMs / 1000).toFixed(1)} s`);
  const back = (await waitFor('every charger to reconnect', async () => {
    const c = await fleetCounters(fleets);
    return c.online === N && c.pendingStops === 0;
  }, 180_000)) / 1000;
  const allBack = (performance.now() - restartAt) / 1000;
  log(`every charger back and every queued StopTransaction replayed ${back.toFixed(1)} s after the server was ready (${allBack.toFixed(1)} s after the restart began)`);
  const restEnded = (await Promise.all(fleets.map((f) => f.call<number>('end-sessions', { count: 'all', wait: true })))).reduce((a, b) => a + b, 0);
  await waitFor('every session to end', async () => {
    const c = await fleetCounters(fleets);
    return c.charging === 0 && c.pendingStops === 0;
  }, 60_000);
  const final = await fleetCounters(fleets);
  await Promise.all(fleets.map((f) => f.call('exit').catch(() => {})));
  await server.call('close');

  const check = await withDatabase(async (db) => {
    const ids = `{${boxes.map((b) => b.id).join(',')}}`;
    const sessions = await one<{ started: number; open: number; tx_open: number; no_booking: number }>(db, sql`
      select count(*)::int as started, count(*) filter (where s.stopped_at is null)::int as open,
        count(*) filter (where t.ended_at is null)::int as tx_open, count(*) filter (where s.booking_id is null)::int as no_booking
      from ocpp_sessions s left join charger_transactions t on t.id = s.transaction_id
      where s.charger_id = any(${ids}::bigint[]) and s.started_at >= ${runStart.toISOString()}::timestamptz`);
    const bookings = await one<{ n: number; distinct_bookings: number; open: number }>(db, sql`
      select count(*)::int as n, count(distinct s.booking_id)::int as distinct_bookings,
        count(*) filter (where b.status in ('CHARGING', 'PAUSED'))::int as open
      from ocpp_sessions s join bookings b on b.id = s.booking_id
      where s.charger_id = any(${ids}::bigint[]) and s.started_at >= ${runStart.toISOString()}::timestamptz`);
    const madeInRun = await one<{ n: number }>(db, sql`select count(*)::int as n from bookings where charger_id = any(${ids}::bigint[]) and created_at >= ${runStart.toISOString()}::timestamptz`);
    const endings = await one<{ ended: number; twice: number }>(db, sql`
      select count(*)::int as ended, count(*) filter (where n > 1)::int as twice from (
        select a.entity_id, count(*) as n from audit_log a
        where a.entity_type = 'bookings' and a.action = 'transition' and a.to_state in ('COMPLETED', 'STOPPED_BY_ADMIN', 'FAILED')
          and a.entity_id in (select s.booking_id::text from ocpp_sessions s where s.charger_id = any(${ids}::bigint[]) and s.started_at >= ${runStart.toISOString()}::timestamptz)
        group by a.entity_id) e`);
    return { sessions, bookings, madeInRun, endings };
  });

  console.log('');
  header();
  console.log(`sessions:      ${chargingIds.length} started; ${endingAtKill} ending as the server was killed, ${endedWhileDown} ended while it was down, ${restEnded} after it came back`);
  console.log(`reconnect:     ${final.online} of ${N} chargers back; server ready ${(server.startMs / 1000).toFixed(1)} s after the restart began, every charger back and every queued StopTransaction replayed ${back.toFixed(1)} s later; connections per charger ${(final.connects / N).toFixed(2)}`);
  console.log(`transactions:  ${check.sessions.started} in the database, ${check.sessions.open} not stopped, ${check.sessions.tx_open} charger transactions not ended, ${check.sessions.no_booking} without a booking`);
  console.log(`bookings:      ${check.madeInRun.n} made for these chargers in the run, ${check.bookings.distinct_bookings} distinct over ${check.bookings.n} sessions (duplicates: ${check.bookings.n - check.bookings.distinct_bookings}), ${check.bookings.open} still charging or paused`);
  console.log(`endings:       ${check.endings.ended} bookings ended, ${check.endings.twice} ended more than once (audit rows of the ending transition)`);
  const ok = check.sessions.started === chargingIds.length && check.sessions.open === 0 && check.sessions.tx_open === 0 && check.madeInRun.n === check.sessions.started && check.bookings.n === check.bookings.distinct_bookings && check.endings.ended === check.sessions.started && check.endings.twice === 0 && final.online === N;
  console.log(`result:        ${ok ? 'every charger reconnected, every transaction ended exactly once, no duplicate bookings' : 'FAILED (see above)'}`);
  process.exit(ok ? 0 : 1);
}

// ------------------------------------------------------------------------------------------------- --campaign
type Json = Record<string, unknown>;
interface CampaignView {
  id: string;
  state: string;
  currentWave: number | null;
  pausedReason: string | null;
  failureThresholdPercent: number;
  waves: number[];
  counts: Record<string, number>;
  waveProgress: { wave: number; size: number; counts: Record<string, number>; failurePercent: number }[];
}
const FINAL_CAMPAIGN = new Set(['completed', 'paused', 'cancelled']);

/** A JSON request of the console: its status and body. */
async function api(url: string, auth: Record<string, string>, method: string, route: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const r = await fetch(`${url}${route}`, { method, headers: auth, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await r.text();
  return { status: r.status, body: text ? (JSON.parse(text) as Json) : {} };
}

/** An image uploaded as staff do (multipart, the upload route); its id. */
async function uploadImage(url: string, auth: Record<string, string>, version: string, bytes: number): Promise<string> {
  const form = new FormData();
  const image = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) image[i] = (i * 31 + version.length) & 0xff;
  form.set('file', new File([image], `${version}.bin`));
  form.set('version', version);
  const r = await fetch(`${url}${firmwarePaths.files}`, { method: 'POST', headers: { authorization: auth.authorization! }, body: form });
  const body = (await r.json()) as Json;
  if (r.status !== 201) throw new Error(`the upload answered ${r.status}: ${JSON.stringify(body)}`);
  return String(body.id);
}

/** The console's lists as the bench times them: the campaign's chargers page (when there is a campaign), the chargers list, the bookings list. */
function consoleLists(campaignId: string | null): [string, string][] {
  return [
    ...(campaignId ? ([['campaign chargers', `${firmwareCampaignPaths.members(campaignId)}?page=1&pageSize=50`]] as [string, string][]) : []),
    ['chargers list', `${chargerResource.apiPath}?page=0&size=20`],
    ['bookings list', '/booking-service/admin/booking?page=0&size=20'],
  ];
}

/** Each list requested `runs` times in turn, `pauseMs` apart; the times by list (until `until` says stop, when given). */
async function timeLists(url: string, auth: Record<string, string>, lists: [string, string][], runs: number, pauseMs: number, until?: () => boolean): Promise<Map<string, number[]>> {
  const times = new Map<string, number[]>(lists.map(([name]) => [name, []]));
  for (let i = 0; until ? !until() : i < runs; i++) {
    for (const [name, route] of lists) {
      const t0 = performance.now();
      const r = await fetch(`${url}${route}`, { headers: auth });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${name} answered ${r.status}`);
      times.get(name)!.push(performance.now() - t0);
      if (pauseMs) await sleep(pauseMs);
    }
  }
  return times;
}

type ChargerFirmware = NonNullable<FleetFirmware['chargers']>;
async function fleetFirmware(fleets: readonly FleetProcess[], perCharger = false): Promise<FleetFirmware & { chargers: ChargerFirmware }> {
  const all = await Promise.all(fleets.map((f) => f.call<FleetFirmware>('firmware', { perCharger })));
  const sum = { reported: {} as Record<string, number>, updates: 0, versions: {} as Record<string, number>, chargers: {} as ChargerFirmware };
  for (const a of all) {
    sum.updates += a.updates;
    for (const [k, n] of Object.entries(a.reported)) sum.reported[k] = (sum.reported[k] ?? 0) + n;
    for (const [k, n] of Object.entries(a.versions)) sum.versions[k] = (sum.versions[k] ?? 0) + n;
    Object.assign(sum.chargers, a.chargers ?? {});
  }
  return sum;
}

/** Per status, the FirmwareStatusNotifications written between two per-charger readings of the fleet; and each charger's last one then. */
function statusesBetween(before: ChargerFirmware, after: ChargerFirmware) {
  const sent: Record<string, number> = {};
  const last = new Map<string, string>();
  for (const [identity, a] of Object.entries(after)) {
    const fresh = a.statuses.slice(before[identity]?.statuses.length ?? 0);
    for (const s of fresh) sent[s] = (sent[s] ?? 0) + 1;
    if (fresh.length > 0) last.set(identity, fresh.at(-1)!);
  }
  return { sent, last };
}

/** What the database says of a campaign once the server has closed: its waves, its updates' final states, each charger's last status. */
async function campaignRecord(campaignId: string) {
  return withDatabase(async (db) => {
    const sizes = (await one<{ wave_sizes: number[] }>(db, sql`select wave_sizes from firmware_campaigns where id = ${campaignId}::uuid`)).wave_sizes;
    const waves = rowsOf<{ wave: number; members: number; final: number; first_sent: string | null; last_sent: string | null; last_finished: string | null }>(
      await db.execute(sql`
        select m.wave, count(*)::int as members, count(*) filter (where f.finished_at is not null)::int as final,
          min(m.sent_at) as first_sent, max(m.sent_at) as last_sent, max(f.finished_at) as last_finished
        from firmware_campaign_members m
        left join lateral (select u.finished_at from firmware_updates u where u.charger_id = m.charger_id and u.campaign_id = m.campaign_id::text order by u.created_at desc limit 1) f on true
        where m.campaign_id = ${campaignId}::uuid group by m.wave order by m.wave`),
    );
    const states = rowsOf<{ state: string; n: number }>(
      await db.execute(sql`
        select coalesce(f.status, case when m.status = 'sent' then 'none' else m.status end) as state, count(*)::int as n
        from firmware_campaign_members m
        left join lateral (select u.status from firmware_updates u where u.charger_id = m.charger_id and u.campaign_id = m.campaign_id::text order by u.created_at desc limit 1) f on true
        where m.campaign_id = ${campaignId}::uuid group by 1 order by 2 desc`),
    );
    const lastStatus = rowsOf<{ identity: string; status: string | null; wave: number }>(
      await db.execute(sql`
        select c.charger_box_id as identity, f.last_charger_status as status, m.wave from firmware_campaign_members m join chargers c on c.id = m.charger_id
        left join lateral (select u.last_charger_status from firmware_updates u where u.charger_id = m.charger_id and u.campaign_id = m.campaign_id::text order by u.created_at desc limit 1) f on true
        where m.campaign_id = ${campaignId}::uuid`),
    );
    const errors = rowsOf<{ error: string; n: number }>(
      await db.execute(sql`select coalesce(error, '') as error, count(*)::int as n from firmware_updates where campaign_id = ${campaignId} and status <> 'installed' group by 1 order by 2 desc limit 5`),
    );
    const booted = await one<{ installed: number; recorded: number }>(
      db,
      sql`select count(*)::int as installed, count(*) filter (where installed_version is not null)::int as recorded from firmware_updates where campaign_id = ${campaignId} and status = 'installed'`,
    );
    const audit = rowsOf<{ action: string; reason: string | null; at: string }>(
      await db.execute(sql`select action, reason, created_at as at from audit_log where entity_type = 'firmware-campaign' and entity_id = ${campaignId} order by created_at, id`),
    );
    const toDate = (v: string | null) => (v === null ? null : new Date(v));
    const waveRecords: WaveRecord[] = waves.map((w) => ({
      wave: Number(w.wave) + 1,
      size: sizes[Number(w.wave)] ?? 0,
      members: Number(w.members),
      final: Number(w.final),
      firstSent: toDate(w.first_sent),
      lastSent: toDate(w.last_sent),
      lastFinished: Number(w.final) === Number(w.members) ? toDate(w.last_finished) : null,
    }));
    return {
      waves: waveRecords,
      states: Object.fromEntries(states.map((r) => [r.state, Number(r.n)])),
      lastRecorded: new Map(lastStatus.map((r) => [r.identity, r.status])),
      waveOf: new Map(lastStatus.map((r) => [r.identity, Number(r.wave) + 1])),
      errors,
      booted,
      audit,
    };
  });
}

/** FirmwareStatusNotifications the message log stored from the chargers, by status, received in [from, to). */
async function recordedStatuses(logBefore: number, from: Date, to: Date): Promise<Record<string, number>> {
  return withDatabase(async (db) =>
    Object.fromEntries(
      rowsOf<{ status: string; n: number }>(
        await db.execute(sql`select payload->>'status' as status, count(*)::int as n from ocpp_messages
          where id > ${logBefore} and direction = 'IN' and message_type = 'CALL' and action = 'FirmwareStatusNotification'
            and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz group by 1`),
      ).map((r) => [r.status, Number(r.n)]),
    ),
  );
}

async function campaignRun() {
  const failureRate = Number(values['failure-rate']);
  const failStep = values['fail-step'] as 'download' | 'install';
  const pauseFailureRate = Number(values['pause-failure-rate']);
  const pauseFailStep = values['pause-fail-step'] as 'download' | 'install';
  const stepMs = Number(values['step-ms']);
  const waves = values.waves ? values.waves.split(',').map(Number) : undefined;
  const stamp = Date.now().toString(36);
  const base = `bench-${stamp}-base`;
  const first = `bench-${stamp}-c1`;
  const second = `bench-${stamp}-c2`;
  const checks: { what: string; ok: boolean }[] = [];
  const check = (what: string, ok: boolean) => (checks.push({ what, ok }), ok ? 'PASS' : 'FAIL');

  // The demo's seeded charging sessions on chargers the simulator plays (it knows nothing of them): a campaign waits for
  // a charger's session to end, and these never would. Staff's remedy is Close session on the booking, done below.
  const prepared = await withDatabase(async (db) => {
    const p = await prepare(db);
    const open = rowsOf<{ booking_id: number | null; version: number | null }>(
      await db.execute(sql`select s.booking_id, b.version from ocpp_sessions s left join bookings b on b.id = s.booking_id
        where s.charger_id = any(${`{${p.boxes.map((b) => b.id).join(',')}}`}::bigint[]) and s.stopped_at is null`),
    );
    return { ...p, open };
  });
  const { boxes } = prepared;
  const server = await startServerProcess(0);
  log(`server ready in ${(server.startMs / 1000).toFixed(1)} s`);
  const auth = await signInTo(server);
  const url = server.url;
  // A campaign of an earlier run left running (a run stopped midway) would go on sending to these chargers: cancelled.
  const earlier = ((await api(url, auth, 'GET', firmwareCampaignPaths.list)).body.items as { id: string; name: string; state: string }[]).filter((c) => c.name.startsWith('Bench ') && ['running', 'paused'].includes(c.state));
  for (const c of earlier) await api(url, auth, 'POST', firmwareCampaignPaths.action(c.id, 'cancel'));
  if (earlier.length > 0) log(`${earlier.length} campaign(s) of an earlier run cancelled (start each compared run on a new database)`);
  let closedSessions = 0;
  for (const o of prepared.open) {
    if (o.booking_id === null) continue;
    const r = await api(url, auth, 'POST', `/booking-service/admin/booking/${o.booking_id}/transition`, { type: 'CLOSE_SESSION', reason: 'The simulated charger has no such session', version: Number(o.version) });
    if (r.status === 200) closedSessions += 1;
  }
  const stillOpen = prepared.open.length - closedSessions;
  if (prepared.open.length > 0) log(`${prepared.open.length} of the chargers had a charging session open in the database (the demo's seeded sessions): ${closedSessions} closed through Close session${stillOpen ? `, ${stillOpen} left open (their updates will wait for the session to end)` : ''}`);
  // 25 connections at a time per fleet, as bench:local-list: thousands booting at once on a loaded machine go
  // unanswered past the chargers' 30 s.
  const { fleets, connectSeconds, refused } = await startBenchFleets(boxes, () => url, { clockSeconds: 0, meterSeconds: 300, concurrency: 25, bootTimeoutMs: 900_000, firmware: { version: base, stepMs } });
  log(`connected ${(await fleetCounters(fleets)).online} of ${N} in ${connectSeconds.toFixed(1)} s (${refused} refused), every one running ${base}`);
  const matching = async (versions: string[]) => Number((await api(url, auth, 'POST', firmwareCampaignPaths.preview, { filters: { firmwareVersions: versions } })).body.count);
  await waitFor(`the server to know every charger's version`, async () => (await matching([base])) === N, 300_000);
  const imageBytes = Number(values['image-kb']) * 1024;
  const firstImage = await uploadImage(url, auth, first, imageBytes);
  const secondImage = await uploadImage(url, auth, second, imageBytes);
  log(`two images of ${values['image-kb']} KB uploaded through the upload route (${first}, ${second})`);

  // Idle: the chargers connected, nothing under way.
  await timeLists(url, auth, consoleLists(null), 200, 0);
  const idle = await timeLists(url, auth, consoleLists(null), 200, 20);
  log(`idle: ${[...idle].map(([name, t]) => `${name} p50 ${ms(pct(t, 50))}, p95 ${ms(pct(t, 95))}`).join('; ')}`);

  // ------------------------------------------------------------------ campaign 1: every charger, failures below the threshold
  await Promise.all(fleets.map((f) => f.call('firmware-configure', { failureRate, failStep })));
  const before1 = await fleetFirmware(fleets, true);
  const made = await api(url, auth, 'POST', firmwareCampaignPaths.list, { name: `Bench ${stamp} roll-out`, firmwareFileId: firstImage, filters: { firmwareVersions: [base] }, ...(waves ? { waves } : {}) });
  if (made.status !== 201) throw new Error(`creating campaign 1 answered ${made.status}: ${JSON.stringify(made.body)}`);
  const id1 = String(made.body.id);
  const metricsBefore1 = await scrapeMetrics(url);
  const start1 = new Date();
  const cpuBefore = cpuSnapshot([server], fleets);
  const t1 = performance.now();
  const started = await api(url, auth, 'POST', firmwareCampaignPaths.action(id1, 'start'));
  if (started.status !== 200) throw new Error(`starting campaign 1 answered ${started.status}: ${JSON.stringify(started.body)}`);
  const startAnswerMs = performance.now() - t1;
  const view1 = started.body as unknown as CampaignView;
  log(`campaign 1 started (${startAnswerMs.toFixed(0)} ms to answer): waves ${view1.waveProgress.map((w) => w.size).join(', ')} of ${N}, threshold ${view1.failureThresholdPercent} %; ${Math.round(failureRate * 100)} % of updates fail at ${failStep}`);
  let done1: CampaignView = view1;
  const lists1 = consoleLists(id1);
  let finished = false;
  const follow = (async () => {
    let lastLog = 0;
    try {
      for (;;) {
        done1 = (await api(url, auth, 'GET', firmwareCampaignPaths.one(id1))).body as unknown as CampaignView;
        const allFinal = done1.counts.pending === 0 && done1.counts.inProgress === 0;
        if (FINAL_CAMPAIGN.has(done1.state) && (done1.state !== 'completed' || allFinal)) return;
        if (performance.now() - lastLog > 15_000) {
          lastLog = performance.now();
          const c = await fleetCounters(fleets);
          log(`  campaign 1 ${done1.state}, wave ${done1.currentWave}: ${Object.entries(done1.counts).map(([k, n]) => `${k} ${n}`).join(', ')}; ${c.online} chargers online`);
        }
        if (performance.now() - t1 > 3_600_000) throw new Error('campaign 1 not final within an hour');
        await sleep(2_000);
      }
    } finally {
      finished = true;
    }
  })();
  const during = await timeLists(url, auth, lists1, 0, 20, () => finished);
  await follow;
  const campaign1Seconds = (performance.now() - t1) / 1000;
  const cpuAfter = cpuSnapshot([server], fleets);
  log(`campaign 1 ${done1.state} in ${campaign1Seconds.toFixed(0)} s: ${Object.entries(done1.counts).map(([k, n]) => `${k} ${n}`).join(', ')}`);

  // Every installed charger reboots with the new version; the server records it at its boot.
  const installed1 = done1.counts.succeeded ?? 0;
  const rebootMs = await waitFor('the updated chargers to boot with the new version', async () => (await matching([first])) >= installed1 && (await fleetFirmware(fleets)).versions[first] === installed1, 900_000).catch(() => null);
  const after1 = await fleetFirmware(fleets, true);
  const online1 = await fleetCounters(fleets);
  // How long the chargers' calls waited for their answers, from the start of campaign 1 to its reboots done.
  const metrics1 = metricsSince(metricsBefore1, await scrapeMetrics(url));
  const answers1 = answerTimes(metrics1);
  log(`${after1.versions[first] ?? 0} chargers online running ${first}${rebootMs === null ? ' (NOT every installed one within 15 min)' : ` ${(rebootMs / 1000).toFixed(1)} s after the campaign was final`}; ${online1.online} online`);

  // The campaign's chargers page idle (it has its chargers now), the other lists again.
  await sleep(5_000);
  await timeLists(url, auth, lists1, 50, 0);
  const idleAfter = await timeLists(url, auth, lists1, 200, 20);
  log(`idle after campaign 1: ${[...idleAfter].map(([name, t]) => `${name} p50 ${ms(pct(t, 50))}, p95 ${ms(pct(t, 95))}`).join('; ')}`);

  // ---------------------------------------------------------- campaign 2: failures over the threshold, a pause by itself
  await Promise.all(fleets.map((f) => f.call('firmware-configure', { failureRate: pauseFailureRate, failStep: pauseFailStep })));
  const before2 = await fleetFirmware(fleets, true);
  const start2 = new Date();
  const made2 = await api(url, auth, 'POST', firmwareCampaignPaths.list, { name: `Bench ${stamp} failing roll-out`, firmwareFileId: secondImage, filters: { firmwareVersions: [first, base] }, ...(waves ? { waves } : {}) });
  if (made2.status !== 201) throw new Error(`creating campaign 2 answered ${made2.status}: ${JSON.stringify(made2.body)}`);
  const id2 = String(made2.body.id);
  const started2 = await api(url, auth, 'POST', firmwareCampaignPaths.action(id2, 'start'));
  if (started2.status !== 200) throw new Error(`starting campaign 2 answered ${started2.status}: ${JSON.stringify(started2.body)}`);
  const members2 = Number(started2.body.chargerCount);
  log(`campaign 2 started over ${members2} chargers: waves ${(started2.body as unknown as CampaignView).waveProgress.map((w) => w.size).join(', ')}; ${Math.round(pauseFailureRate * 100)} % of updates fail at ${pauseFailStep}`);
  const view2 = async () => (await api(url, auth, 'GET', firmwareCampaignPaths.one(id2))).body as unknown as CampaignView;
  let paused2 = await view2();
  const pausedMs = await waitFor('campaign 2 to pause or end', async () => FINAL_CAMPAIGN.has((paused2 = await view2()).state), 1_800_000);
  log(`campaign 2 ${paused2.state} ${(pausedMs / 1000).toFixed(1)} s after its start, in wave ${paused2.currentWave}: ${paused2.pausedReason ?? ''}`);
  // Its current wave's updates already sent finish; then past a sweep (every minute) it must still be paused.
  const pausedWave = paused2.currentWave ?? 1;
  await waitFor(`wave ${pausedWave}'s updates to be final`, async () => {
    const w = (await view2()).waveProgress[pausedWave - 1];
    return !w || (w.counts.inProgress ?? 0) === 0;
  }, 1_800_000);
  await sleep(70_000);
  const still2 = await view2();
  const after2 = await fleetFirmware(fleets, true);
  log(`70 s after its wave was final: campaign 2 ${still2.state}, wave ${still2.currentWave}; ${Object.entries(still2.counts).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  const cancelled = await api(url, auth, 'POST', firmwareCampaignPaths.action(id2, 'cancel'));
  log(`campaign 2 cancelled through its route (${cancelled.status}): its chargers not yet sent never will be`);
  await sleep(2_000);
  const end2 = new Date();

  const closing = await server.call<ServerStats>('stats');
  const finalCounters = sumCounters(await Promise.all(fleets.map((f) => f.call<FleetCounters>('exit'))));
  await sleep(2_000);
  await server.call('close');

  // ------------------------------------------------------------------------------------------------ the record
  const record1 = await campaignRecord(id1);
  const record2 = await campaignRecord(id2);
  const sent1 = statusesBetween(before1.chargers, after1.chargers);
  const sent2 = statusesBetween(before2.chargers, after2.chargers);
  const lost1 = lostStatuses(sent1.sent, await recordedStatuses(prepared.logBefore, start1, start2));
  const lost2 = lostStatuses(sent2.sent, await recordedStatuses(prepared.logBefore, start2, end2));
  const mismatch1 = statusMismatches(sent1.last, record1.lastRecorded);
  const mismatch2 = statusMismatches(sent2.last, record2.lastRecorded);
  const order1 = checkWaveOrder(record1.waves);
  const tally1 = tallyFinalStates(record1.states, N);
  const beyond = sentBeyondWave(before2.chargers, after2.chargers, record2.waveOf, 1);
  const t = (d: Date | null) => (d ? d.toISOString().slice(11, 23) : '–');
  const at = (d: Date | null) => (d ? `${((d.getTime() - start1.getTime()) / 1000).toFixed(1)} s` : '–');

  console.log('');
  header();
  console.log(`setup:              ${N} chargers connected in ${connectSeconds.toFixed(1)} s (${refused} refused), running ${base}; ${prepared.open.length} seeded charging sessions on them closed first (Close session: ${closedSessions}); images of ${values['image-kb']} KB; simulator steps ${stepMs} ms; ${values['sends-per-minute'] ?? process.env.FIRMWARE_CAMPAIGN_SENDS_PER_MINUTE ?? '600 (the default)'} chargers sent a minute within a wave; FIRMWARE_STATUS_TIMEOUT_MINUTES ${values['status-timeout-minutes']}; job worker on`);
  console.log(`campaign 1:         ${done1.state} in ${campaign1Seconds.toFixed(0)} s (start answered in ${startAnswerMs.toFixed(0)} ms); waves ${record1.waves.map((w) => w.size).join(', ')}; threshold ${view1.failureThresholdPercent} %; ${Math.round(failureRate * 100)} % of updates made to fail at ${failStep}`);
  console.log(`  final states:     ${Object.entries(record1.states).map(([s, n]) => `${s} ${n}`).join(', ')} = ${tally1.sum} of ${N}, ${tally1.notFinal} not final  ${check('campaign 1: every charger final, summing to N', tally1.ok && done1.state === 'completed')}`);
  if (record1.errors.length > 0) console.log(`  why not installed: ${record1.errors.map((e) => `${e.n} × ${e.error || '(no words)'}`).join('; ')}`);
  for (const w of record1.waves) {
    const verdict = order1.find((v) => v.wave === w.wave)!;
    console.log(`  wave ${w.wave}:           ${w.members} chargers; sent from ${t(w.firstSent)} (${at(w.firstSent)}) to ${t(w.lastSent)} (${at(w.lastSent)}), last final ${t(w.lastFinished)} (${at(w.lastFinished)}); ${verdict.why}  ${check(`campaign 1 wave ${w.wave} order`, verdict.ok)}`);
  }
  console.log(`  reboots:          ${record1.booted.recorded} of ${record1.booted.installed} installed updates have the version the charger booted with recorded; ${after1.versions[first] ?? 0} chargers online running ${first}  ${check('every installed charger booted with the new version', record1.booted.recorded === record1.booted.installed && (after1.versions[first] ?? 0) === record1.booted.installed)}`);
  console.log(`  answers:          ${answerTimesLine(answers1) || '(no metrics)'}`);
  console.log(`  batch writers:    ${batchWritesLine(metrics1) || '(no metrics)'}`);
  console.log(`  status notifications: ${Object.entries(lost1.byStatus).map(([s, c]) => `${s} ${c.sent}/${c.recorded}`).join(', ')} (written by the chargers / in the message log): ${lost1.lost} lost, ${lost1.extra} more recorded than written  ${check('campaign 1: 0 lost status notifications', lost1.lost === 0)}`);
  console.log(`  last status:      ${mismatch1.length} of ${sent1.last.size} chargers' updates do not hold the last status they reported${mismatch1.length ? ` (${mismatch1.slice(0, 5).join(', ')}…)` : ''}  ${check("campaign 1: every update holds its charger's last status", mismatch1.length === 0)}`);
  for (const [name] of lists1) {
    const idleTimes = idle.get(name) ?? idleAfter.get(name)!;
    const idleLabel = idle.has(name) ? 'idle before' : 'idle after the campaign';
    const load = during.get(name)!;
    const ratio = pct(load, 95) / pct(idleTimes, 95);
    console.log(`  ${name}: ${idleLabel} p50 ${ms(pct(idleTimes, 50))}, p95 ${ms(pct(idleTimes, 95))}; during the waves p50 ${ms(pct(load, 50))}, p95 ${ms(pct(load, 95))} (${ratio.toFixed(2)}×, target ≤ 1.5×; ${load.length} requests)  ${check(`${name} p95 within 1.5× of idle`, ratio <= 1.5)}`);
  }
  console.log(`  the machine:      ${machineShare(cpuBefore.machine, cpuAfter.machine)} during campaign 1; server ${(cpuAfter.servers[0]! - cpuBefore.servers[0]!).toFixed(0)} s of CPU, fleets ${(cpuAfter.fleets - cpuBefore.fleets).toFixed(0)} s${databaseUrl ? `, PostgreSQL ${(cpuAfter.database - cpuBefore.database).toFixed(0)} s (all its processes, whoever they serve)` : ''}`);
  const order2 = checkWaveOrder(record2.waves);
  // Read before the cancel (which marks every pending charger cancelled).
  const laterPending = still2.waveProgress.filter((w) => w.wave > 1).reduce((a, w) => a + (w.counts.pending ?? 0), 0);
  const laterSize = still2.waveProgress.filter((w) => w.wave > 1).reduce((a, w) => a + w.size, 0);
  const pausedByItself = paused2.state === 'paused' && /^Paused by itself/.test(paused2.pausedReason ?? '') && paused2.currentWave === 1;
  console.log(`campaign 2:         ${members2} chargers, waves ${record2.waves.map((w) => w.size).join(', ')}; ${Math.round(pauseFailureRate * 100)} % of updates made to fail at ${pauseFailStep}`);
  console.log(`  paused:           ${paused2.state} in wave ${paused2.currentWave}, ${(pausedMs / 1000).toFixed(1)} s after its start: "${paused2.pausedReason ?? ''}"  ${check('campaign 2 paused by itself in its first wave', pausedByItself)}`);
  console.log(`  chargers:         ${Object.entries(record2.states).map(([s, n]) => `${s} ${n}`).join(', ')}; ${order2.map((v) => `wave ${v.wave} ${v.why}`).join('; ')}`);
  console.log(`  later waves:      ${laterPending} of ${laterSize} chargers still pending (never claimed) before the cancel; ${beyond.length} of them received any command${beyond.length ? ` (${beyond.slice(0, 5).join(', ')}…)` : ''}; still ${still2.state} 70 s after wave 1 was final  ${check('campaign 2: no charger of a later wave was sent anything', beyond.length === 0 && laterPending === laterSize && still2.state === 'paused')}`);
  console.log(`  status notifications: ${Object.entries(lost2.byStatus).map(([s, c]) => `${s} ${c.sent}/${c.recorded}`).join(', ')}: ${lost2.lost} lost; ${mismatch2.length} updates not holding their charger's last status  ${check('campaign 2: 0 lost status notifications', lost2.lost === 0 && mismatch2.length === 0)}`);
  console.log(`  audit:            ${record2.audit.map((a) => a.action).join(' → ')}`);
  console.log(`server:             RSS ${mb(closing.rss)}, heap ${mb(closing.heapUsed)}; event-loop delay p99 ${ms(closing.eld.p99)}, max ${ms(closing.eld.max)}; message log ${closing.ocpp.stored} stored, ${closing.ocpp.lost} lost${closing.ocpp.pid !== undefined ? `; its OCPP process RSS ${mb(closing.ocpp.rss!)}, event-loop delay p99 ${ms(closing.ocpp.eld!.p99)}` : ''}`);
  console.log(`chargers:           ${finalCounters.connects} connections (${(finalCounters.connects / N).toFixed(2)} per charger), ${finalCounters.boots} boots accepted, ${finalCounters.sent} calls made, ${finalCounters.failed} unanswered within 30 s${failureLine(finalCounters)}`);
  const failed = checks.filter((c) => !c.ok);
  console.log(`result:             ${failed.length === 0 ? `PASS (${checks.length} checks)` : `FAIL: ${failed.map((c) => c.what).join('; ')}`}`);
  process.exit(failed.length === 0 ? 0 : 1);
}

header();
await (KILL ? killRun() : MEMORY ? memoryRun() : CAMPAIGN ? campaignRun() : loadRun()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
