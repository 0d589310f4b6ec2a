import { inspect } from 'node:util';
import type { Hono } from 'hono';
import { expect } from 'vitest';
import { currentUserSchema, sessionPaths, type CurrentUser } from '@domain/session';
import { createApp, type CreateAppOptions } from '@server/app';
import type { Logger } from '@server/app-deps';
import { createAuthCache, watchEmbeddedAuthChanges } from '@server/auth/auth-cache';
import type { NotificationBus } from '@server/live/notification-bus';
import { loadConfig, type AppConfig } from '@server/config';
import type { OpenDatabase } from '@server/db/open-database';
import type { AppEnv } from '@server/http/app-env';
import type { RouteRegistry } from '@server/http/route-registry';
import { createLogSmsProvider } from '@server/sms/log-sms-provider';
import type { SmsProvider } from '@server/sms/sms-provider';

/** A movable clock: tests advance it instead of sleeping. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
  set(date: Date): void;
}

/** A clock starting at the given time. */
export function testClock(start = new Date('2026-03-01T09:00:00.000Z')): TestClock {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (ms) => void (current += ms), set: (d) => void (current = d.getTime()) };
}

/**
 * The real time, which a test may still move on or set (kept as an offset). For an app beside a central system, which
 * keeps the real time: a command the app records at a frozen time reads as long overdue to the central system's sweep.
 */
export function wallClock(): TestClock {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms) => void (offset += ms), set: (d) => void (offset = d.getTime() - Date.now()) };
}

/** An app over a test database with a capturing SMS provider, a test clock and a capturing logger. */
export interface TestApp {
  app: Hono<AppEnv>;
  registry: RouteRegistry;
  config: AppConfig;
  clock: TestClock;
  /** Lines the log SMS provider wrote (`[sms:log] OTP <number> <code>`). */
  smsLines: string[];
  /** Errors the app logged. */
  errors: unknown[][];
  /** Every line the app logged (info, warn, error), its arguments as text in full (an object's every property). */
  logLines: string[];
  /** The last code sent to a number (read from the log provider's line, as the e2e tests do). */
  lastCode(mobileNumber: string): string | undefined;
}

/** Builds an app over `database`; env overrides the test configuration. */
export function createTestApp(
  database: OpenDatabase,
  env: Record<string, string> = {},
  options: CreateAppOptions & { sms?: SmsProvider; clock?: TestClock; bus?: NotificationBus } = {},
): TestApp {
  // On PostgreSQL a change made by plain SQL reaches the session cache through a notification, a moment after the
  // statement; tests there write the database directly and check the next request, so they read sessions every
  // time unless they ask for the cache (session-cache.test.ts runs it across two apps). On PGlite the notification
  // arrives before the statement returns, so every PGlite test runs with the cache as production does.
  const config = loadConfig({
    APP_ENV: 'test',
    TRUST_PROXY: 'true',
    OTP_PEPPER: 'test-pepper-test-pepper-test-pepper-42',
    ...(database.driver === 'postgres' ? { SESSION_CACHE_SECONDS: '0' } : {}),
    ...env,
  });
  const authCache = createAuthCache(config.session.cacheSeconds * 1_000);
  void watchEmbeddedAuthChanges(database, authCache, options.bus);
  const clock = options.clock ?? testClock();
  const smsLines: string[] = [];
  const errors: unknown[][] = [];
  const logLines: string[] = [];
  const capture = (level: string, args: unknown[]) => void logLines.push([level, ...args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 10, showHidden: true })))].join(' '));
  const logger: Logger = {
    info: (...args: unknown[]) => capture('info', args),
    warn: (...args: unknown[]) => capture('warn', args),
    error: (...args: unknown[]) => {
      errors.push(args);
      capture('error', args);
    },
  };
  const { app, registry } = createApp(
    { config, db: database.db, driver: database.driver, sms: options.sms ?? createLogSmsProvider((line) => void smsLines.push(line)), now: clock.now, logger, authCache, ...(options.bus ? { bus: options.bus } : {}) },
    options,
  );
  return {
    app,
    registry,
    config,
    clock,
    smsLines,
    errors,
    logLines,
    lastCode(mobileNumber) {
      const pattern = new RegExp(`^\\[sms:log\\] OTP ${mobileNumber} (\\d{6})\\n$`);
      for (const line of [...smsLines].reverse()) {
        const match = pattern.exec(line);
        if (match) return match[1];
      }
      return undefined;
    },
  };
}

/** Options of call(). */
export interface CallOptions {
  body?: unknown;
  /** Raw body text (for malformed JSON). */
  rawBody?: string;
  authKey?: string;
  /** Client address (sent as X-Forwarded-For; the test config trusts the proxy). */
  client?: string;
  headers?: Record<string, string>;
}

/** Calls the app in process and returns the response with its parsed JSON body (if any). */
export async function call(
  t: Pick<TestApp, 'app'>,
  method: string,
  path: string,
  options: CallOptions = {},
  // Tests read arbitrary answer shapes; the schemas they parse with do the typing.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; headers: Headers; body: any; contentType: string | null }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined || options.rawBody !== undefined) headers['content-type'] = 'application/json';
  if (options.authKey) headers.authorization = `Bearer ${options.authKey}`;
  if (options.client) headers['x-forwarded-for'] = options.client;
  const response = await t.app.request(path, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: response.status, headers: response.headers, body, contentType: response.headers.get('content-type') };
}

let clientCounter = 0;
/** A client address no other test uses, so per-client limits do not interfere. */
export function uniqueClient(): string {
  clientCounter += 1;
  return `198.51.100.${clientCounter % 250}:${process.pid}:${clientCounter}`;
}

/** Signs a staff user in through send-otp and verify-otp; returns the CurrentUser. */
export async function signIn(t: TestApp, mobileNumber: string, client = uniqueClient()): Promise<CurrentUser> {
  const sent = await call(t, 'POST', sessionPaths.sendOtp, { body: { mobileNumber }, client });
  expect(sent.status).toBe(202);
  const otp = t.lastCode(mobileNumber);
  expect(otp).toMatch(/^\d{6}$/);
  const verified = await call(t, 'POST', sessionPaths.verifyOtp, { body: { mobileNumber, otp }, client });
  expect(verified.status).toBe(200);
  return currentUserSchema.parse(verified.body);
}
