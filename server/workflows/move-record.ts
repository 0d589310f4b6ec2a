// Moving one record along its machine, the one way every machine-bound record moves: the staff's transitions (single,
// bulk, the ticket bulk close), a download's export job and housekeeping, and a booking moved by a charger's message.
// The record as stored (read here locked, or given by a caller that already read it), the machine's answer, the
// update with the version moved on (and guarded by the version read, so a move made meanwhile is never overwritten),
// the audit row and the feature's own effects (money, jobs) in one transaction, then the live event. What differs
// between callers is only what they do about a refusal: a request answers 409, a job or a charger leaves the record
// as it is.
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { resourceByName } from '@domain/resource/registry';
import type { RecordWorkflow } from '@machines/record-workflow';
import { snapshotOf } from '@machines/workflow-snapshot';
import { writeAudit } from '@server/audit/write-audit';
import type { Database } from '@server/db/database';
import { fixedConditions, tableOf } from '@server/resources/resource-query';
import { nextStateOf } from './workflow-state';

/** A record as moveRecord reads it (the table's columns by field name) or as the caller read it. */
export type StoredRecord = Readonly<Record<string, unknown>>;

/** A move that happened: what it was, and the record before and after it. */
export interface MovedRecord {
  workflow: RecordWorkflow;
  id: string | number;
  event: Readonly<Record<string, unknown>> & { type: string };
  from: string;
  to: string;
  before: StoredRecord;
  /** The row as the update left it (every column, from the update's own answer). */
  after: StoredRecord;
}

/** One event for one record. */
export interface RecordMove {
  workflow: RecordWorkflow;
  id: string | number;
  event: Readonly<Record<string, unknown>> & { type: string };
  /** Who sends it: a user's id, or null for the system (a charger's message, a job). */
  actor: string | null;
  /** The audit row's reason (none: null). */
  reason?: string | null;
  /** Fields the move writes besides the state, from the record before it and the state it moves to. */
  patch?: (before: StoredRecord, to: string) => Record<string, unknown>;
  /** The audit row's changes, from the patch and the record before (default none). */
  auditChanges?: (patch: Record<string, unknown>, before: StoredRecord) => Record<string, unknown> | null;
  /**
   * The record as the caller already read it (a request reads it as the session may see it): not read again, and the
   * update is guarded by its version. Without it the record is read here, locked when `db` is the caller's
   * transaction.
   */
  before?: StoredRecord;
  /** The version the move is for (default: the version read); another one refuses the move as stale. */
  version?: number;
  /**
   * `db` is the caller's transaction: the move runs in it (the caller's own writes commit with it) and the record is
   * read `for update`. Otherwise the move opens a transaction of its own after an unlocked read.
   */
  inTransaction?: boolean;
  /** The feature's own work of this move (money, jobs, files' rows), in the move's transaction; throw to refuse it. */
  effect?: (tx: Database, moved: MovedRecord) => Promise<void>;
  /**
   * Tells the consoles of a move made in its own transaction, once it committed (the feature's live event, e.g. a
   * download's status). In a request, and in a caller's transaction, the audit row's note is what announces it: the
   * request's answer (server/live/record-changes.ts) or the caller once it committed.
   */
  announce?: (moved: MovedRecord) => void;
}

/** Why a move did not happen. */
export type MoveRefusal = 'missing' | 'refused' | 'stale';

/** What moveRecord answers: the move made, or why none was (nothing written). */
export type MoveOutcome = { moved: true; record: MovedRecord } | { moved: false; why: MoveRefusal; before?: StoredRecord };

/**
 * Moves one record by one event: refused (nothing written) when the record is missing, when its machine does not
 * accept the event in the stored state, or when its version is not the one the move is for or changed meanwhile.
 * Statements: the read (none when the caller gives the record), the update, the audit row (a cached audit
 * configuration decides whether it is kept), and the effect's own.
 */
export async function moveRecord(db: Database, move: RecordMove, now: Date): Promise<MoveOutcome> {
  const { workflow } = move;
  const resource = resourceByName(workflow.resource);
  const table = tableOf(resource);
  const idColumn = table[resource.idField] as AnyPgColumn;
  const versionColumn = table.version as AnyPgColumn;
  const where = [eq(idColumn, move.id), ...fixedConditions(resource, table)];
  let before = move.before;
  if (!before) {
    const read = db.select().from(table).where(and(...where)).limit(1);
    [before] = (move.inTransaction ? await read.for('update') : await read) as StoredRecord[];
  }
  if (!before) return { moved: false, why: 'missing' };
  const snapshot = snapshotOf(workflow, before);
  if (!snapshot.can(move.event as never)) return { moved: false, why: 'refused', before };
  const version = before.version as number;
  if (move.version !== undefined && move.version !== version) return { moved: false, why: 'stale', before };
  const from = String(before[workflow.stateField]);
  const to = nextStateOf(workflow, snapshot, move.event);
  const patch = move.patch?.(before, to) ?? {};
  const run = async (tx: Database): Promise<MoveOutcome> => {
    const [after] = (await tx
      .update(table)
      .set({ ...patch, [workflow.stateField]: to, version: sql`${versionColumn} + 1`, updatedAt: now })
      .where(and(...where, eq(versionColumn, version)))
      .returning()) as StoredRecord[];
    if (!after) return { moved: false, why: 'stale', before };
    // The audit row also notes the change for the live channel (writeAudit): a request announces it once answered.
    await writeAudit(
      tx,
      { entityType: resource.name, entityId: String(move.id), actorUserId: move.actor, action: 'transition', fromState: from, toState: to, event: move.event.type, reason: move.reason ?? null, changes: move.auditChanges?.(patch, before) ?? null },
      now,
    );
    const record: MovedRecord = { workflow, id: move.id, event: move.event, from, to, before, after };
    await move.effect?.(tx, record);
    return { moved: true, record };
  };
  if (move.inTransaction) return run(db);
  const outcome = await db.transaction(run);
  if (outcome.moved) move.announce?.(outcome.record);
  return outcome;
}
