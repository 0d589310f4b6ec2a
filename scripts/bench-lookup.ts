// `npm run bench:lookup`: how fast the palette's entity lookup answers on a large database.
//
//   npx tsx scripts/bench-lookup.ts [--scale 10] [--data-dir .tmp/bench-data] [--runs 50]
//
// Opens PGlite in <data-dir>/pglite (or PostgreSQL when DATABASE_URL is set) — the same database and seed marker
// as `npm run bench:api` — seeds the demo data at --scale when it was not seeded at that scale or more yet, then
// times GET /search-service/lookup in process (app.request: the server's own time) for each kind of query and
// prints p50/p95/max.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asc, isNotNull, sql } from 'drizzle-orm';
import { bookingResource } from '@domain/entities/bookings';
import { chargerResource } from '@domain/entities/chargers';
import { orderResource, ticketResource } from '@domain/entities/tickets';
import { userResource } from '@domain/entities/users';
import { sessionPaths } from '@domain/session';
import { createApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/open-database';
import { tableOf } from '@server/resources/resource-query';
import { runSeed } from '@server/seed/run-seed';
import { createLogSmsProvider } from '@server/sms/log-sms-provider';

interface Options {
  scale: number;
  dataDir: string;
  runs: number;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = { scale: 10, dataDir: '.tmp/bench-data', runs: 50 };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = inline ?? argv[++i];
    if (flag === '--scale') options.scale = Number(value);
    else if (flag === '--data-dir') options.dataDir = value ?? options.dataDir;
    else if (flag === '--runs') options.runs = Number(value);
    else {
      console.error(`Unknown option ${flag}. Options: --scale N --data-dir DIR --runs N`);
      process.exit(2);
    }
  }
  for (const key of ['scale', 'runs'] as const) {
    if (!Number.isFinite(options[key]) || options[key] <= 0) {
      console.error(`--${key} must be a positive number`);
      process.exit(2);
    }
  }
  return options;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`;

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  // Repeated runs sign in again each time: the per-number code limit must not stop a benchmark.
  const config = loadConfig({ ...process.env, DATA_DIR: options.dataDir, APP_ENV: 'development', SMS_PROVIDER: 'log', OTP_SENDS_PER_NUMBER: '1000', OTP_SENDS_PER_CLIENT: '1000' });
  mkdirSync(config.dataDir, { recursive: true });
  console.log(`Opening ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'pglite')}`}…`);
  const database = await openDatabase(config);
  const markerName = config.databaseUrl ? `bench-seed-${createHash('sha256').update(config.databaseUrl).digest('hex').slice(0, 12)}.json` : 'bench-seed.json';
  const marker = path.join(config.dataDir, markerName);
  const seededScale = existsSync(marker) ? Number((JSON.parse(readFileSync(marker, 'utf8')) as { scale?: number }).scale ?? 0) : 0;
  if (seededScale >= options.scale) console.log(`Reusing the database seeded at scale ${seededScale}.`);
  else {
    console.log(`Seeding demo data at scale ${options.scale} (this takes a few minutes at scale 10)…`);
    await runSeed(database.db, { scale: options.scale, log: (line) => console.log(line) });
    writeFileSync(marker, JSON.stringify({ scale: options.scale, seededAt: new Date().toISOString() }));
  }

  const smsLines: string[] = [];
  const { app } = createApp({ config, db: database.db, driver: database.driver, sms: createLogSmsProvider((line) => void smsLines.push(line)), logger: { info: () => {}, warn: () => {}, error: (...a: unknown[]) => console.error(...a) } });
  const mobileNumber = '9000000001';
  const json = { 'content-type': 'application/json' };
  await app.request(sessionPaths.sendOtp, { method: 'POST', headers: json, body: JSON.stringify({ mobileNumber }) });
  const otp = /OTP \d+ (\d{6})/.exec(smsLines.at(-1) ?? '')?.[1];
  const verified = await app.request(sessionPaths.verifyOtp, { method: 'POST', headers: json, body: JSON.stringify({ mobileNumber, otp }) });
  if (verified.status !== 200) throw new Error(`verify-otp answered ${verified.status}`);
  const headers = { authorization: `Bearer ${((await verified.json()) as { authKey: string }).authKey}` };

  // Real values from the middle of each table (not the first rows, which caches would favour).
  const db = database.db;
  const middle = async (resource: typeof chargerResource, field: string) => {
    const table = tableOf(resource);
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(isNotNull(table[field]!));
    const rows = (await db.select({ v: table[field]! }).from(table).where(isNotNull(table[field]!)).orderBy(asc(table[resource.idField]!)).limit(1).offset(Math.floor(Number(counted?.n ?? 0) / 2))) as { v: unknown }[];
    return String(rows[0]?.v);
  };
  const device = await middle(chargerResource, 'deviceId');
  const uniqueId = await middle(chargerResource, 'uniqueId');
  const phone = await middle(userResource, 'mobileNumber');
  const ticket = await middle(ticketResource, 'id');
  const booking = await middle(bookingResource, 'id');
  const order = await middle(orderResource, 'orderNumber');
  const cases: [string, string][] = [
    ['device id (exact)', device],
    ['unique id (prefix)', uniqueId.slice(0, -2)],
    ['phone 98xxxxxxxx', phone],
    ['phone +91 98xxx xxxxx', `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`],
    ['phone 0 98xxxxxxxx', `0 ${phone}`],
    ['phone prefix (6 digits)', phone.slice(0, 6)],
    ['ticket number', ticket],
    ['ticket number (# scope)', `#${ticket}`],
    ['booking number', booking],
    ['booking number prefix', booking.slice(0, 4)],
    ['order number', order],
  ];
  console.log(`\nTiming ${options.runs} runs each (after 3 warm-ups), in process (server time):\n`);
  const rows: string[][] = [];
  // The floor every signed-in request pays (session check), for comparison.
  const floor: string[] = [];
  {
    const times: number[] = [];
    for (let i = 0; i < options.runs + 3; i += 1) {
      const started = performance.now();
      await (await app.request(sessionPaths.validate, { headers })).arrayBuffer();
      if (i >= 3) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    floor.push('(session check only)', sessionPaths.validate, '-', ms(percentile(times, 50)), ms(percentile(times, 95)), ms(times.at(-1)!));
  }
  rows.push(floor);
  for (const [label, q] of cases) {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < options.runs + 3; i += 1) {
      const started = performance.now();
      const response = await app.request(`/search-service/lookup?q=${encodeURIComponent(q)}`, { headers });
      const body = (await response.json()) as { groups: { items: unknown[] }[] };
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`${label}: answered ${response.status}`);
      found = body.groups.reduce((n, g) => n + g.items.length, 0);
      if (i >= 3) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    rows.push([label, q, String(found), ms(percentile(times, 50)), ms(percentile(times, 95)), ms(times.at(-1)!)]);
  }
  const header = ['query', 'q', 'items', 'p50', 'p95', 'max'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log([line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n'));
  await database.close();
}

main().catch((error: unknown) => {
  console.error('The benchmark failed:', error);
  process.exit(1);
});
