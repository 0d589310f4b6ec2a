// Unblock User: the blocked numbers list, Block number and Unblock (permission, validation, 409s, audit
// rows), sign-in refusing a blocked number alike for staff and others, and the sign-in rule that blocks a number
// whose codes were burnt by wrong attempts.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionPaths } from '@domain/session';
import { NUMBER_BLOCKED_DETAIL, NUMBER_BLOCKED_TYPE } from '@server/auth/blocked-numbers';
import { rowsOf } from '@server/seed/seed-sql';
import { demoStaffUserId } from '@server/seed/seed-staff';
import { call, uniqueClient } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

const BASE = '/auth-service/blocked-numbers';
const supportId = demoStaffUserId('9000000005');
type Row = Record<string, unknown>;

describe.each(ruleDrivers)('unblock user on %s', (driver) => {
  const env = useTestApp(driver);
  let support: string;
  let operations: string;
  beforeAll(async () => {
    support = (await env.signInAs('9000000005')).authKey;
    operations = (await env.signInAs('9000000002')).authKey;
  });

  const auditRows = async (id: unknown, action: string) =>
    rowsOf<Row>(
      await env.database.db.execute(
        sql`select actor_user_id, reason, changes from audit_log where entity_type = 'blocked-numbers' and entity_id = ${String(id)} and action = ${action} order by created_at`,
      ),
    );
  const list = (q: string, authKey = support) => call(env.t, 'GET', `${BASE}?scope=blocked&q=${encodeURIComponent(q)}`, { authKey });
  const sendOtp = (mobileNumber: string) => call(env.t, 'POST', sessionPaths.sendOtp, { body: { mobileNumber }, client: uniqueClient() });

  it('lists the seeded blocked numbers and finds one typed in any common form', async () => {
    const all = await call(env.t, 'GET', `${BASE}?scope=blocked`, { authKey: support });
    expect(all.status).toBe(200);
    expect(all.body.count).toBeGreaterThanOrEqual(5);
    expect(all.body.items.every((r: Row) => r.blocked === true)).toBe(true);
    for (const typed of ['+91 98123 45670', '098123-45670', '9812345670']) {
      const found = await list(typed);
      expect(found.status).toBe(200);
      expect(found.body.items.map((r: Row) => r.mobileNumber)).toEqual(['9812345670']);
      expect(found.body.items[0].source).toBe('SIGN_IN_ATTEMPTS');
    }
    // The seeded number that was unblocked is not in the blocked list.
    expect((await list('9123456780')).body.count).toBe(0);
  });

  it('refuses every route without ROLE_UNBLOCK_MOBILE_NUMBER (403)', async () => {
    expect((await call(env.t, 'GET', BASE, { authKey: operations })).status).toBe(403);
    const block = await call(env.t, 'POST', `${BASE}/block`, { authKey: operations, body: { mobileNumber: '9845011111', reason: 'Test' } });
    expect(block.status).toBe(403);
    expect(block.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect((await call(env.t, 'POST', `${BASE}/unblock`, { authKey: operations, body: { mobileNumber: '9812345670', reason: 'Test' } })).status).toBe(403);
    expect((await list('9845011111')).body.count).toBe(0);
  });

  it("refuses a blocked number as a user's new sign-in number (409 on mobileNumber) until it is unblocked", async () => {
    const blocked = driver === 'pglite' ? '9845077701' : '9845077702';
    expect((await call(env.t, 'POST', `${BASE}/block`, { authKey: support, body: { mobileNumber: blocked, reason: 'Fraud reports' } })).status).toBe(201);
    const users = (await call(env.t, 'GET', '/user-service/user?size=100', { authKey: support })).body.items as Row[];
    const customer = users.find((u) => String(u.mobileNumber).startsWith('8'))!;
    expect(customer).toBeDefined();
    const change = () => call(env.t, 'POST', `/user-service/user/${String(customer.id)}/mobile-number`, { authKey: support, body: { mobileNumber: blocked }, client: uniqueClient() });
    const refused = await change();
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: 'mobileNumber' })]);
    expect((await call(env.t, 'POST', `${BASE}/unblock`, { authKey: support, body: { mobileNumber: blocked, reason: 'Cleared' } })).status).toBe(200);
    expect((await change()).status).toBe(202);
  });

  it('answers bad input with 400 and field paths', async () => {
    const bad = await call(env.t, 'POST', `${BASE}/block`, { authKey: support, body: { mobileNumber: '12345', reason: '   ' } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(bad.body.errors.map((e: Row) => e.path).sort()).toEqual(['mobileNumber', 'reason']);
    const unknown = await call(env.t, 'POST', `${BASE}/block`, { authKey: support, body: { mobileNumber: '9845011111', reason: 'x', source: 'SIGN_IN_ATTEMPTS' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ path: 'source' })]);
    const noReason = await call(env.t, 'POST', `${BASE}/unblock`, { authKey: support, body: { mobileNumber: '9812345670' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual([expect.objectContaining({ path: 'reason' })]);
    const malformed = await call(env.t, 'POST', `${BASE}/unblock`, { authKey: support, rawBody: '{"mobileNumber":' });
    expect(malformed.status).toBe(400);
  });

  it('blocks a number with a reason (audited), 409 when already blocked; unblocks it (audited), 409 when not blocked', async () => {
    const blocked = await call(env.t, 'POST', `${BASE}/block`, { authKey: support, body: { mobileNumber: '098450-22222', reason: 'Fraud report from a host' } });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(201);
    expect(blocked.body).toMatchObject({ mobileNumber: '9845022222', blocked: true, source: 'STAFF', reason: 'Fraud report from a host', blockedByUserId: supportId });
    expect(await auditRows(blocked.body.id, 'block')).toEqual([
      expect.objectContaining({ actor_user_id: supportId, reason: 'Fraud report from a host', changes: { blocked: { from: false, to: true }, source: { to: 'STAFF' } } }),
    ]);
    const again = await call(env.t, 'POST', `${BASE}/block`, { authKey: support, body: { mobileNumber: '+91 98450 22222', reason: 'Twice' } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This number is already blocked.');
    expect((await list('+91 98450 22222')).body.items.map((r: Row) => r.id)).toEqual([blocked.body.id]);

    const unblocked = await call(env.t, 'POST', `${BASE}/unblock`, { authKey: support, body: { mobileNumber: '9845022222', reason: 'Host withdrew the report' } });
    expect(unblocked.status, JSON.stringify(unblocked.body)).toBe(200);
    expect(unblocked.body).toMatchObject({ id: blocked.body.id, blocked: false, unblockedByUserId: supportId, unblockReason: 'Host withdrew the report' });
    expect(await auditRows(blocked.body.id, 'unblock')).toEqual([expect.objectContaining({ actor_user_id: supportId, reason: 'Host withdrew the report' })]);
    expect((await list('9845022222')).body.count).toBe(0);
    const notBlocked = await call(env.t, 'POST', `${BASE}/unblock`, { authKey: support, body: { mobileNumber: '9845022222', reason: 'Again' } });
    expect(notBlocked.status).toBe(409);
    expect(notBlocked.body.detail).toBe('This number is not blocked.');
    // Blocked again later: the same row, blocked anew.
    const reblocked = await call(env.t, 'POST', `${BASE}/block`, { authKey: support, body: { mobileNumber: '9845022222', reason: 'New fraud report' } });
    expect(reblocked.status).toBe(201);
    expect(reblocked.body).toMatchObject({ id: blocked.body.id, blocked: true, reason: 'New fraud report' });
  });

  it('refuses a blocked number at sign-in alike for staff and others, and the staff member signs in again after unblock', async () => {
    // A code sent before the block does not sign in after it.
    const client = uniqueClient();
    expect((await call(env.t, 'POST', sessionPaths.sendOtp, { body: { mobileNumber: '9000000007' }, client })).status).toBe(202);
    const early = env.t.lastCode('9000000007');
    const block = await call(env.t, 'POST', `${BASE}/block`, { authKey: support, body: { mobileNumber: '9000000007', reason: 'Left the company' } });
    expect(block.status, JSON.stringify(block.body)).toBe(201);
    const verify = await call(env.t, 'POST', sessionPaths.verifyOtp, { body: { mobileNumber: '9000000007', otp: early }, client });
    expect(verify.status).toBe(403);
    expect(verify.body.type).toBe(NUMBER_BLOCKED_TYPE);

    const staff = await sendOtp('9000000007');
    expect(staff.status).toBe(403);
    expect(staff.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(staff.body).toMatchObject({ type: NUMBER_BLOCKED_TYPE, detail: NUMBER_BLOCKED_DETAIL });
    // A blocked number that is not staff gets exactly the same answer.
    expect((await call(env.t, 'POST', `${BASE}/block`, { authKey: support, body: { mobileNumber: '9845033333', reason: 'Spam' } })).status).toBe(201);
    const other = await sendOtp('9845033333');
    expect(other.status).toBe(403);
    expect(other.body).toEqual(staff.body);

    expect((await call(env.t, 'POST', `${BASE}/unblock`, { authKey: support, body: { mobileNumber: '9000000007', reason: 'Rejoined' } })).status).toBe(200);
    env.t.clock.advance(1_000); // the test clock stands still: the new code must be the number's latest
    const back = await env.signInAs('9000000007');
    expect(back.authKey).toBeTruthy();
  });

  it('does not let staff block a number of someone holding permissions they lack, nor their own', async () => {
    const admin = await call(env.t, 'POST', `${BASE}/block`, { authKey: support, body: { mobileNumber: '9000000001', reason: 'Takeover' } });
    expect(admin.status).toBe(403);
    const own = await call(env.t, 'POST', `${BASE}/block`, { authKey: support, body: { mobileNumber: '9000000005', reason: 'Oops' } });
    expect(own.status).toBe(400);
    expect(own.body.errors).toEqual([expect.objectContaining({ path: 'mobileNumber' })]);
    expect((await sendOtp('9000000001')).status).toBe(202);
  });

  it('blocks a number whose sign-in codes were burnt by wrong attempts 3 times within the send window', async () => {
    const number = '9700011122';
    const { maxAttempts, blockAfterBurntCodes } = env.t.config.otp;
    for (let round = 0; round < blockAfterBurntCodes; round += 1) {
      env.t.clock.advance(1_000);
      expect((await sendOtp(number)).status).toBe(202);
      for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
        const wrong = await call(env.t, 'POST', sessionPaths.verifyOtp, { body: { mobileNumber: number, otp: '000000' }, client: uniqueClient() });
        expect(wrong.status).toBe(401);
      }
    }
    const refused = await sendOtp(number);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(NUMBER_BLOCKED_DETAIL);
    const found = await list(`+91 ${number.slice(0, 5)} ${number.slice(5)}`);
    expect(found.body.items).toEqual([expect.objectContaining({ mobileNumber: number, source: 'SIGN_IN_ATTEMPTS', blockedByUserId: null })]);
    expect(await auditRows(found.body.items[0].id, 'block')).toEqual([expect.objectContaining({ actor_user_id: null })]);

    // Unblocked: it may ask for a code at once (its send limit starts afresh), and one more burnt code does not block it again.
    expect((await call(env.t, 'POST', `${BASE}/unblock`, { authKey: support, body: { mobileNumber: number, reason: 'Owner called support' } })).status).toBe(200);
    env.t.clock.advance(1_000);
    expect((await sendOtp(number)).status).toBe(202);
    for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
      await call(env.t, 'POST', sessionPaths.verifyOtp, { body: { mobileNumber: number, otp: '000000' }, client: uniqueClient() });
    }
    env.t.clock.advance(1_000);
    expect((await sendOtp(number)).status).toBe(202);
  });
});
