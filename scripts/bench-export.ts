// `npm run bench:export`: exports of a million bookings through a real server process.
//
//   npx tsx scripts/bench-export.ts [--data-dir .tmp/bench-export] [--source .tmp/bench-data] [--port 3470] [--list-runs 300] [--only csv]
//
// Works on a copy of the scale-10 benchmark database (npm run bench:api seeds .tmp/bench-data; without it this
// seeds the copy at scale 10, which takes minutes), so a kill -9 never touches the shared one. Starts the server
// (one job worker), raises the bookings report's row limit to 1,000,000 through Download Configuration, then prints:
// the bookings list's p50/p95 idle; a CSV export of every booking (time, rows/s, file size, server RSS growth) with
// the same list measured while it runs; the Excel export of the same rows (time, RSS growth); and a kill -9 in the
// middle of an export: the download is not offered, and after a restart the job comes back through its lease and
// finishes.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { auditTimelinePath } from '@domain/resource/audit-entry';
import { sessionPaths } from '@domain/session';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/open-database';
import { runSeed } from '@server/seed/run-seed';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1]!);
const dataDir = path.resolve(args.get('data-dir') ?? '.tmp/bench-export');
const source = path.resolve(args.get('source') ?? '.tmp/bench-data');
const port = Number(args.get('port') ?? 3470);
const listRuns = Number(args.get('list-runs') ?? 300);
/** `--only csv`: the CSV export alone (no Excel, no kill -9). */
const only = args.get('only');
const base = `http://127.0.0.1:${port}`;
const MOBILE = '9000000001';

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function prepare(): Promise<void> {
  if (process.env.DATABASE_URL) {
    // PostgreSQL holds the data (seed it with `npm run seed -- --scale 10`); the folder only keeps the files.
    mkdirSync(dataDir, { recursive: true });
    console.log('Using PostgreSQL (DATABASE_URL); files in ' + path.relative(process.cwd(), dataDir) + '.');
    return;
  }
  if (existsSync(path.join(dataDir, 'pglite'))) {
    console.log(`Reusing ${path.relative(process.cwd(), dataDir)}.`);
    return;
  }
  mkdirSync(dataDir, { recursive: true });
  if (existsSync(path.join(source, 'pglite'))) {
    console.log(`Copying ${path.relative(process.cwd(), source)} (scale 10) to ${path.relative(process.cwd(), dataDir)}…`);
    cpSync(path.join(source, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
    return;
  }
  console.log('Seeding demo data at scale 10 (1,000,000 bookings; several minutes)…');
  const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
  await runSeed(database.db, { scale: 10, log: (line) => console.log(`  ${line}`) });
  await database.close();
}

interface Server {
  child: ChildProcess;
  output: string[];
}

async function startServer(): Promise<Server> {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-console'),
      NODE_ENV: 'development',
      JOB_WORKERS: '1',
      JOB_LEASE_SECONDS: '10',
      JOB_POLL_SECONDS: '1',
      OTP_SENDS_PER_NUMBER: '1000',
      OTP_SENDS_PER_CLIENT: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/health`)).ok) return { child, output };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`The server stopped:\n${output.join('')}`);
    await sleep(200);
  }
  throw new Error('The server did not start in 2 minutes');
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function signIn(server: Server): Promise<string> {
  const headers = { 'content-type': 'application/json' };
  const sent = await fetch(`${base}${sessionPaths.sendOtp}`, { method: 'POST', headers, body: JSON.stringify({ mobileNumber: MOBILE }) });
  if (sent.status !== 202) throw new Error(`send-otp answered ${sent.status}`);
  await sleep(100);
  const code = [...server.output.join('').matchAll(new RegExp(`\\[sms:log\\] OTP ${MOBILE} (\\d{6})`, 'g'))].at(-1)?.[1];
  const verified = await fetch(`${base}${sessionPaths.verifyOtp}`, { method: 'POST', headers, body: JSON.stringify({ mobileNumber: MOBILE, otp: code }) });
  const body = (await verified.json()) as { authKey: string };
  return body.authKey;
}

async function api(key: string, method: string, url: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${base}${url}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const LIST = '/booking-service/admin/booking?page=0&size=20';

async function listOnce(key: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}${LIST}`, { headers: { authorization: `Bearer ${key}` } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`list answered ${response.status}`);
  return performance.now() - started;
}

interface ExportRun {
  id: number;
  seconds: number;
  rows: number;
  rssBefore: number;
  rssPeak: number;
  listTimes: number[];
  filePath: string;
}

/** Requests an export of every booking and waits for it, sampling RSS and (optionally) timing the list meanwhile. */
async function runExport(server: Server, key: string, format: 'CSV' | 'XLSX', withList: boolean): Promise<ExportRun> {
  const pid = server.child.pid!;
  await sleep(500);
  const rssBefore = rssOf(pid);
  let rssPeak = rssBefore;
  const started = performance.now();
  const created = await api(key, 'POST', '/upload-service/download', { reportType: 'BOOKINGS', format });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
  const id = Number(created.body.id);
  let done: Record<string, unknown> | undefined;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssOf(pid));
  }, 100);
  const listTimes: number[] = [];
  const lister = (async () => {
    while (withList && !done) {
      listTimes.push(await listOnce(key));
      await sleep(20);
    }
  })();
  let lastShown = 0;
  while (!done) {
    await sleep(500);
    const d = (await api(key, 'GET', `/upload-service/download/${id}`)).body;
    if (d.status === 'READY' || d.status === 'FAILED') done = d;
    const written = Number(d.rowsWritten ?? 0);
    if (written - lastShown >= 250_000) {
      lastShown = written;
      process.stdout.write(`    ${written.toLocaleString('en-IN')} of ${Number(d.rowCount).toLocaleString('en-IN')} rows…\n`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await lister;
  if (done.status !== 'READY') throw new Error(`export failed: ${String(done.error)}`);
  return { id, seconds, rows: Number(done.rowCount), rssBefore, rssPeak, listTimes, filePath: String(done.filePath) };
}

async function main(): Promise<void> {
  await prepare();
  console.log('Starting the server (one job worker)…');
  let server = await startServer();
  try {
    const key = await signIn(server);
    const configs = await api(key, 'GET', '/upload-service/download/config?size=50');
    const bookings = (configs.body.items as Record<string, unknown>[]).find((c) => c.reportType === 'BOOKINGS')!;
    const columns = [
      ['id', 'Booking'],
      ['chargerId', 'Charger'],
      ['userPhone', 'Customer'],
      ['startedAt', 'Started'],
      ['energyWh', 'Energy'],
      ['amount', 'Amount'],
      ['status', 'Status'],
      ['paymentMode', 'Payment mode'],
      ['cityId', 'City'],
    ].map(([field, header]) => ({ field, header, isDefault: true }));
    const changed = await api(key, 'PUT', `/upload-service/download/config/${String(bookings.id)}`, { maxRows: 1_000_000, columns });
    if (changed.status !== 200) throw new Error(`config answered ${changed.status}: ${JSON.stringify(changed.body)}`);
    console.log('Bookings report: 9 columns, row limit 1,000,000 (changed through Download Configuration).');

    for (let i = 0; i < 30; i += 1) await listOnce(key);
    // Back to back (as this bench measured idle before), for comparison: requests after a pause are slower here.
    const backToBack: number[] = [];
    for (let i = 0; i < listRuns; i += 1) backToBack.push(await listOnce(key));
    console.log(`Bookings list (page 0, 20 rows, over HTTP, back to back) idle: p50 ${percentile(backToBack, 50).toFixed(1)} ms, p95 ${percentile(backToBack, 95).toFixed(1)} ms (${backToBack.length} requests)`);
    // Idle the way it is asked for during an export (one request, then 20 ms), so the two p95s compare like with like.
    const idle: number[] = [];
    for (let i = 0; i < listRuns; i += 1) {
      idle.push(await listOnce(key));
      await sleep(20);
    }
    console.log(`Bookings list (page 0, 20 rows, over HTTP, one request every 20 ms) idle: p50 ${percentile(idle, 50).toFixed(1)} ms, p95 ${percentile(idle, 95).toFixed(1)} ms (${idle.length} requests)`);

    console.log('CSV export of every booking, with the list requested meanwhile:');
    const csv = await runExport(server, key, 'CSV', true);
    const csvSize = statSync(path.join(dataDir, 'uploads', csv.filePath)).size;
    console.log(`  ${csv.rows.toLocaleString('en-IN')} rows in ${csv.seconds.toFixed(1)} s (${Math.round(csv.rows / csv.seconds).toLocaleString('en-IN')} rows/s), file ${mb(csvSize)}`);
    console.log(`  server RSS ${mb(csv.rssBefore)} before, ${mb(csv.rssPeak)} at most: growth ${mb(csv.rssPeak - csv.rssBefore)}`);
    const during95 = percentile(csv.listTimes, 95);
    console.log(
      `  bookings list during the export: p50 ${percentile(csv.listTimes, 50).toFixed(1)} ms, p95 ${during95.toFixed(1)} ms (${csv.listTimes.length} requests): ${(during95 / percentile(idle, 95)).toFixed(2)}× the idle p95 (${(during95 / percentile(backToBack, 95)).toFixed(2)}× the back-to-back one)`,
    );

    // The first export reads the whole bookings table, which also fills PGlite's buffer cache (shared_buffers,
    // 128 MB, in the server's memory): the same export again shows what the export itself holds.
    console.log("The same CSV export again (the database's cache now warm), the list requested meanwhile:");
    const again = await runExport(server, key, 'CSV', true);
    console.log(`  ${again.rows.toLocaleString('en-IN')} rows in ${again.seconds.toFixed(1)} s, server RSS ${mb(again.rssBefore)} before, ${mb(again.rssPeak)} at most: growth ${mb(again.rssPeak - again.rssBefore)}`);
    const again95 = percentile(again.listTimes, 95);
    console.log(`  bookings list during the export: p50 ${percentile(again.listTimes, 50).toFixed(1)} ms, p95 ${again95.toFixed(1)} ms (${again.listTimes.length} requests): ${(again95 / percentile(idle, 95)).toFixed(2)}× the idle p95 (${(again95 / percentile(backToBack, 95)).toFixed(2)}× the back-to-back one)`);
    if (only === 'csv') return;
    console.log('Excel export of the same rows:');
    const xlsx = await runExport(server, key, 'XLSX', false);
    const xlsxSize = statSync(path.join(dataDir, 'uploads', xlsx.filePath)).size;
    console.log(`  ${xlsx.rows.toLocaleString('en-IN')} rows in ${xlsx.seconds.toFixed(1)} s (${Math.round(xlsx.rows / xlsx.seconds).toLocaleString('en-IN')} rows/s), file ${mb(xlsxSize)}`);
    console.log(`  server RSS ${mb(xlsx.rssBefore)} before, ${mb(xlsx.rssPeak)} at most: growth ${mb(xlsx.rssPeak - xlsx.rssBefore)}`);

    console.log('kill -9 during an export:');
    const created = await api(key, 'POST', '/upload-service/download', { reportType: 'BOOKINGS', format: 'CSV' });
    const id = Number(created.body.id);
    let written = 0;
    while (written < 300_000) {
      await sleep(200);
      written = Number((await api(key, 'GET', `/upload-service/download/${id}`)).body.rowsWritten ?? 0);
    }
    server.child.kill('SIGKILL');
    await new Promise((r) => server.child.once('exit', r));
    console.log(`  killed the server at ${written.toLocaleString('en-IN')} rows written`);
    const restarted = performance.now();
    server = await startServer();
    const key2 = await signIn(server);
    const after = (await api(key2, 'GET', `/upload-service/download/${id}`)).body;
    const link = await api(key2, 'POST', `/upload-service/download/${id}/link`);
    console.log(`  after the restart: status ${String(after.status)}, file ${after.filePath === null ? 'none' : String(after.filePath)}; asking for its file answers ${link.status}`);
    let final: Record<string, unknown> = after;
    while (final.status !== 'READY' && final.status !== 'FAILED') {
      await sleep(500);
      final = (await api(key2, 'GET', `/upload-service/download/${id}`)).body;
    }
    const audit = await api(key2, 'GET', auditTimelinePath('downloads', String(id)));
    const events = Array.isArray(audit.body.items) ? (audit.body.items as { event?: string }[]).map((a) => a.event).filter(Boolean) : [];
    console.log(
      `  ${String(final.status)} ${((performance.now() - restarted) / 1000).toFixed(1)} s after the restart (lease 10 s), ${Number(final.rowCount).toLocaleString('en-IN')} rows${events.length ? `; transitions ${events.join(' → ')}` : ''}`,
    );
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => (server.child.exitCode === null ? server.child.once('exit', r) : r(null)));
  }
}

await main();
