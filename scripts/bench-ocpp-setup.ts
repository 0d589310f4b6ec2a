// What the OCPP benchmarks share (bench:ocpp, bench:storm and bench:rolling, bench:local-list): the database they
// run on, N OCPP chargers each with a password of its own, the console signed in, commands through the API, and the
// simulated chargers in fleet processes (tools/ocpp-simulator/fleet.ts) of at most `perFleet` each.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { sessionPaths } from '@domain/session';
import { loadConfig } from '@server/config';
import { openDatabase, type OpenDatabase } from '@server/db/open-database';
import { hashChargerPassword } from '@server/ocpp/charger-password';
import { runSeed } from '@server/seed/run-seed';
import { rowsOf } from '@server/seed/seed-sql';
import type { SimFirmwareOptions } from '@tools/ocpp-simulator/firmware';
import { forkIpcChild, startFleetProcess, sumCounters, type FleetCounters, type FleetProcess, type IpcChild } from '@tools/ocpp-simulator/fleet';

export { sumCounters };
export type { FleetCounters, FleetProcess };

export const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * A test charge's tag for this run (`CZOTEST` + name + 6 random characters, 20 at most): a test tag starts one
 * transaction per charger, once, so a run on a database a previous run used needs tags of its own.
 */
export const runTestTag = (name: string) => `CZOTEST${name}${randomBytes(3).toString('hex').toUpperCase()}`.slice(0, 20);
export const pct = (list: number[], p: number) => {
  const s = [...list].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};

/** Waits until `check` holds, asking every 250 ms; answers the milliseconds it took. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const t0 = performance.now();
  while (!(await check())) {
    if (performance.now() - t0 > timeoutMs) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(250);
  }
  return performance.now() - t0;
}

export type BenchDb = OpenDatabase['db'];

/** Opens the bench's database (the environment's: DATABASE_URL, else PGlite in DATA_DIR) for `fn`, then closes it. */
export async function withDatabase<T>(env: Record<string, string | undefined>, fn: (db: BenchDb) => Promise<T>): Promise<T> {
  const config = loadConfig({ ...env });
  mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase(config);
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}
export const one = async <T>(db: BenchDb, query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0]!;
export const idArray = (ids: readonly (number | string)[]) => `{${ids.join(',')}}`;

/** An OCPP charger of the bench: its id, identity and password. */
export interface Box {
  id: number;
  identity: string;
  password: string;
}

/**
 * N OCPP chargers (seeded ones, then bench ones made as needed; a demo database at scale 0.1 is seeded first when the
 * database is empty), each with a new password of its own, hashed as the console does, and none connected (the
 * sockets of a previous run are gone); with the message log's last id.
 */
export async function prepareChargers(db: BenchDb, n: number): Promise<{ boxes: Box[]; logBefore: number }> {
  const { n: roles } = await one<{ n: number }>(db, sql`select count(*)::int as n from roles`);
  if (!roles) {
    log('Seeding a demo database (scale 0.1)…');
    await runSeed(db, { scale: 0.1 });
  }
  const { n: have } = await one<{ n: number }>(db, sql`select count(*)::int as n from chargers where charger_type = 'OCPP_16_JSON_CHARGER' and is_active and charger_box_id is not null`);
  if (have < n) {
    const { id: cpo } = await one<{ id: string }>(db, sql`select id from charge_point_operators order by is_own_network desc limit 1`);
    const { n: from } = await one<{ n: number }>(db, sql`select count(*)::int as n from chargers where unique_id like 'BENCH%'`);
    await db.execute(sql`
      insert into chargers (unique_id, charger_type, charger_box_id, charge_point_operator_id, sockets, connectivity_status, usage_type, is_active)
      select 'BENCH' || lpad(g::text, 6, '0'), 'OCPP_16_JSON_CHARGER', 'BENCH-OCPP-' || lpad(g::text, 6, '0'), ${cpo}::uuid,
        '[{"code":"CCS_2","displayText":"CCS 2","value":30}]'::jsonb, 'OFFLINE', 'PUBLIC', true
      from generate_series(${from + 1}::int, ${from + n - have}::int) g on conflict do nothing`);
  }
  const boxes = rowsOf<{ id: number; charger_box_id: string }>(
    await db.execute(sql`select id, charger_box_id from chargers where charger_type = 'OCPP_16_JSON_CHARGER' and is_active and charger_box_id is not null order by id limit ${n}`),
  ).map((b) => ({ id: Number(b.id), identity: b.charger_box_id, password: randomBytes(18).toString('base64url') }));
  const hashes = boxes.map((b) => hashChargerPassword(b.password));
  await db.execute(sql`
    insert into ocpp_charge_points (charger_id, password_hash)
    select * from unnest(${idArray(boxes.map((b) => b.id))}::bigint[], ${`{${hashes.map((h) => `"${h}"`).join(',')}}`}::text[])
    on conflict (charger_id) do update set password_hash = excluded.password_hash, connected_node = null`);
  const { max } = await one<{ max: number }>(db, sql`select coalesce(max(id), 0)::bigint as max from ocpp_messages`);
  return { boxes, logBefore: Number(max) };
}

