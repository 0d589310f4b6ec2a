// Change lead level (lms `lead/level` and `utilization-lead/level`): the one way a lead's level changes (the generic
// lead update refuses it). The row is locked so two changes at once each audit what they really changed; a
// converted lead keeps its level (409), and the same level again is refused as bad input.
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { FINAL_LEAD_LEVEL, leadResource } from '@domain/resources/leads/lead';
import { utilizationLeadResource } from '@domain/resources/leads/utilization-lead';
import type { Resource } from '@domain/resource/define-resource';
import { problemSchema } from '@domain/problem';
import { writeAudit } from '@server/audit/write-audit';
import { HttpProblem, notFoundProblem, problemTypes, validationProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { findRecord, fixedConditions, tableOf } from '@server/resources/resource-query';
import { registerResourceAction } from '@server/resources/resource-actions';
import { loadVisibleRecord } from '@server/resources/visible-record';

/** Registers Change lead level of one lead resource (all leads, or utilization leads only). */
function registerChangeLevel(registry: RouteRegistry, resource: Resource): void {
  const table = tableOf(resource);
  const idColumn = table[resource.idField] as AnyPgColumn;
  const levelColumn = table.leadLevel as AnyPgColumn;
  registerResourceAction(registry, resource, 'level', {
    summary: `Change a ${resource.title.toLowerCase()}'s level (COLD, WARM, HOT, CONVERTED, LOST). A converted lead keeps its level (409). Writes an audit row with the old and new level.`,
    responses: {
      200: { description: `The ${resource.title.toLowerCase()}`, schema: resource.recordSchema },
      404: { description: 'No such lead', schema: problemSchema },
      409: { description: 'The lead is converted: its level no longer changes', schema: problemSchema },
    },
    handler: async ({ c, body, session, deps }) => {
      const now = deps.now();
      const lead = await loadVisibleRecord(deps.db, resource, session, String(body.id), now);
      const id = lead[resource.idField] as number;
      const level = String(body.leadLevel);
      await deps.db.transaction(async (tx) => {
        const [before] = await tx
          .select({ level: levelColumn })
          .from(table)
          .where(and(eq(idColumn, id), ...fixedConditions(resource, table)))
          .for('update');
        if (!before) throw notFoundProblem(`No ${resource.title.toLowerCase()} has the id ${String(id)}.`);
        const from = String(before.level);
        if (from === FINAL_LEAD_LEVEL) {
          throw new HttpProblem({
            type: problemTypes.conflict,
            status: 409,
            title: 'Conflict',
            detail: 'This lead is converted: it is a customer now, and its level no longer changes.',
            errors: [{ path: 'leadLevel', message: 'Converted leads keep their level' }],
          });
        }
        if (from === level) throw validationProblem([{ path: 'leadLevel', message: 'This is already the lead’s level' }]);
        await tx.update(table).set({ leadLevel: level, updatedAt: now }).where(eq(idColumn, id));
        await writeAudit(tx, { entityType: resource.name, entityId: String(id), actorUserId: session.userId, action: 'change-level', changes: { leadLevel: { from, to: level } } }, now);
      });
      return c.json(await findRecord(deps.db, resource, id), 200);
    },
  });
}

/** Registers Change lead level on all leads and on utilization leads. */
export function registerLeadLevelRoutes(registry: RouteRegistry): void {
  registerChangeLevel(registry, leadResource);
  registerChangeLevel(registry, utilizationLeadResource);
}
