// `npm run bench:api`: how fast the API answers lists on a large database, next to the database's own speed.
//
//   npx tsx scripts/bench-api.ts [--scale 10] [--data-dir .tmp/bench-data] [--runs 20] [--connections 10] [--duration 10]
//   DATABASE_URL=postgres://… npx tsx scripts/bench-api.ts …   (the same on PostgreSQL)
//
// 1. Load (requests per second, autocannon in a separate process, `--connections` for `--duration` s each): the
//    bare query — the bookings list's own `select … order by … limit 20` through the same driver, answered by a bare
//    node:http server, no framework, no auth — then /health, the session check, the bookings list (page 0, a filter,
//    a keyset page deep in the list). Each figure is printed with its ratio to the bare query of this run; the bare
//    query as a named prepared statement (as the app's queries run on PGlite) is printed too.
// 2. Entity lookup (the palette) p50/p95 in process while the bookings list is under that load.
// 3. For the five largest lists, p50/p95 in process (app.request, the server's own time) and over HTTP of page 0, a
//    filtered page, a `q` search, one record, an exact `q`, an OFFSET page 2,500 and keyset pages after row 20 and
//    after row 50,000 (the same cost at any depth).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { desc } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Resource } from '@domain/resource/define-resource';
import { MAX_OFFSET } from '@domain/resource/list-query';
import { bookingResource } from '@domain/resources/bookings/booking';
import { chargerResource } from '@domain/resources/chargers/charger';
import { userResource } from '@domain/resources/users/user';
import { resources } from '@domain/resource/registry';
import { sessionPaths } from '@domain/session';
import { lookupPath } from '@server/search/lookup-routes';
import { PreparedPgliteClient } from '@server/db/pglite-prepared';
import { literalLimit, tableOf } from '@server/resources/resource-query';
import { loadFromChild, machineLine, measure, ms, openBenchApp, parseBenchArgs, percentile, table, type BenchApp, type LoadResult } from './bench-support';

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

/**
 * The bare query: the bookings list's first page as SQL, answered by node:http through the same driver. `prepared`:
 * as a named prepared statement (PGlite through server/db/pglite-prepared.ts, as the app's own queries run there;
 * PostgreSQL by a statement name), to show how much of a ratio is the driver path rather than the app's overhead.
 */
async function startBareServer(bench: BenchApp, prepared = false): Promise<{ url: string; close(): Promise<void> }> {
  const { database } = bench;
  const bookings = tableOf(bookingResource) as unknown as Record<string, AnyPgColumn>;
  const columns = Object.fromEntries(Object.keys(bookingResource.allFields).map((f) => [f, bookings[f]!]));
  const { sql: text, params } = database.db
    .select(columns)
    .from(tableOf(bookingResource))
    .orderBy(desc(bookings.startedAt!), desc(bookings.id!))
    // `limit 20` in the text, as the app writes its page sizes (literalLimit): a parameter would make PostgreSQL's
    // kept plan one for an unknown number of rows, and the baseline slower than it need be.
    .limit(literalLimit(20))
    .toSQL();
  let run: () => Promise<unknown[]>;
  let pool: pg.Pool | undefined;
  if (database.pglite) {
    const client = prepared ? new PreparedPgliteClient(database.pglite) : database.pglite;
    run = async () => (await client.query(text, params)).rows;
  } else {
    pool = new pg.Pool({ connectionString: database.connectionString, max: 8 });
    const p = pool;
    run = async () => (await p.query(prepared ? { name: 'bare_bookings_page', text, values: params } : { text, values: params })).rows;
  }
  const server = http.createServer((_req, res) => {
    run().then(
      (rows) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ items: rows }));
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool?.end();
    },
  };
}

