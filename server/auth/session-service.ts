import { randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { ResolvedDeps } from '@server/app-deps';
import { writeAudit } from '@server/audit/write-audit';
import type { Database } from '@server/db/database';
import { czoUsers, sessions, users } from '@server/db/schema';
import { unauthorizedProblem } from '@server/http/problem';
import type { AuthenticatedSession } from './authenticated-session';
import { generateAuthKey, hashAuthKey } from './hashing';
import { permissionsOf } from './permissions-of';

/**
 * How stale last_seen_at may be before a request refreshes it (1 s). The idle check counts from last_seen_at, so
 * this is also the most a session can be refused before its idle time has passed: the timeout is exact to the
 * second, and a burst of requests (a page load, a list and its lookups) writes once, not once per request.
 */
export const LAST_SEEN_PRECISION_MS = 1_000;

/** Creates a session for the user inside `tx` and returns the bearer key (only its hash is stored). */
export async function createSession(
  tx: Database,
  deps: ResolvedDeps,
  userId: string,
  meta: { clientAddress: string; userAgent: string | undefined },
): Promise<{ sessionId: string; authKey: string }> {
  const now = deps.now();
  const authKey = generateAuthKey();
  const sessionId = randomUUID();
  await tx.insert(sessions).values({
    id: sessionId,
    tokenHash: hashAuthKey(authKey),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + deps.config.session.absoluteHours * 3_600_000),
    clientAddress: meta.clientAddress,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  });
  return { sessionId, authKey };
}

/** The bearer key of an Authorization header, if it has one. */
export function bearerKeyOf(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/**
 * Checks a bearer key: known, not revoked, not idle- or absolute-expired, user and staff record active.
 * Refreshes last_seen_at (when it is LAST_SEEN_PRECISION_MS or more behind) and reads the permissions fresh.
 * Throws 401 otherwise.
 */
export async function authenticate(deps: ResolvedDeps, authorization: string | undefined): Promise<AuthenticatedSession> {
  const authKey = bearerKeyOf(authorization);
  if (!authKey) throw unauthorizedProblem('Sign in to continue.');
  const [row] = await deps.db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      userActive: users.isActive,
      staffActive: czoUsers.isActive,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(czoUsers, eq(czoUsers.userId, sessions.userId))
    .where(eq(sessions.tokenHash, hashAuthKey(authKey)))
    .limit(1);
  const now = deps.now();
  if (!row) throw unauthorizedProblem('Your session is not valid. Sign in again.');
  if (row.revokedAt) throw unauthorizedProblem('You have signed out. Sign in again.');
  if (row.expiresAt.getTime() <= now.getTime()) throw unauthorizedProblem('Your session has expired. Sign in again.');
  const idleMs = deps.config.session.idleMinutes * 60_000;
  if (row.lastSeenAt.getTime() + idleMs < now.getTime()) {
    throw unauthorizedProblem('Your session expired after a period of inactivity. Sign in again.');
  }
  if (!row.userActive || !row.staffActive) throw unauthorizedProblem('Your account is not active.');
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_PRECISION_MS) {
    // Never moves it back: a slower request of the same session may finish after a newer one.
    await deps.db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, row.id), lt(sessions.lastSeenAt, now)));
  }
  return { sessionId: row.id, userId: row.userId, authKey, permissions: await permissionsOf(deps.db, row.userId) };
}

/** Revokes a session and writes the sign-out audit row in one transaction. */
export async function revokeSession(deps: ResolvedDeps, session: AuthenticatedSession): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, session.sessionId));
    await writeAudit(tx, { entityType: 'session', entityId: session.sessionId, actorUserId: session.userId, action: 'sign-out' }, now);
  });
}
