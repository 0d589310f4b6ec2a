// Workers of the job queue, in the server process (JOB_WORKERS of them; 0 for an API-only process). A worker
// claims a job, runs its handler and ends it; the handler renews the lease as it goes (heartbeat), which is also
// where it learns of a cancel. Idle workers sleep until woken (a job queued in this process, or a notification
// from another one) or until the slow poll, which also takes back the jobs of workers whose lease ran out.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hostname } from 'node:os';
import type { Logger } from '@server/app-deps';
import { logLine } from '@server/app-deps';
import type { Database } from '@server/db/database';
import { loggableError } from '@server/db/database-error';
import { rowsOf } from '@server/db/rows';
import { claimJob, enqueueJob, failJob, finishJob, renewLease, requeueExpired, type JobRow } from './job-queue';

/** Thrown out of a heartbeat when the job was cancelled: the worker ends it as cancelled. */
export class JobCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** Thrown out of a heartbeat when the worker lost the job (its lease ran out and it was taken back). */
export class JobLeaseLost extends Error {
  constructor() {
    super('lease lost');
  }
}

/** Thrown by a handler for a failure that a retry cannot fix (the job fails at once); its message is shown. */
export class JobFailedForGood extends Error {}

/** Thrown by a handler for a failure a retry may fix; its message is shown (other errors show a generic one). */
export class JobError extends Error {}

/** What a handler is given. */
export interface JobContext {
  db: Database;
  job: JobRow;
  now(): Date;
  logger: Logger;
  /** Renews the lease and records progress; throws JobCancelled or JobLeaseLost. Call it between batches. */
  heartbeat(progress?: { done: number; total?: number | null }): Promise<void>;
}

/** Does the work of one kind of job. Throwing fails the attempt (retried with back-off while attempts remain). */
export interface JobHandler {
  run(ctx: JobContext): Promise<void>;
  /** Called after the job is queued again or failed for good, with the state it went to (e.g. to move a download). */
  onFailed?(ctx: { db: Database; job: Pick<JobRow, 'id' | 'subject' | 'ownerId'>; state: string; error: string; now: Date }): Promise<void>;
}

/** A job queued at an interval (housekeeping): one per period across every process. */
export interface ScheduledJob {
  kind: string;
  everyMs: number;
}

/** Options of startJobWorkers. */
export interface JobWorkerOptions {
  db: Database;
  handlers: Readonly<Record<string, JobHandler>>;
  /** Workers in this process (default 1; 0 starts none). */
  count?: number;
  /** Slow poll: how often an idle worker looks anyway, and lease expiry is checked (default 5 s). */
  pollMs?: number;
  /** How long a claim holds without a heartbeat (default 30 s). */
  leaseMs?: number;
  now?: () => Date;
  logger?: Logger;
  schedule?: readonly ScheduledJob[];
  /** Subscribes to wake-ups from other processes (the notification bus); answers the unsubscribe. */
  subscribe?: (onWake: () => void) => () => void;
}

/** Running workers. */
export interface JobWorkers {
  /** Wakes idle workers (a job was just queued). */
  wake(): void;
  /** Resolves when every worker is idle and no due job is left (tests). */
  drain(timeoutMs?: number): Promise<void>;
  /** Stops taking jobs and waits for the running ones to end. */
  stop(): Promise<void>;
  readonly workerIds: readonly string[];
}

const pools = new Set<JobWorkers>();

/** Wakes the idle workers of every pool in this process (call after a commit that queued a job). */
export function wakeJobWorkers(): void {
  for (const pool of pools) pool.wake();
}

