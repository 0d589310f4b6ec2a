// What the API benchmarks share: options, the seeded database (seeded once per scale and reused), a signed-in app,
// timing, percentiles, tables, and load from a separate process (autocannon), so the load generator never shares
// the server's event loop.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sessionPaths } from '@domain/session';
import { createApp } from '@server/app';
import { createAuthCache, watchEmbeddedAuthChanges } from '@server/auth/auth-cache';
import { loadConfig, type AppConfig } from '@server/config';
import { openDatabase, type OpenDatabase } from '@server/db/open-database';
import { runSeed } from '@server/seed/run-seed';
import { createLogSmsProvider } from '@server/sms/log-sms-provider';

/** Command-line options every API benchmark takes. */
export interface BenchOptions {
  scale: number;
  dataDir: string;
  runs: number;
  connections: number;
  duration: number;
}

/** Parses `--scale N --data-dir DIR --runs N --connections N --duration S` over the given defaults; exits on a bad one. */
export function parseBenchArgs(argv: readonly string[], defaults: BenchOptions): BenchOptions {
  const options = { ...defaults };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = inline ?? argv[++i];
    const key = ({ '--scale': 'scale', '--data-dir': 'dataDir', '--runs': 'runs', '--connections': 'connections', '--duration': 'duration' } as const)[flag];
    if (!key) {
      console.error(`Unknown option ${flag}. Options: --scale N --data-dir DIR --runs N --connections N --duration SECONDS`);
      process.exit(2);
    }
    if (key === 'dataDir') options.dataDir = value ?? options.dataDir;
    else options[key] = Number(value);
  }
  for (const key of ['scale', 'runs', 'connections', 'duration'] as const) {
    if (!Number.isFinite(options[key]) || options[key] <= 0) {
      console.error(`--${key} must be a positive number`);
      process.exit(2);
    }
  }
  return options;
}

/** The nearest-rank percentile of sorted numbers. */
export const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

/** Milliseconds as the tables print them. */
export const ms = (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms` : '-');

/** A plain text table: the first two columns left-aligned, the rest right-aligned. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 || i === 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** Times `runs` calls after `warmups`; throws when an answer is not 200. Answers p50 and p95 in ms. */
export async function measure(runs: number, request: () => Promise<Response>, warmups = 2): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs + warmups; i += 1) {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`answered ${response.status}`);
    if (i >= warmups) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** The machine the figures come from: cores, and its load average now (other work skews every figure). */
export function machineLine(): string {
  const [one, five] = os.loadavg();
  return `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), load average ${one!.toFixed(2)} (1 min) ${five!.toFixed(2)} (5 min), Node ${process.version}`;
}

/** An open, seeded database and an app over it, signed in as the Super Admin. */
export interface BenchApp {
  config: AppConfig;
  database: OpenDatabase;
  app: ReturnType<typeof createApp>['app'];
  /** The Authorization header of the signed-in Super Admin. */
  headers: { authorization: string };
}

/**
 * Opens PGlite in `<data-dir>/pglite` (or PostgreSQL when DATABASE_URL is set), seeds the demo data at `scale` when
 * it was not seeded at that scale or more yet, and signs the Super Admin in (every list opens to them).
 */
export async function openBenchApp(options: Pick<BenchOptions, 'scale' | 'dataDir'>): Promise<BenchApp> {
  // Benchmarks sign in on every run: the code limits are the API tests' business.
  const config = loadConfig({ ...process.env, DATA_DIR: options.dataDir, APP_ENV: 'development', SMS_PROVIDER: 'log', OTP_SENDS_PER_NUMBER: '100000', OTP_SENDS_PER_CLIENT: '100000', OTP_RESEND_AFTER_SECONDS: '0' });
  mkdirSync(config.dataDir, { recursive: true });
  console.log(`Opening ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'pglite')}`}…`);
  const database = await openDatabase(config);
  // The scale a database was seeded at is remembered next to the data (per DATABASE_URL for PostgreSQL).
  const markerName = config.databaseUrl ? `bench-seed-${createHash('sha256').update(config.databaseUrl).digest('hex').slice(0, 12)}.json` : 'bench-seed.json';
  const marker = path.join(config.dataDir, markerName);
  const seededScale = existsSync(marker) ? Number((JSON.parse(readFileSync(marker, 'utf8')) as { scale?: number }).scale ?? 0) : 0;
  if (seededScale >= options.scale) {
    console.log(`Reusing the database seeded at scale ${seededScale}.`);
  } else {
    console.log(`Seeding demo data at scale ${options.scale} (existing rows are kept; this takes a while at scale 10)…`);
    const started = Date.now();
    await runSeed(database.db, { scale: options.scale, log: (line) => console.log(line) });
    writeFileSync(marker, JSON.stringify({ scale: options.scale, seededAt: new Date().toISOString() }));
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }

  const smsLines: string[] = [];
  const authCache = createAuthCache(config.session.cacheSeconds * 1_000);
  await watchEmbeddedAuthChanges(database, authCache);
  const quiet = { info: () => {}, warn: () => {}, error: (...a: unknown[]) => console.error(...a) };
  const { app } = createApp({ config, db: database.db, driver: database.driver, sms: createLogSmsProvider((line) => void smsLines.push(line)), logger: quiet, authCache });
  const mobileNumber = '9000000001';
  const json = { 'content-type': 'application/json' };
  const sent = await app.request(sessionPaths.sendOtp, { method: 'POST', headers: json, body: JSON.stringify({ mobileNumber }) });
  if (sent.status !== 202) throw new Error(`send-otp answered ${sent.status}: ${await sent.text()}`);
  const otp = /OTP \d+ (\d{6})/.exec(smsLines.at(-1) ?? '')?.[1];
  const verified = await app.request(sessionPaths.verifyOtp, { method: 'POST', headers: json, body: JSON.stringify({ mobileNumber, otp }) });
  if (verified.status !== 200) throw new Error(`verify-otp answered ${verified.status}: ${await verified.text()}`);
  const { authKey } = (await verified.json()) as { authKey: string };
  return { config, database, app, headers: { authorization: `Bearer ${authKey}` } };
}

/** What a load run measured. */
export interface LoadResult {
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

const autocannonCli = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));

/** Loads `url` for `duration` s with `connections` connections from a child process running autocannon. */
export function loadFromChild(url: string, options: { connections: number; duration: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const args = [autocannonCli, '-j', '-n', '-c', String(options.connections), '-d', String(options.duration)];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${err.slice(0, 500)}`));
      const r = JSON.parse(out) as { requests: { average: number; total: number }; latency: { p50: number; p97_5: number; p99: number }; non2xx: number; errors: number };
      resolve({ rps: r.requests.average, p50: r.latency.p50, p97_5: r.latency.p97_5, p99: r.latency.p99, requests: r.requests.total, non2xx: r.non2xx, errors: r.errors });
    });
  });
}
