import type { AddressInfo } from 'node:net';
import { formatIndianMobile } from '@domain/phone';
import { createApp } from './app';
import { consoleLogger } from './app-deps';
import { AUTH_CHANGED_CHANNEL, createAuthCache, watchEmbeddedAuthChanges } from './auth/auth-cache';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { openDatabase } from './db/open-database';
import { holdServerDataDir } from './db/maintenance/server-hold';
import { serveApp } from './http/serve-app';
import { defaultCdnDir } from './http/static-files';
import { startAppJobs } from './jobs/app-jobs';
import { createAppMetrics } from './metrics/app-metrics';
import { createHealthChecks } from './metrics/health-checks';
import { createDrain } from './http/drain';
import { requestsInFlight } from './http/request-gate';
import { createInProcessBus, createPostgresBus, listeningWithin, type NotificationBus } from './live/notification-bus';
import type { CentralSystem } from './ocpp/central-system';
import { startOcppProcess, type OcppProcessStats } from './ocpp/ocpp-process';
import { centralConfigEnv, devChargersWanted, ocppEnv, startOcppRuntime } from './ocpp/ocpp-runtime';
import { demoStaff } from './seed/demo-staff';
import { needsSeed, runSeed } from './seed/run-seed';
import { createSmsProvider } from './sms/create-sms-provider';

/** How long a starting server waits for its auth_changed LISTEN before it answers requests anyway. */
const AUTH_LISTEN_WAIT_MS = 5_000;

/** Options of startServer. */
export interface StartServerOptions {
  /** Port to listen on (default config.port). */
  port?: number;
  /** Serve the console build from STATIC_DIR (default true; `npm run dev` lets Vite do it). */
  serveConsole?: boolean;
  /** Where progress goes (default console.log). */
  log?: (line: string) => void;
}

/** A running server. */
export interface RunningServer {
  url: string;
  /**
   * The OCPP central system's counters (chargers connected, log rows stored, lost and pending…), and, when it runs in a
   * process of its own, that process's pid, memory and event-loop delay (`reset` starts the delay figures again;
   * `collect` runs a full garbage collection there first when that process was started with --expose-gc: benchmarks).
   */
  ocppStats(reset?: boolean, collect?: boolean): Promise<ReturnType<CentralSystem['stats']> & Partial<OcppProcessStats>>;
  close(): Promise<void>;
}

/**
 * Opens (and migrates) the database, seeds demo data into an empty non-production database, and listens.
 * Prints progress, the address, and the demo sign-in numbers.
 */