/** A bench's own process (a server, say: scripts/bench-ocpp-server.ts), with the lines of its output kept. */
export interface BenchChild extends IpcChild {
  /** The lines of its output that say a sign-in code, an error or that it is ready (the last 2,000). */
  output: string[];
}

/**
 * Forks scripts/<script> with `env`; everything it prints goes to <dataDir>/logs/<script>-<pid>.log, and the sign-in
 * codes and errors are kept in `output`.
 */
export async function spawnBenchChild(script: string, o: { env: Record<string, string | undefined>; dataDir: string; execArgv?: string[] }): Promise<BenchChild> {
  const output: string[] = [];
  const child = await forkIpcChild(path.resolve('scripts', script), {
    env: o.env,
    execArgv: o.execArgv,
    logFile: (pid) => path.join(o.dataDir, 'logs', `${script.replace(/\.ts$/, '')}-${pid}.log`),
    onOutput: (chunk) => {
      for (const line of chunk.toString().split('\n')) if (/\[sms:log\] OTP|error|Error|Ready in/.test(line)) output.push(line);
      if (output.length > 2_000) output.splice(0, output.length - 2_000);
    },
  });
  return { ...child, output };
}

/** The seeded Super Admin signs in (the code read from the SMS log by `otpOf`); the headers of the console's requests. */
export async function signIn(url: string, otpOf: (mobileNumber: string) => string | undefined): Promise<Record<string, string>> {
  const json = { 'content-type': 'application/json' };
  const mobileNumber = '9000000001';
  const sent = await fetch(`${url}${sessionPaths.sendOtp}`, { method: 'POST', headers: json, body: JSON.stringify({ mobileNumber }) });
  if (sent.status !== 202) throw new Error(`send-otp answered ${sent.status}`);
  let otp: string | undefined;
  for (let i = 0; i < 200 && !otp; i++) {
    otp = otpOf(mobileNumber);
    if (!otp) await sleep(50);
  }
  const verified = (await (await fetch(`${url}${sessionPaths.verifyOtp}`, { method: 'POST', headers: json, body: JSON.stringify({ mobileNumber, otp }) })).json()) as { authKey: string };
  return { authorization: `Bearer ${verified.authKey}`, ...json };
}

/** A command to chargers through the console's route, timed from the POST to its answer. */
export async function command(url: string, auth: Record<string, string>, chargerIds: number[], body: { action: string; payload: unknown }, wait = true) {
  const t0 = performance.now();
  const r = await fetch(`${url}/ccu/charger-command`, { method: 'POST', headers: auth, body: JSON.stringify({ chargerIds, command: body, wait }) });
  const answer = (await r.json()) as { items?: { status: string }[]; detail?: string };
  return { ms: performance.now() - t0, http: r.status, statuses: answer.items?.map((i) => i.status) ?? [answer.detail ?? String(r.status)] };
}

