// The job queue's statements. Each is one short statement (its own transaction): a claim takes the oldest due job
// with FOR UPDATE SKIP LOCKED, so two workers (in one process or many) never take the same one, and nothing here
// holds a transaction while a job works (PGlite has one connection: an open transaction would stop every request).
// Times come from the caller's clock, so tests move a lease past its end instead of sleeping.
import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { backgroundJobs, type JobState } from '@server/db/tables/background-jobs';
import { rowsOf } from '@server/db/rows';

/** A job as read from the table. */
export type JobRow = typeof backgroundJobs.$inferSelect;

/** What a new job carries. */
export interface EnqueueInput {
  kind: string;
  payload?: Record<string, unknown>;
  ownerId?: string | null;
  subject?: string | null;
  /** At most one job with this key is ever created while one is queued or running (and, with `once`, ever). */
  dedupeKey?: string | null;
  /** Also skip when a finished job has the key (a sweep per hour: the key names the hour). Default false. */
  once?: boolean;
  maxAttempts?: number;
  runAfter?: Date;
}

/** Adds a job; answers its id, or undefined when a job with the same dedupe key is already there. */
export async function enqueueJob(db: Database, input: EnqueueInput, now: Date): Promise<number | undefined> {
  const key = input.dedupeKey ?? null;
  const values = sql`${input.kind}, 'queued', ${JSON.stringify(input.payload ?? {})}::jsonb, ${input.ownerId ?? null}::uuid, ${input.subject ?? null},
    ${key}, ${input.maxAttempts ?? 3}, ${(input.runAfter ?? now).toISOString()}::timestamptz, ${now.toISOString()}::timestamptz`;
  const guard = key && input.once ? sql`where not exists (select 1 from background_jobs where dedupe_key = ${key})` : sql``;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into background_jobs (kind, state, payload, owner_id, subject, dedupe_key, max_attempts, run_after, created_at)
      select ${values} ${guard}
      on conflict (dedupe_key) where state in ('queued', 'running') do nothing
      returning id`),
  );
  return rows[0] ? Number(rows[0].id) : undefined;
}

/** Options of a claim. */
export interface ClaimOptions {
  workerId: string;
  /** How long the claim holds without renewal. */
  leaseMs: number;
  now: Date;
  /** Only these kinds (default any). */
  kinds?: readonly string[];
}

/** Takes the oldest due queued job (skipping rows another worker is taking this instant), or undefined. */
export async function claimJob(db: Database, { workerId, leaseMs, now, kinds }: ClaimOptions): Promise<JobRow | undefined> {
  const kindFilter = kinds && kinds.length > 0 ? sql`and kind in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})` : sql``;
  const [job] = await db
    .update(backgroundJobs)
    .set({ state: 'running', attempts: sql`${backgroundJobs.attempts} + 1`, workerId, leaseUntil: new Date(now.getTime() + leaseMs), startedAt: now, cancelRequested: false })
    .where(
      eq(
        backgroundJobs.id,
        sql`(select id from background_jobs where state = 'queued' and run_after <= ${now.toISOString()}::timestamptz ${kindFilter}
             order by run_after, id limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return job;
}

/** What a renewal found: whether the worker still holds the job, and whether someone asked to cancel it. */
export interface Renewal {
  held: boolean;
  cancelRequested: boolean;
}

/** Extends the lease of a running job this worker holds and records its progress. */
export async function renewLease(db: Database, job: Pick<JobRow, 'id'>, workerId: string, leaseMs: number, now: Date, progress?: { done: number; total?: number | null }): Promise<Renewal> {
  const [row] = await db
    .update(backgroundJobs)
    .set({
      leaseUntil: new Date(now.getTime() + leaseMs),
      ...(progress ? { progress: progress.done, ...(progress.total !== undefined ? { progressTotal: progress.total } : {}) } : {}),
    })
    .where(and(eq(backgroundJobs.id, job.id), eq(backgroundJobs.state, 'running'), eq(backgroundJobs.workerId, workerId)))
    .returning({ cancelRequested: backgroundJobs.cancelRequested });
  return row ? { held: true, cancelRequested: row.cancelRequested } : { held: false, cancelRequested: false };
}

