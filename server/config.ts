import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { parseCampaignWaves } from '@domain/firmware-campaigns';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce.number().int().positive();

/** The raw environment variables the server reads, with their defaults. */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().min(1).optional(),
  // The embedded database in memory only (gone when the process ends): the e2e server, not a real deployment.
  DATABASE_IN_MEMORY: z.enum(['true', 'false']).default('false'),
  NODE_ENV: z.string().optional(),
  APP_ENV: z.enum(['development', 'test', 'production']).optional(),
  SESSION_IDLE_MINUTES: positiveInt.default(120),
  SESSION_ABSOLUTE_HOURS: positiveInt.default(12),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  OTP_TTL_SECONDS: positiveInt.default(300),
  OTP_MAX_ATTEMPTS: positiveInt.default(5),
  OTP_SENDS_PER_NUMBER: positiveInt.default(3),
  OTP_SENDS_PER_CLIENT: positiveInt.default(20),
  OTP_SEND_WINDOW_MINUTES: positiveInt.default(10),
  OTP_BLOCK_AFTER_BURNT_CODES: positiveInt.default(3),
  OTP_RESEND_AFTER_SECONDS: z.coerce.number().int().nonnegative().default(30),
  /** Secret mixed into OTP hashes; required in production, a random per-process value otherwise. */
  OTP_PEPPER: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Secret of the signed links to private uploads; required in production, a random per-process value otherwise. */
  UPLOAD_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  UPLOAD_LINK_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),
  TRUST_PROXY: booleanFromEnv.default(false),
  /** Bearer token Prometheus sends to read GET /metrics (24+ characters); unset, the route answers 404. */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').max(200).optional(),
  /** Seconds a stopping process (SIGTERM) waits for the requests and job batches it is answering before it closes. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(600).default(20),
  IMAGE_CDN_URL: z.string().min(1).default('/cdn/'),
  SMS_PROVIDER: z.enum(['log', 'http']).default('log'),
  /** SMS_PROVIDER=http: the gateway's address the server POSTs each text to (server/sms/http-sms-provider.ts). */
  SMS_HTTP_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
  /** SMS_PROVIDER=http: the bearer token the server sends the gateway (24+ characters). */
  SMS_HTTP_TOKEN: z.string().min(24, 'must be at least 24 characters').max(500).optional(),
  STATIC_DIR: z.string().min(1).default('./dist'),
  /** Job workers in this process (exports, housekeeping); 0 for an API-only process. */
  JOB_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  /** Slow poll of idle job workers (they are also woken when a job is queued). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.05).max(300).default(5),
  /** How long a job's claim holds without a heartbeat before another worker takes it back. */
  JOB_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** Days a ready download's file is kept. */
  DOWNLOAD_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Days a bulk run and its records' results are kept for review. */
  BULK_RUN_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Size of the demo data seeded into an empty database (1 = 100k bookings; e2e runs use less). */
  SEED_SCALE: z.coerce.number().positive().max(100).default(1),
  /**
   * Add-credits batches whose total is above this many paise (default ₹5,000) are not posted: they wait as a credit
   * request until a second staff member approves them.
   */
  ADD_CREDITS_APPROVAL_ABOVE_PAISE: z.coerce.number().int().min(0).max(100_000_000_00).default(500_000),
  /**
   * Largest WebSocket frame a charger may send the central system, bytes. Far above any OCPP 1.6 message a charger
   * sends in use (a GetConfiguration answer of a hundred keys at their longest values is under 64 KiB); a larger frame
   * closes the charger's socket (1009) before it is read.
   */
  OCPP_MAX_FRAME_BYTES: z.coerce.number().int().min(4_096).max(16_777_216).default(65_536),
  /**
   * How long a charger has to answer a command, seconds (default 30): past it the command is marked timed out. The
   * request that sent it gives up 5 s later at most (35 s), so the longest is 30. Tests shorten it.
   */
  OCPP_COMMAND_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(30).default(30),
  /**
   * Security profile 1 password of the demo OCPP chargers outside production: the seed gives it to every demo charger
   * and the simulated chargers log in with it (development default DEFAULT_DEV_CHARGER_PASSWORD; refused in production).
   */
  DEV_CHARGER_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(40, 'must be at most 40 characters').optional(),
  /** Wallet balance a prepaid customer needs to start a charging session, paise (RFID, instant charging, remote start). */
  SESSION_START_MIN_WALLET_PAISE: z.coerce.number().int().min(0).max(100_000_000).default(5_000),
  /** Minutes without a meter value (nor a stop) after which a charging session is stale: listed for staff to close. */
  STALE_SESSION_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  /** Minutes before a scheduled booking's start that its OCPP charger is asked to reserve its connector (ReserveNow). */
  RESERVATION_LEAD_MINUTES: z.coerce.number().int().min(1).max(1_440).default(15),
  /** Minutes past a scheduled booking's start that its reservation lasts (its expiryDate): how late the customer may be. */
  RESERVATION_GRACE_MINUTES: z.coerce.number().int().min(1).max(240).default(15),
  /** Minutes after a charger refused a scheduled booking's reservation that it is asked again, until the booking's start. */
  RESERVATION_RETRY_MINUTES: z.coerce.number().int().min(1).max(60).default(2),
  /** A firmware campaign's waves when it names none: cumulative percentages of its chargers, rising to 100. */
  FIRMWARE_CAMPAIGN_WAVES: z
    .string()
    .default('1,10,100')
    .refine((v) => parseCampaignWaves(v) !== null, 'must be rising percentages separated by commas, the last 100 (e.g. 1,10,100)'),
  /** A firmware campaign's failure threshold when it names none: a wave failing above this percentage pauses it. */
  FIRMWARE_CAMPAIGN_PAUSE_FAILURE_PERCENT: z.coerce.number().int().min(0).max(100).default(20),
  /**
   * Most chargers a firmware campaign sends its update to per minute, within a wave: thousands of chargers downloading
   * an image and rebooting at once would load the file server, the central system and the console together.
   */
  FIRMWARE_CAMPAIGN_SENDS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Largest diagnostics file a charger may upload, bytes (a larger body is refused while it streams in). */
  DIAGNOSTICS_MAX_BYTES: z.coerce.number().int().min(1_024).max(1_073_741_824).default(20 * 1024 * 1024),
  /** Minutes a diagnostics request's upload location takes a file. */
  DIAGNOSTICS_LINK_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /** Minutes a diagnostics request may stay open (no file, no final status) before it is recorded timed out. */
  DIAGNOSTICS_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /** Days a received diagnostics file is kept; then it is deleted and its request says so. */
  DIAGNOSTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(90),
  /** Largest firmware image staff may upload, bytes (64 MiB). */
  FIRMWARE_MAX_BYTES: positiveInt.max(2_147_483_647).default(64 * 1024 * 1024),
  /** Hours a charger's firmware download link works. */
  FIRMWARE_LINK_HOURS: positiveInt.max(24 * 30).default(24),
  /** Minutes a charger may stay silent during a firmware update (from its retrieve date or its last status) before it is timed out. */
  FIRMWARE_STATUS_TIMEOUT_MINUTES: positiveInt.max(10_080).default(60),
  /**
   * The http(s) address chargers reach this server's files at: every address of ours a charger is handed (a firmware
   * download, a diagnostics upload location: /ocpp-files/…) starts with it (default http://<HOST>:<PORT>).
   */
  CHARGER_FILES_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
});