/** Starts `count` workers over the queue. */
export function startJobWorkers(options: JobWorkerOptions): JobWorkers {
  const { db, handlers } = options;
  const count = options.count ?? 1;
  const pollMs = options.pollMs ?? 5_000;
  const leaseMs = options.leaseMs ?? 30_000;
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? console;
  const kinds = Object.keys(handlers);
  const processId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const workerIds = Array.from({ length: count }, (_, i) => `${processId}#${i}`);
  let stopped = false;
  let sleepers: (() => void)[] = [];
  const busy = new Set<string>();
  const wakeAll = () => {
    const s = sleepers;
    sleepers = [];
    for (const resolve of s) resolve();
  };
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        sleepers = sleepers.filter((r) => r !== done);
        resolve();
      }, pollMs);
      timer.unref();
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      sleepers.push(done);
    });

  const lastScheduled = new Map<string, number>();
  async function housekeepingTick(): Promise<void> {
    const at = now();
    for (const moved of await requeueExpired(db, at)) {
      logger.warn(logLine('job-lease-expired', { jobId: moved.id, kind: moved.kind, to: moved.state }));
      if (moved.state === 'failed') await handlers[moved.kind]?.onFailed?.({ db, job: { id: moved.id, subject: moved.subject, ownerId: null }, state: 'failed', error: 'The worker stopped.', now: at });
    }
    for (const s of options.schedule ?? []) {
      const period = Math.floor(at.getTime() / s.everyMs);
      if (lastScheduled.get(s.kind) === period) continue;
      lastScheduled.set(s.kind, period);
      await enqueueJob(db, { kind: s.kind, dedupeKey: `${s.kind}@${period}`, once: true, maxAttempts: 2 }, at);
    }
  }

  async function runOne(workerId: string, job: JobRow): Promise<void> {
    const handler = handlers[job.kind]!;
    const ctx: JobContext = {
      db,
      job,
      now,
      logger,
      heartbeat: async (progress) => {
        const renewal = await renewLease(db, job, workerId, leaseMs, now(), progress);
        if (!renewal.held) throw new JobLeaseLost();
        if (renewal.cancelRequested) throw new JobCancelled();
      },
    };
    try {
      await handler.run(ctx);
      await finishJob(db, job, workerId, 'done', now());
    } catch (error) {
      if (error instanceof JobLeaseLost) {
        logger.warn(logLine('job-lease-lost', { jobId: job.id, kind: job.kind, workerId }));
        return;
      }
      if (error instanceof JobCancelled) {
        await finishJob(db, job, workerId, 'cancelled', now());
        return;
      }
      // Only a handler's own words reach the record (a failed query's message lists its parameters).
      const message = error instanceof JobFailedForGood || error instanceof JobError ? error.message : 'Something went wrong while working on it.';
      logger.error(logLine('job-failed', { jobId: job.id, kind: job.kind, attempt: job.attempts, ...loggableError(error) }));
      const state = await failJob(db, job, workerId, message, now(), { retry: !(error instanceof JobFailedForGood) });
      if (state) await handler.onFailed?.({ db, job, state, error: message, now: now() });
    }
  }

  async function loop(workerId: string, index: number): Promise<void> {
    while (!stopped) {
      try {
        if (index === 0) await housekeepingTick();
        let job = await claimJob(db, { workerId, leaseMs, now: now(), kinds });
        while (job && !stopped) {
          busy.add(workerId);
          await runOne(workerId, job);
          busy.delete(workerId);
          job = stopped ? undefined : await claimJob(db, { workerId, leaseMs, now: now(), kinds });
        }
      } catch (error) {
        busy.delete(workerId);
        if (stopped) break;
        logger.error(logLine('job-worker-error', { workerId, ...loggableError(error) }));
      }
      if (!stopped) await sleep();
    }
  }

  const unsubscribe = options.subscribe?.(() => wakeAll());
  const loops = workerIds.map((id, i) => loop(id, i));
  const pool: JobWorkers = {
    workerIds,
    wake: wakeAll,
    async drain(timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        wakeAll();
        await new Promise((r) => setTimeout(r, 25));
        const due = await claimable();
        if (busy.size === 0 && !due) return;
        if (Date.now() > until) throw new Error('Jobs did not finish in time');
      }
    },
    async stop() {
      stopped = true;
      pools.delete(pool);
      unsubscribe?.();
      wakeAll();
      await Promise.all(loops);
    },
  };
  async function claimable(): Promise<boolean> {
    const result = await db.execute(sql`select 1 from background_jobs where state = 'queued' and run_after <= ${now().toISOString()}::timestamptz and kind in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)}) limit 1`);
    return rowsOf(result).length > 0;
  }
  if (count > 0) pools.add(pool);
  return pool;
}