/** Ends a job this worker holds as done or cancelled; false when it no longer held it. */
export async function finishJob(db: Database, job: Pick<JobRow, 'id'>, workerId: string, state: Extract<JobState, 'done' | 'cancelled'>, now: Date): Promise<boolean> {
  const rows = await db
    .update(backgroundJobs)
    .set({ state, finishedAt: now, leaseUntil: null })
    .where(and(eq(backgroundJobs.id, job.id), eq(backgroundJobs.state, 'running'), eq(backgroundJobs.workerId, workerId)))
    .returning({ id: backgroundJobs.id });
  return rows.length > 0;
}

/** Back-off before attempt n+1: 5 s, 20 s, 80 s, … (capped at 15 minutes). */
export function backoffMs(attempts: number): number {
  return Math.min(15 * 60_000, 5_000 * 4 ** Math.max(0, attempts - 1));
}

/**
 * A job failed: queued again after its back-off while attempts remain, else failed for good. Answers the state it
 * went to (undefined when the worker no longer held it).
 */
export async function failJob(db: Database, job: Pick<JobRow, 'id' | 'attempts' | 'maxAttempts'>, workerId: string, error: string, now: Date, options: { retry?: boolean } = {}): Promise<JobState | undefined> {
  const again = (options.retry ?? true) && job.attempts < job.maxAttempts;
  const rows = await db
    .update(backgroundJobs)
    .set(
      again
        ? { state: 'queued', runAfter: new Date(now.getTime() + backoffMs(job.attempts)), leaseUntil: null, workerId: null, lastError: error.slice(0, 500) }
        : { state: 'failed', finishedAt: now, leaseUntil: null, lastError: error.slice(0, 500) },
    )
    .where(and(eq(backgroundJobs.id, job.id), eq(backgroundJobs.state, 'running'), eq(backgroundJobs.workerId, workerId)))
    .returning({ state: backgroundJobs.state });
  return rows[0]?.state;
}

/**
 * Running jobs whose lease has passed (their worker died or hung): queued again at once while attempts remain,
 * else failed. Answers the jobs moved, with the state each went to.
 */
export async function requeueExpired(db: Database, now: Date): Promise<{ id: number; kind: string; subject: string | null; state: JobState }[]> {
  return db
    .update(backgroundJobs)
    .set({
      state: sql`case when ${backgroundJobs.attempts} < ${backgroundJobs.maxAttempts} then 'queued' else 'failed' end`,
      runAfter: now,
      leaseUntil: null,
      workerId: null,
      finishedAt: sql`case when ${backgroundJobs.attempts} < ${backgroundJobs.maxAttempts} then null else ${now.toISOString()}::timestamptz end`,
      lastError: 'The worker stopped renewing its lease (it stopped or was killed).',
    })
    .where(and(eq(backgroundJobs.state, 'running'), lt(backgroundJobs.leaseUntil, now)))
    .returning({ id: backgroundJobs.id, kind: backgroundJobs.kind, subject: backgroundJobs.subject, state: backgroundJobs.state });
}

/** Cancels the open jobs of a record: queued ones at once, running ones at their next renewal. */
export async function cancelJobsOf(db: Database, kind: string, subject: string, now: Date): Promise<void> {
  await db
    .update(backgroundJobs)
    .set({ state: 'cancelled', finishedAt: now })
    .where(and(eq(backgroundJobs.kind, kind), eq(backgroundJobs.subject, subject), eq(backgroundJobs.state, 'queued')));
  await db
    .update(backgroundJobs)
    .set({ cancelRequested: true })
    .where(and(eq(backgroundJobs.kind, kind), eq(backgroundJobs.subject, subject), eq(backgroundJobs.state, 'running')));
}

/** Deletes finished jobs older than `before` (housekeeping). */
export async function deleteFinishedJobs(db: Database, before: Date): Promise<number> {
  const rows = await db
    .delete(backgroundJobs)
    .where(and(inArray(backgroundJobs.state, ['done', 'failed', 'cancelled']), lte(backgroundJobs.finishedAt, before)))
    .returning({ id: backgroundJobs.id });
  return rows.length;
}
