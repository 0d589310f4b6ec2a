import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, max, min, sql } from 'drizzle-orm';
import type { SendOtpResponse } from '@domain/session';
import type { ResolvedDeps } from '@server/app-deps';
import { writeAudit } from '@server/audit/write-audit';
import type { Database } from '@server/db/database';
import { czoUsers, otpChallenges, users } from '@server/db/schema';
import { HttpProblem, problemTypes, unauthorizedProblem } from '@server/http/problem';
import { MASKED_CODE, numberChangeMessage, otpMessage } from '@server/sms/otp-message';
import { sendSms } from '@server/sms/send-sms';
import { blockIfTooManyBurntCodes, isNumberBlocked, lastUnblockedAt, laterOf, numberBlockedProblem } from './blocked-numbers';
import { generateOtpCode, hashesEqual, hashOtpCode } from './hashing';
import { createSession } from './session-service';

/** The detail of every refusal where the code cannot be used any more (burnt, expired, used, none). */
export const OTP_UNUSABLE_DETAIL = 'This code can no longer be used. Request a new code.';

/** The detail of a wrong code with tries left. */
export function otpIncorrectDetail(attemptsLeft: number): string {
  return `Incorrect code. ${attemptsLeft} attempt${attemptsLeft === 1 ? '' : 's'} left.`;
}

/** Message of the send-otp answer, the same whether or not the number belongs to staff. */
export const OTP_SENT_MESSAGE = 'If this number belongs to an active staff account, a sign-in code has been sent to it.';