async function main(): Promise<void> {
  const options = parseBenchArgs(process.argv.slice(2), { scale: 10, dataDir: '.tmp/bench-data', runs: 20, connections: 10, duration: 10 });
  const bench = await openBenchApp(options);
  const { app, headers, database } = bench;
  const driver = database.driver === 'pglite' ? 'PGlite' : 'PostgreSQL';
  console.log(`\nMachine: ${machineLine()}`);

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const bare = await startBareServer(bench);
  const barePrepared = await startBareServer(bench, true);

  try {
    // A status that exists, and a cursor deep in the list (the answer to the OFFSET page at row 50,000 gives it).
    const list = bookingResource.apiPath;
    const status = bookingResource.allFields.status?.options?.[0]?.value;
    const deep = (await (await app.request(`${list}?page=2500&size=20`, { headers })).json()) as { next?: string };

    // 1. Load, the bare query first.
    const load = { connections: options.connections, duration: options.duration };
    console.log(`\nLoad: ${options.connections} connections for ${options.duration} s each (autocannon in its own process), ${driver}…`);
    const runs: [string, string, Record<string, string> | undefined][] = [
      ['bare query (node:http, no auth)', bare.url, undefined],
      ['bare query, prepared statement', barePrepared.url, undefined],
      ['GET /health', `${base}/health`, undefined],
      ['session check', `${base}${sessionPaths.validate}`, headers],
      ['bookings list, page 0', `${base}${list}?page=0&size=20`, headers],
      ...(status ? ([[`bookings list, status=${status}`, `${base}${list}?size=20&status=${status}`, headers]] as [string, string, Record<string, string>][]) : []),
      ...(deep.next ? ([['bookings list, keyset after row 50,000', `${base}${list}?size=20&after=${deep.next}`, headers]] as [string, string, Record<string, string>][]) : []),
    ];
    const results: [string, LoadResult][] = [];
    for (const [label, url, h] of runs) {
      results.push([label, await loadFromChild(url, { ...load, headers: h })]);
      process.stdout.write('.');
    }
    const bareRps = results[0]![1].rps;
    console.log(
      `\n\n${table(
        ['endpoint', 'driver', 'req/s', 'of bare', 'p50', 'p97.5', 'p99', 'requests', 'non-2xx', 'errors'],
        results.map(([label, r]) => [label, driver, r.rps.toFixed(0), `${((r.rps / bareRps) * 100).toFixed(0)}%`, ms(r.p50), ms(r.p97_5), ms(r.p99), String(r.requests), String(r.non2xx), String(r.errors)]),
      )}`,
    );

    // 2. Entity lookups in process while the bookings list is under load from the other process.
    const lookups = await lookupCases(bench);
    console.log(`\nEntity lookup (palette) in process, ${options.runs} runs each, while ${options.connections} connections load the bookings list…`);
    const loaded = loadFromChild(`${base}${list}?page=0&size=20`, { connections: options.connections, duration: Math.max(options.duration, 5), headers });
    await new Promise((resolve) => setTimeout(resolve, 500)); // the load is running
    const lookupRows: string[][] = [];
    for (const [label, q] of lookups) {
      const times: number[] = [];
      for (let i = 0; i < options.runs + 2; i += 1) {
        const started = performance.now();
        const response = await app.request(`${lookupPath}?q=${encodeURIComponent(q)}`, { headers });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`lookup ${label} answered ${response.status}`);
        if (i >= 2) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      lookupRows.push([label, q, ms(percentile(times, 50)), ms(percentile(times, 95))]);
    }
    const during = await loaded;
    console.log(table(['lookup', 'q', 'p50', 'p95'], lookupRows));
    console.log(`(the list under load meanwhile: ${during.rps.toFixed(0)} req/s, p99 ${ms(during.p99)}, ${during.non2xx} non-2xx)`);

    // 3. Latency of the largest lists, one request at a time.
    const sizes: { r: Resource; count: number; exact: boolean; first: Record<string, unknown> | undefined }[] = [];
    for (const r of resources) {
      const res = await app.request(`${r.apiPath}?size=1`, { headers });
      if (res.status !== 200) continue;
      const body = (await res.json()) as { items: Record<string, unknown>[]; count: number; countExact: boolean };
      sizes.push({ r, count: body.count, exact: body.countExact, first: body.items[0] });
    }
    sizes.sort((a, b) => b.count - a.count);
    const largest = sizes.slice(0, 5);
    console.log(`\nLargest lists: ${largest.map((s) => `${s.r.name} (${s.exact ? '' : '~'}${s.count.toLocaleString('en-IN')})`).join(', ')}`);
    console.log(`Timing ${options.runs} runs each (after 2 warm-ups): in process = app.request (server time), HTTP = fetch over loopback.\n`);
    const rows: string[][] = [];
    for (const { r, count, first } of largest) {
      const size = 20;
      const deepPage = Math.max(0, Math.min(2500, Math.floor((count - 1) / size), Math.floor(MAX_OFFSET / size)));
      const select = r.filters.find((fl) => fl.kind === 'select' && (r.allFields[fl.field]?.options?.length ?? 0) > 0);
      const word = searchWord(r, first);
      const id = first?.[r.idField];
      const exactField = (r.search?.exact ?? []).find((fld) => fld !== r.idField && r.allFields[fld]?.display === 'phone') ?? (r.search?.exact ?? []).find((fld) => fld !== r.idField);
      const exactValue = exactField ? first?.[exactField] : undefined;
      const next = async (page: number) => ((await (await app.request(`${r.apiPath}?page=${page}&size=${size}`, { headers })).json()) as { next?: string }).next;
      const shallowCursor = await next(0);
      const deepCursor = deepPage > 0 ? await next(deepPage) : undefined;
      const cases: [string, string | undefined][] = [
        ['page 0', `${r.apiPath}?page=0&size=${size}`],
        [select ? `filter ${select.field}` : 'filter (none declared)', select ? `${r.apiPath}?${select.field}=${encodeURIComponent(r.allFields[select.field]!.options![0]!.value)}&size=${size}` : undefined],
        [word ? `q "${word}"` : 'q (no text search)', word ? `${r.apiPath}?q=${encodeURIComponent(word)}&size=${size}` : undefined],
        ['one by id', id !== undefined ? `${r.apiPath}/${encodeURIComponent(String(id))}` : undefined],
        [exactField ? `q = ${exactField}` : 'q exact (none declared)', exactValue !== undefined && exactValue !== null ? `${r.apiPath}?q=${encodeURIComponent(String(exactValue))}&size=${size}` : undefined],
        [`OFFSET page ${deepPage.toLocaleString('en-IN')}`, `${r.apiPath}?page=${deepPage}&size=${size}`],
        ['keyset after row 20', shallowCursor ? `${r.apiPath}?size=${size}&after=${shallowCursor}` : undefined],
        [`keyset after row ${((deepPage + 1) * size).toLocaleString('en-IN')}`, deepCursor ? `${r.apiPath}?size=${size}&after=${deepCursor}` : undefined],
      ];
      for (const [label, url] of cases) {
        if (!url) {
          rows.push([r.name, label, '-', '-', '-', '-']);
          continue;
        }
        try {
          const inProcess = await measure(options.runs, async () => app.request(url, { headers }));
          const overHttp = await measure(options.runs, () => fetch(`${base}${url}`, { headers }));
          rows.push([r.name, label, ms(inProcess.p50), ms(inProcess.p95), ms(overHttp.p50), ms(overHttp.p95)]);
        } catch (error) {
          rows.push([r.name, `${label} (${(error as Error).message})`, '-', '-', '-', '-']);
        }
        process.stdout.write('.');
      }
    }
    console.log(`\n\n${table(['list', 'request', 'in-process p50', 'p95', 'HTTP p50', 'p95'], rows)}`);
    console.log(`\nMachine at the end: ${machineLine()}`);
  } finally {
    await bare.close();
    await barePrepared.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
  }
}

