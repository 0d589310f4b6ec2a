// The audit configurations as writeAudit reads them: all rows (one per entity type, a small table) kept in memory
// for AUDIT_CONFIG_CACHE_MS. A write to the configurations in this process (writeAudit sees its audit row) drops
// the copy and keeps none for AUDIT_CONFIG_HOLD_OFF_MS, so a read made before that write committed is not kept;
// other processes see the change once their copy is older than the TTL. The copy is per process, not per database:
// tests that change configurations by hand call invalidateAuditConfigurations().
import { sql } from 'drizzle-orm';
import type { AuditConfigurationRule } from '@domain/audit-policy';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';

/** How long a process trusts its copy of the configurations (default 5 s). */
export const AUDIT_CONFIG_CACHE_MS = 5_000;

/** After a write to the configurations, how long every read goes to the database (its transaction commits meanwhile). */
export const AUDIT_CONFIG_HOLD_OFF_MS = 2_000;

let cached: { rules: Map<string, AuditConfigurationRule>; loadedAt: number } | null = null;
let generation = 0;
let holdOffUntil = 0;

/** Drops this process's copy: reads load the configurations again (and keep no copy for a moment). */
export function invalidateAuditConfigurations(nowMs = Date.now()): void {
  cached = null;
  generation += 1;
  holdOffUntil = nowMs + AUDIT_CONFIG_HOLD_OFF_MS;
}

/**
 * The configuration of each entity type, read with `db` (the caller's transaction: PGlite has one connection) when
 * the copy is missing or older than the TTL.
 */
export async function auditConfigurations(db: Database, nowMs = Date.now()): Promise<Map<string, AuditConfigurationRule>> {
  if (cached && nowMs - cached.loadedAt < AUDIT_CONFIG_CACHE_MS) return cached.rules;
  const started = generation;
  const rows = rowsOf<{ entity_type: string; audited_actions: string[] | null; retention_days: number; is_active: boolean }>(
    await db.execute(sql`select entity_type, audited_actions, retention_days, is_active from audit_configurations`),
  );
  const rules = new Map(rows.map((r) => [r.entity_type, { auditedActions: r.audited_actions ?? [], retentionDays: Number(r.retention_days), isActive: r.is_active }]));
  // A write invalidated the copy while this one was being read: use it for this call, keep nothing.
  if (started === generation && nowMs >= holdOffUntil) cached = { rules, loadedAt: nowMs };
  return rules;
}
