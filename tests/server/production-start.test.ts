// The compiled server as an operator runs it (docs/production.md, "Install and start"): scripts/build-server.ts into a
// folder of its own, then plain `node <folder>/main.js` with APP_ENV=production on a new PostgreSQL database. It must
// import nothing a production install lacks, refuse unsafe settings, serve the API, the console's files and chargers
// (through the compiled central system's process, never a TypeScript loader), and stop cleanly on SIGTERM.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { builtinModules } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ocpp from 'ocpp-rpc';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashChargerPassword } from '@server/ocpp/charger-password';

const { RPCClient } = ocpp as unknown as {
  RPCClient: new (options: Record<string, unknown>) => { connect(): Promise<unknown>; call(method: string, params?: unknown): Promise<unknown>; close(options?: { force?: boolean }): Promise<unknown> };
};

const root = path.resolve(import.meta.dirname, '../..');
/** The server's port in this test (3810–3819 are this test's). */
const PORT = 3815;
const base = `http://127.0.0.1:${PORT}`;
const secret = () => randomBytes(32).toString('base64url');

/** A started `node main.js`: its output so far, and its exit. */
interface Started {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Every process this file started, killed after each test if it still runs. */
const started = new Set<Started>();

function startCompiled(dir: string, env: Record<string, string>): Started {
  const proc = spawn(process.execPath, [path.join(dir, 'main.js')], {
    cwd: dir,
    // Only what the operator sets (and PATH): no NODE_OPTIONS or loader of the test runner's.
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  proc.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  proc.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  const result = { proc, output: () => text, exited };
  started.add(result);
  return result;
}

/** Waits for `read` to answer true (checked every 250 ms), or throws after `timeoutMs` naming `what`. */
async function waitFor(what: string, read: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await read())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.runIf(process.env.TEST_DATABASE_URL)('the compiled server in production (node dist-server/main.js)', () => {
  // Under the repository, as dist-server/ is: its packages come from the repository's node_modules.
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const work = mkdtempSync(path.join(root, '.tmp', 'production-start-'));
  const outDir = path.join(work, 'server');
  const staticDir = path.join(work, 'console');
  const databaseName = `production_start_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  const databaseUrl = (() => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${databaseName}`;
    return url.toString();
  })();

  /** Every production setting loadConfig asks for, random secrets, on the new database. */
  const productionEnv = (): Record<string, string> => ({
    APP_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(work, 'data'),
    STATIC_DIR: staticDir,
    OTP_PEPPER: secret(),
    UPLOAD_LINK_SECRET: secret(),
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: 'http://127.0.0.1:3819/sms',
    SMS_HTTP_TOKEN: secret(),
    SHUTDOWN_DRAIN_SECONDS: '5',
  });

  beforeAll(async () => {
    await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/build-server.ts'), outDir], { cwd: root, timeout: 120_000 });
    mkdirSync(staticDir);
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html><head><title>CZO console</title></head><body><div id="root"></div></body></html>');
    await admin.connect();
    await admin.query(`create database "${databaseName}"`);
  }, 180_000);

  // A test that failed midway leaves no server behind (its OCPP process exits when the server's channel closes).
  afterEach(async () => {
    for (const s of started) {
      if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
      await s.exited;
    }
    started.clear();
  });

  afterAll(async () => {
    await admin.query(`drop database if exists "${databaseName}" with (force)`).catch(() => {});
    await admin.end();
    rmSync(work, { recursive: true, force: true });
  }, 60_000);

  it('imports only Node built-ins and packages of dependencies (never a dev dependency), and holds its run-time files', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const builtins = new Set(builtinModules);
    const packageOf = (s: string) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!);
    const imported = new Set<string>();
    for (const file of ['main.js', 'ocpp-process-main.js']) {
      const code = readFileSync(path.join(outDir, file), 'utf8');
      // The bundle's own import statements (each at a line's start) and dynamic imports of a literal name.
      for (const m of code.matchAll(/^import\s+(?:[\w$*{}\s,]+?\s+from\s+)?"([^"]+)";/gm)) imported.add(m[1]!);
      for (const m of code.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) imported.add(m[1]!);
      for (const m of code.matchAll(/createRequire\([^)]*\)\.resolve\(\s*"([^"]+)"/g)) imported.add(m[1]!);
    }
    // The list was read: the database drivers, the OCPP library and the HTTP server are among them.
    expect([...imported]).toEqual(expect.arrayContaining(['pg', 'ocpp-rpc', 'hono', '@electric-sql/pglite']));
    const lacking = [...imported].filter((s) => !s.startsWith('node:') && !builtins.has(packageOf(s)) && !(packageOf(s) in pkg.dependencies));
    expect(lacking).toEqual([]);
    for (const file of ['ocpp-process-main.js', 'migrations/meta/_journal.json', 'assets/cdn', 'package.json']) expect(existsSync(path.join(outDir, file)), file).toBe(true);
  });