/** Where the server runs: development and test may use the log SMS provider, production may not. */
/** The demo OCPP chargers' password when DEV_CHARGER_PASSWORD is not set (development and tests only). */
export const DEFAULT_DEV_CHARGER_PASSWORD = 'czo-dev-charger-pass';

/**
 * The demo chargers' password of `env` (DEV_CHARGER_PASSWORD or its default): what the seed gives the demo chargers
 * and the simulator logs in with. loadConfig refuses the setting in production; this reads it for the seed and the
 * development tools, which never run there.
 */
export function devChargerPassword(env: Record<string, string | undefined> = process.env): string {
  return envSchema.shape.DEV_CHARGER_PASSWORD.parse(env.DEV_CHARGER_PASSWORD || undefined) ?? DEFAULT_DEV_CHARGER_PASSWORD;
}

export const appEnvSchema = z.enum(['development', 'test', 'production']);
export type AppEnv = z.infer<typeof appEnvSchema>;

/** The server's typed configuration. */
export interface AppConfig {
  port: number;
  host: string;
  appEnv: AppEnv;
  /** Folder of local data; PGlite keeps its database in `<dataDir>/pglite`. */
  dataDir: string;
  /** PostgreSQL connection string; undefined means the embedded PGlite database. */
  databaseUrl: string | undefined;
  /** The embedded database kept in memory instead of `<dataDir>/pglite` (tests only; refused in production). */
  databaseInMemory: boolean;
  /** Idle and absolute session limits; how long a checked session is kept in process (0: read every request). */
  session: { idleMinutes: number; absoluteHours: number; cacheSeconds: number };
  otp: {
    ttlSeconds: number;
    maxAttempts: number;
    sendsPerNumber: number;
    sendsPerClient: number;
    sendWindowMinutes: number;
    /** Burnt sign-in codes of a number within the send window that block it (server/auth/blocked-numbers.ts). */
    blockAfterBurntCodes: number;
    resendAfterSeconds: number;
    pepper: string;
  };
  /** Signed links to private uploads: the HMAC secret and how long a link lives (it is reused for a minute). */
  uploadLinks: { secret: string; ttlSeconds: number };
  /** Read the client address from the first X-Forwarded-For entry (only behind a trusted proxy). */
  trustProxy: boolean;
  /** The bearer token of GET /metrics, or null (no metrics served). */
  metricsToken: string | null;
  /** How long a stopping process waits for the work it is doing, seconds (SHUTDOWN_DRAIN_SECONDS). */
  shutdownDrainSeconds: number;
  imageCdnUrl: string;
  smsProvider: 'log' | 'http';
  /** The HTTP gateway of SMS_PROVIDER=http: its address and bearer token; null with the log provider. */
  smsHttp: { url: string; token: string } | null;
  staticDir: string;
  /** Size of the demo data seeded into an empty database outside production. */
  seedScale: number;
  /** The job queue: workers in this process, their slow poll and lease, how long download files are kept, and bulk runs. */
  jobs: { workers: number; pollSeconds: number; leaseSeconds: number; downloadRetentionDays: number; bulkRunRetentionDays: number };
  /** Wallet credits by staff: a batch total (paise) above approvalAbovePaise waits for a second staff member's approval. */
  addCredits: { approvalAbovePaise: number };
  /** The OCPP central system: the largest frame a charger may send, bytes, and how long a charger has to answer a command, seconds. */
  ocpp: { maxFrameBytes: number; commandTimeoutSeconds: number };
  /** The demo OCPP chargers' password (DEV_CHARGER_PASSWORD): the seed's and the simulated chargers'; null in production. */
  devChargerPassword: string | null;
  /** Starting a charging session: the wallet balance a prepaid customer needs, paise (server/bookings/session-start-rule.ts). */
  sessionStart: { minWalletPaise: number };
  /** Charging sessions: minutes without a meter value after which one is stale (server/bookings/stale-sessions.ts). */
  staleSessions: { afterMinutes: number };
  /** Reservations ahead of scheduled bookings (server/reservations): how long before the start, and how long past it they last, minutes. */
  reservations: { leadMinutes: number; graceMinutes: number; retryMinutes: number };
  /** Firmware campaigns (server/firmware-campaigns): the waves and the failure threshold a campaign gets when it names none. */
  firmwareCampaigns: { waves: number[]; pauseFailurePercent: number; sendsPerMinute: number };
  /** Diagnostics requests (server/diagnostics): the largest upload, bytes; how long its location lives and how long it may stay open, minutes; how long a received file is kept, days. */
  diagnostics: { maxBytes: number; linkMinutes: number; timeoutMinutes: number; retentionDays: number };
  /** Firmware updates (server/firmware): the largest image, bytes; how long a charger's download link lives, hours; how long a charger may stay silent during an update, minutes. */
  firmware: { maxBytes: number; linkHours: number; statusTimeoutMinutes: number };
  /**
   * The address chargers reach this server's files at (CHARGER_FILES_URL, no trailing slash): every address of ours a
   * charger is handed starts with it (firmware downloads, diagnostics upload locations; see chargerFileUrl).
   */
  chargerFilesUrl: string;
}