/** How the benches' chargers are started. */
export interface FleetsOptions {
  /** The WebSocket URL the i-th charger connects to. */
  urlOf: (i: number) => string;
  /** Chargers a fleet process takes at most [5,000]. */
  perFleet?: number;
  /** The last `probes` chargers run in a fleet process of their own, never reniced [0]. */
  probes?: number;
  /** Niceness of the other fleet processes (0-19) [0]. */
  nice?: number;
  env?: Record<string, string>;
  execArgv?: string[];
  /** The folder of the fleets' output files (fleet-<pid>.log). */
  logDir: string;
  concurrency?: number;
  meterSeconds: number;
  clockSeconds: number;
  powerKw?: number;
  /** The chargers' firmware: the version they boot with, failures to inject (tools/ocpp-simulator/firmware.ts). */
  firmware?: SimFirmwareOptions;
  /** How long the chargers may take to boot [120 s]. */
  bootTimeoutMs?: number;
}

/**
 * Starts the fleets and waits until every charger not refused has booted: a charger's boot is answered once the
 * central system has marked it connected, so a command sent from then on finds it online.
 */
export async function startFleets(boxes: readonly Box[], o: FleetsOptions): Promise<{ fleets: FleetProcess[]; connectMs: number; refused: number }> {
  const perFleet = o.perFleet ?? 5_000;
  const probes = o.probes ?? 0;
  const loadCount = boxes.length - probes;
  const groups: { from: number; to: number; renice: boolean }[] = [];
  for (let from = 0; from < loadCount; from += perFleet) groups.push({ from, to: Math.min(loadCount, from + perFleet), renice: true });
  if (probes > 0) groups.push({ from: loadCount, to: boxes.length, renice: false });
  const fleets = await Promise.all(
    groups.map(() =>
      startFleetProcess({ env: o.env, execArgv: o.execArgv, logDir: o.logDir, onProgress: (online) => log(`  a fleet process: ${online} online`) }),
    ),
  );
  if ((o.nice ?? 0) > 0) groups.forEach((g, j) => g.renice && os.setPriority(fleets[j]!.proc.pid!, o.nice!));
  const t0 = performance.now();
  const started = await Promise.all(
    fleets.map((f, j) =>
      f.call<FleetCounters>('start', {
        chargers: boxes.slice(groups[j]!.from, groups[j]!.to).map((b, k) => ({ identity: b.identity, password: b.password, url: o.urlOf(groups[j]!.from + k) })),
        meterSeconds: o.meterSeconds,
        clockSeconds: o.clockSeconds,
        powerKw: o.powerKw ?? 30,
        ...(o.firmware ? { firmware: o.firmware } : {}),
        concurrency: o.concurrency ?? 100,
        backoff: { initialDelay: 1_000, maxDelay: 30_000 },
      }),
    ),
  );
  const refused = started.reduce((a, s) => a + (s.refused ?? 0), 0);
  if (refused > 0) log(`${refused} refused at the first connection: ${started.flatMap((s) => Object.entries(s.reasons ?? {}).map(([why, n]) => `${n} × ${why}`)).join('; ')}`);
  await waitFor('the chargers to boot', async () => (await fleetCounters(fleets)).boots >= boxes.length - refused, o.bootTimeoutMs ?? 120_000);
  return { fleets, connectMs: performance.now() - t0, refused };
}

export async function fleetCounters(fleets: readonly FleetProcess[]): Promise<FleetCounters> {
  return sumCounters(await Promise.all(fleets.map((f) => f.call<FleetCounters>('counters'))));
}

/** The message ids of every call the server answered so far, from every fleet. */
export async function answeredIds(fleets: readonly FleetProcess[]): Promise<string[]> {
  return (await Promise.all(fleets.map((f) => f.call<string[]>('answered')))).flat();
}

/** The machine's cores and load, for the benches' headers. */
export const machineLine = () => `${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`;
