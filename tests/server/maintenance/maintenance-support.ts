// Shared by the database commands' tests: a DATA_DIR holding the seeded test database, a server on it, a sign-in over
// HTTP (the code read from the log SMS provider's line on stdout), and the command-line entry run as its own process.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sessionPaths } from '@domain/session';
import { loadConfig, type AppConfig } from '@server/config';
import { startServer, type RunningServer } from '@server/start-server';
import { createTestDatabase } from '../support/test-database';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const madeDirs: string[] = [];

/** A new temporary DATA_DIR (removed by removeTempDataDirs). */
export const tempDataDir = (label: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `czo-${label}-`));
  madeDirs.push(dir);
  return dir;
};

/** Removes the temporary DATA_DIRs this file made. */
export function removeTempDataDirs(): void {
  for (const dir of madeDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Puts the seeded test database into `<dataDir>/pglite` (as a restored backup would be). */
export async function seedDataDir(dataDir: string): Promise<void> {
  const seeded = await createTestDatabase('pglite');
  // Uncompressed: gzip took about 1.3 s of processor time more for a folder that is loaded straight back.
  const dump = await seeded.pglite!.dumpDataDir('none');
  await seeded.close();
  const client = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm }, loadDataDir: dump });
  await client.close();
}

/** The test configuration of a server or command on `dataDir` (or on PostgreSQL at `databaseUrl`). */
export function maintenanceConfig(dataDir: string, databaseUrl?: string): AppConfig {
  return loadConfig({
    APP_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    JOB_WORKERS: '0',
    SEED_SCALE: '0.01',
    SESSION_CACHE_SECONDS: '0',
    OTP_SENDS_PER_NUMBER: '100000',
    OTP_SENDS_PER_CLIENT: '100000',
    OTP_RESEND_AFTER_SECONDS: '0',
    SHUTDOWN_DRAIN_SECONDS: '5',
  });
}

/** Starts a server on the configuration, on a free port, without the console's files. */
export function startTestServer(config: AppConfig): Promise<RunningServer> {
  return startServer({ ...config, port: 0 }, { serveConsole: false, log: () => {} });
}

// The log SMS provider writes `[sms:log] OTP <number> <code>` on stdout: keep the codes as they pass.
const codes = new Map<string, string>();
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
  const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  for (const m of text.matchAll(/\[sms:log\] OTP (\d{10}) (\d{6})/g)) codes.set(m[1]!, m[2]!);
  // Neither the codes nor the servers' request log lines are the test's output.
  if (text.startsWith('[sms:log]') || text.startsWith('{"event":"request"')) return true;
  return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
}) as typeof process.stdout.write;

/** Signs in over HTTP; answers the bearer key. */
export async function signInOver(url: string, mobileNumber: string): Promise<string> {
  const post = (p: string, body: unknown) => fetch(`${url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  codes.delete(mobileNumber);
  const sent = await post(sessionPaths.sendOtp, { mobileNumber });
  if (sent.status !== 202) throw new Error(`send-otp answered ${sent.status}: ${await sent.text()}`);
  const otp = codes.get(mobileNumber);
  if (!otp) throw new Error('No sign-in code was printed.');
  const verified = await post(sessionPaths.verifyOtp, { mobileNumber, otp });
  if (verified.status !== 200) throw new Error(`verify-otp answered ${verified.status}: ${await verified.text()}`);
  return ((await verified.json()) as { authKey: string }).authKey;
}

/** GET with a bearer key: status and JSON body. */
export async function getJson(url: string, p: string, authKey: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}${p}`, { headers: { authorization: `Bearer ${authKey}` } });
  return { status: response.status, body: await response.json() };
}

/** Runs `server/db/maintenance/cli.ts` as its own process (as npm run db:… does): exit code, stdout, stderr. */
export function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const cli = path.resolve(repoRoot, 'server/db/maintenance/cli.ts');
  const tsx = path.resolve(repoRoot, 'node_modules/.bin/tsx');
  return new Promise((resolve) => {
    execFile(tsx, [cli, ...args], { env: { ...process.env, APP_ENV: 'test', ...env }, timeout: 300_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}
