// What the server logs: one structured line per request (method, path, route, status, time, user id, request id)
// and, for a failed query, its SQLSTATE, names and statement; never a bound parameter, a query string or a body.
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { consoleLogger } from '@server/app-deps';
import { REQUEST_ID_HEADER } from '@server/http/request-log';
import { call, createTestApp, type TestApp } from './support/test-app';
import { ruleDrivers } from './support/test-database';
import { useTestApp } from './support/use-test-app';

// Values that must never reach a log line: a bank account, its IFSC and holder, a search typed by staff.
const ACCOUNT_NUMBER = '918273645500123';
const IFSC = 'ZQXW0713SEC';
const HOLDER = 'Holder Qwertyuiop';
const SEARCH = 'Zebracorn7731';

const linesWith = (t: TestApp, ...needles: string[]) => t.logLines.filter((line) => needles.some((n) => line.includes(n)));
const parsed = (t: TestApp, level: string) =>
  t.logLines.filter((l) => l.startsWith(`${level} {`)).map((l) => JSON.parse(l.slice(level.length + 1)) as Record<string, unknown>);

describe.each(ruleDrivers)('server log lines on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: { authKey: string; userId: string };

  beforeAll(async () => {
    admin = await env.signInAs('9000000001');
  });

  it('logs one line per request with its request id, also sent as X-Request-Id, and no query string', async () => {
    const res = await call(env.t, 'GET', `/config/admin/vendor?q=${SEARCH}`, { authKey: admin.authKey });
    expect(res.status).toBe(200);
    const requestId = res.headers.get(REQUEST_ID_HEADER);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = parsed(env.t, 'info').find((l) => l.requestId === requestId);
    expect(line).toMatchObject({ event: 'request', method: 'GET', path: '/config/admin/vendor', route: '/config/admin/vendor', status: 200, userId: admin.userId });
    expect(line!.ms).toBeTypeOf('number');
    const refused = await call(env.t, 'GET', '/config/admin/vendor', {});
    expect(refused.status).toBe(401);
    expect(refused.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(parsed(env.t, 'info').find((l) => l.requestId === refused.headers.get(REQUEST_ID_HEADER))).toMatchObject({ status: 401, userId: null });
    expect(linesWith(env.t, SEARCH)).toEqual([]);
  });

  it('logs a failed bank-details insert by its codes and names, never the account number, IFSC or holder', async () => {
    const hosts = await call(env.t, 'GET', '/user-service/host?size=1', { authKey: admin.authKey });
    const hostId = hosts.body.items[0].id as number;
    const t = createTestApp(env.database); // its own log: only this request's lines
    await env.database.db.execute(sql`alter table host_bank_details rename to host_bank_details_away`);
    try {
      const body = { hostId, accountHolderName: HOLDER, bankName: 'State Bank of India', ifsc: IFSC, accountNumber: ACCOUNT_NUMBER };
      const res = await call(t, 'POST', '/user-service/bank-details', { body, authKey: admin.authKey });
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toContain(ACCOUNT_NUMBER);
    } finally {
      await env.database.db.execute(sql`alter table host_bank_details_away rename to host_bank_details`);
    }
    expect(t.errors).toHaveLength(1);
    const failed = parsed(t, 'error');
    expect(failed).toEqual([
      expect.objectContaining({ event: 'request-failed', method: 'POST', path: '/user-service/bank-details', error: 'DatabaseError', code: '42P01', statement: 'insert host_bank_details' }),
    ]);
    expect(linesWith(t, ACCOUNT_NUMBER, IFSC, HOLDER)).toEqual([]);
  });

  it('logs a refused query (a data error, 400) by its code, never the value that caused it', async () => {
    const t = createTestApp(env.database); // a fresh app: routes are added before its first request
    t.registry.route({
      method: 'GET',
      path: '/test-probe/cast',
      access: { kind: 'public' },
      summary: 'Test probe: a query whose parameter cannot be cast.',
      handler: async ({ c }) => c.json(await env.database.db.execute(sql`select ${IFSC + ACCOUNT_NUMBER}::int`)),
    });
    const res = await call(t, 'GET', '/test-probe/cast');
    expect(res.status).toBe(400);
    expect(parsed(t, 'warn')).toEqual([expect.objectContaining({ event: 'query-refused', code: '22P02', statement: 'select' })]);
    expect(t.errors).toEqual([]);
    expect(linesWith(t, ACCOUNT_NUMBER, IFSC)).toEqual([]);
  });
});

describe('the default logger', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reduces an Error among its arguments to names and codes (a failed query lists its parameters in its message)', () => {
    const printed: unknown[][] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void printed.push(args));
    const cause = Object.assign(new Error(`duplicate key value: Key (account_number)=(${ACCOUNT_NUMBER}) already exists.`), {
      code: '23505',
      constraint: 'host_bank_details_account_number_key',
      table: 'host_bank_details',
      detail: `Key (account_number)=(${ACCOUNT_NUMBER}) already exists.`,
    });
    const failed = Object.assign(new Error(`Failed query: insert into "host_bank_details" values ($1, $2)\nparams: ${ACCOUNT_NUMBER},${IFSC}`), {
      query: 'insert into "host_bank_details" values ($1, $2)',
      params: [ACCOUNT_NUMBER, IFSC],
      cause,
    });
    consoleLogger.error('[test] failed:', failed);
    const text = JSON.stringify(printed);
    expect(text).not.toContain(ACCOUNT_NUMBER);
    expect(text).not.toContain(IFSC);
    expect(JSON.parse(printed[0]![1] as string)).toEqual({
      error: 'DatabaseError',
      code: '23505',
      constraint: 'host_bank_details_account_number_key',
      table: 'host_bank_details',
      column: 'account_number',
      statement: 'insert host_bank_details',
    });
  });
});
