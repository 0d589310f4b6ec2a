// The common ticket actions on many tickets at once (bulk actions): assign, priority, due date, tags and
// Close, on the ids sent or on every ticket a ticket list's query matches (at most 1,000). Each ticket goes through
// the single action's own function (applyTicketAction) or, for Close, its kind's machine through the single
// transition's function (transitionRecord), at its current version, with its own audit row. A ticket the caller
// cannot see is refused by id in the same words as one that does not exist.
import { z } from 'zod';
import { closeEventSchema } from '@machines/ticket-close.events';
import { workflowEventTitle } from '@machines/workflow-labels';
import { workflowOf } from '@machines/workflow-registry';
import { hasPermission } from '@domain/permissions';
import { problemSchema } from '@domain/problem';
import { BULK_MAX } from '@domain/resource/list-query';
import type { Resource } from '@domain/resource/define-resource';
import { findResource, resourceByName, resources } from '@domain/resource/registry';
import { formatDate } from '@domain/format-date';
import { ticketResource } from '@domain/resources/tickets/ticket';
import { bulkTagModes, bulkTags, ticketActions, ticketBulkPath, ticketFieldActions, type BulkTagMode, type TicketCloseAction, type TicketFieldAction } from '@domain/ticket-actions';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import { eq } from 'drizzle-orm';
import type { ResolvedDeps } from '@server/app-deps';
import type { Database } from '@server/db/database';
import { users } from '@server/db/schema';
import { forbiddenProblem, validationProblem, type HttpProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { bulkIds, bulkResultSchema, bulkTargetShape, oneTarget, runBulk } from '@server/resources/bulk-targets';
import { eventInWords, transitionRecord } from '@server/workflows/transition-record';
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

/** A choice's label (a priority's, a tag's, a close reason's), else the value as sent. */
function choiceLabel(field: string, value: string): string {
  return ticketResource.allFields[field]?.options?.find((o) => o.value === value)?.label ?? value;
}

/** A field action in words, as its run is kept: "Assign to Asha Rao", "Priority: High", "Add tags: Urgent, Billing". */
async function actionInWords(db: Database, action: TicketFieldAction, sent: unknown, mode: BulkTagMode): Promise<string> {
  if (action.field === 'assignee') {
    if (sent === null) return 'Take the assignment away';
    const [user] = await db.select({ name: users.name, mobileNumber: users.mobileNumber }).from(users).where(eq(users.id, String(sent)));
    return `Assign to ${user?.name ?? user?.mobileNumber ?? 'a user who no longer exists'}`;
  }
  if (action.field === 'dueDate') return sent === null ? 'Clear the due date' : `Due date: ${formatDate(String(sent))}`;
  if (action.field === 'priority') return `Priority: ${choiceLabel('priority', String(sent))}`;
  const tags = (sent as string[]).map((t) => choiceLabel('tags', t)).join(', ') || 'none';
  return { set: `Set tags: ${tags}`, add: `Add tags: ${tags}`, remove: `Remove tags: ${tags}` }[mode];
}

/** The ticket list a bulk request names (every ticket by default): its run is kept under it. */
const listOf = (body: Target): Resource => findResource(body.resource ?? 'tickets')!;

/** The tickets a bulk request acts on. */
function targetIds(deps: Pick<ResolvedDeps, 'db' | 'now'>, session: AuthenticatedSession, body: Target): Promise<string[]> {
  return bulkIds(deps.db, listOf(body), session, deps.now(), body);
}

/** A ticket the caller may not see reads as one that does not exist. */
const hidden = (id: string, problem: HttpProblem) => (problem.problem.status === 403 || problem.problem.status === 404 ? `No ticket you can see has the id ${id}.` : undefined);

/** The ticket kinds' workflows (a cross-kind list's records each follow their kind's). */
const kindWorkflows = ticketKindResources().flatMap((r) => workflowOf(r.name) ?? []);

function ticketKindResources(): Resource[] {
  return resources.filter((r) => r.table === ticketResource.table && r.name !== ticketResource.name);
}

/** An event a cross-kind list sends: its type and its choices (each kind's own schema checks them per ticket). */
const crossKindEventSchema = z.strictObject({
  event: z
    .object({ type: z.string({ error: 'Choose an event' }).min(1).max(64) })
    .catchall(z.union([z.string().max(2000), z.number(), z.boolean(), z.null()])),
  ...targetShape,
});

/** Registers `POST /ticket-service/admin/ticket-bulk/{assign-to, priority, due-date, tag, close}` (Close runs `effects` as a transition does), and the cross-kind lists' bulk transition. */
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
        const run = { db: deps.db, session, now: deps.now, resource: listOf(input), action: await actionInWords(deps.db, action, sent, input.mode ?? 'set') };
        const result = await runBulk(run, ids, async (id) => (await applyTicketAction(deps, session, id, action, sent, computeValue ? { computeValue } : {})).changed, hidden);
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
      const run = { db: deps.db, session, now: deps.now, resource: listOf(target), action: `Close (${choiceLabel('closeReason', closeReason)})` };
      const result = await runBulk(
        run,
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

  // The cross-kind lists (My, Open, Today's tickets) send a workflow event to tickets of several kinds: each goes
  // through its own kind's machine, as the kind list's bulk transition sends it.
  registry.route({
    method: 'POST',
    path: `${ticketResource.apiPath}/bulk-transition`,
    access: { kind: 'signed-in' },
    // A query matched on this path is a cross-kind list's (its scope in the query): `resource` may name another ticket list.
    body: crossKindEventSchema.refine(oneTarget.check, oneTarget.message).refine((b) => b.resource === undefined || isTicketList(b.resource), { message: 'Choose a ticket list', path: ['resource'] }),
    summary: `Send one workflow event to tickets of any kind (the cross-kind lists' selection): the ids sent, or every ticket a ticket list's query matches (at most ${BULK_MAX.toLocaleString('en-IN')}). Each ticket goes through its own kind's machine exactly as the single transition route takes it (the event's permission for that kind, its payload checked by that kind's schema, visibility, the state's answer, its own audit row and side effects); a ticket whose kind has no such event is refused with why. 403 when no kind's permission for the event is held.`,
    responses,
    handler: async ({ c, body, session, deps }) => {
      const { event, ...target } = body as Target & { event: Record<string, unknown> & { type: string } };
      const having = kindWorkflows.filter((w) => w.eventSchemas[event.type]);
      if (having.length === 0) throw validationProblem([{ path: 'event.type', message: 'No ticket kind has this event' }]);
      if (!having.some((w) => hasPermission(session.permissions, w.permissions[event.type]!))) {
        throw forbiddenProblem(`You do not have the permission this needs (${[...new Set(having.map((w) => w.permissions[event.type]!))].join(' or ')}).`);
      }
      const ids = await targetIds(deps, session, target);
      const first = having[0]!;
      const run = { db: deps.db, session, now: deps.now, resource: listOf(target), action: eventInWords(first, resourceByName(first.resource), event) };
      const result = await runBulk(
        run,
        ids,
        async (id) => {
          const { resource } = await loadVisibleTicket(deps.db, session, id, deps.now());
          const workflow = workflowOf(resource.name);
          const schema = workflow?.eventSchemas[event.type];
          if (!workflow || !schema) throw validationProblem([{ path: 'event.type', message: `A ${resource.title.toLowerCase()} does not take ${workflowEventTitle(resource, event.type)}` }]);
          const parsed = schema.safeParse(event);
          if (!parsed.success) throw validationProblem(parsed.error.issues.map((i) => ({ path: ['event', ...i.path].join('.'), message: i.message })));
          await transitionRecord({ db: deps.db, now: deps.now, effects }, session, workflow, id, parsed.data as Record<string, unknown> & { type: string });
          return true;
        },
        (id, problem) => (problem.problem.status === 404 ? `No ticket you can see has the id ${id}.` : undefined),
      );
      return c.json(result, 200);
    },
  });
}
