// Diagnostics files are kept DIAGNOSTICS_RETENTION_DAYS from their arrival. The job DIAGNOSTICS_RETENTION_JOB (hourly,
// on the job queue) deletes older ones from the app file store and marks their requests: the file's key gone, when it
// was deleted and the days it was kept, so the console says "File deleted after 90 days" where the download was. The
// request stays in the charger's history with the file's name, size and sha256. A request is marked only once its file
// is gone from the store: a file the store fails to delete stays marked kept and is tried again on the next run.
import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from '@server/app-deps';
import { logLine } from '@server/app-deps';
import type { Database } from '@server/db/database';
import { loggableError } from '@server/db/database-error';
import { rowsOf } from '@server/db/rows';
import { ocppDiagnosticsRequests } from '@server/db/tables/diagnostics';
import type { NotificationBus } from '@server/live/notification-bus';
import type { FileStore } from '@server/uploads/file-store';
import { announceDiagnostics } from './diagnostics-service';

/** Kind of the retention job. */
export const DIAGNOSTICS_RETENTION_JOB = 'diagnostics.retention';

/** Files read and deleted a batch. */
const BATCH = 200;

const DAY_MS = 24 * 60 * 60_000;

/** A request's file still kept, as the run reads it. */
interface KeptFile {
  id: string;
  charger_id: number;
  file_key: string;
  uploaded_at: unknown;
}

/** What a run did: files deleted (their requests marked), and files the store failed to delete (left as they were). */
export interface RetentionRun {
  deleted: number;
  failed: number;
}

/** Deletes the diagnostics files received more than `retentionDays` days before `now` and marks their requests. */
export async function deleteOldDiagnosticsFiles(
  deps: { db: Database; store: FileStore; now: Date; bus?: NotificationBus; logger?: Logger },
  retentionDays: number,
): Promise<RetentionRun> {
  const at = deps.now.toISOString();
  const before = new Date(deps.now.getTime() - retentionDays * DAY_MS).toISOString();
  const run: RetentionRun = { deleted: 0, failed: 0 };
  const chargers: number[] = [];
  // Oldest first, from where the last batch ended: a file that failed is passed over, not read again this run.
  let after: { uploadedAt: string; id: string } | null = null;
  for (;;) {
    const cursor: SQL = after ? sql`and (r.uploaded_at, r.id) > (${after.uploadedAt}::timestamptz, ${after.id}::uuid)` : sql``;
    const batch: KeptFile[] = rowsOf<KeptFile>(
      await deps.db.execute(sql`select r.id, r.charger_id, r.file_key, r.uploaded_at from ${ocppDiagnosticsRequests} r
        where r.file_key is not null and r.uploaded_at < ${before}::timestamptz ${cursor}
        order by r.uploaded_at, r.id limit ${BATCH}`),
    );
    for (const row of batch) {
      try {
        await deps.store.delete(row.file_key);
      } catch (error) {
        run.failed += 1;
        deps.logger?.warn(logLine('diagnostics-file-delete-failed', { requestId: row.id, ...loggableError(error) }));
        continue;
      }
      const marked = rowsOf<{ id: string }>(
        await deps.db.execute(sql`update ${ocppDiagnosticsRequests} set file_key = null, file_deleted_at = ${at}, file_retention_days = ${retentionDays}, updated_at = ${at}
          where id = ${row.id}::uuid and file_key = ${row.file_key} returning id`),
      );
      if (marked.length > 0) {
        run.deleted += 1;
        chargers.push(Number(row.charger_id));
      }
    }
    if (batch.length < BATCH) break;
    const last: KeptFile = batch[batch.length - 1]!;
    after = { uploadedAt: new Date(last.uploaded_at as string).toISOString(), id: String(last.id) };
  }
  if (deps.bus) announceDiagnostics({ bus: deps.bus }, chargers);
  return run;
}
