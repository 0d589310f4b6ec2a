// The job queue's moves of a download along its machine (START, FINISH, FAIL, REQUEUE, EXPIRE): the same machine
// the transition route runs for the user's CANCEL and RETRY, the same version check and an audit row (no actor:
// the system), in one short transaction each.
import { and, eq, sql } from 'drizzle-orm';
import { downloadResource } from '@domain/entities/global-data';
import type { DownloadSystemEvent } from '@machines/download.events';
import { downloadWorkflow } from '@machines/download.workflow';
import { snapshotOf } from '@machines/workflow-snapshot';
import { writeAudit } from '@server/audit/write-audit';
import type { Database } from '@server/db/database';
import { resourceTable } from '@server/db/resource-tables';
import { nextStateOf } from '@server/workflows/workflow-state';

/** The downloads table. */
export const downloadsTable = resourceTable('downloads');

/** A download row as the worker reads it. */
export type DownloadRow = Record<string, unknown> & { id: number; status: string; version: number };

/** Reads a download by id. */
export async function loadDownload(db: Database, id: number): Promise<DownloadRow | undefined> {
  const [row] = await db.select().from(downloadsTable).where(eq(downloadsTable.id, id)).limit(1);
  return row as DownloadRow | undefined;
}

/**
 * Moves a download by a system event with its field changes, if its machine accepts the event in the stored state
 * and nobody moved it meanwhile. Answers the new state, or undefined when refused (e.g. it was cancelled).
 */
export async function moveDownload(db: Database, id: number, event: DownloadSystemEvent, patch: Record<string, unknown>, now: Date): Promise<string | undefined> {
  const before = await loadDownload(db, id);
  if (!before) return undefined;
  const snapshot = snapshotOf(downloadWorkflow, before);
  if (!snapshot.can(event as never)) return undefined;
  const from = String(before.status);
  const to = nextStateOf(downloadWorkflow, snapshot, event);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(downloadsTable)
      .set({ ...patch, status: to, version: sql`${downloadsTable.version} + 1`, updatedAt: now })
      .where(and(eq(downloadsTable.id, id), eq(downloadsTable.version, before.version as number)))
      .returning({ id: downloadsTable.id });
    if (updated.length === 0) return undefined;
    const reason = typeof patch.error === 'string' ? patch.error : null;
    await writeAudit(tx, { entityType: downloadResource.name, entityId: String(id), actorUserId: null, action: 'transition', fromState: from, toState: to, event: event.type, reason }, now);
    return to;
  });
}

/** Records an export's progress (not a transition: the version stays, so a cancel sent meanwhile is not refused). */
export async function recordProgress(db: Database, id: number, rowsWritten: number, rowCount?: number): Promise<void> {
  await db
    .update(downloadsTable)
    .set({ rowsWritten, ...(rowCount !== undefined ? { rowCount } : {}) })
    .where(and(eq(downloadsTable.id, id), eq(downloadsTable.status, 'RUNNING')));
}
