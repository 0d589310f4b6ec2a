import { sql, type SQL } from 'drizzle-orm';
import { isAlwaysAudited, shouldAudit } from '@domain/audit-policy';
import type { Database } from '@server/db/database';
import { auditLog } from '@server/db/schema';
import { noteRecordChange } from '@server/live/record-changes';
import { auditConfigurations, invalidateAuditConfigurations } from './audit-config-cache';

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

const AUDIT_CONFIGURATIONS = 'audit-configurations';

/**
 * Whether an entry of this entity type and action gets its audit row (domain/audit-policy.ts). The allow-listed
 * types and actions are decided without reading the configurations at all. For a statement that writes its audit
 * row itself (then it calls noteRecordChange too).
 */
export async function isAudited(tx: Database, entry: Pick<AuditEntry, 'entityType' | 'action'>): Promise<boolean> {
  return isAlwaysAudited(entry.entityType, entry.action) || shouldAudit((await auditConfigurations(tx)).get(entry.entityType), entry.entityType, entry.action);
}

/**
 * The audit row of a record that a statement makes, as a step of that statement (`with made as (insert … returning
 * id), audited as (<this>) …`): `cte` names the step whose `id` is the new record's id. The row is written when
 * `audited` (isAudited); the caller calls noteRecordChange once the statement has run. One statement instead of two
 * on paths that run thousands of times a minute (OCPP StartTransaction, a charger's fault).
 */
export function auditInsertFrom(cte: string, entry: Omit<AuditEntry, 'entityId'>, at: Date, audited: boolean): SQL {
  if (!/^[a-z_]+$/.test(cte)) throw new Error(`Not a step name: ${cte}`);
  return sql`insert into ${auditLog} (entity_type, entity_id, actor_user_id, action, from_state, to_state, event, reason, changes, created_at)
    select ${entry.entityType}, made.id::text, ${entry.actorUserId}::uuid, ${entry.action}, ${entry.fromState ?? null}, ${entry.toState ?? null}, ${entry.event ?? null},
      ${entry.reason ?? null}, ${entry.changes ? JSON.stringify(entry.changes) : null}::jsonb, ${at.toISOString()}::timestamptz
    from ${sql.raw(cte)} made where ${audited}`;
}

/**
 * Writes an audit_log row; pass the transaction of the change so both commit or neither does. The entity type's
 * audit configuration decides whether the row is written (domain/audit-policy.ts: no or an inactive
 * configuration audits everything; money and security are always audited). The change is announced on the live
 * channel either way.
 */
export async function writeAudit(tx: Database, entry: AuditEntry, at: Date): Promise<void> {
  if (entry.entityType === AUDIT_CONFIGURATIONS) invalidateAuditConfigurations();
  if (await isAudited(tx, entry)) {
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
  }
  noteRecordChange(entry);
}
