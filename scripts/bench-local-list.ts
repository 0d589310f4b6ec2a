// `npm run bench:local-list -- [--chargers 10000] [--timeout 180] [--port 3480] [--data-dir .tmp/bench-local-list]`
// (DATABASE_URL=postgres://…/<a database of its own>: PostgreSQL, production's database; else PGlite in --data-dir)
//
// A card change reaching every charger's local authorization list at scale. The real server
// (scripts/bench-ocpp-server.ts, with its job worker) and N simulated chargers in fleet processes
// (tools/ocpp-simulator/fleet.ts), set up as every OCPP bench is (scripts/bench-ocpp-setup.ts). Every charger is
// sent the whole list first (staff's Send full list, 500 chargers a request, four at a time); then staff block one RFID card through
// its route (Block RFID card) and the bench asks the chargers, every 250 ms, whether their list holds the card as
// Blocked: it prints the seconds until every online charger's list does (the differential SendLocalList of the job
// local-list-propagate) and how many were left behind when it gave up (--timeout). The card is unblocked after,
// timed the same way, so the database is as it was. Target: ≤ 60 s, none left behind.
// BENCH_CPU_PROF=1: the server process writes a CPU profile (node --cpu-prof) under the data folder when it closes.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { localListPaths } from '@domain/local-list';
import { rowsOf } from '@server/seed/seed-sql';
import { fleetCounters, log, machineLine, one, prepareChargers, signIn, sleep, spawnBenchChild, startFleets, withDatabase as withBenchDatabase, type BenchChild, type BenchDb, type FleetProcess } from './bench-ocpp-setup';

const { values } = parseArgs({
  options: {
    chargers: { type: 'string', default: '10000' },
    timeout: { type: 'string', default: '180' },
    port: { type: 'string', default: '3480' },
    'data-dir': { type: 'string', default: '.tmp/bench-local-list' },
  },
});
const N = Number(values.chargers);
const TIMEOUT_MS = Number(values.timeout) * 1000;
const dataDir = path.resolve(values['data-dir']);
const databaseUrl = process.env.DATABASE_URL || undefined;
/** Chargers a Send full list request takes (the route's most). */
const PER_REQUEST = 500;

const env = {
  ...process.env,
  DATA_DIR: dataDir,
  APP_ENV: 'development',
  SIMULATED_CHARGERS: '0',
  OTP_SENDS_PER_NUMBER: '100000',
  OTP_SENDS_PER_CLIENT: '100000',
  OTP_RESEND_AFTER_SECONDS: '0',
  PORT: values.port,
  HOST: '127.0.0.1',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};
const withDatabase = <T>(fn: (db: BenchDb) => Promise<T>) => withBenchDatabase(env, fn);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const header = () => log(`bench:local-list: ${N} chargers, one server process, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; ${machineLine()}`);

/** The chargers' lists as the fleets hold them: online, holding `idTag` as `status`, and the versions held. */
async function holding(fleets: FleetProcess[], idTag: string, status: string) {
  const all = await Promise.all(fleets.map((f) => f.call<{ online: number; holding: number; versions: Record<string, number> }>('local-list', { idTag, status })));
  const versions: Record<string, number> = {};
  for (const a of all) for (const [v, n] of Object.entries(a.versions)) versions[v] = (versions[v] ?? 0) + n;
  return { online: all.reduce((s, a) => s + a.online, 0), holding: all.reduce((s, a) => s + a.holding, 0), versions };
}

/** The bench's chargers' list states as the server kept them (ocpp_local_lists), by state; read once it has closed (PGlite is one process's). */
async function serverStates(ids: readonly number[]): Promise<Record<string, number>> {
  return withDatabase(async (db) =>
    Object.fromEntries(
      rowsOf<{ state: string; n: number }>(await db.execute(sql`select state, count(*)::int as n from ocpp_local_lists where charger_id = any(${`{${ids.join(',')}}`}::bigint[]) group by 1 order by 1`)).map((r) => [r.state, r.n]),
    ),
  );
}

/**
 * A card action through its route as staff, then the seconds until every online charger's list holds the card as
 * `status` (or the timeout), sampling every 250 ms; answers the time, the chargers left behind and the curve.
 */
async function changeAndWait(url: string, auth: Record<string, string>, fleets: FleetProcess[], action: 'block' | 'unblock', cardNumber: string) {
  const status = action === 'block' ? 'Blocked' : 'Accepted';
  const t0 = performance.now();
  const r = await fetch(`${url}/user-service/rfid-card/${action}`, { method: 'POST', headers: auth, body: JSON.stringify({ cardNumber, reason: 'Local list benchmark' }) });
  if (r.status !== 200) throw new Error(`${action} answered ${r.status}: ${await r.text()}`);
  const answeredMs = performance.now() - t0;
  const marks: string[] = [];
  let next = 10_000;
  for (;;) {
    const now = await holding(fleets, cardNumber, status);
    const took = performance.now() - t0;
    if (took >= next) {
      marks.push(`${now.holding} at ${secs(took)}`);
      next += 10_000;
    }
    if (now.holding >= now.online) return { ms: took, answeredMs, online: now.online, behind: 0, marks, versions: now.versions };
    if (took > TIMEOUT_MS) return { ms: null, answeredMs, online: now.online, behind: now.online - now.holding, marks, versions: now.versions };
    await sleep(250);
  }
}