// Serialises concurrent sends and verifies of one number (and sends of one client), so counts and
// attempt increments cannot race past the limits. Transaction-scoped: released on commit.
async function lockKey(tx: Database, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

async function activeStaffId(db: Database, mobileNumber: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(czoUsers, eq(czoUsers.userId, users.id))
    .where(and(eq(users.mobileNumber, mobileNumber), eq(users.isActive, true), eq(czoUsers.isActive, true)))
    .limit(1);
  return row?.id;
}

function humanDuration(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

function rateLimited(detailStart: string, retryAfterSeconds: number): HttpProblem {
  return new HttpProblem(
    {
      type: problemTypes.rateLimited,
      status: 429,
      title: 'Too Many Requests',
      detail: `${detailStart} Try again in ${humanDuration(retryAfterSeconds)}.`,
    },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** The purpose of sign-in codes. */
const SIGN_IN = 'sign-in';

type Issued = { limited: 'number' | 'client'; retryAfter: number } | { limited: null; code: string };

/**
 * In the caller's transaction: applies the per-number and per-client send limits, then stores a new code for
 * `purpose` as a keyed hash and answers it (to be sent after the commit).
 */
async function issueChallenge(tx: Database, deps: ResolvedDeps, mobileNumber: string, clientAddress: string, purpose: string): Promise<Issued> {
  const { otp } = deps.config;
  const now = deps.now();
  const windowMs = otp.sendWindowMinutes * 60_000;
  const windowStart = new Date(now.getTime() - windowMs);
  const retryAfter = (oldest: Date | null) => Math.max(1, Math.ceil(((oldest?.getTime() ?? now.getTime()) + windowMs - now.getTime()) / 1000));
  await lockKey(tx, `otp:number:${mobileNumber}`);
  await lockKey(tx, `otp:client:${clientAddress}`);
  // An unblock by staff restarts the number's count (server/auth/blocked-numbers.ts).
  const numberWindowStart = laterOf(windowStart, await lastUnblockedAt(tx, mobileNumber));
  const [perNumber] = await tx
    .select({ sends: count(), oldest: min(otpChallenges.createdAt), latest: max(otpChallenges.createdAt) })
    .from(otpChallenges)
    .where(and(eq(otpChallenges.mobileNumber, mobileNumber), gt(otpChallenges.createdAt, numberWindowStart)));
  if (perNumber && perNumber.sends >= otp.sendsPerNumber) return { limited: 'number', retryAfter: retryAfter(perNumber.oldest) };
  const [perClient] = await tx
    .select({ sends: count(), oldest: min(otpChallenges.createdAt) })
    .from(otpChallenges)
    .where(and(eq(otpChallenges.clientAddress, clientAddress), gt(otpChallenges.createdAt, windowStart)));
  if (perClient && perClient.sends >= otp.sendsPerClient) return { limited: 'client', retryAfter: retryAfter(perClient.oldest) };
  const id = randomUUID();
  const code = generateOtpCode();
  await tx.insert(otpChallenges).values({
    id,
    mobileNumber,
    purpose,
    codeHash: hashOtpCode(otp.pepper, id, code),
    expiresAt: new Date(now.getTime() + otp.ttlSeconds * 1000),
    clientAddress,
    // Verify takes the number's latest code, so its codes must not share a time: one issued in the same millisecond
    // as the number's previous code (a double click; a test clock) is stamped just after it.
    createdAt: perNumber?.latest && perNumber.latest.getTime() >= now.getTime() ? new Date(perNumber.latest.getTime() + 1) : now,
  });
  return { limited: null, code };
}

function throwIfLimited(issued: { limited: 'number' | 'client' | null; retryAfter?: number }): void {
  if (issued.limited === 'number') throw rateLimited('Too many codes were requested for this number.', issued.retryAfter!);
  if (issued.limited === 'client') throw rateLimited('Too many codes were requested from this network.', issued.retryAfter!);
}

type Checked = { ok: true; challengeId: string } | { ok: false; detail: string; type: string };

/**
 * In the caller's transaction: checks `code` against the number's latest code of `purpose`. A wrong code (or one
 * the caller may not use: `usable` false) counts an attempt; a burnt, expired, used or missing one is unusable.
 * A right one is consumed. Refusals are answered, not thrown, so the attempt counter commits.
 */
async function checkChallenge(tx: Database, deps: ResolvedDeps, mobileNumber: string, code: string, purpose: string, usable: boolean): Promise<Checked> {
  const { otp } = deps.config;
  const now = deps.now();
  await lockKey(tx, `otp:number:${mobileNumber}`);
  const [challenge] = await tx
    .select()
    .from(otpChallenges)
    .where(and(eq(otpChallenges.mobileNumber, mobileNumber), eq(otpChallenges.purpose, purpose)))
    .orderBy(desc(otpChallenges.createdAt))
    .limit(1);
  if (!challenge || challenge.consumedAt || challenge.expiresAt.getTime() <= now.getTime() || challenge.attempts >= otp.maxAttempts) {
    return { ok: false, detail: OTP_UNUSABLE_DETAIL, type: problemTypes.otpUnusable };
  }
  const matches = hashesEqual(hashOtpCode(otp.pepper, challenge.id, code), challenge.codeHash);
  if (!matches || !usable) {
    const attempts = challenge.attempts + 1;
    await tx.update(otpChallenges).set({ attempts }).where(eq(otpChallenges.id, challenge.id));
    const left = otp.maxAttempts - attempts;
    // A burnt sign-in code may block the number (server/auth/blocked-numbers.ts); it commits with the attempt.
    if (left <= 0 && purpose === SIGN_IN) await blockIfTooManyBurntCodes(tx, deps, mobileNumber, purpose);
    return left > 0 ? { ok: false, detail: otpIncorrectDetail(left), type: problemTypes.otpIncorrect } : { ok: false, detail: `Incorrect code. ${OTP_UNUSABLE_DETAIL}`, type: problemTypes.otpUnusable };
  }
  await tx.update(otpChallenges).set({ consumedAt: now }).where(eq(otpChallenges.id, challenge.id));
  return { ok: true, challengeId: challenge.id };
}

/**
 * Starts a sign-in: applies the per-number and per-client send limits (429 with Retry-After), stores a new
 * code as a keyed hash, and sends it only when the number belongs to active staff. Known and unknown
 * numbers get the same answer and the same limits, so the answer does not tell who is staff.
 */
export async function sendOtp(deps: ResolvedDeps, mobileNumber: string, clientAddress: string): Promise<SendOtpResponse> {
  const { otp } = deps.config;
  const outcome = await deps.db.transaction(async (tx) => {
    // Blocked numbers are refused alike, staff or not (and unknown numbers are blocked by the same rule).
    if (await isNumberBlocked(tx, mobileNumber)) return { limited: 'blocked' as const };
    const issued = await issueChallenge(tx, deps, mobileNumber, clientAddress, SIGN_IN);
    // Unknown numbers get a challenge too: it counts for the limits and answers verify like any other.
    return issued.limited ? issued : { ...issued, staffId: await activeStaffId(tx, mobileNumber) };
  });

  if (outcome.limited === 'blocked') throw numberBlockedProblem();
  throwIfLimited(outcome);
  if (!outcome.limited && outcome.staffId) {
    await sendSms(deps, mobileNumber, otpMessage(outcome.code, otp.ttlSeconds), otpMessage(MASKED_CODE, otp.ttlSeconds), 'czo-sign-in-otp');
  }
  return { message: OTP_SENT_MESSAGE, resendAfterSeconds: otp.resendAfterSeconds, expiresInSeconds: otp.ttlSeconds };
}

/**
 * Checks a code against the number's latest challenge. Wrong: counts the attempt (401 with attempts left);
 * burnt, expired, used or none: 401 "no longer be used". Right: consumes the code, creates a session and
 * writes the sign-in audit row in one transaction, and returns the new key and user id.
 */
export async function verifyOtp(
  deps: ResolvedDeps,
  input: { mobileNumber: string; otp: string },
  meta: { clientAddress: string; userAgent: string | undefined },
): Promise<{ userId: string; authKey: string }> {
  const now = deps.now();
  // Refusals are returned, not thrown, so the attempt counter commits.
  const result = await deps.db.transaction(async (tx) => {
    // A code sent before the number was blocked does not sign in either.
    if (await isNumberBlocked(tx, input.mobileNumber)) return { ok: false as const, blocked: true as const };
    const staffId = await activeStaffId(tx, input.mobileNumber);
    const checked = await checkChallenge(tx, deps, input.mobileNumber, input.otp, SIGN_IN, staffId !== undefined);
    if (!checked.ok || !staffId) return { ...checked, ok: false as const, detail: checked.ok ? OTP_UNUSABLE_DETAIL : checked.detail, type: checked.ok ? problemTypes.otpUnusable : checked.type };
    const { sessionId, authKey } = await createSession(tx, deps, staffId, meta);
    await writeAudit(
      tx,
      { entityType: 'session', entityId: sessionId, actorUserId: staffId, action: 'sign-in', changes: { clientAddress: meta.clientAddress } },
      now,
    );
    return { ok: true as const, userId: staffId, authKey };
  });
  if (!result.ok && 'blocked' in result) throw numberBlockedProblem();
  if (!result.ok) throw unauthorizedProblem(result.detail, result.type);
  return { userId: result.userId, authKey: result.authKey };
}

/** The purpose of a code confirming `userId`'s new sign-in number. */
export const numberChangePurpose = (userId: string) => `change-number:${userId}`;

/** Sends a code to the new number of a user (send limits as for sign-in); the change is confirmed with it. */
export async function sendNumberChangeCode(deps: ResolvedDeps, userId: string, newNumber: string, clientAddress: string): Promise<{ expiresInSeconds: number; resendAfterSeconds: number }> {
  const { otp } = deps.config;
  const issued = await deps.db.transaction((tx) => issueChallenge(tx, deps, newNumber, clientAddress, numberChangePurpose(userId)));
  throwIfLimited(issued);
  if (!issued.limited) {
    await sendSms(deps, newNumber, numberChangeMessage(issued.code, otp.ttlSeconds), numberChangeMessage(MASKED_CODE, otp.ttlSeconds), 'czo-change-number-otp');
  }
  return { expiresInSeconds: otp.ttlSeconds, resendAfterSeconds: otp.resendAfterSeconds };
}

/**
 * In the caller's transaction: checks the code sent to `newNumber` for `userId`'s change. A refusal is answered:
 * the caller commits its transaction before refusing, so the attempt it counted stays counted.
 */
export async function checkNumberChangeCode(tx: Database, deps: ResolvedDeps, userId: string, newNumber: string, code: string): Promise<Checked> {
  return checkChallenge(tx, deps, newNumber, code, numberChangePurpose(userId), true);
}
