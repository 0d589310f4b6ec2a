import { randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { ResolvedDeps } from '@server/app-deps';
import { writeAudit } from '@server/audit/write-audit';
import type { Database } from '@server/db/database';
import { czoUsers, sessions, users } from '@server/db/schema';
import { unauthorizedProblem } from '@server/http/problem';
import type { Permission } from '@domain/permissions';
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
 * Refreshes last_seen_at (when it is LAST_SEEN_PRECISION_MS or more behind). A key checked a moment ago is accepted
 * from the in-process copy (auth-cache.ts: a few seconds, cleared by any change to sessions, users, staff or roles);
 * anything the copy would refuse is checked against the database. Throws 401 otherwise.
 */
export async function authenticate(deps: ResolvedDeps, authorization: string | undefined): Promise<AuthenticatedSession> {
  const authKey = bearerKeyOf(authorization);
  if (!authKey) throw unauthorizedProblem('Sign in to continue.');
  const tokenHash = hashAuthKey(authKey);
  const now = deps.now();
  const nowMs = now.getTime();
  const idleMs = deps.config.session.idleMinutes * 60_000;
  const cached = deps.authCache.get(tokenHash, nowMs);
  if (cached && cached.expiresAt > nowMs && cached.lastSeenAt + idleMs >= nowMs) {
    if (nowMs - cached.lastSeenAt >= LAST_SEEN_PRECISION_MS) {
      await touchSession(deps.db, cached.sessionId, now);
      cached.lastSeenAt = nowMs;
    }
    return { sessionId: cached.sessionId, userId: cached.userId, authKey, permissions: cached.permissions as Permission[] };
  }
  const generation = deps.authCache.generation;
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
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row) throw unauthorizedProblem('Your session is not valid. Sign in again.');
  if (row.revokedAt) throw unauthorizedProblem('You have signed out. Sign in again.');
  if (row.expiresAt.getTime() <= nowMs) throw unauthorizedProblem('Your session has expired. Sign in again.');
  if (row.lastSeenAt.getTime() + idleMs < nowMs) {
    throw unauthorizedProblem('Your session expired after a period of inactivity. Sign in again.');
  }
  if (!row.userActive || !row.staffActive) throw unauthorizedProblem('Your account is not active.');
  let lastSeenAt = row.lastSeenAt.getTime();
  if (nowMs - lastSeenAt >= LAST_SEEN_PRECISION_MS) {
    await touchSession(deps.db, row.id, now);
    lastSeenAt = nowMs;
  }
  const permissions = Object.freeze(await permissionsOf(deps.db, row.userId));
  deps.authCache.set(tokenHash, { sessionId: row.id, userId: row.userId, permissions, expiresAt: row.expiresAt.getTime(), lastSeenAt, checkedAt: nowMs }, generation);
  return { sessionId: row.id, userId: row.userId, authKey, permissions: permissions as Permission[] };
}

/** Moves a session's last_seen_at to `now`; never back (a slower request of the same session may finish after a newer one). */
async function touchSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, now)));
}

/** Revokes a session and writes the sign-out audit row in one transaction. */
export async function revokeSession(deps: ResolvedDeps, session: AuthenticatedSession): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, session.sessionId));
    await writeAudit(tx, { entityType: 'session', entityId: session.sessionId, actorUserId: session.userId, action: 'sign-out' }, now);
  });
  deps.authCache.clear();
}
