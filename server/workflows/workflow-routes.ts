// Workflow transitions, one implementation for every record workflow: the request is validated (zod), checked
// against the event's permission, and the next state is computed by the same machine the console runs. A refused
// event answers 409 with the current state and the accepted events; an accepted one updates the row only if its
// version still matches (else 409) and writes the audit row in the same transaction.
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { hasPermission } from '@domain/permissions';
import { problemSchema } from '@domain/problem';
import { resourceByName } from '@domain/resource/registry';
import type { Resource } from '@domain/resource/define-resource';
import type { RecordWorkflow } from '@machines/record-workflow';
import type { Database } from '@server/db/database';
import { recordWorkflows } from '@machines/workflow-registry';
import { writeAudit } from '@server/audit/write-audit';
import { claimKey, idempotentRequestOf, replay, saveAnswer, storedAnswer, type IdempotentRequest, type StoredAnswer } from '@server/http/idempotency';
import { forbiddenProblem, validationProblem, type HttpProblem } from '@server/http/problem';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import type { ResolvedDeps } from '@server/app-deps';
import type { RouteRegistry } from '@server/http/route-registry';
import { fixedConditions, findRecord, tableOf } from '@server/resources/resource-query';
import { loadVisibleRecord } from '@server/resources/resource-routes';
import { bulkIds, bulkResultSchema, bulkTargetShape, oneTarget, runBulk } from '@server/resources/bulk-targets';
import { BULK_MAX } from '@domain/resource/list-query';
import { acceptedEvents, snapshotOf } from '@machines/workflow-snapshot';
import { workflowEffects } from './workflow-effects';
import { nextStateOf, transitionConflict as conflict } from './workflow-state';

export { acceptedEvents, snapshotOf } from '@machines/workflow-snapshot';
export { transitionConflictType } from './workflow-state';


/** Thrown out of a refusal when an identical keyed request committed meanwhile: answer as it did. */
class ReplayedAnswer extends Error {
  constructor(readonly answer: StoredAnswer) {
    super('replayed');
  }
}

/** True when the record exists and its owner field names the user. */
async function isOwner(db: Database, resource: Resource, field: string, rawId: string, userId: string): Promise<boolean> {
  if (resource.idType === 'bigint' && !/^\d{1,15}$/.test(rawId)) return false;
  const table = tableOf(resource);
  const rows = await db
    .select({ id: table[resource.idField] as AnyPgColumn })
    .from(table)
    .where(and(eq(table[resource.idField] as AnyPgColumn, resource.idType === 'bigint' ? Number(rawId) : rawId), eq(table[field] as AnyPgColumn, userId)))
    .limit(1);
  return rows.length > 0;
}

/** What a transition answered: the record after it (or, for a repeated keyed request, the first answer). */
export interface TransitionOutcome {
  replayed: boolean;
  answer: StoredAnswer;
}

/** Options of transitionRecord. */
export interface TransitionOptions {
  /** The version the caller saw (409 when stale); default the record's current version (bulk: act on what is there). */
  version?: number;
  /** The request's Idempotency-Key, if any: a repeat answers as the first did. Default none. */
  idempotency?: IdempotentRequest | null;
}

/**
 * Sends one event to one record, the one way every transition happens (the single route and the bulk routes): the
 * event's permission (or the owner), the record's visibility, the machine's answer (409 with its reason, the current
 * state and the accepted events when refused), the version check, then the update (version + 1), the audit row and
 * the workflow's side effects in one transaction.
 */
