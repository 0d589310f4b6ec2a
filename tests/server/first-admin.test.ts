// The first staff member of a new production database (npm run staff:first-admin): bad input changes nothing, the
// command makes the role Super Admin with every permission and the person active staff, once; that person then signs
// in to a production server on that database with the code the SMS gateway receives, and holds every permission.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissions } from '@domain/permissions';
import { sessionPaths } from '@domain/session';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/open-database';
import { firstAdminCommand } from '@server/users/first-admin';
import { removeTempDataDirs, startTestServer, tempDataDir } from './maintenance/maintenance-support';

const MOBILE = '9811122233';

/** Runs the command with `env`; answers its exit code and what it wrote. */
async function run(args: string[], env: Record<string, string>): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await firstAdminCommand(args, { env, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('the first staff member of a new database', () => {
  let gateway: Server;
  const texts: { to: string; message: string }[] = [];
  let env: Record<string, string>;
  let dataDir: string;

  beforeAll(async () => {
    // The SMS gateway the production server posts each text to (SMS_PROVIDER=http).
    gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        texts.push(JSON.parse(body) as { to: string; message: string });
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    dataDir = tempDataDir('first-admin');
    env = {
      APP_ENV: 'production',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      JOB_WORKERS: '0',
      OTP_PEPPER: 'p'.repeat(40),
      UPLOAD_LINK_SECRET: 'u'.repeat(40),
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`,
      SMS_HTTP_TOKEN: 't'.repeat(30),
      SHUTDOWN_DRAIN_SECONDS: '2',
    };
  });

  afterAll(async () => {
    await new Promise((resolve) => gateway.close(resolve));
    removeTempDataDirs();
  });

  it('refuses bad input in one line and opens no database', async () => {
    for (const [args, message] of [
      [[], /mobile number/],
      [['--mobile', '12345', '--name', 'Asha Rao'], /Indian mobile number/],
      [['--mobile', MOBILE], /name/],
      [['--mobile', MOBILE, '--name', 'A\u0000B'], /control characters/],
      [['--mobile', MOBILE, '--name', 'x'.repeat(81)], /at most 80/],
      [['--mobile', MOBILE, '--name', 'Asha', '--role', 'x'], /Unknown option --role/],
    ] as const) {
      const result = await run([...args], env);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.err.join('\n')).toMatch(message);
      expect(result.err.join('\n')).not.toMatch(/\n\s+at /);
    }
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('makes Super Admin with every permission and the person active staff, once', async () => {
    const made = await run(['--mobile', `+91 ${MOBILE.slice(0, 5)} ${MOBILE.slice(5)}`, '--name', '  Asha   Rao '], env);
    expect(made.err).toEqual([]);
    expect(made.code).toBe(0);
    expect(made.out.join('\n')).toContain('Made the role Super Admin with every permission');
    expect(made.out.join('\n')).toContain('Asha Rao (+91 98111 22233) is a new active staff member with the role Super Admin.');

    const again = await run(['--mobile', MOBILE, '--name', 'Asha Rao'], env);
    expect(again.code).toBe(1);
    expect(again.err.join('\n')).toContain('+91 98111 22233 is already active staff with the role Super Admin: nothing to do.');

    const database = await openDatabase(loadConfig(env));
    try {
      const { rows } = await database.pglite!.query<{ name: string; permissions: string[]; staff: boolean; mappings: number; audits: number }>(
        `select r.name, r.permissions, c.is_active as staff,
           (select count(*)::int from user_roles) as mappings,
           (select count(*)::int from audit_log where entity_type = 'czo-users' and action = 'first-admin' and actor_user_id is null) as audits
         from users u join czo_users c on c.user_id = u.id join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
         where u.mobile_number = $1 and u.name = 'Asha Rao'`,
        [MOBILE],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: 'Super Admin', staff: true, mappings: 1, audits: 1 });
      expect([...rows[0]!.permissions].sort()).toEqual([...allPermissions].sort());
    } finally {
      await database.close();
    }
  });

  it('lets that person sign in to a production server on the database, with every permission', async () => {
    const server = await startTestServer(loadConfig(env));
    try {
      const post = (p: string, body: unknown) => fetch(`${server.url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect((await post(sessionPaths.sendOtp, { mobileNumber: MOBILE })).status).toBe(202);
      const text = texts.find((t) => t.to === `+91${MOBILE}`);
      const otp = text?.message.match(/\b(\d{6})\b/)?.[1];
      expect(otp, 'the gateway received the sign-in code').toBeDefined();
      const verified = await post(sessionPaths.verifyOtp, { mobileNumber: MOBILE, otp });
      expect(verified.status).toBe(200);
      const { authKey } = (await verified.json()) as { authKey: string };
      const session = await fetch(`${server.url}${sessionPaths.validate}`, { headers: { authorization: `Bearer ${authKey}` } });
      expect(session.status).toBe(200);
      const body = JSON.stringify(await session.json());
      expect(body).toContain('Asha Rao');
      for (const permission of allPermissions) expect(body).toContain(`"${permission}"`);
    } finally {
      await server.close();
    }
  });
});
