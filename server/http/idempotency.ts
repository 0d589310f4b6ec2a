// Idempotency-Key support for POST routes with an effect: the first request with a key runs and its answer is
// stored in the same transaction as its effect; a repeat with the same key and the same request gets the stored
// answer (header Idempotent-Replayed: true) and no second effect; the same key with another request is refused
// (422). The key row is inserted before the effect, inside the transaction, so two identical requests at once
// serialise on the (user, key) unique index: the second waits for the first and then replays its answer. Only
// successful (2xx) answers are stored: a request that fails rolls back with its key and may be sent again.
// Keys are kept a day (IDEMPOTENCY_KEY_TTL_MS); the server process deletes older ones on a timer.
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Database } from '@server/db/database';
import { idempotencyKeys } from '@server/db/tables/idempotency';
import type { AppEnv } from './app-env';
import { HttpProblem, validationProblem } from './problem';

/** The request header carrying the key. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Problem type of a key reused for a different request. */
export const idempotencyMismatchType = '/problems/idempotency-key-reused';
/** How long a key and its answer are kept (a day): a retry later than that runs again. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How often the server process deletes expired keys (hourly). */
export const IDEMPOTENCY_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** A request that carries an idempotency key. */
export interface IdempotentRequest {
  key: string;
  userId: string;
  method: string;
  path: string;
  requestHash: string;
}

/** An answer to send (or that was stored). */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** The request's key, or null when it sent none (400 for a malformed key). */
export function idempotentRequestOf(c: Context<AppEnv>, userId: string, body: unknown): IdempotentRequest | null {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return null;
  if (!/^[\x21-\x7e]{8,200}$/.test(key)) {
    throw validationProblem([{ path: IDEMPOTENCY_HEADER, message: 'Send 8 to 200 visible ASCII characters' }], 'The Idempotency-Key header is not valid.');
  }
  const method = c.req.method;
  const path = c.req.path;
  const requestHash = createHash('sha256').update(JSON.stringify([method, path, body ?? null])).digest('hex');
  return { key, userId, method, path, requestHash };
}

function mismatch(): HttpProblem {
  return new HttpProblem({
    type: idempotencyMismatchType,
    status: 422,
    title: 'Idempotency key reused',
    detail: 'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  });
}

/** The stored answer of the key, if one is stored (422 when it was stored for a different request). */
export async function storedAnswer(db: Database, request: IdempotentRequest): Promise<StoredAnswer | null> {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, status: idempotencyKeys.responseStatus, body: idempotencyKeys.responseBody })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
  if (!row) return null;
  if (row.requestHash !== request.requestHash) throw mismatch();
  return { status: row.status, body: row.body };
}

/**
 * Inside the effect's transaction, before the effect: claims the key. Answers null when this request now owns it
 * (run the effect, then `saveAnswer`), or the stored answer when another request with the key committed first.
 */
export async function claimKey(tx: Database, request: IdempotentRequest, now: Date): Promise<StoredAnswer | null> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ key: request.key, userId: request.userId, method: request.method, path: request.path, requestHash: request.requestHash, responseStatus: 0, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (inserted.length > 0) return null;
  const stored = await storedAnswer(tx, request);
  if (!stored) throw new Error('idempotency key conflict without a stored row');
  return stored;
}

/** Stores the answer of the request that claimed the key (same transaction as the effect). */
export async function saveAnswer(tx: Database, request: IdempotentRequest, answer: StoredAnswer): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: answer.status, responseBody: sql`${JSON.stringify(answer.body ?? null)}::jsonb` })
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
}

/** The response of a stored answer, marked as a replay. */
export function replay(c: Context<AppEnv>, answer: StoredAnswer): Response {
  c.header('Idempotent-Replayed', 'true');
  return c.json(answer.body as object, answer.status as 200);
}

/**
 * Runs `work` in one transaction, idempotently when the request carries a key: a stored answer is replayed,
 * otherwise the key is claimed first, then the effect runs and its answer is stored with it.
 */
export async function idempotent(
  c: Context<AppEnv>,
  db: Database,
  userId: string,
  body: unknown,
  now: Date,
  work: (tx: Database) => Promise<StoredAnswer>,
): Promise<Response> {
  const request = idempotentRequestOf(c, userId, body);
  if (request) {
    const done = await storedAnswer(db, request);
    if (done) return replay(c, done);
  }
  const result = await db.transaction(async (tx) => {
    if (request) {
      const stored = await claimKey(tx, request, now);
      if (stored) return { replayed: true, answer: stored };
    }
    const answer = await work(tx);
    if (request) await saveAnswer(tx, request, answer);
    return { replayed: false, answer };
  });
  return result.replayed ? replay(c, result.answer) : c.json(result.answer.body as object, result.answer.status as 200);
}

/** Deletes the keys stored more than `ttlMs` (default IDEMPOTENCY_KEY_TTL_MS) before `now`; answers how many. */
export async function deleteExpiredIdempotencyKeys(db: Database, now: Date, ttlMs = IDEMPOTENCY_KEY_TTL_MS): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - ttlMs)))
    .returning({ id: idempotencyKeys.id });
  return deleted.length;
}

/** Options of startIdempotencyKeyCleanup. */
export interface IdempotencyCleanupOptions {
  db: Database;
  /** The clock (default `() => new Date()`). */
  now?: () => Date;
  /** Time between sweeps (default IDEMPOTENCY_CLEANUP_INTERVAL_MS). */
  intervalMs?: number;
  /** Where a failed sweep is reported (default console.error). */
  onError?: (error: unknown) => void;
}

/** A running cleanup: its timer (unref'd) and how to stop it. */
export interface IdempotencyCleanup {
  readonly timer: NodeJS.Timeout;
  /** Clears the timer and waits for a sweep in progress, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Deletes expired idempotency keys now and then every `intervalMs`. The timer never keeps the process alive
 * (unref); a sweep that fails is reported and the next one tries again.
 */
export function startIdempotencyKeyCleanup({ db, now = () => new Date(), intervalMs = IDEMPOTENCY_CLEANUP_INTERVAL_MS, onError = (e) => console.error('[idempotency] cleanup failed:', e) }: IdempotencyCleanupOptions): IdempotencyCleanup {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const sweep = () => {
    if (stopped) return;
    running = running.then(() => (stopped ? undefined : deleteExpiredIdempotencyKeys(db, now()).then(() => undefined, onError)));
  };
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  sweep();
  return {
    timer,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