/**
 * An address of ours a charger is handed: `path` (starting with /ocpp-files/) below CHARGER_FILES_URL. The one place
 * such an address is made (firmware downloads, diagnostics upload locations).
 */
export function chargerFileUrl(config: Pick<AppConfig, 'chargerFilesUrl'>, path: string): string {
  return `${config.chargerFilesUrl}/${path.replace(/^\/+/, '')}`;
}

/** Whether an address is https, or plain http to this host (a relay beside the server). */
function isHttpsOrLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}

/** A configuration the server refuses to start with. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the AppConfig from environment variables (default process.env); throws ConfigError when invalid. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const nodeEnv = appEnvSchema.safeParse(e.NODE_ENV);
  const appEnv: AppEnv = e.APP_ENV ?? (nodeEnv.success ? nodeEnv.data : 'development');
  if (appEnv === 'production' && e.DATABASE_IN_MEMORY === 'true') {
    throw new ConfigError('DATABASE_IN_MEMORY=true keeps the data only while the process runs, which is refused in production.');
  }
  if (appEnv === 'production' && e.DEV_CHARGER_PASSWORD) {
    throw new ConfigError('DEV_CHARGER_PASSWORD is the demo chargers\' password of development, which is refused in production: a real charger gets its own password.');
  }
  if (appEnv === 'production' && e.SMS_PROVIDER === 'log') {
    throw new ConfigError(
      'SMS_PROVIDER=log prints sign-in codes to the log, which is refused in production. Configure a real SMS provider.',
    );
  }
  if (e.SMS_PROVIDER === 'http' && (!e.SMS_HTTP_URL || !e.SMS_HTTP_TOKEN)) {
    throw new ConfigError('SMS_PROVIDER=http needs SMS_HTTP_URL (the gateway\'s address) and SMS_HTTP_TOKEN (24+ characters, sent as its bearer token).');
  }
  if (appEnv === 'production' && e.SMS_PROVIDER === 'http' && e.SMS_HTTP_URL && !isHttpsOrLoopback(e.SMS_HTTP_URL)) {
    throw new ConfigError('SMS_HTTP_URL must be an https address in production (plain http only to a gateway on this host: localhost, 127.0.0.1 or ::1), since each text carries a sign-in code.');
  }
  if (appEnv === 'production' && !e.OTP_PEPPER) {
    throw new ConfigError('OTP_PEPPER (32+ characters) is required in production so every instance hashes codes alike.');
  }
  if (appEnv === 'production' && !e.UPLOAD_LINK_SECRET) {
    throw new ConfigError('UPLOAD_LINK_SECRET (32+ characters) is required in production so every instance accepts the links the others sign.');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    appEnv,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseInMemory: e.DATABASE_IN_MEMORY === 'true',
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, absoluteHours: e.SESSION_ABSOLUTE_HOURS, cacheSeconds: e.SESSION_CACHE_SECONDS },
    otp: {
      ttlSeconds: e.OTP_TTL_SECONDS,
      maxAttempts: e.OTP_MAX_ATTEMPTS,
      sendsPerNumber: e.OTP_SENDS_PER_NUMBER,
      sendsPerClient: e.OTP_SENDS_PER_CLIENT,
      sendWindowMinutes: e.OTP_SEND_WINDOW_MINUTES,
      blockAfterBurntCodes: e.OTP_BLOCK_AFTER_BURNT_CODES,
      resendAfterSeconds: e.OTP_RESEND_AFTER_SECONDS,
      // Outside production a per-process pepper is enough: codes live 5 minutes.
      pepper: e.OTP_PEPPER ?? randomBytes(32).toString('base64url'),
    },
    // Outside production a per-process secret is enough: links live minutes, and a restart only makes the console ask again.
    uploadLinks: { secret: e.UPLOAD_LINK_SECRET ?? randomBytes(32).toString('base64url'), ttlSeconds: e.UPLOAD_LINK_TTL_SECONDS },
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN ?? null,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    imageCdnUrl: e.IMAGE_CDN_URL,
    smsProvider: e.SMS_PROVIDER,
    smsHttp: e.SMS_PROVIDER === 'http' && e.SMS_HTTP_URL && e.SMS_HTTP_TOKEN ? { url: e.SMS_HTTP_URL, token: e.SMS_HTTP_TOKEN } : null,
    staticDir: path.resolve(e.STATIC_DIR),
    seedScale: e.SEED_SCALE,
    jobs: { workers: e.JOB_WORKERS, pollSeconds: e.JOB_POLL_SECONDS, leaseSeconds: e.JOB_LEASE_SECONDS, downloadRetentionDays: e.DOWNLOAD_RETENTION_DAYS, bulkRunRetentionDays: e.BULK_RUN_RETENTION_DAYS },
    addCredits: { approvalAbovePaise: e.ADD_CREDITS_APPROVAL_ABOVE_PAISE },
    ocpp: { maxFrameBytes: e.OCPP_MAX_FRAME_BYTES, commandTimeoutSeconds: e.OCPP_COMMAND_TIMEOUT_SECONDS },
    devChargerPassword: appEnv === 'production' ? null : (e.DEV_CHARGER_PASSWORD ?? DEFAULT_DEV_CHARGER_PASSWORD),
    sessionStart: { minWalletPaise: e.SESSION_START_MIN_WALLET_PAISE },
    staleSessions: { afterMinutes: e.STALE_SESSION_MINUTES },
    reservations: { leadMinutes: e.RESERVATION_LEAD_MINUTES, graceMinutes: e.RESERVATION_GRACE_MINUTES, retryMinutes: e.RESERVATION_RETRY_MINUTES },
    firmwareCampaigns: {
      waves: parseCampaignWaves(e.FIRMWARE_CAMPAIGN_WAVES)!,
      pauseFailurePercent: e.FIRMWARE_CAMPAIGN_PAUSE_FAILURE_PERCENT,
      sendsPerMinute: e.FIRMWARE_CAMPAIGN_SENDS_PER_MINUTE,
    },
    diagnostics: { maxBytes: e.DIAGNOSTICS_MAX_BYTES, linkMinutes: e.DIAGNOSTICS_LINK_MINUTES, timeoutMinutes: e.DIAGNOSTICS_TIMEOUT_MINUTES, retentionDays: e.DIAGNOSTICS_RETENTION_DAYS },
    firmware: { maxBytes: e.FIRMWARE_MAX_BYTES, linkHours: e.FIRMWARE_LINK_HOURS, statusTimeoutMinutes: e.FIRMWARE_STATUS_TIMEOUT_MINUTES },
    chargerFilesUrl: (e.CHARGER_FILES_URL ?? `http://${e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
  };
}
