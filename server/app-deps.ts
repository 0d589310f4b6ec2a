import type { AppConfig } from './config';
import type { Database, DatabaseDriver } from './db/database';
import { createAuthCache, type AuthCache } from './auth/auth-cache';
import { loggableError } from './db/database-error';
import { createInProcessBus, type NotificationBus } from './live/notification-bus';
import { createAppMetrics, type AppMetrics } from './metrics/app-metrics';
import { createHealthChecks, type HealthChecks } from './metrics/health-checks';
import { createDrain, type Drain } from './http/drain';
import type { SmsProvider } from './sms/sms-provider';

/** Minimal logger (console by default; tests pass a quiet or capturing one). */
export interface Logger {
  info(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
  error(message: string, ...rest: unknown[]): void;
}

/** A structured log line: one JSON object, its `event` first. Fields are names, codes and ids, never request data. */
export function logLine(event: string, fields: Record<string, unknown>): string {
  return JSON.stringify({ event, ...fields });
}

/** What createApp needs: configuration, the database, the SMS provider, and an injectable clock. */
export interface AppDeps {
  config: AppConfig;
  db: Database;
  driver: DatabaseDriver;
  sms: SmsProvider;
  /** The clock (default `() => new Date()`); tests move it instead of sleeping. */
  now?: () => Date;
  /** Where request lines, errors and notices go (default consoleLogger). */
  logger?: Logger;
  /** The notification bus, created once per server (default: a new in-process bus; PostgreSQL servers pass LISTEN/NOTIFY). */
  bus?: NotificationBus;
  /** This process's metrics (default: new ones without the Node.js process's own, as tests build many apps). */
  metrics?: AppMetrics;
  /** What this process needs beside its database to be ready (default: nothing more). */
  health?: HealthChecks;
  /** The process's drain when it stops (default: one never started). */
  drain?: Drain;
  /** Checked sessions kept in process (default: a new cache living `config.session.cacheSeconds`). */
  authCache?: AuthCache;
}

// An Error handed to the logger is reduced to what may be logged (a failed query's message lists its parameters).
const safe = (value: unknown) => (value instanceof Error ? JSON.stringify(loggableError(value)) : value);

/** The default logger: the console, with any Error among the arguments reduced to its names and codes. */
export const consoleLogger: Logger = {
  info: (message, ...rest) => console.info(message, ...rest.map(safe)),
  warn: (message, ...rest) => console.warn(message, ...rest.map(safe)),
  error: (message, ...rest) => console.error(message, ...rest.map(safe)),
};

/** AppDeps with every default filled in. */
export type ResolvedDeps = Required<AppDeps>;

/** Fills the defaults of AppDeps. */
export function resolveDeps(deps: AppDeps): ResolvedDeps {
  return {
    now: () => new Date(),
    logger: consoleLogger,
    ...deps,
    bus: deps.bus ?? createInProcessBus(),
    authCache: deps.authCache ?? createAuthCache(deps.config.session.cacheSeconds * 1_000),
    metrics: deps.metrics ?? createAppMetrics({ defaults: false }),
    health: deps.health ?? createHealthChecks(),
    drain: deps.drain ?? createDrain(),
  } as ResolvedDeps;
}
