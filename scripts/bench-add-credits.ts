// `npm run bench:add-credits`: how fast Add credits to wallet previews and commits 1,000 numbers (targets:
// preview ≤ 1 s, commit ≤ 2 s).
//
//   npx tsx scripts/bench-add-credits.ts [--scale 1] [--data-dir .tmp/bench-add-credits] [--runs 5]
//
// Opens PGlite in <data-dir>/pglite (or PostgreSQL when DATABASE_URL is set), seeds the demo data at --scale when it
// was not seeded at that scale or more yet (reused afterwards), then per run takes 1,000 distinct known customers'
// numbers, written in the forms staff paste (98…, +91 98… …, 0 98…), and times in process (app.request: the
// server's own time) POST /user-service/add-credits-to-wallet/preview and the commit (a new Idempotency-Key each
// run). Prints each run and the median; exits 1 when a median misses its target.
import { sql } from 'drizzle-orm';
import { ADD_CREDITS_MAX_ROWS } from '@domain/add-credits';
import { rowsOf } from '@server/db/rows';
import { machineLine, ms, openBenchApp, parseBenchArgs, table } from './bench-support';

const API = '/user-service/add-credits-to-wallet';
const TARGET_PREVIEW_MS = 1_000;
const TARGET_COMMIT_MS = 2_000;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The number as staff might paste it: national, +91 with spaces, or with a leading 0. */
const pasted = (national: string, i: number) => (i % 3 === 0 ? national : i % 3 === 1 ? `+91 ${national.slice(0, 5)} ${national.slice(5)}` : `0${national}`);

async function main(): Promise<void> {
  const options = parseBenchArgs(process.argv.slice(2), { scale: 1, dataDir: '.tmp/bench-add-credits', runs: 5, connections: 1, duration: 1 });
  const { app, headers, database } = await openBenchApp(options);
  console.log(`Driver: ${database.driver}. Machine: ${machineLine()}`);

  // Known customers who may get credits: active, not staff, number not blocked.
  const customers = rowsOf<{ mobile_number: string }>(
    await database.db.execute(sql`
      select u.mobile_number from users u
      where u.is_active and not exists (select 1 from czo_users c where c.user_id = u.id)
        and not exists (select 1 from blocked_numbers b where b.mobile_number = u.mobile_number and b.blocked)
      order by u.mobile_number limit ${ADD_CREDITS_MAX_ROWS * options.runs}`),
  ).map((r) => r.mobile_number);
  if (customers.length < ADD_CREDITS_MAX_ROWS) throw new Error(`Only ${customers.length} customers: seed a larger scale (--scale).`);

  const json = { ...headers, 'content-type': 'application/json' };
  const timed = async (path: string, body: unknown, extra: Record<string, string> = {}) => {
    const started = performance.now();
    const response = await app.request(path, { method: 'POST', headers: { ...json, ...extra }, body: JSON.stringify(body) });
    const answer = (await response.json()) as Record<string, unknown>;
    return { ms: performance.now() - started, status: response.status, answer };
  };

  console.log(`\n${options.runs} runs of ${ADD_CREDITS_MAX_ROWS.toLocaleString('en-IN')} distinct known numbers each, in process (server time):\n`);
  const previews: number[] = [];
  const commits: number[] = [];
  const rows: string[][] = [];
  for (let run = 0; run < options.runs; run += 1) {
    // A different slice of customers each run where there are enough (the same wallets again otherwise).
    const start = (run * ADD_CREDITS_MAX_ROWS) % Math.max(1, customers.length - ADD_CREDITS_MAX_ROWS + 1);
    const batch = customers.slice(start, start + ADD_CREDITS_MAX_ROWS);
    const body = { rows: batch.map((n, i) => ({ mobileNumber: pasted(n, i), amount: 10_000 + (i % 10) * 100 })), message: `Benchmark credit, run ${run + 1}` };
    const preview = await timed(`${API}/preview`, body);
    if (preview.status !== 200 || preview.answer.ok !== true) throw new Error(`preview answered ${preview.status}: ${JSON.stringify(preview.answer).slice(0, 300)}`);
    const commit = await timed(API, body, { 'Idempotency-Key': `bench-add-credits-${Date.now()}-${run}` });
    if (commit.status !== 201 || commit.answer.count !== ADD_CREDITS_MAX_ROWS) throw new Error(`commit answered ${commit.status}: ${JSON.stringify(commit.answer).slice(0, 300)}`);
    previews.push(preview.ms);
    commits.push(commit.ms);
    rows.push([`run ${run + 1}`, `${batch.length}`, ms(preview.ms), ms(commit.ms)]);
  }
  const p = median(previews);
  const c = median(commits);
  rows.push(['median', `${ADD_CREDITS_MAX_ROWS}`, ms(p), ms(c)]);
  console.log(table(['', 'numbers', 'preview', 'commit'], rows));
  console.log(`\nTargets: preview ≤ ${ms(TARGET_PREVIEW_MS)} (${p <= TARGET_PREVIEW_MS ? 'met' : 'MISSED'}), commit ≤ ${ms(TARGET_COMMIT_MS)} (${c <= TARGET_COMMIT_MS ? 'met' : 'MISSED'}).`);
  await database.close();
  if (p > TARGET_PREVIEW_MS || c > TARGET_COMMIT_MS) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