/** Lookup texts from the middle of their tables (not the first rows, which caches would favour). */
async function lookupCases(bench: BenchApp): Promise<[string, string][]> {
  const { app, headers } = bench;
  const middleOf = async (path: string, field: string) => {
    const first = (await (await app.request(`${path}?size=1`, { headers })).json()) as { count: number };
    // The middle page of 50 rows.
    const page = Math.min(Math.floor(first.count / 100), Math.floor(MAX_OFFSET / 50) - 1);
    const body = (await (await app.request(`${path}?size=50&page=${page}`, { headers })).json()) as { items: Record<string, unknown>[] };
    const value = body.items.map((item) => item[field]).find((v) => v !== null && v !== undefined && v !== '');
    if (value === undefined) throw new Error(`No ${field} in the middle of ${path}`);
    return String(value);
  };
  const device = await middleOf(chargerResource.apiPath, 'deviceId');
  const phone = await middleOf(userResource.apiPath, 'mobileNumber');
  const booking = await middleOf(bookingResource.apiPath, 'id');
  return [
    ['device id (exact)', device],
    ['phone 98xxxxxxxx', phone],
    ['phone prefix (6 digits)', phone.slice(0, 6)],
    ['booking number', booking],
    ['booking number prefix', booking.slice(0, 4)],
  ];
}

main().catch((error: unknown) => {
  console.error('The benchmark failed:', error);
  process.exit(1);
});
