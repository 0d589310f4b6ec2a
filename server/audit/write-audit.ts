import type { Database } from '@server/db/database';
import { auditLog } from '@server/db/schema';
import { noteRecordChange } from '@server/live/record-changes';

/** One audit entry: who did what to which record. */
export interface AuditEntry {
  entityType: string;
  entityId: string;
  actorUserId: string | null;
  action: string;
  fromState?: string | null;
  toState?: string | null;
  event?: string | null;
  reason?: string | null;
  changes?: Record<string, unknown> | null;
}

/** Writes an audit_log row; pass the transaction of the change so both commit or neither does. */
export async function writeAudit(tx: Database, entry: AuditEntry, at: Date): Promise<void> {
  await tx.insert(auditLog).values({
    entityType: entry.entityType,
    entityId: entry.entityId,
    actorUserId: entry.actorUserId,
    action: entry.action,
    fromState: entry.fromState ?? null,
    toState: entry.toState ?? null,
    event: entry.event ?? null,
    reason: entry.reason ?? null,
    changes: entry.changes ?? null,
    createdAt: at,
  });
  noteRecordChange(entry);
}