  it('refuses to start with an unsafe production setting, naming it', async () => {
    const { OTP_PEPPER: _pepper, ...withoutPepper } = productionEnv();
    const noPepper = startCompiled(outDir, withoutPepper);
    const logSms = startCompiled(outDir, { ...productionEnv(), SMS_PROVIDER: 'log' });
    expect((await noPepper.exited).code).toBe(1);
    expect(noPepper.output()).toContain('OTP_PEPPER (32+ characters) is required in production');
    expect((await logSms.exited).code).toBe(1);
    expect(logSms.output()).toContain('SMS_PROVIDER=log prints sign-in codes to the log, which is refused in production');
    // Refused before anything else: the database was not touched.
    expect(noPepper.output()).not.toContain('applying migrations');
  }, 120_000);

  it('starts: ready, the API, the console, a charger through the compiled OCPP process; SIGTERM exits 0', async () => {
    const server = startCompiled(outDir, productionEnv());
    // Its "Ready" line comes once the central system's process is ready too.
    await waitFor(
      'the server to be ready',
      () => {
        if (server.proc.exitCode !== null) throw new Error(`The server exited: ${server.output()}`);
        return /Ready in \d+ ms/.test(server.output());
      },
      120_000,
    );
    expect(server.output()).toContain('(production)');
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);

    // The central system runs in a process of its own, from the compiled entry with no TypeScript loader.
    const ocppPid = Number(/OCPP central system in a process of its own \(pid (\d+)/.exec(server.output())?.[1]);
    expect(ocppPid).toBeGreaterThan(0);
    const cmdline = `/proc/${ocppPid}/cmdline`;
    if (existsSync(cmdline)) {
      const args = readFileSync(cmdline, 'utf8').split('\0');
      expect(args).toContain(path.join(outDir, 'ocpp-process-main.js'));
      expect(args.join(' ')).not.toContain('tsx');
    }

    // The API: a sign-in code request is answered alike for any number; a staff route needs a session.
    const otp = await fetch(`${base}/auth-service/czo/send-otp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobileNumber: '9876543210' }) });
    expect(otp.status).toBe(202);
    const bad = await fetch(`${base}/auth-service/czo/send-otp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobileNumber: 'abc' }) });
    expect(bad.status).toBe(400);
    expect((await fetch(`${base}/charger-service/admin/charger/1`)).status).toBe(401);
    // The console's build (STATIC_DIR) at any page path, and the bundled images.
    const page = await fetch(`${base}/chargers`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>CZO console</title>');
    expect((await fetch(`${base}/cdn/ccs2.svg`)).status).toBe(200);

    // A charger of the operator's, with its own password (stored hashed, as the console sets it).
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const password = randomBytes(18).toString('base64url');
    try {
      const { rows } = await db.query<{ id: string }>(
        `with cpo as (insert into charge_point_operators (name) values ('Own network') returning id)
         insert into chargers (unique_id, charger_type, charger_box_id, charge_point_operator_id, sockets)
         select 'PROD0001', 'OCPP_16_JSON_CHARGER', 'PROD-OCPP-0001', cpo.id, '[{"code":"CCS_2","displayText":"CCS 2","value":60}]'::jsonb from cpo returning id`,
      );
      await db.query(`insert into ocpp_charge_points (charger_id, password_hash, password_set_at, updated_at) values ($1, $2, now(), now())`, [rows[0]!.id, hashChargerPassword(password)]);
    } finally {
      await db.end();
    }
    const client = new RPCClient({ endpoint: `ws://127.0.0.1:${PORT}/ocpp`, identity: 'PROD-OCPP-0001', password, protocols: ['ocpp1.6'], reconnect: false });
    await client.connect();
    const boot = (await client.call('BootNotification', { chargePointVendor: 'CZO', chargePointModel: 'DC60' })) as { status: string; interval: number };
    expect(boot.status).toBe('Accepted');
    expect(boot.interval).toBeGreaterThan(0);
    await client.close({ force: true });
    // A wrong password is refused at the handshake.
    const intruder = new RPCClient({ endpoint: `ws://127.0.0.1:${PORT}/ocpp`, identity: 'PROD-OCPP-0001', password: 'not-its-password', protocols: ['ocpp1.6'], reconnect: false });
    await expect(intruder.connect()).rejects.toThrow();

    // SIGTERM: drained and closed, exit code 0, within a few seconds; the central system's process is gone too.
    const stopAt = Date.now();
    server.proc.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - stopAt).toBeLessThan(15_000);
    await waitFor('the OCPP process to exit', () => !alive(ocppPid), 10_000);
  }, 240_000);

  it('does not start when the compiled OCPP process cannot start (no fall back to the TypeScript sources)', async () => {
    renameSync(path.join(outDir, 'ocpp-process-main.js'), path.join(outDir, 'ocpp-process-main.js.moved'));
    const server = startCompiled(outDir, productionEnv());
    const exit = await Promise.race([server.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 120_000))]);
    expect(exit?.code, server.output()).toBe(1);
    expect(server.output()).toMatch(/The server could not start: .*The OCPP process exited \(1\) before it was ready/s);
    // Node's own message names the missing compiled entry.
    expect(server.output()).toContain('ocpp-process-main.js');
  }, 180_000);
});
