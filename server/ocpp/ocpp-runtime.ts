// Wiring of the central system into a running HTTP server: WebSocket upgrades to /ocpp/{chargeBoxId}, and how many
// simulated development chargers it wants (SIMULATED_CHARGERS, default 25 in development, never in production: the
// simulator is a tool, started from the server's development entry, server/dev-chargers.ts).
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Http2Server } from 'node:http2';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Logger } from '@server/app-deps';
import { envSchema, type AppConfig } from '@server/config';
import type { Database } from '@server/db/database';
import { chargers } from '@server/db/tables/chargers';
import { ocppSessions } from '@server/db/tables/ocpp';
import type { NotificationBus } from '@server/live/notification-bus';
import { rowsOf } from '@server/db/rows';
import { createCentralSystem, OCPP_COMMAND_CHANNEL, type CentralSystem } from './central-system';

/** OCPP settings read from the environment (beside AppConfig). */
export const ocppEnvSchema = z.object({
  /** Simulated chargers started with the server (development only; default 25 in development, else 0). */
  SIMULATED_CHARGERS: z.coerce.number().int().min(0).max(5_000).optional(),
  /** Days the raw OCPP message log is kept (default 14). */
  OCPP_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  /** Heartbeat interval given to chargers at boot, seconds (default 300). */
  OCPP_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /**
   * Where the central system runs on PostgreSQL: `separate` (the default there), a process of its own that the server
   * hands each charger's socket to, so the console's requests never wait behind the chargers' messages; `same`, in
   * the server's process. PGlite is one process's database: the central system always runs in the server's process.
   */
  OCPP_PROCESS: z.enum(['separate', 'same']).optional(),
});

/** The OCPP settings of `env` (the process's by default). */
export function ocppEnv(env: Record<string, string | undefined> = process.env): z.infer<typeof ocppEnvSchema> {
  return ocppEnvSchema.parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
}

/** The server's settings the central system needs (AppConfig's). */
export type CentralConfig = Pick<AppConfig, 'ocpp' | 'sessionStart'>;

/**
 * CentralConfig as environment variables, for the central system's own process (which reads them back with
 * centralConfigOf): the server's settings reach it whether they came from its environment or were given in code.
 */
export function centralConfigEnv(config: CentralConfig): Record<string, string> {
  return {
    OCPP_MAX_FRAME_BYTES: String(config.ocpp.maxFrameBytes),
    OCPP_COMMAND_TIMEOUT_SECONDS: String(config.ocpp.commandTimeoutSeconds),
    SESSION_START_MIN_WALLET_PAISE: String(config.sessionStart.minWalletPaise),
  };
}

/** CentralConfig from environment variables (centralConfigEnv's), with the server's defaults. */
export function centralConfigOf(env: Record<string, string | undefined>): CentralConfig {
  const e = envSchema
    .pick({ OCPP_MAX_FRAME_BYTES: true, OCPP_COMMAND_TIMEOUT_SECONDS: true, SESSION_START_MIN_WALLET_PAISE: true })
    .parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
  return { ocpp: { maxFrameBytes: e.OCPP_MAX_FRAME_BYTES, commandTimeoutSeconds: e.OCPP_COMMAND_TIMEOUT_SECONDS }, sessionStart: { minWalletPaise: e.SESSION_START_MIN_WALLET_PAISE } };
}

/** A central system with its settings from the environment, listening for the commands routed to it on the bus. */
export async function startCentral(input: {
  db: Database;
  commandDb?: Database;
  bus: NotificationBus;
  logger: Logger;
  config: CentralConfig;
  env?: Record<string, string | undefined>;
  /** The central system has a process of its own: its metrics include that process's figures. */
  processMetrics?: boolean;
}): Promise<CentralSystem> {
  const env = ocppEnv(input.env);
  const central = createCentralSystem({
    db: input.db,
    commandDb: input.commandDb,
    bus: input.bus,
    logger: input.logger,
    heartbeatIntervalSeconds: env.OCPP_HEARTBEAT_SECONDS,
    logRetentionDays: env.OCPP_LOG_RETENTION_DAYS,
    maxFrameBytes: input.config.ocpp.maxFrameBytes,
    callTimeoutMs: input.config.ocpp.commandTimeoutSeconds * 1000,
    sessionStartMinWalletPaise: input.config.sessionStart.minWalletPaise,
    processMetrics: input.processMetrics ?? false,
  });
  // Commands other processes route to chargers here arrive on the bus: no charger is taken before it listens.
  await input.bus.listening(OCPP_COMMAND_CHANNEL);
  return central;
}

/** Gives `take` every upgrade to /ocpp/… that arrives on `server`; any other upgrade is closed. */
export function onOcppUpgrade(server: HttpServer | Http2Server, take: (request: IncomingMessage, socket: Duplex, head: Buffer) => void): void {
  (server as HttpServer).on('upgrade', (request, socket, head) => {
    if ((request.url ?? '').startsWith('/ocpp/')) take(request, socket, head);
    else socket.destroy();
  });
}

/** Answers an upgrade the server cannot hand to a central system (none is running yet) and closes the socket. */
export function refuseUpgrade(socket: Duplex, status = 503, reason = 'Service Unavailable'): void {
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/** How many simulated chargers a server connects to itself (SIMULATED_CHARGERS, default 25 in development, never in production). */
export function devChargersWanted(config: Pick<AppConfig, 'appEnv'>, envVars?: Record<string, string | undefined>): number {
  const env = ocppEnv(envVars);
  return config.appEnv === 'production' ? 0 : (env.SIMULATED_CHARGERS ?? (config.appEnv === 'development' ? 25 : 0));
}

/** The seeded OCPP chargers the simulator may play (charge box id, sockets), first `limit` by id. */
export async function simulatableChargers(db: Database, limit: number): Promise<{ chargerId: number; identity: string; connectors: number; powerKw: number }[]> {
  const rows = rowsOf<{ id: number; charger_box_id: string; sockets: { value: number }[] | null }>(
    // A charger holding an open session the simulator cannot know of (a seeded one, or one left by an earlier run) is
    // left out: its session stays as the central system knows it, for staff to find stale and close.
    await db.execute(sql`select c.id, c.charger_box_id, c.sockets from ${chargers} c where c.charger_type = 'OCPP_16_JSON_CHARGER' and c.charger_box_id is not null and c.is_active
      and not exists (select 1 from ${ocppSessions} s where s.charger_id = c.id and s.stopped_at is null) order by c.id limit ${limit}`),
  );
  return rows.map((r) => ({ chargerId: Number(r.id), identity: r.charger_box_id, connectors: Math.max(1, Math.min(4, r.sockets?.length ?? 1)), powerKw: r.sockets?.[0]?.value ?? 7.4 }));
}

/** The running OCPP side of a server. */
export interface OcppRuntime {
  central: CentralSystem;
  close(): Promise<void>;
}

/** Starts the central system on `server` (upgrades under /ocpp/). */
export async function startOcppRuntime(input: {
  server: HttpServer | Http2Server;
  url: string;
  config: AppConfig;
  db: Database;
  /** Database of the commands' records [db] (see CentralSystemOptions.commandDb). */
  commandDb?: Database;
  bus: NotificationBus;
  logger: Logger;
  log: (line: string) => void;
  env?: Record<string, string | undefined>;
}): Promise<OcppRuntime> {
  const central = await startCentral(input);
  onOcppUpgrade(input.server, (request, socket, head) => central.handleUpgrade(request, socket, head));
  return {
    central,
    close: () => central.close(),
  };
}
