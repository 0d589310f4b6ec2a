import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissions } from '@domain/permissions';
import { currentUserSchema, sendOtpResponseSchema, sessionPaths } from '@domain/session';
import type { OpenDatabase } from '@server/db/open-database';
import { auditLog, czoUsers, otpChallenges, sessions, smsNotificationLogs, users } from '@server/db/schema';
import { demoRoles } from '@server/seed/seed-roles';
import { hashAuthKey } from '@server/auth/hashing';
import { createTestDatabase, ruleDrivers } from './support/test-database';
import { call, createTestApp, signIn, uniqueClient, type TestApp } from './support/test-app';

const SUPER_ADMIN = '9000000001';
const FINANCE = '9000000004';
const NO_ROLE = '9000000007';
const INACTIVE_STAFF = '9000000008';
const UNKNOWN = '9876543210';

describe.each(ruleDrivers)('OTP sign-in on %s', (driver) => {
  let database: OpenDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    t = createTestApp(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  const send = (mobileNumber: string, client = uniqueClient(), app: TestApp = t) =>
    call(app, 'POST', sessionPaths.sendOtp, { body: { mobileNumber }, client });
  const verify = (mobileNumber: string, otp: string, client = uniqueClient(), app: TestApp = t) =>
    call(app, 'POST', sessionPaths.verifyOtp, { body: { mobileNumber, otp }, client });
  const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

  it('answers known, unknown and inactive numbers alike, and sends a code only to active staff', async () => {
    const answers = [];
    for (const number of [SUPER_ADMIN, UNKNOWN, INACTIVE_STAFF]) {
      const response = await send(number);
      expect(response.status).toBe(202);
      answers.push(sendOtpResponseSchema.parse(response.body));
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ expiresInSeconds: 300, resendAfterSeconds: 30 });
    expect(t.lastCode(SUPER_ADMIN)).toMatch(/^\d{6}$/);
    expect(t.lastCode(UNKNOWN)).toBeUndefined();
    expect(t.lastCode(INACTIVE_STAFF)).toBeUndefined();
    // The same limits apply: each number has one challenge row counting towards its limit.
    const rows = await database.db.select().from(otpChallenges).where(sql`${otpChallenges.mobileNumber} in (${SUPER_ADMIN}, ${UNKNOWN}, ${INACTIVE_STAFF})`);
    expect(rows.map((r) => r.mobileNumber).sort()).toEqual([SUPER_ADMIN, INACTIVE_STAFF, UNKNOWN].sort());
  });

  it('accepts the number in any common form and prints the code as [sms:log] OTP <number> <code>', async () => {
    const response = await send('+91 90000 00002');
    expect(response.status).toBe(202);
    expect(t.smsLines.at(-1)).toMatch(/^\[sms:log\] OTP 9000000002 \d{6}\n$/);
  });

  it('stores the code only as a hash and logs the SMS with number and code masked', async () => {
    await send(FINANCE);
    const code = t.lastCode(FINANCE)!;
    const [challenge] = await database.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.mobileNumber, FINANCE))
      .orderBy(sql`${otpChallenges.createdAt} desc`)
      .limit(1);
    expect(challenge!.codeHash).not.toContain(code);
    expect(challenge!.codeHash.length).toBeGreaterThanOrEqual(40);
    const dump = JSON.stringify(await database.db.execute(sql`select * from otp_challenges`));
    expect(dump).not.toContain(`"${code}"`);
    const logs = await database.db.select().from(smsNotificationLogs).where(eq(smsNotificationLogs.mobileNumber, '******0004'));
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.at(-1)).toMatchObject({
      message: 'Your CZO console sign-in code is ******. It is valid for 5 minutes.',
      template: 'czo-sign-in-otp',
      provider: 'log',
      status: 'sent',
    });
    expect(JSON.stringify(logs)).not.toContain(code);
  });

  it('limits sends per number: 429 with Retry-After once the window allowance is used', async () => {
    const number = '9000000003';
    for (let i = 0; i < 3; i++) expect((await send(number)).status).toBe(202);
    const refused = await send(number);
    expect(refused.status).toBe(429);
    expect(refused.contentType).toBe('application/problem+json');
    expect(refused.body).toMatchObject({ status: 429, title: 'Too Many Requests' });
    expect(refused.body.detail).toMatch(/^Too many codes were requested for this number\. Try again in \d+ (minutes|seconds)\.$/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Unknown numbers are limited exactly the same.
    for (let i = 0; i < 3; i++) expect((await send('9123456780')).status).toBe(202);
    expect((await send('9123456780')).status).toBe(429);
    // After the window the number may ask again.
    t.clock.advance(retryAfter * 1000);
    expect((await send(number)).status).toBe(202);
  });

  it('limits sends per client address across numbers', async () => {
    const strict = createTestApp(database, { OTP_SENDS_PER_CLIENT: '4' }, { clock: t.clock });
    const client = uniqueClient();
    for (let i = 0; i < 4; i++) expect((await send(`981234560${i}`, client, strict)).status).toBe(202);
    const refused = await send('9812345609', client, strict);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/^Too many codes were requested from this network\./);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await send('9812345609', uniqueClient(), strict)).status).toBe(202);
  });

  it('counts wrong codes, then burns the code: the right code is refused after 5 wrong tries', async () => {
    await send('9000000005');
    const code = t.lastCode('9000000005')!;
    const wrong = wrongCodeFor(code);
    const details = [];
    for (let i = 0; i < 5; i++) {
      const response = await verify('9000000005', wrong);
      expect(response.status).toBe(401);
      expect(response.contentType).toBe('application/problem+json');
      details.push(response.body.detail);
    }
    expect(details.slice(0, 4)).toEqual([
      'Incorrect code. 4 attempts left.',
      'Incorrect code. 3 attempts left.',
      'Incorrect code. 2 attempts left.',
      'Incorrect code. 1 attempt left.',
    ]);
    expect(details[4]).toContain('This code can no longer be used. Request a new code.');
    const sixth = await verify('9000000005', code);
    expect(sixth.status).toBe(401);
    expect(sixth.body.detail).toBe('This code can no longer be used. Request a new code.');
  });

  it('refuses an expired code and a number without a code', async () => {
    await send('9000000006');
    const code = t.lastCode('9000000006')!;
    t.clock.advance(300_000);
    const expired = await verify('9000000006', code);
    expect(expired.status).toBe(401);
    expect(expired.body.detail).toBe('This code can no longer be used. Request a new code.');
    const none = await verify('9811111111', '123456');
    expect(none.status).toBe(401);
    expect(none.body.detail).toBe('This code can no longer be used. Request a new code.');
  });

  it('signs in with the right code once: CurrentUser with the role permissions, session and audit rows', async () => {
    t.clock.advance(3_600_000); // a fresh rate-limit window
    await send(FINANCE);
    const code = t.lastCode(FINANCE)!;
    const response = await verify(FINANCE, code);
    expect(response.status).toBe(200);
    const user = currentUserSchema.parse(response.body);
    expect(user).toMatchObject({ mobileNumber: FINANCE, name: 'Ananya Iyer', isActive: true, email: 'ananya.iyer@czo-demo.example' });
    expect(user.authKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user.wallet).toMatchObject({ userId: user.userId, userWallet: { credits: expect.any(Number) } });
    const finance = demoRoles.find((r) => r.name === 'Finance')!;
    expect(user.permissions).toEqual([...new Set(finance.permissions)].sort());
    expect(user.permissions).toContain('ROLE_VIEW_SETTLEMENT');
    expect(user.permissions).not.toContain('ROLE_VIEW_ROLES');

    const [stored] = await database.db.select().from(sessions).where(eq(sessions.tokenHash, hashAuthKey(user.authKey)));
    expect(stored).toMatchObject({ userId: user.userId, revokedAt: null });
    expect(JSON.stringify(await database.db.select().from(sessions))).not.toContain(user.authKey);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, stored!.id));
    expect(audit).toEqual([expect.objectContaining({ entityType: 'session', action: 'sign-in', actorUserId: user.userId })]);

    const again = await verify(FINANCE, code);
    expect(again.status).toBe(401);
    expect(again.body.detail).toBe('This code can no longer be used. Request a new code.');
  });

  it('gives Super Admin every permission and a staff user without a role none', async () => {
    t.clock.advance(3_600_000);
    const admin = await signIn(t, SUPER_ADMIN);
    expect(admin.permissions).toEqual([...allPermissions].sort());
    const noRole = await signIn(t, NO_ROLE);
    expect(noRole.permissions).toEqual([]);
  });

  it('only the latest code counts after a resend', async () => {
    t.clock.advance(3_600_000);
    const number = '9000000002';
    await send(number);
    const first = t.lastCode(number)!;
    t.clock.advance(31_000);
    await send(number);
    const second = t.lastCode(number)!;
    if (first !== second) expect((await verify(number, first)).status).toBe(401);
    expect((await verify(number, second)).status).toBe(200);
  });

  it('takes the latest code even when two codes are sent in the same millisecond, and signs in again right after', async () => {
    t.clock.advance(3_600_000);
    const number = '9000000003';
    // The test clock stands still: every code of this test is sent at the same time.
    const codes: string[] = [];
    for (let i = 0; i < 2; i++) {
      expect((await send(number)).status).toBe(202);
      codes.push(t.lastCode(number)!);
    }
    if (codes[0] !== codes[1]) expect((await verify(number, codes[0]!)).status).toBe(401);
    expect((await verify(number, codes[1]!)).status).toBe(200);
    // A second sign-in of the same number at once (another tab) works the same way.
    expect((await send(number)).status).toBe(202);
    expect((await verify(number, t.lastCode(number)!)).status).toBe(200);
  });

  it('refuses inactive staff: no code is sent, and a deactivated user cannot verify', async () => {
    t.clock.advance(3_600_000);
    await send(INACTIVE_STAFF);
    expect(t.lastCode(INACTIVE_STAFF)).toBeUndefined();
    expect((await verify(INACTIVE_STAFF, '123456')).status).toBe(401);

    // A user deactivated between send and verify cannot use the code either.
    const number = '9000000006';
    await send(number);
    const code = t.lastCode(number)!;
    const [user] = await database.db.select().from(users).where(eq(users.mobileNumber, number));
    await database.db.update(czoUsers).set({ isActive: false }).where(eq(czoUsers.userId, user!.id));
    try {
      const response = await verify(number, code);
      expect(response.status).toBe(401);
    } finally {
      await database.db.update(czoUsers).set({ isActive: true }).where(eq(czoUsers.userId, user!.id));
    }
  });

  it('refuses bad input with 400 problem+json and field paths, writing nothing', async () => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(otpChallenges);
    const badNumber = await call(t, 'POST', sessionPaths.sendOtp, { body: { mobileNumber: '12345' }, client: uniqueClient() });
    expect(badNumber.status).toBe(400);
    expect(badNumber.contentType).toBe('application/problem+json');
    expect(badNumber.body.errors).toEqual([{ path: 'mobileNumber', message: 'Enter a valid 10-digit Indian mobile number' }]);
    const missing = await call(t, 'POST', sessionPaths.sendOtp, { body: {}, client: uniqueClient() });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].path).toBe('mobileNumber');
    const unknownKey = await call(t, 'POST', sessionPaths.sendOtp, { body: { mobileNumber: SUPER_ADMIN, isAdmin: true }, client: uniqueClient() });
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.body.errors).toEqual([{ path: 'isAdmin', message: 'Unknown field' }]);
    const malformed = await call(t, 'POST', sessionPaths.sendOtp, { rawBody: '{"mobileNumber": ', client: uniqueClient() });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ status: 400, title: 'Malformed JSON' });
    const badOtp = await call(t, 'POST', sessionPaths.verifyOtp, { body: { mobileNumber: SUPER_ADMIN, otp: '12ab' }, client: uniqueClient() });
    expect(badOtp.status).toBe(400);
    expect(badOtp.body.errors).toEqual([{ path: 'otp', message: 'Enter the 6-digit code' }]);
    const after = await database.db.select({ n: sql<number>`count(*)::int` }).from(otpChallenges);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
