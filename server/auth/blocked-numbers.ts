// Blocked numbers: sign-in refuses them, whoever they belong to. A number is blocked by staff (with a reason) or by
// the sign-in rule below, and unblocked only by staff with a reason. One row per number ever blocked; `blocked`
// says whether it is blocked now, and every block and unblock writes an audit row (the row's history).
//
// The sign-in rule: when a number's sign-in code is burnt (its last allowed wrong attempt), and `blockAfterBurntCodes`
// (OTP_BLOCK_AFTER_BURNT_CODES, default 3) of its sign-in codes created within the send window
// (OTP_SEND_WINDOW_MINUTES, and after the number's last unblock) are burnt, the number is blocked. An unblock also
// restarts the number's send limit, so it can sign in straight away. Unknown numbers get codes and count attempts like
// staff numbers, so a block, and the refusal it causes, tells nothing about who is staff.
import { and, count, eq, gt, gte, sql } from 'drizzle-orm';
import { blockedNumberResource } from '@domain/resources/users/blocked-number';
import type { ResolvedDeps } from '@server/app-deps';
import { writeAudit } from '@server/audit/write-audit';
import type { Database } from '@server/db/database';
import { otpChallenges } from '@server/db/schema';
import { blockedNumbers } from '@server/db/tables/users';
import { HttpProblem } from '@server/http/problem';

/** Problem type of a sign-in refused because the number is blocked. */
export const NUMBER_BLOCKED_TYPE = '/problems/number-blocked';
/** The refusal's detail: the same for every blocked number, staff or not. */
export const NUMBER_BLOCKED_DETAIL = 'This number is blocked from signing in. Ask your administrator to unblock it.';

/** 403 for a sign-in step of a blocked number. */
export function numberBlockedProblem(): HttpProblem {
  return new HttpProblem({ type: NUMBER_BLOCKED_TYPE, status: 403, title: 'Number blocked', detail: NUMBER_BLOCKED_DETAIL });
}

/** True when the number is blocked now. */
export async function isNumberBlocked(db: Database, mobileNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blockedNumbers.id })
    .from(blockedNumbers)
    .where(and(eq(blockedNumbers.mobileNumber, mobileNumber), eq(blockedNumbers.blocked, true)))
    .limit(1);
  return row !== undefined;
}

/** When the number was last unblocked (undefined: never): counts of its sign-in limits start afresh then. */
export async function lastUnblockedAt(db: Database, mobileNumber: string): Promise<Date | undefined> {
  const [row] = await db.select({ at: blockedNumbers.unblockedAt }).from(blockedNumbers).where(eq(blockedNumbers.mobileNumber, mobileNumber)).limit(1);
  return (row?.at as Date | null | undefined) ?? undefined;
}

/** The later of two instants (the start of a count window and the last unblock). */
export function laterOf(a: Date, b: Date | undefined): Date {
  return b && b.getTime() > a.getTime() ? b : a;
}

/** Who blocks, and why. */
export interface BlockInput {
  mobileNumber: string;
  source: 'SIGN_IN_ATTEMPTS' | 'STAFF';
  reason: string;
  /** The staff member who blocks (null: the sign-in rule). */
  actorUserId: string | null;
}

/**
 * In the caller's transaction: blocks the number (a new row, or the number's row blocked again) and writes the audit
 * row. Answers the row's id, or undefined when the number is already blocked (nothing written).
 */
export async function blockNumber(tx: Database, input: BlockInput, now: Date): Promise<number | undefined> {
  const values = { blocked: true, source: input.source, reason: input.reason, blockedAt: now, blockedByUserId: input.actorUserId, updatedAt: now };
  const [row] = await tx
    .insert(blockedNumbers)
    .values({ mobileNumber: input.mobileNumber, ...values, createdAt: now })
    .onConflictDoUpdate({ target: blockedNumbers.mobileNumber, set: values, setWhere: sql`${blockedNumbers.blocked} = false` })
    .returning({ id: blockedNumbers.id });
  if (!row) return undefined;
  await writeAudit(
    tx,
    {
      entityType: blockedNumberResource.name,
      entityId: String(row.id),
      actorUserId: input.actorUserId,
      action: 'block',
      reason: input.reason,
      changes: { blocked: { from: false, to: true }, source: { to: input.source } },
    },
    now,
  );
  return Number(row.id);
}

/**
 * In the caller's transaction, after a sign-in code of the number was burnt: applies the sign-in rule (see the top
 * of this file). Answers true when this call blocked the number.
 */
export async function blockIfTooManyBurntCodes(tx: Database, deps: ResolvedDeps, mobileNumber: string, purpose: string): Promise<boolean> {
  const { otp } = deps.config;
  const now = deps.now();
  // Codes burnt before the last unblock were forgiven by it.
  const windowStart = laterOf(new Date(now.getTime() - otp.sendWindowMinutes * 60_000), await lastUnblockedAt(tx, mobileNumber));
  const [burnt] = await tx
    .select({ n: count() })
    .from(otpChallenges)
    .where(
      and(
        eq(otpChallenges.mobileNumber, mobileNumber),
        eq(otpChallenges.purpose, purpose),
        gt(otpChallenges.createdAt, windowStart),
        gte(otpChallenges.attempts, otp.maxAttempts),
      ),
    );
  if ((burnt?.n ?? 0) < otp.blockAfterBurntCodes) return false;
  const reason = `${burnt!.n} sign-in codes were used up by wrong attempts within ${otp.sendWindowMinutes} minutes.`;
  return (await blockNumber(tx, { mobileNumber, source: 'SIGN_IN_ATTEMPTS', reason, actorUserId: null }, now)) !== undefined;
}
