// Workflow transitions, one implementation for every record workflow: the request is validated (zod), checked
// against the event's permission, and the next state is computed by the same machine the console runs. A refused
// event answers 409 with the current state and the accepted events; an accepted one updates the row only if its
// version still matches (else 409) and writes the audit row in the same transaction.
import { z } from 'zod';
import { hasPermission } from '@domain/permissions';
import { problemSchema } from '@domain/problem';
import { resourceByName } from '@domain/resource/registry';
import { BULK_MAX } from '@domain/resource/list-query';
import type { RecordWorkflow } from '@machines/record-workflow';
import { recordWorkflows } from '@machines/workflow-registry';
import { idempotentRequestOf, replay } from '@server/http/idempotency';
import { forbiddenProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { bulkIds, bulkResultSchema, bulkTargetShape, oneTarget, runBulk } from '@server/resources/bulk-targets';
import { eventInWords, transitionRecord } from './transition-record';
import type { WorkflowEffects } from './workflow-effects';

export { acceptedEvents, snapshotOf } from '@machines/workflow-snapshot';
export { transitionConflictType } from './workflow-state';

/** Body schema of a transition: one of the workflow's events plus the version the caller saw. */
export function transitionBodySchema(workflow: RecordWorkflow) {
  const options = Object.values(workflow.eventSchemas).map((schema) => schema.extend({ version: z.number({ error: 'Send the version you last saw' }).int().min(0) }));
  return z.discriminatedUnion('type', options as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]]);
}

/** Registers `POST {api path}/:id/transition` and the bulk transition of every workflow, each running `effects`. */
export function registerWorkflowRoutes(registry: RouteRegistry, effects: WorkflowEffects, all: readonly RecordWorkflow[] = recordWorkflows): void {
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
        const outcome = await transitionRecord({ db: deps.db, now: deps.now, effects }, session, workflow, c.req.param('id')!, event, { version, idempotency: idempotentRequestOf(c, session.userId, body) });
        return outcome.replayed ? replay(c, outcome.answer) : c.json(outcome.answer.body as object, 200);
      },
    });

    const events = Object.values(workflow.eventSchemas) as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]];
    registry.route({
      method: 'POST',
      path: `${resource.apiPath}/bulk-transition`,
      access: { kind: 'signed-in' },
      body: z.strictObject({ event: z.discriminatedUnion('type', events), ...bulkTargetShape }).refine(oneTarget.check, oneTarget.message),
      summary: `Send one event (with its payload) to many ${resource.plural.toLowerCase()}: the ids sent, or every record matching a list query (at most ${BULK_MAX.toLocaleString('en-IN')}). Each record goes through its own machine exactly as the single transition route takes it (the event's permission, visibility, the state's answer, its own audit row and side effects), at its current version; the answer counts the changed ones, names each refused one with the machine's reason, and gives the id of the kept run (every record's result, for review).`,
      responses: { 200: { description: 'Changed and refused records', schema: bulkResultSchema }, 400: { description: 'Invalid input', schema: problemSchema }, 403: { description: 'Missing permission', schema: problemSchema } },
      handler: async ({ c, body, session, deps }) => {
        const event = body.event as Record<string, unknown> & { type: string };
        const permission = workflow.permissions[event.type]!;
        // Only a download's requester sends its events without the permission: elsewhere the whole request is refused.
        if (!workflow.ownerField && !hasPermission(session.permissions, permission)) throw forbiddenProblem(`You do not have the permission this needs (${permission}).`);
        const ids = await bulkIds(deps.db, resource, session, deps.now(), body);
        const run = { db: deps.db, session, now: deps.now, resource, action: eventInWords(workflow, resource, event) };
        return c.json(await runBulk(run, ids, async (rawId) => (await transitionRecord({ db: deps.db, now: deps.now, effects }, session, workflow, rawId, event), true)), 200);
      },
    });
  }
}
