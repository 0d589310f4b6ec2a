// The common actions of every ticket kind (the ticket service's admin/ticket): assign, priority, due date and
// tags, one route each, declared once in domain/ticket-actions.ts. Each checks its permission, the ticket's
// visibility and the version the caller saw, then updates the row (version + 1) and writes the audit row in the
// same transaction. Closing is the kinds' CLOSE workflow event (server/workflows/workflow-routes.ts).
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { problemSchema } from '@domain/problem';
import { TICKET_ADMIN_PATH, ticketFieldActions, type TicketFieldAction } from '@domain/ticket-actions';
import { writeAudit } from '@server/audit/write-audit';
import type { Database } from '@server/db/database';
import type { Resource } from '@domain/resource/define-resource';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import type { ResolvedDeps } from '@server/app-deps';
import { czoUsers, roles, userRoles, users } from '@server/db/schema';
import { HttpProblem, validationProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { findRecord, istDate, tableOf } from '@server/resources/resource-query';
import { registerCommentRoutes } from './comment-routes';
import { loadVisibleTicket } from './visible-ticket';

/** Problem type of an action sent with a version older than the ticket's. */
export const staleVersionType = '/problems/stale-version';

function stale(version?: unknown): HttpProblem {
  return new HttpProblem({
    type: staleVersionType,
    status: 409,
    title: 'Conflict',
    // The version travels as a property for the console; staff read no internal version number.
    detail: 'This ticket was changed by someone else. Reload it and try again.',
    version,
  } as never);
}

/** True when the user is active staff: an active user with active console access and at least one active role. */
export async function isActiveStaff(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(czoUsers, and(eq(czoUsers.userId, users.id), eq(czoUsers.isActive, true)))
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.isActive, true)))
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.isActive, true)))
    .where(and(eq(users.id, userId), eq(users.isActive, true)))
    .limit(1);
  return rows.length > 0;
}

/** Rules a body schema cannot check alone (they need the database or the ticket): 400 with the field's path. */
async function checkValue(db: Database, action: TicketFieldAction, value: unknown, before: Record<string, unknown>): Promise<void> {
  if (action.field === 'assignee' && value !== null && !(await isActiveStaff(db, String(value)))) {
    throw validationProblem([{ path: 'assignee', message: 'Choose an active staff user' }]);
  }
  if (action.field === 'dueDate' && typeof value === 'string') {
    const created = istDate(new Date(String(before.createdAt)));
    if (value < created) throw validationProblem([{ path: 'dueDate', message: `The due date cannot be before the ticket was created (${created})` }]);
  }
}

/** What applyTicketAction did: the ticket's kind resource and id, and whether it changed (false: it already had the value). */
export interface TicketActionOutcome {
  resource: Resource;
  id: number;
  changed: boolean;
}

/** Options of applyTicketAction. */
export interface TicketActionOptions {
  /** The version the caller saw (409 when stale). Default none: act on the ticket's current version, and leave a ticket that already has the value as it is (bulk). */
  version?: number;
  /** Works out the value from the ticket as read (bulk "add tags"); default the value as sent. */
  computeValue?: (before: Readonly<Record<string, unknown>>) => unknown;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * One common action on one ticket, the one way it happens (the single route and the bulk route): the ticket's
 * visibility, the value's rules (active staff, a due date not before creation), the version check, then the update
 * (version + 1) and the audit row in one transaction. The action's permission is the route's.
 */
export async function applyTicketAction(
  deps: Pick<ResolvedDeps, 'db' | 'now'>,
  session: AuthenticatedSession,
  rawId: string,
  action: TicketFieldAction,
  sent: unknown,
  options: TicketActionOptions = {},
): Promise<TicketActionOutcome> {
  const now = deps.now();
  const { resource, record: before } = await loadVisibleTicket(deps.db, session, rawId, now);
  const value = options.computeValue ? options.computeValue(before) : sent;
  await checkValue(deps.db, action, value, before);
  const id = before.id as number;
  if (options.version === undefined && sameValue(before[action.field], value)) return { resource, id, changed: false };
  if (options.version !== undefined && options.version !== before.version) throw stale(before.version);
  const version = options.version ?? (before.version as number);
  const table = tableOf(resource);
  const versionColumn = table.version as AnyPgColumn;
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(table)
      .set({ [action.field]: value, version: sql`${versionColumn} + 1`, updatedAt: now })
      .where(and(eq(table.id as AnyPgColumn, id), eq(versionColumn, version)))
      .returning({ id: table.id as AnyPgColumn });
    if (updated.length === 0) throw stale();
    await writeAudit(
      tx,
      { entityType: resource.name, entityId: String(id), actorUserId: session.userId, action: action.audit, changes: { [action.field]: { from: before[action.field] ?? null, to: value } } },
      now,
    );
  });
  return { resource, id, changed: true };
}

/** Registers `POST /ticket-service/admin/ticket/:id/{assign-to, priority, due-date, tag}` and the comment routes. */
export function registerTicketActionRoutes(registry: RouteRegistry): void {
  for (const action of ticketFieldActions) {
    registry.route({
      method: 'POST',
      path: `${TICKET_ADMIN_PATH}/:id/${action.path}`,
      access: { kind: 'permission', permission: action.permission },
      body: action.bodySchema,
      summary: `${action.label} of a ticket of any kind (${action.permission}); send the version you last saw: 409 when it is stale. The audit row records the change.`,
      responses: {
        200: { description: 'The ticket after the change' },
        400: { description: 'Invalid value', schema: problemSchema },
        403: { description: 'Missing permission', schema: problemSchema },
        404: { description: 'No such ticket, or not visible to the caller', schema: problemSchema },
        409: { description: 'Changed meanwhile', schema: problemSchema },
      },
      handler: async ({ c, body, session, deps }) => {
        const input = body as Record<string, unknown> & { version: number };
        const { resource, id } = await applyTicketAction(deps, session, c.req.param('id')!, action, input[action.field] ?? null, { version: input.version });
        return c.json(await findRecord(deps.db, resource, id), 200);
      },
    });
  }
  registerCommentRoutes(registry);
}