export async function startServer(config: AppConfig, options: StartServerOptions = {}): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const started = Date.now();
  log(`CZO operations console API (${config.appEnv})`);
  log(config.databaseUrl ? 'Opening PostgreSQL (DATABASE_URL) and applying migrations…' : config.databaseInMemory ? 'Opening the embedded database in memory and applying migrations…' : `Opening the embedded database in ${config.dataDir}/pglite and applying migrations…`);
  // The embedded database's folder is this process's alone (another server or database command on it refuses).
  const hold = await holdServerDataDir(config);
  const database = await openDatabase(config, { inMemory: config.databaseInMemory }).catch(async (error: unknown) => {
    await hold.release();
    throw error;
  });
  hold.attach(database.pglite);
  log(`  database ready (${database.driver}, ${Date.now() - started} ms)`);

  if (config.appEnv !== 'production' && (await needsSeed(database.db))) {
    log('Empty database: seeding demo data…');
    await runSeed(database.db, { log, scale: config.seedScale, devChargerPassword: config.devChargerPassword ?? undefined });
  }

  // One notification bus per server: LISTEN/NOTIFY across processes on PostgreSQL, in process on PGlite.
  const busError = (error: unknown) => console.error('[bus]', error instanceof Error ? error.message : error);
  const bus = config.databaseUrl ? createPostgresBus({ connectionString: config.databaseUrl, db: database.db, onError: busError }) : createInProcessBus(busError);
  // Checked sessions kept a few seconds in process; cleared by the database's auth_changed notifications.
  const authCache = createAuthCache(config.session.cacheSeconds * 1_000);
  await watchEmbeddedAuthChanges(database, authCache, bus);
  // This process's metrics (GET /metrics) and what it needs beside its database to be ready (GET /health/ready).
  const metrics = createAppMetrics();
  if (database.poolStats) metrics.setScrapeReads({ databasePool: database.poolStats });
  const health = createHealthChecks();
  // Not ready until the central system takes chargers (it starts after the HTTP listener): a balancer sends a
  // starting process neither chargers, which would be refused, nor console requests before it is whole.
  let ocppRunning = (): boolean => false;
  health.add('ocpp', () => ocppRunning());
  const drain = createDrain();
  const { app } = createApp(
    { config, db: database.db, driver: database.driver, sms: createSmsProvider(config), bus, authCache, metrics, health, drain },
    { staticFiles: { staticDir: options.serveConsole === false ? undefined : config.staticDir, cdnDir: defaultCdnDir } },
  );
  // Sign-outs and revocations from other processes are heard before this one answers anything: its auth_changed
  // LISTEN is in place first (at most AUTH_LISTEN_WAIT_MS; a bus that cannot connect yet keeps trying and is logged).
  if (!(await listeningWithin(bus, AUTH_CHANGED_CHANNEL, AUTH_LISTEN_WAIT_MS))) log(`  the notification bus is not listening yet after ${AUTH_LISTEN_WAIT_MS} ms: sign-outs in other processes reach this one within ${config.session.cacheSeconds} s until it is`);
  const port = options.port ?? config.port;
  // A request answered before its body was read (401, 403, 413) still gets its answer: the connection lingers.
  const server = await serveApp(app, { port, hostname: config.host });
  // Job workers: exports and the hourly housekeeping (expired Idempotency-Keys, sessions, codes, old downloads).
  const jobs = startAppJobs({ db: database.db, config, bus });
  const address = server.address() as AddressInfo;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${address.port}`;

  // The OCPP central system on the same port (WebSocket upgrades to /ocpp/{chargeBoxId}) and, in development, simulated chargers.
  const ocpp = await startOcpp({ server, url, config, database, bus, log });
  metrics.addSource(ocpp.metrics);
  ocppRunning = ocpp.running;
  log(`Ready in ${Date.now() - started} ms: ${url}`);
  if (config.appEnv !== 'production') {
    log('');
    log('Demo sign-in numbers (staff):');
    log(`  ${'Mobile number'.padEnd(16)} ${'Name'.padEnd(14)} Role`);
    for (const s of demoStaff) log(`  ${formatIndianMobile(s.mobileNumber).padEnd(16)} ${s.name.padEnd(14)} ${s.role ?? '(no role: sees the no-permission menu)'}`);
    log('  +91 90000 00008  (inactive staff: cannot sign in)');
    log('The one-time code is printed in this log as: [sms:log] OTP <number> <code>');
    log('');
  }

  return {
    url,
    ocppStats: (reset = false, collect = false) => ocpp.stats(reset, collect),
    close: async () => {
      // Drain: no new request, the live streams end (the consoles reconnect elsewhere), and the requests being
      // answered and the job batches running finish, within the deadline; then the chargers are told to go (1001,
      // going away: they reconnect, to another process behind a balancer) after their pending rows are written.
      drain.start();
      const deadline = Date.now() + config.shutdownDrainSeconds * 1000;
      while (requestsInFlight() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([jobs.stop(), new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))))]);
      clearTimeout(timer);
      await ocpp.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Live streams (GET /events) and charger sockets never end on their own.
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      await closed;
      await bus.close();
      await database.close();
      await hold.release();
    },
  };
}

/**
 * The central system where the configuration puts it, and the development fleet. On PostgreSQL it runs in a process of
 * its own (OCPP_PROCESS, default separate) that this one hands each charger's socket to: the console's requests never
 * wait behind the chargers' messages. In this process (PGlite, or OCPP_PROCESS=same) it has its own connections on
 * PostgreSQL (at most 4 of each process's 12), so a burst of charger messages never holds the connections a console
 * request waits for; commands, which staff wait on, use the console's connections.
 */
async function startOcpp(input: {
  server: Parameters<typeof startOcppRuntime>[0]['server'];
  url: string;
  config: AppConfig;
  database: Awaited<ReturnType<typeof openDatabase>>;
  bus: NotificationBus;
  log: (line: string) => void;
}): Promise<{ stats(reset: boolean, collect?: boolean): ReturnType<RunningServer['ocppStats']>; metrics(): Promise<string>; running(): boolean; close(): Promise<void> }> {
  const { server, url, config, database, bus, log } = input;
  if (config.databaseUrl && ocppEnv().OCPP_PROCESS !== 'same') {
    const own = await startOcppProcess({ server, env: { ...process.env, DATABASE_URL: config.databaseUrl, ...centralConfigEnv(config) }, log });
    log(`  OCPP central system in a process of its own (pid ${own.pid()}; OCPP_PROCESS=same keeps it in this one)`);
    const fleet = await startDevChargers({ url, config, db: database.db, log });
    return {
      stats: (reset, collect) => own.stats(reset, false, collect),
      metrics: async () => (await own.stats(false, true)).metrics ?? '',
      running: () => own.running(),
      async close() {
        await fleet?.stop();
        await own.close();
      },
    };
  }
  const chargerDatabase = database.separate(4);
  const runtime = await startOcppRuntime({ server, url, config, db: chargerDatabase.db, commandDb: database.db, bus, logger: consoleLogger, log });
  const fleet = await startDevChargers({ url, config, db: database.db, log });
  return {
    stats: async () => runtime.central.stats(),
    metrics: () => runtime.central.metrics(),
    running: () => true,
    async close() {
      await fleet?.stop();
      await runtime.close();
      await chargerDatabase.close();
    },
  };
}

/**
 * The simulated chargers a server outside production connects to itself (SIMULATED_CHARGERS), or null. The simulator
 * is a development tool: its entry (dev-chargers.ts) is loaded only when chargers are wanted, never in production.
 */
async function startDevChargers(input: { url: string; config: AppConfig; db: Database; log: (line: string) => void }): Promise<{ stop(): Promise<void> } | null> {
  const wanted = devChargersWanted(input.config);
  if (wanted <= 0) return null;
  const { startDevFleet } = await import('./dev-chargers');
  return startDevFleet({ ...input, wanted });
}
