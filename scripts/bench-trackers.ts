// `npm run bench:trackers`: how fast the progress trackers answer on a large database (printed, never a test).
//
//   npx tsx scripts/bench-trackers.ts [--data-dir .tmp/bench-data] [--runs 20]
//
// Opens PGlite in <data-dir>/pglite (or PostgreSQL when DATABASE_URL is set; seed it first with
// `npm run bench:api -- --scale 10` or `npm run seed -- --scale 10`), signs in as the Super Admin and times the daily
// tracker (last 30 days, with a city filter, with a per-city breakdown) and the monthly tracker (last 12 months) in
// process (app.request: the server's own time), printing p50 and p95.
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { sessionPaths } from '@domain/session';
import { createApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/open-database';
import { forgetLiveTrackerCounts } from '@server/network/tracker-query';
import { istDate } from '@server/resources/resource-query';
import { rowsOf } from '@server/seed/seed-sql';
import { createLogSmsProvider } from '@server/sms/log-sms-provider';
import { sql } from 'drizzle-orm';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const dataDir = arg('--data-dir', '.tmp/bench-data');
const runs = Number(arg('--runs', '20'));
const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

// Benchmarks sign in on every run: the code limits are the API tests' business (as in bench-support.ts).
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, APP_ENV: 'development', SMS_PROVIDER: 'log', OTP_SENDS_PER_NUMBER: '100000', OTP_SENDS_PER_CLIENT: '100000', OTP_RESEND_AFTER_SECONDS: '0' });
console.log(`Opening ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'pglite')}`}…`);
const database = await openDatabase(config);
try {
  const [sizes] = rowsOf<{ bookings: number; chargers: number; tickets: number }>(
    await database.db.execute(sql`select (select count(*) from bookings)::int as bookings, (select count(*) from chargers)::int as chargers, (select count(*) from tickets)::int as tickets`),
  );
  console.log(`Rows: ${sizes!.bookings.toLocaleString('en-IN')} bookings, ${sizes!.chargers.toLocaleString('en-IN')} chargers, ${sizes!.tickets.toLocaleString('en-IN')} tickets`);
  const smsLines: string[] = [];
  const { app } = createApp({ config, db: database.db, driver: database.driver, sms: createLogSmsProvider((line) => void smsLines.push(line)), logger: { info: () => {}, warn: () => {}, error: (...a: unknown[]) => console.error(...a) } });
  const mobileNumber = '9000000001';
  await app.request(sessionPaths.sendOtp, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobileNumber }) });
  const otp = /OTP \d+ (\d{6})/.exec(smsLines.at(-1) ?? '')?.[1];
  const verified = await app.request(sessionPaths.verifyOtp, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobileNumber, otp }) });
  const { authKey } = (await verified.json()) as { authKey: string };
  const headers = { authorization: `Bearer ${authKey}` };
  const [city] = rowsOf<{ id: string }>(await database.db.execute(sql`select city_id::text as id from bookings where city_id is not null group by 1 order by count(*) desc limit 1`));

  const today = istDate(new Date());
  const monthAgo = istDate(new Date(Date.now() - 29 * 86_400_000));
  const thisMonth = today.slice(0, 7);
  const [y, m] = thisMonth.split('-').map(Number) as [number, number];
  const yearAgo = `${m === 12 ? y : y - 1}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}`;
  const cases: [string, string][] = [
    ['daily, last 30 days', `/lms/tracker/daily?from=${monthAgo}&to=${today}`],
    ['daily, 30 days, one city', `/lms/tracker/daily?from=${monthAgo}&to=${today}&cityId=${city?.id}`],
    ['daily, 30 days, by city', `/lms/tracker/daily?from=${monthAgo}&to=${today}&breakdown=city`],
    ['monthly, last 12 months', `/lms/tracker/monthly?from=${yearAgo}&to=${thisMonth}`],
    ['monthly, 12 months, by operator', `/lms/tracker/monthly?from=${yearAgo}&to=${thisMonth}&breakdown=cpo`],
  ];
  // Two figures per view: a repeated request (the live days' count is kept LIVE_MEMO_MS, so this is what staff opening
  // a tracker others have opened get), and the first request of a view (every live count forgotten before each run).
  console.log(`\nTiming ${runs} runs each after 2 warm-ups (in process), repeated and first request of a view:\n`);
  for (const [label, url] of cases) {
    const line: string[] = [];
    for (const first of [false, true]) {
      const times: number[] = [];
      for (let i = 0; i < runs + 2; i++) {
        if (first) forgetLiveTrackerCounts(database.db);
        const started = performance.now();
        const res = await app.request(url, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        if (i >= 2) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      line.push(`${first ? 'first' : 'repeated'}: p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms, p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`);
    }
    console.log(`${label.padEnd(34)} ${line.join('   ')}`);
  }
  console.log(`\nMachine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
} finally {
  await database.close();
}
