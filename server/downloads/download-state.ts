// The job queue's moves of a download along its machine (START, FINISH, FAIL, REQUEUE, EXPIRE): moveRecord, as the
// transition route moves it for the user's CANCEL and RETRY, with the same version check and an audit row (no actor:
// the system), in one short transaction each, then the download's live event.
import { eq, and } from 'drizzle-orm';
import type { DownloadSystemEvent } from '@machines/download.events';
import { downloadWorkflow } from '@machines/download.workflow';
import type { Database } from '@server/db/database';
import { resourceTable } from '@server/db/resource-tables';
import { moveRecord, type MovedRecord } from '@server/workflows/move-record';

/** The downloads table. */
export const downloadsTable = resourceTable('downloads');

/** A download row as the worker reads it. */
export type DownloadRow = Record<string, unknown> & { id: number; status: string; version: number };

/** Reads a download by id. */
export async function loadDownload(db: Database, id: number): Promise<DownloadRow | undefined> {
  const [row] = await db.select().from(downloadsTable).where(eq(downloadsTable.id, id)).limit(1);
  return row as DownloadRow | undefined;
}

/** What the consoles hear of a download that moved (its lists and its watcher's toast): the live event's data. */
export interface DownloadChange {
  id: number;
  status: string;
  rowsWritten?: unknown;
  rowCount?: unknown;
  requestedBy?: unknown;
}

/** The live event's data of a download's move, from the row the move left. */
export function downloadChangeOf(moved: MovedRecord): DownloadChange {
  const { after } = moved;
  return { id: Number(moved.id), status: moved.to, rowsWritten: after.rowsWritten, rowCount: after.rowCount, requestedBy: after.requestedBy };
}

/**
 * Moves a download by a system event with its field changes, if its machine accepts the event in the stored state
 * and nobody moved it meanwhile; once committed, `announce` hears of it (the download's live event). Answers the new
 * state, or undefined when refused (e.g. it was cancelled).
 */
export async function moveDownload(
  db: Database,
  id: number,
  event: DownloadSystemEvent,
  patch: Record<string, unknown>,
  now: Date,
  announce?: (change: DownloadChange) => void,
): Promise<string | undefined> {
  const outcome = await moveRecord(
    db,
    {
      workflow: downloadWorkflow,
      id,
      event,
      actor: null,
      reason: typeof patch.error === 'string' ? patch.error : null,
      patch: () => patch,
      announce: announce && ((moved) => announce(downloadChangeOf(moved))),
    },
    now,
  );
  return outcome.moved ? outcome.record.to : undefined;
}

/** Records an export's progress (not a transition: the version stays, so a cancel sent meanwhile is not refused). */
export async function recordProgress(db: Database, id: number, rowsWritten: number, rowCount?: number): Promise<void> {
  await db
    .update(downloadsTable)
    .set({ rowsWritten, ...(rowCount !== undefined ? { rowCount } : {}) })
    .where(and(eq(downloadsTable.id, id), eq(downloadsTable.status, 'RUNNING')));
}
