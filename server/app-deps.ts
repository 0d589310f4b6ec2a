import type { AppConfig } from './config';
import type { Database, DatabaseDriver } from './db/database';
import type { SmsProvider } from './sms/sms-provider';

/** Minimal logger (console by default; tests pass a quiet or capturing one). */
export interface Logger {
  info(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
  error(message: string, ...rest: unknown[]): void;
}

/** What createApp needs: configuration, the database, the SMS provider, and an injectable clock. */
export interface AppDeps {
  config: AppConfig;
  db: Database;
  driver: DatabaseDriver;
  sms: SmsProvider;
  /** The clock (default `() => new Date()`); tests move it instead of sleeping. */
  now?: () => Date;
  /** Where errors and notices go (default console). */
  logger?: Logger;
}

/** AppDeps with every default filled in. */
export type ResolvedDeps = Required<AppDeps>;

/** Fills the defaults of AppDeps. */
export function resolveDeps(deps: AppDeps): ResolvedDeps {
  return { now: () => new Date(), logger: console, ...deps };
}
