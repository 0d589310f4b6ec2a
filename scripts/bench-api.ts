// `npm run bench:api`: how fast the generic resource API answers on a large database.
//
//   npx tsx scripts/bench-api.ts [--scale 10] [--data-dir .tmp/bench-data] [--runs 20] [--connections 10] [--duration 10]
//
// Opens PGlite in <data-dir>/pglite (or PostgreSQL when DATABASE_URL is set), seeds the demo data at --scale when it
// was not seeded at that scale or more yet, then for the five largest resources measures p50/p95 of page 0, a deep
// page, a filtered page, a `q` text search and lookups by id and by phone/exact field: in process (app.request, the
// server's own time) and over HTTP on loopback. Last, requests per second of one list under concurrent load
// (autocannon against a real listening server).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import type { Resource } from '@domain/resource/define-resource';
import { MAX_OFFSET } from '@domain/resource/list-query';
import { resources } from '@domain/resource/registry';
import { sessionPaths } from '@domain/session';
import { createApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/open-database';
import { runSeed } from '@server/seed/run-seed';
import { createLogSmsProvider } from '@server/sms/log-sms-provider';

interface Options {
  scale: number;
  dataDir: string;
  runs: number;
  connections: number;
  duration: number;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = { scale: 10, dataDir: '.tmp/bench-data', runs: 20, connections: 10, duration: 10 };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = inline ?? argv[++i];
    const number = Number(value);
    switch (flag) {
      case '--scale':
        options.scale = number;
        break;
      case '--data-dir':
        options.dataDir = value ?? options.dataDir;
        break;
      case '--runs':
        options.runs = number;
        break;
      case '--connections':
        options.connections = number;
        break;
      case '--duration':
        options.duration = number;
        break;
      default:
        console.error(`Unknown option ${flag}. Options: --scale N --data-dir DIR --runs N --connections N --duration SECONDS`);
        process.exit(2);
    }
  }
  for (const key of ['scale', 'runs', 'connections', 'duration'] as const) {
    if (!Number.isFinite(options[key]) || options[key] <= 0) {
      console.error(`--${key} must be a positive number`);
      process.exit(2);
    }
  }
  return options;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
const ms = (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms` : '-');

/** Times `runs` calls (after 2 warm-ups); throws when an answer is not 200. */
async function measure(runs: number, request: () => Promise<Response>): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i += 1) {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`answered ${response.status}`);
    if (i >= 2) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 || i === 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** A word of at least 3 letters from a record's text-search field, to search for. */
function searchWord(resource: Resource, record: Record<string, unknown> | undefined): string | undefined {
  for (const field of resource.search?.text ?? []) {
    const value = record?.[field];
    if (typeof value !== 'string') continue;
    const word = value.split(/[^\p{L}\p{N}]+/u).find((w) => w.length >= 3);
    if (word) return word.slice(0, 12);
  }
  return undefined;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const config = loadConfig({ ...process.env, DATA_DIR: options.dataDir, APP_ENV: 'development', SMS_PROVIDER: 'log' });
  mkdirSync(config.dataDir, { recursive: true });
  const target = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'pglite')}`;
  console.log(`Opening ${target}…`);
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
  const { app } = createApp({ config, db: database.db, driver: database.driver, sms: createLogSmsProvider((line) => void smsLines.push(line)), logger: { info: () => {}, warn: () => {}, error: (...a: unknown[]) => console.error(...a) } });
  const mobileNumber = '9000000001'; // Super Admin: every list opens
  const sent = await app.request(sessionPaths.sendOtp, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobileNumber }) });
  if (sent.status !== 202) throw new Error(`send-otp answered ${sent.status}: ${await sent.text()}`);
  const code = /OTP \d+ (\d{6})/.exec(smsLines.at(-1) ?? '')?.[1];
  const verified = await app.request(sessionPaths.verifyOtp, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobileNumber, otp: code }) });
  if (verified.status !== 200) throw new Error(`verify-otp answered ${verified.status}: ${await verified.text()}`);
  const { authKey } = (await verified.json()) as { authKey: string };
  const headers = { authorization: `Bearer ${authKey}` };

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  try {
    // The five largest resources by the count their list answers (estimates beyond 10,000 rows).
    const sizes: { r: Resource; count: number; exact: boolean; first: Record<string, unknown> | undefined }[] = [];
    for (const r of resources) {
      const res = await app.request(`${r.apiPath}?size=1`, { headers });
      if (res.status !== 200) {
        console.warn(`  ${r.name}: list answered ${res.status}; left out`);
        continue;
      }
      const body = (await res.json()) as { items: Record<string, unknown>[]; count: number; countExact: boolean };
      sizes.push({ r, count: body.count, exact: body.countExact, first: body.items[0] });
    }
    sizes.sort((a, b) => b.count - a.count);
    const largest = sizes.slice(0, 5);
    console.log(`\nLargest resources: ${largest.map((s) => `${s.r.name} (${s.exact ? '' : '~'}${s.count.toLocaleString('en-IN')})`).join(', ')}`);
    console.log(`Timing ${options.runs} runs each (after 2 warm-ups): in process = app.request (server time), HTTP = fetch over loopback.\n`);

    const rows: string[][] = [];
    for (const { r, count, exact, first } of largest) {
      const size = 20;
      const deepPage = Math.max(0, Math.min(2500, Math.floor((count - 1) / size), Math.floor(MAX_OFFSET / size)));
      const select = r.filters.find((fl) => fl.kind === 'select' && (r.allFields[fl.field]?.options?.length ?? 0) > 0);
      const word = searchWord(r, first);
      const id = first?.[r.idField];
      const exactField = (r.search?.exact ?? []).find((fld) => fld !== r.idField && r.allFields[fld]?.display === 'phone') ?? (r.search?.exact ?? []).find((fld) => fld !== r.idField);
      const exactValue = exactField ? first?.[exactField] : undefined;
      const cases: [string, string | undefined][] = [
        ['page 0', `${r.apiPath}?page=0&size=${size}`],
        [`page ${deepPage.toLocaleString('en-IN')}`, `${r.apiPath}?page=${deepPage}&size=${size}`],
        [select ? `filter ${select.field}` : 'filter (none declared)', select ? `${r.apiPath}?${select.field}=${encodeURIComponent(r.allFields[select.field]!.options![0]!.value)}&size=${size}` : undefined],
        [word ? `q "${word}"` : 'q (no text search)', word ? `${r.apiPath}?q=${encodeURIComponent(word)}&size=${size}` : undefined],
        ['one by id', id !== undefined ? `${r.apiPath}/${encodeURIComponent(String(id))}` : undefined],
        [exactField ? `q = ${exactField}` : 'q exact (none declared)', exactValue !== undefined && exactValue !== null ? `${r.apiPath}?q=${encodeURIComponent(String(exactValue))}&size=${size}` : undefined],
      ];
      for (const [label, url] of cases) {
        const rowsLabel = `${exact ? '' : '~'}${count.toLocaleString('en-IN')}`;
        if (!url) {
          rows.push([r.name, label, rowsLabel, '-', '-', '-', '-']);
          continue;
        }
        try {
          const inProcess = await measure(options.runs, async () => app.request(url, { headers }));
          const overHttp = await measure(options.runs, () => fetch(`${base}${url}`, { headers }));
          rows.push([r.name, label, rowsLabel, ms(inProcess.p50), ms(inProcess.p95), ms(overHttp.p50), ms(overHttp.p95)]);
        } catch (error) {
          rows.push([r.name, `${label} (${(error as Error).message})`, rowsLabel, '-', '-', '-', '-']);
        }
        process.stdout.write('.');
      }
    }
    console.log(`\n\n${table(['resource', 'request', 'rows', 'in-process p50', 'p95', 'HTTP p50', 'p95'], rows)}\n`);

    // Throughput of one list under concurrent load, against the listening server.
    const loaded = largest[0];
    if (loaded) {
      const url = `${base}${loaded.r.apiPath}?page=0&size=20`;
      console.log(`Load: ${options.connections} connections for ${options.duration} s on GET ${loaded.r.apiPath}?page=0&size=20 (autocannon)…`);
      // autocannon ships no types; the few fields read here are typed below.
      const { default: autocannon } = (await import('autocannon' as string)) as {
        default: (opts: Record<string, unknown>) => Promise<{ requests: { average: number; total: number }; latency: { p50: number; p97_5: number; p99: number }; non2xx: number; errors: number }>;
      };
      const result = await autocannon({ url, connections: options.connections, duration: options.duration, headers });
      console.log(
        table(
          ['endpoint', 'connections', 'req/s', 'p50', 'p97.5', 'p99', 'requests', 'non-2xx', 'errors'],
          [[`GET ${loaded.r.apiPath}`, String(options.connections), result.requests.average.toFixed(0), ms(result.latency.p50), ms(result.latency.p97_5), ms(result.latency.p99), String(result.requests.total), String(result.non2xx), String(result.errors)]],
        ),
      );
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('The benchmark failed:', error);
  process.exit(1);
});