export async function transitionRecord(
  deps: Pick<ResolvedDeps, 'db' | 'now'>,
  session: AuthenticatedSession,
  workflow: RecordWorkflow,
  rawId: string,
  machineEvent: Record<string, unknown> & { type: string },
  options: TransitionOptions = {},
): Promise<TransitionOutcome> {
  const resource = resourceByName(workflow.resource);
  const permission = workflow.permissions[machineEvent.type];
  if (!permission) throw validationProblem([{ path: 'type', message: `A ${resource.title.toLowerCase()} has no event ${machineEvent.type}` }]);
  // The owner (a download's requester) needs no permission, so the record is read first for them.
  if (!hasPermission(session.permissions, permission) && !(workflow.ownerField && (await isOwner(deps.db, resource, workflow.ownerField, rawId, session.userId)))) {
    throw forbiddenProblem(`You do not have the permission this needs (${permission}).`);
  }
  // Idempotency-Key: a repeat of a transition that already happened replays its answer (server/http/idempotency.ts).
  const idempotency = options.idempotency ?? null;
  if (idempotency) {
    const done = await storedAnswer(deps.db, idempotency);
    if (done) return { replayed: true, answer: done };
  }
  const now = deps.now();
  const before = await loadVisibleRecord(deps.db, resource, session, rawId, now);
  const refuse = async (problem: HttpProblem): Promise<never> => {
    // An identical request with the same key may have committed since the first look: answer as it did.
    const done = idempotency ? await storedAnswer(deps.db, idempotency) : null;
    if (done) throw new ReplayedAnswer(done);
    throw problem;
  };
  const id = before[resource.idField] as string | number;
  const from = String(before[workflow.stateField]);
  const snapshot = snapshotOf(workflow, before);
  const version = options.version ?? (before.version as number);
  try {
    if (!snapshot.can(machineEvent as never)) {
      const why = workflow.refusal?.(machineEvent.type, before, machineEvent);
      await refuse(conflict(why ?? `A ${resource.title.toLowerCase()} in state ${from} does not accept ${machineEvent.type}.`, from, acceptedEvents(workflow, before), before.version));
    }
    if (version !== before.version) {
      await refuse(conflict(`This ${resource.title.toLowerCase()} was changed by someone else (version ${String(before.version)}, you sent ${version}). Reload it and try again.`, from, acceptedEvents(workflow, before), before.version));
    }
  } catch (error) {
    if (error instanceof ReplayedAnswer) return { replayed: true, answer: error.answer };
    throw error;
  }
  const to = nextStateOf(workflow, snapshot, machineEvent);
  const patch = workflow.patchOf?.(machineEvent as Record<string, unknown> & { type: string }, before) ?? {};
  const reason = workflow.reasonOf?.(machineEvent) ?? (typeof machineEvent.reason === 'string' ? machineEvent.reason : undefined);
  const table = tableOf(resource);
  const versionColumn = table.version as AnyPgColumn;
  const effect = workflowEffects[workflow.resource];
  return deps.db.transaction(async (tx): Promise<TransitionOutcome> => {
    if (idempotency) {
      const stored = await claimKey(tx, idempotency, now);
      if (stored) return { replayed: true, answer: stored };
    }
    const updated = await tx
      .update(table)
      .set({ ...patch, [workflow.stateField]: to, version: sql`${versionColumn} + 1`, updatedAt: now })
      .where(and(eq(table[resource.idField] as AnyPgColumn, id), eq(versionColumn, version), ...fixedConditions(resource, table)))
      .returning({ id: table[resource.idField] as AnyPgColumn });
    if (updated.length === 0) {
      throw conflict(`This ${resource.title.toLowerCase()} was changed by someone else just now. Reload it and try again.`, from, [], undefined);
    }
    await writeAudit(
      tx,
      { entityType: resource.name, entityId: String(id), actorUserId: session.userId, action: 'transition', fromState: from, toState: to, event: machineEvent.type, reason: reason ?? null, changes: Object.keys(patch).length === 0 ? null : workflow.auditBeforeAfter ? Object.fromEntries(Object.entries(patch).map(([field, value]) => [field, { from: before[field] ?? null, to: value }])) : patch },
      now,
    );
    await effect?.(tx, { event: machineEvent as Record<string, unknown> & { type: string }, before, to, session, now });
    const answer = { status: 200, body: await findRecord(tx, resource, id) };
    if (idempotency) await saveAnswer(tx, idempotency, answer);
    return { replayed: false, answer };
  });
}

/** Body schema of a transition: one of the workflow's events plus the version the caller saw. */
export function transitionBodySchema(workflow: RecordWorkflow) {
  const options = Object.values(workflow.eventSchemas).map((schema) => schema.extend({ version: z.number({ error: 'Send the version you last saw' }).int().min(0) }));
  return z.discriminatedUnion('type', options as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]]);
}

/** Registers `POST {api path}/:id/transition` of every workflow. */
export function registerWorkflowRoutes(registry: RouteRegistry, all: readonly RecordWorkflow[] = recordWorkflows): void {
  for (const workflow of all) {
    const resource = resourceByName(workflow.resource);
    registry.route({
      method: 'POST',
      path: `${resource.apiPath}/:id/transition`,
      access: { kind: 'signed-in' },
      body: transitionBodySchema(workflow),
      summary: `Move a ${resource.title.toLowerCase()} along its workflow (${Object.entries(workflow.permissions)
        .map(([event, permission]) => `${event}: ${permission}`)
        .join('; ')}). 409 with the current state and accepted events when refused or when the version is stale. Accepts an Idempotency-Key header (a repeat answers as the first did, with no second effect).`,
      responses: { 200: { description: 'The record after the transition' }, 409: { description: 'Not accepted now, or changed meanwhile', schema: problemSchema } },
      handler: async ({ c, body, session, deps }) => {
        const { version, ...event } = body as Record<string, unknown> & { type: string; version: number };
        const outcome = await transitionRecord(deps, session, workflow, c.req.param('id')!, event, { version, idempotency: idempotentRequestOf(c, session.userId, body) });
        return outcome.replayed ? replay(c, outcome.answer) : c.json(outcome.answer.body as object, 200);
      },
    });

    const events = Object.values(workflow.eventSchemas) as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]];
    registry.route({
      method: 'POST',
      path: `${resource.apiPath}/bulk-transition`,
      access: { kind: 'signed-in' },
      body: z.strictObject({ event: z.discriminatedUnion('type', events), ...bulkTargetShape }).refine(oneTarget.check, oneTarget.message),
      summary: `Send one event (with its payload) to many ${resource.plural.toLowerCase()}: the ids sent, or every record matching a list query (at most ${BULK_MAX.toLocaleString('en-IN')}). Each record goes through its own machine exactly as the single transition route takes it (the event's permission, visibility, the state's answer, its own audit row and side effects), at its current version; the answer counts the changed ones and names each refused one with the machine's reason.`,
      responses: { 200: { description: 'Changed and refused records', schema: bulkResultSchema }, 400: { description: 'Invalid input', schema: problemSchema }, 403: { description: 'Missing permission', schema: problemSchema } },
      handler: async ({ c, body, session, deps }) => {
        const event = body.event as Record<string, unknown> & { type: string };
        const permission = workflow.permissions[event.type]!;
        // Only a download's requester sends its events without the permission: elsewhere the whole request is refused.
        if (!workflow.ownerField && !hasPermission(session.permissions, permission)) throw forbiddenProblem(`You do not have the permission this needs (${permission}).`);
        const ids = await bulkIds(deps.db, resource, session, deps.now(), body);
        return c.json(await runBulk(ids, async (rawId) => (await transitionRecord(deps, session, workflow, rawId, event), true)), 200);
      },
    });
  }
}
