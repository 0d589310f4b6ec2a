// Housekeeping on the job queue: each sweep is a job queued once per period (whichever process gets there first),
// so several server processes never sweep twice and a sweep that fails is retried like any job.
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { ALWAYS_AUDITED_ACTIONS, ALWAYS_AUDITED_ENTITY_TYPES } from '@domain/audit-policy';
import { deleteOldBulkRuns } from '@server/bulk-runs/bulk-run-store';
import type { Database } from '@server/db/database';
import { otpChallenges, sessions } from '@server/db/schema';
import { deleteExpiredIdempotencyKeys } from '@server/http/idempotency';
import { moveDownload, downloadsTable } from '@server/downloads/download-state';
import type { FileStore } from '@server/uploads/file-store';
import { rowsOf } from '@server/db/rows';
import { deleteFinishedJobs } from './job-queue';
import type { JobHandler, ScheduledJob } from './job-worker';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** Kinds of the housekeeping jobs. */
export const HOUSEKEEPING = {
  idempotencyKeys: 'housekeeping.idempotency-keys',
  sessions: 'housekeeping.sessions',
  downloads: 'housekeeping.downloads',
  auditRetention: 'housekeeping.audit-retention',
  bulkRuns: 'housekeeping.bulk-runs',
} as const;

/** Every sweep, hourly. */
export const housekeepingSchedule: readonly ScheduledJob[] = Object.values(HOUSEKEEPING).map((kind) => ({ kind, everyMs: HOUR }));

/** What the sweeps need. */
export interface HousekeepingDeps {
  store: FileStore;
  /** Folder of export files being written (leftovers of killed workers are deleted after a day). */
  exportTempDir: string;
  /** Days a ready download's file is kept. */
  retentionDays: number;
  /** Days a bulk run and its records' results are kept. */
  bulkRunRetentionDays: number;
}

/** Deletes sessions ended (expired or revoked) a day ago and one-time codes expired a day ago; answers the counts. */
export async function deleteEndedSessions(db: Database, now: Date): Promise<{ sessions: number; codes: number }> {
  const before = new Date(now.getTime() - DAY);
  const s = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before))))
    .returning({ id: sessions.id });
  const c = await db.delete(otpChallenges).where(lt(otpChallenges.expiresAt, before)).returning({ id: otpChallenges.id });
  return { sessions: s.length, codes: c.length };
}

/**
 * Deletes the files of downloads ready for longer than the retention period (the download moves to EXPIRED: its
 * machine's EXPIRE; a retry makes the file again), leftovers of killed exports (temporary files, the store's
 * half-written files), and finished jobs a week old.
 */
export async function expireOldDownloads(db: Database, deps: Pick<HousekeepingDeps, 'store' | 'exportTempDir' | 'retentionDays'>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - deps.retentionDays * DAY);
  let expired = 0;
  for (;;) {
    const batch = await db
      .select({ id: downloadsTable.id, filePath: downloadsTable.filePath })
      .from(downloadsTable)
      .where(and(inArray(downloadsTable.status, ['READY']), lt(downloadsTable.finishedAt, before)))
      .limit(500);
    if (batch.length === 0) break;
    for (const row of batch) {
      if (row.filePath) await deps.store.delete(String(row.filePath)).catch(() => false);
      if (await moveDownload(db, Number(row.id), { type: 'EXPIRE' }, { filePath: null }, now)) expired += 1;
    }
    if (batch.length < 500) break;
  }
  try {
    for (const name of await readdir(deps.exportTempDir)) {
      const file = path.join(deps.exportTempDir, name);
      const info = await stat(file);
      if (info.mtimeMs < now.getTime() - DAY) await rm(file, { force: true });
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // Chunks of files whose writing died half-way (a store in the database).
  await deps.store.sweep?.(new Date(now.getTime() - DAY));
  await deleteFinishedJobs(db, new Date(now.getTime() - 7 * DAY));
  return expired;
}

/** Rows of one delete of audit retention (each batch its own statement: no transaction is held across batches). */
const AUDIT_RETENTION_BATCH = 5_000;

/**
 * Audit retention: for each active audit configuration, deletes its entity type's audit rows older than its
 * retention days, in batches. The always-audited entity types and actions (domain/audit-policy.ts) are kept
 * whatever their configuration says. Answers the rows deleted per entity type.
 */
export async function deleteExpiredAuditRows(db: Database, now: Date): Promise<Record<string, number>> {
  const configs = rowsOf<{ entity_type: string; retention_days: number }>(
    await db.execute(sql`select entity_type, retention_days from audit_configurations where is_active order by entity_type`),
  );
  const deleted: Record<string, number> = {};
  for (const config of configs) {
    if (ALWAYS_AUDITED_ENTITY_TYPES.includes(config.entity_type)) continue;
    const before = new Date(now.getTime() - Number(config.retention_days) * DAY).toISOString();
    for (;;) {
      const batch = rowsOf<{ id: string }>(
        await db.execute(sql`
          delete from audit_log where id in (
            select id from audit_log
            where entity_type = ${config.entity_type} and created_at < ${before}::timestamptz and action <> all(${sql.param([...ALWAYS_AUDITED_ACTIONS])}::text[])
            limit ${AUDIT_RETENTION_BATCH})
          returning id`),
      );
      if (batch.length > 0) deleted[config.entity_type] = (deleted[config.entity_type] ?? 0) + batch.length;
      if (batch.length < AUDIT_RETENTION_BATCH) break;
    }
  }
  return deleted;
}

/** The housekeeping handlers. */
export function housekeepingHandlers(deps: HousekeepingDeps): Record<string, JobHandler> {
  return {
    [HOUSEKEEPING.idempotencyKeys]: { run: async ({ db, now }) => void (await deleteExpiredIdempotencyKeys(db, now())) },
    [HOUSEKEEPING.sessions]: { run: async ({ db, now }) => void (await deleteEndedSessions(db, now())) },
    [HOUSEKEEPING.downloads]: { run: async ({ db, now }) => void (await expireOldDownloads(db, deps, now())) },
    [HOUSEKEEPING.auditRetention]: { run: async ({ db, now }) => void (await deleteExpiredAuditRows(db, now())) },
    [HOUSEKEEPING.bulkRuns]: { run: async ({ db, now }) => void (await deleteOldBulkRuns(db, new Date(now().getTime() - deps.bulkRunRetentionDays * DAY))) },
  };
}
