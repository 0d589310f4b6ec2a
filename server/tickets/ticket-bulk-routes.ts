// The common ticket actions on many tickets at once (bulk actions): assign, priority, due date, tags and
// Close, on the ids sent or on every ticket a ticket list's query matches (at most 1,000). Each ticket goes through
// the single action's own function (applyTicketAction) or, for Close, its kind's machine through the single
// transition's function (transitionRecord), at its current version, with its own audit row. A ticket the caller
// cannot see is refused by id in the same words as one that does not exist.
import { z } from 'zod';
import { closeEventSchema } from '@machines/ticket-close.events';
import { workflowOf } from '@machines/workflow-registry';
import { problemSchema } from '@domain/problem';
import { BULK_MAX } from '@domain/resource/list-query';
import { findResource } from '@domain/resource/registry';
import { bulkTagModes, bulkTags, ticketActions, ticketBulkPath, ticketFieldActions, type BulkTagMode, type TicketCloseAction } from '@domain/ticket-actions';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import type { ResolvedDeps } from '@server/app-deps';
import { validationProblem, type HttpProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { bulkIds, bulkResultSchema, bulkTargetShape, oneTarget, runBulk } from '@server/resources/bulk-targets';
import { transitionRecord } from '@server/workflows/transition-record';
import type { WorkflowEffects } from '@server/workflows/workflow-effects';
import { applyTicketAction } from './ticket-action-routes';
import { isTicketResource, loadVisibleTicket } from './visible-ticket';

/** The keys every bulk ticket body has besides its value: the ids, or a ticket list (`resource`) and its query. */
const targetShape = { ...bulkTargetShape, resource: z.string().max(64).optional() };

type Target = { ids?: (string | number)[]; match?: Record<string, string | string[]>; resource?: string };

/** A bulk ticket body's own rules: one target; a match names the ticket list it was made on. */
function targetRules<T extends z.ZodType<Target>>(schema: T) {
  return schema
    .refine(oneTarget.check, oneTarget.message)
    .refine((b) => b.match === undefined || b.resource !== undefined, { message: 'Name the ticket list the query was made on', path: ['resource'] })
    .refine((b) => b.resource === undefined || isTicketList(b.resource), { message: 'Choose a ticket list', path: ['resource'] });
}

function isTicketList(name: string): boolean {
  const resource = findResource(name);
  return resource !== undefined && isTicketResource(resource);
}

const responses = {
  200: { description: 'Changed, unchanged and refused tickets', schema: bulkResultSchema },
  400: { description: 'Invalid input, or more than 1,000 tickets', schema: problemSchema },
  403: { description: 'Missing permission', schema: problemSchema },
};

/** The tickets a bulk request acts on. */
function targetIds(deps: Pick<ResolvedDeps, 'db' | 'now'>, session: AuthenticatedSession, body: Target): Promise<string[]> {
  return bulkIds(deps.db, findResource(body.resource ?? 'tickets')!, session, deps.now(), body);
}

/** A ticket the caller may not see reads as one that does not exist. */
const hidden = (id: string, problem: HttpProblem) => (problem.problem.status === 403 || problem.problem.status === 404 ? `No ticket you can see has the id ${id}.` : undefined);

/** Registers `POST /ticket-service/admin/ticket-bulk/{assign-to, priority, due-date, tag, close}` (Close runs `effects` as a transition does). */
export function registerTicketBulkRoutes(registry: RouteRegistry, effects: WorkflowEffects): void {
  for (const action of ticketFieldActions) {
    const value = action.bodySchema.omit({ version: true }).extend(targetShape);
    const body = targetRules(action.field === 'tags' ? value.extend({ mode: z.enum(bulkTagModes, { error: 'Choose set, add or remove' }).optional() }) : value);
    registry.route({
      method: 'POST',
      path: ticketBulkPath(action),
      access: { kind: 'permission', permission: action.permission },
      body,
      summary: `${action.label} of many tickets of any kind (${action.permission}): the ids sent, or every ticket a ticket list's query matches (\`resource\` and \`match\`; at most ${BULK_MAX.toLocaleString('en-IN')}). Each ticket goes through the single action's checks at its current version (no version is sent) with its own audit row; one that already has the value is counted unchanged.${action.field === 'tags' ? ' `mode`: set the tags to the list (default), add them, or remove them.' : ''}`,
      responses,
      handler: async ({ c, body, session, deps }) => {
        const input = body as Record<string, unknown> & Target & { mode?: BulkTagMode };
        const sent = input[action.field] ?? null;
        const computeValue = action.field === 'tags' ? (before: Readonly<Record<string, unknown>>) => bulkTags((before.tags as string[] | null) ?? [], sent as string[], input.mode ?? 'set') : undefined;
        const ids = await targetIds(deps, session, input);
        const result = await runBulk(ids, async (id) => (await applyTicketAction(deps, session, id, action, sent, computeValue ? { computeValue } : {})).changed, hidden);
        return c.json(result, 200);
      },
    });
  }

  const close = ticketActions.find((a): a is TicketCloseAction => a.kind === 'transition')!;
  registry.route({
    method: 'POST',
    path: ticketBulkPath(close),
    access: { kind: 'permission', permission: close.permission },
    body: targetRules(closeEventSchema.omit({ type: true }).extend(targetShape)),
    summary: `Close many tickets of any kind with one close reason (${close.permission}): the ids sent, or every ticket a ticket list's query matches (at most ${BULK_MAX.toLocaleString('en-IN')}). Each ticket is sent CLOSE through its kind's machine exactly as the single transition route sends it (refused with the machine's reason where its state does not accept it), at its current version, with its own audit row.`,
    responses,
    handler: async ({ c, body, session, deps }) => {
      const { closeReason, note, ...target } = body as Target & { closeReason: string; note?: string };
      const ids = await targetIds(deps, session, target);
      const result = await runBulk(
        ids,
        async (id) => {
          const { resource } = await loadVisibleTicket(deps.db, session, id, deps.now());
          const workflow = workflowOf(resource.name);
          if (!workflow?.eventSchemas.CLOSE) throw validationProblem([{ path: 'closeReason', message: `A ${resource.title.toLowerCase()} is not closed this way: use its own workflow` }]);
          await transitionRecord({ db: deps.db, now: deps.now, effects }, session, workflow, id, { type: 'CLOSE', closeReason, ...(note === undefined ? {} : { note }) });
          return true;
        },
        hidden,
      );
      return c.json(result, 200);
    },
  });
}
