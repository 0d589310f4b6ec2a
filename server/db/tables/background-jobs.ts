// The job queue's table (server/jobs): exports and housekeeping, claimed with FOR UPDATE SKIP LOCKED, each claim
// leased for a while and renewed as the work goes on, so the jobs of a worker that died go back to the queue.
// ("jobs" is the careers resource's table, hence the longer name.)
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The states of a job. */
export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** One unit of background work. */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** What to do (a handler name: `download.export`, `housekeeping.sessions`, …). */
    kind: text('kind').notNull(),
    state: text('state').$type<JobState>().notNull().default('queued'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** The user the job works for (null: the system). */
    ownerId: uuid('owner_id'),
    /** The record the job works on (e.g. the download's id), so an event on that record finds its job. */
    subject: text('subject'),
    /** At most one queued or running job per key (a housekeeping sweep per hour, an export per download). */
    dedupeKey: text('dedupe_key'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** Not claimed before this instant (back-off after a failure). */
    runAfter: ts('run_after').notNull().defaultNow(),
    /** A running job whose lease has passed is taken back (its worker stopped renewing it). */
    leaseUntil: ts('lease_until'),
    workerId: text('worker_id'),
    progress: integer('progress').notNull().default(0),
    progressTotal: integer('progress_total'),
    /** Set by a cancel while the job runs; the worker stops at its next batch. */
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    check('background_jobs_state_check', sql`${t.state} in ('queued', 'running', 'done', 'failed', 'cancelled')`),
    index('background_jobs_queued_idx').on(t.runAfter, t.id).where(sql`${t.state} = 'queued'`),
    index('background_jobs_running_lease_idx').on(t.leaseUntil).where(sql`${t.state} = 'running'`),
    index('background_jobs_subject_idx').on(t.kind, t.subject),
    index('background_jobs_finished_idx').on(t.finishedAt),
    uniqueIndex('background_jobs_dedupe_key').on(t.dedupeKey).where(sql`${t.state} in ('queued', 'running')`),
  ],
);