async function run() {
  header();
  const { boxes, cardNumber } = await withDatabase(async (db) => {
    const prepared = await prepareChargers(db, N);
    // The chargers hold no list yet (a previous run's lists would be synced at their boot): the run sends it whole.
    const ids = `{${prepared.boxes.map((b) => b.id).join(',')}}`;
    await db.execute(sql`delete from ocpp_local_lists where charger_id = any(${ids}::bigint[])`);
    await db.execute(sql`update chargers set local_list_state = null where id = any(${ids}::bigint[])`);
    const card = await one<{ card_number: string } | undefined>(db, sql`select card_number from rfid_cards where held and not blocked and length(card_number) <= 20 order by card_number limit 1`);
    if (!card) throw new Error('No unblocked RFID card on an account to block.');
    return { boxes: prepared.boxes, cardNumber: card.card_number };
  });
  const cards = await withDatabase(async (db) => (await one<{ n: number }>(db, sql`select count(*)::int as n from rfid_cards where held and length(card_number) <= 20`)).n);
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.join(dataDir, 'profiles')] : [];
  const server: BenchChild = await spawnBenchChild('bench-ocpp-server.ts', { env, dataDir, execArgv: profile });
  const url = String(server.ready.url);
  const auth = await signIn(url, (mobileNumber) => [...server.output.join('\n').matchAll(new RegExp(`\\[sms:log\\] OTP ${mobileNumber} (\\d{6})`, 'g'))].at(-1)?.[1]);
  const { fleets, connectMs, refused } = await startFleets(boxes, {
    urlOf: () => `${url.replace(/^http/, 'ws')}/ocpp`,
    logDir: path.join(dataDir, 'logs'),
    // 25 connections opened at once per fleet: thousands booting at once on a busy machine answer past the chargers' 30 s.
    concurrency: 25,
    meterSeconds: 300,
    clockSeconds: 0,
    bootTimeoutMs: 600_000,
  });
  log(`connected ${(await fleetCounters(fleets)).online} of ${N} in ${secs(connectMs)} (${refused} refused)`);

  // Send full list to every charger, as staff would, 500 chargers a request.
  const fullAt = performance.now();
  const outcomes: Record<string, number> = {};
  const parts = Array.from({ length: Math.ceil(boxes.length / PER_REQUEST) }, (_, k) => boxes.slice(k * PER_REQUEST, (k + 1) * PER_REQUEST).map((b) => b.id));
  // A few requests at once, as several staff members might: the setup, not the figure.
  const sendPart = async (): Promise<void> => {
    const chargerIds = parts.shift();
    if (!chargerIds) return;
    const r = await fetch(`${url}${localListPaths.sendFull}`, { method: 'POST', headers: auth, body: JSON.stringify({ chargerIds }) });
    const body = (await r.json()) as { items?: { status: string }[]; detail?: string };
    if (r.status !== 200) throw new Error(`send-full answered ${r.status}: ${body.detail}`);
    for (const item of body.items ?? []) outcomes[item.status] = (outcomes[item.status] ?? 0) + 1;
    return sendPart();
  };
  await Promise.all(Array.from({ length: 4 }, sendPart));
  const fullMs = performance.now() - fullAt;
  const before = await holding(fleets, cardNumber, 'Accepted');
  log(`whole list (${cards} cards) sent to ${boxes.length} chargers in ${secs(fullMs)}: ${Object.entries(outcomes).map(([s, n]) => `${n} ${s}`).join(', ')}; ${before.holding} of ${before.online} online hold card ${cardNumber}`);
  await sleep(2_000);

  const blocked = await changeAndWait(url, auth, fleets, 'block', cardNumber);
  log(`block: ${blocked.ms === null ? `NOT every charger within ${secs(TIMEOUT_MS)}` : `every online charger's list in ${secs(blocked.ms)}`}; ${blocked.behind} left behind (${blocked.marks.join(', ') || 'none sampled at 10 s marks'})`);
  const unblocked = await changeAndWait(url, auth, fleets, 'unblock', cardNumber);
  log(`unblock: ${unblocked.ms === null ? `NOT every charger within ${secs(TIMEOUT_MS)}` : `every online charger's list in ${secs(unblocked.ms)}`}; ${unblocked.behind} left behind`);

  await Promise.all(fleets.map((f) => f.exit()));
  await server.call('close').catch(() => {});
  const statesAfter = await serverStates(boxes.map((b) => b.id));

  console.log('');
  header();
  const states = (s: Record<string, number>) => Object.entries(s).map(([k, n]) => `${n} ${k}`).join(', ');
  console.log(`connect:      ${before.online} of ${N} chargers online in ${secs(connectMs)}, ${refused} refused`);
  console.log(`full list:    ${cards} cards to ${boxes.length} chargers (Send full list, ${PER_REQUEST} a request, 4 at a time) in ${secs(fullMs)}: ${states(outcomes)}`);
  for (const [label, r] of [['block', blocked], ['unblock', unblocked]] as const) {
    console.log(
      `${`${label}:`.padEnd(13)} ${r.ms === null ? `not every charger within ${secs(TIMEOUT_MS)}` : `${secs(r.ms)} until every online charger's list held the change`} (route answered in ${secs(r.answeredMs)}; target ≤ 60 s), ${r.behind} of ${r.online} left behind (target 0); lists held by version ${JSON.stringify(r.versions)}`,
    );
  }
  console.log(`list states:  ${states(statesAfter)} (the server's, at the end)`);
  const ok = [blocked, unblocked].every((r) => r.ms !== null && r.ms <= 60_000 && r.behind === 0);
  console.log(`result:       ${ok ? 'every target met' : 'FAILED (see above)'}`);
  process.exit(ok ? 0 : 1);
}

await run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
