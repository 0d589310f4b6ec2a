// A server process of `npm run bench:ocpp`: the real server (startServer: database, API, jobs, OCPP central system)
// configured from the environment, with an event-loop delay monitor. The bench talks to it over the IPC channel of
// child_process.fork: `stats` (RSS, heap, event-loop delay, the central system's counters), `memory` (RSS and heap of the
// process holding the chargers, after a forced collection when asked), `reset` (the delay histogram), `close` (a clean
// shutdown, the message log flushed). A kill -9 is the bench's own business.
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { loadConfig } from '@server/config';
import { startServer } from '@server/start-server';

// BENCH_QUERY_STATS=1 (PGlite): every statement's count, rows and time, by its text, printed at the close.
const queryStats = new Map<string, { n: number; rows: number; ms: number; max: number }>();
if (process.env.BENCH_QUERY_STATS) {
  const { PGlite } = await import('@electric-sql/pglite');
  const original = PGlite.prototype.query;
  const timed = async (run: () => Promise<{ rows: unknown[] }>, args: unknown[]) => {
    const t0 = performance.now();
    const result = await run();
    const key = String(args[0]).replace(/\s+/g, ' ').slice(0, 140);
    const entry = queryStats.get(key) ?? { n: 0, rows: 0, ms: 0, max: 0 };
    const took = performance.now() - t0;
    entry.n += 1;
    entry.rows += result.rows.length;
    entry.ms += took;
    entry.max = Math.max(entry.max, took);
    if (took > 1_000) console.log(`[query-stats] slow: ${took.toFixed(0)} ms, ${result.rows.length} rows: ${key}`);
    queryStats.set(key, entry);
    return result;
  };
  PGlite.prototype.query = function (this: InstanceType<typeof PGlite>, ...args: Parameters<typeof original>) {
    return timed(() => original.apply(this, args), args);
  } as typeof original;
  // Top-level statements run as named prepared statements (server/db/pglite-prepared.ts).
  const { PreparedPgliteClient } = await import('@server/db/pglite-prepared');
  const prepared = PreparedPgliteClient.prototype.query;
  PreparedPgliteClient.prototype.query = function (this: InstanceType<typeof PreparedPgliteClient>, ...args: Parameters<typeof prepared>) {
    return timed(() => prepared.apply(this, args), args);
  } as typeof prepared;
  // Statements inside a transaction go through the transaction's own query.
  const transaction = PGlite.prototype.transaction;
  PGlite.prototype.transaction = function (this: InstanceType<typeof PGlite>, callback: Parameters<typeof transaction>[0]) {
    return transaction.call(this, (tx) => {
      const query = tx.query.bind(tx);
      tx.query = ((...args: Parameters<typeof query>) => timed(() => query(...args), args)) as typeof query;
      return callback(tx);
    });
  } as typeof transaction;
}
// On PostgreSQL: every statement the pg driver sends (pooled clients and transactions alike).
if (process.env.BENCH_QUERY_STATS && process.env.DATABASE_URL) {
  const pg = (await import('pg')).default;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: InstanceType<typeof pg.Client>, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const key = String(typeof first === 'string' ? first : (first?.text ?? '?')).replace(/\s+/g, ' ').slice(0, 140);
    const entry = queryStats.get(key) ?? { n: 0, rows: 0, ms: 0, max: 0 };
    entry.n += 1;
    queryStats.set(key, entry);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
}
const printQueryStats = () => {
  if (!process.env.BENCH_QUERY_STATS) return;
  const top = [...queryStats].sort((a, b) => b[1].ms - a[1].ms || b[1].n - a[1].n).slice(0, 25);
  console.log(`[query-stats] ${[...queryStats.values()].reduce((a, e) => a + e.n, 0)} statements in all`);
  for (const [key, e] of top) console.log(`[query-stats] ${e.ms.toFixed(0).padStart(7)} ms (max ${e.max.toFixed(0).padStart(5)}) ${String(e.n).padStart(7)} × ${String(e.rows).padStart(8)} rows  ${key}`);
};

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
// Garbage collection since the last reset: its pauses are part of every delay this process causes.
const gc = { ms: 0, max: 0, major: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gc.ms += entry.duration;
    gc.max = Math.max(gc.max, entry.duration);
    if ((entry.detail as { kind?: number } | undefined)?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major += 1;
  }
}).observe({ entryTypes: ['gc'] });
const server = await startServer(loadConfig(), { serveConsole: false });
const send = (message: unknown) => process.send?.(message);
send({ type: 'ready', url: server.url });

process.on('message', async (raw) => {
  const m = raw as { id: number; type: string };
  if (m.type === 'stats') {
    const ocpp = await server.ocppStats();
    const memory = process.memoryUsage();
    send({
      id: m.id,
      result: {
        rss: memory.rss,
        heapUsed: memory.heapUsed,
        eld: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
        gc: { ...gc },
        ocpp,
      },
    });
  } else if (m.type === 'memory') {
    // The memory of the process holding the chargers (its own process on PostgreSQL, else this one), after a full
    // collection when asked and that process runs with --expose-gc (BENCH_SERVER_NODE_ARGS; its own process inherits it).
    const collect = Boolean((m as { gc?: boolean }).gc);
    const gcNow = (globalThis as { gc?: () => void }).gc;
    const ocpp = await server.ocppStats(false, collect).catch((error: unknown) => error as Error);
    // Busy writing a heap snapshot, say: the bench asks again.
    if (ocpp instanceof Error) return void send({ id: m.id, error: ocpp.message });
    if (ocpp.pid === undefined && collect) gcNow?.();
    const own = process.memoryUsage();
    send({
      id: m.id,
      result: { pid: ocpp.pid ?? process.pid, rss: ocpp.rss ?? own.rss, heapUsed: ocpp.heapUsed ?? own.heapUsed, connected: ocpp.connected, collected: collect && Boolean(gcNow) },
    });
  } else if (m.type === 'reset') {
    loop.reset();
    Object.assign(gc, { ms: 0, max: 0, major: 0 });
    // The central system's own process, when it has one: its event-loop delay from here on too.
    await server.ocppStats(true);
    // The statements counted from here on are the load window's.
    queryStats.clear();
    send({ id: m.id, result: true });
  } else if (m.type === 'close') {
    printQueryStats();
    void server.close().then(() => {
      send({ id: m.id, result: true });
      process.exit(0);
    });
  }
});
process.on('disconnect', () => void server.close().finally(() => process.exit(0)));
