// The generic API of every resource definition: list, one, create, update, activate/inactivate, summary and
// the audit timeline. Permissions, validation, the writable-field allow-list and audit come from the definition.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { anyViewPermissions, reservedValueIssue, viewPermission, type Resource } from '@domain/resource/define-resource';
import { BULK_MAX, listQuerySchema, listResultSchema } from '@domain/resource/list-query';
import { auditTimelineSchema } from '@domain/resource/audit-entry';
import { findResource, resources } from '@domain/resource/registry';
import { hasPermission, type Permission } from '@domain/permissions';
import { problemSchema } from '@domain/problem';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import { writeAudit } from '@server/audit/write-audit';
import { assertMayChange } from '@server/auth/who-may-change-whom';
import { EDIT } from '@machines/edit.event';
import { workflowOf } from '@machines/workflow-registry';
import { acceptedEvents, acceptsEdit } from '@machines/workflow-snapshot';
import { transitionConflict } from '@server/workflows/workflow-state';
import type { Database } from '@server/db/database';
import { auditLog, users } from '@server/db/schema';
import { idempotent } from '@server/http/idempotency';
import { conflictProblem, forbiddenProblem, HttpProblem, notFoundProblem, validationProblem } from '@server/http/problem';
import type { RouteRegistry, RouteResponse } from '@server/http/route-registry';
import type { ActivationChecks } from './activation-checks';
import { bulkIds, bulkResultSchema, bulkTargetShape, oneTarget, runBulk } from './bulk-targets';
import { constraintProblem } from './constraint-problem';
import { loadVisibleRecord } from './visible-record';
import { findRecord, fixedConditions, labelsById, listRecords, scopeConditions, summarise, tableOf } from './resource-query';
import type { ResolvedDeps } from '@server/app-deps';

const bulkActivateSchema = z
  .strictObject({ active: z.boolean({ error: 'Send true to activate or false to inactivate' }), ...bulkTargetShape })
  .refine(oneTarget.check, oneTarget.message);

const problems = { 400: { description: 'Invalid input', schema: problemSchema }, 401: { description: 'Not signed in', schema: problemSchema }, 403: { description: 'Missing permission', schema: problemSchema } };

function requirePermission(session: AuthenticatedSession, permission: Permission | null): void {
  if (permission !== null && !hasPermission(session.permissions, permission)) {
    throw forbiddenProblem(`You do not have the permission this needs (${permission}).`);
  }
}

async function guarded<T>(resource: Resource, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    throw constraintProblem(resource, error) ?? error;
  }
}

const toRow = (resource: Resource, body: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(body).map(([k, v]) => {
      const def = resource.allFields[k];
      return [k, def?.storage === 'timestamp' && typeof v === 'string' ? new Date(v) : v];
    }),
  );

/** Runs the resource's cross-field rule over the record as it would be stored; 400 with the field paths when it fails. */
function checkRecord(resource: Resource, record: Readonly<Record<string, unknown>>): void {
  const issues = resource.check?.(record) ?? [];
  if (issues.length > 0) throw validationProblem([...issues]);
}

/** 400 naming each field the request would move into or out of a value only an action sets (reservedValues). */
function checkReservedValues(resource: Resource, input: Readonly<Record<string, unknown>>, before?: Readonly<Record<string, unknown>>): void {
  const issues = Object.keys(resource.reservedValues ?? {}).flatMap((field) => reservedValueIssue(resource, field, input[field], before) ?? []);
  if (issues.length > 0) throw validationProblem(issues);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Registers the routes of one resource; its activation check, if any, runs before its active field flips. */
export function registerResource(registry: RouteRegistry, resource: Resource, activationChecks: ActivationChecks): void {
  const base = resource.apiPath;
  const one = `${base}/:id`;
  const recordOut = resource.recordSchema;
  const label = resource.title.toLowerCase();

  registry.route({
    method: 'GET',
    path: base,
    access: { kind: 'signed-in' },
    query: listQuerySchema(resource),
    summary: `List ${resource.plural.toLowerCase()}: paging, sort, filters, \`q\` search (exact id/phone/code first) and scopes. Needs ${[...new Set(anyViewPermissions(resource).map((p) => p ?? 'sign-in'))].join(' or ')} (by scope).`,
    responses: { 200: { description: `A page of ${resource.plural.toLowerCase()}`, schema: listResultSchema }, ...problems },
    handler: async ({ c, query, session, deps }) => {
      requirePermission(session, viewPermission(resource, query.scope));
      const scope = query.scope ? resource.scopes![query.scope]! : undefined;
      const extra = scope ? scopeConditions(resource, tableOf(resource), scope.where, session.userId, deps.now()) : [];
      const result = await listRecords(deps.db, resource, query, extra);
      return c.json({ ...result, page: query.page, size: query.size }, 200);
    },
  });

  if (resource.summary) {
    const groupBy = resource.summary.groupBy;
    registry.route({
      method: 'GET',
      path: `${base}/summary`,
      access: resource.permissions.view ? { kind: 'permission', permission: resource.permissions.view } : { kind: 'signed-in' },
      summary: `${resource.summary.title}: counts of ${resource.plural.toLowerCase()} by ${groupBy.join(' and ')}.`,
      responses: { 200: { description: 'Grouped counts' }, ...problems },
      handler: async ({ c, deps }) => c.json({ groupBy, rows: await summarise(deps.db, resource, groupBy) }, 200),
    });
  }

  registry.route({
    method: 'GET',
    path: one,
    access: { kind: 'signed-in' },
    summary: `One ${label} by id (404 when it does not exist or is outside the caller's scopes).`,
    responses: { 200: { description: `The ${label}`, schema: recordOut }, 404: { description: 'Not found', schema: problemSchema }, ...problems },
    handler: async ({ c, session, deps }) => c.json(await loadVisibleRecord(deps.db, resource, session, c.req.param('id')!, deps.now()), 200),
  });

  if (resource.permissions.create && resource.createFields.length > 0) {
    registry.route({
      method: 'POST',
      path: base,
      access: { kind: 'permission', permission: resource.permissions.create },
      body: resource.createSchema,
      summary: `Create a ${label}. Only the writable fields are accepted; anything else is refused. Accepts an Idempotency-Key header: a retry with the same key and body answers the first answer.`,
      responses: {
        201: { description: `The new ${label}`, schema: recordOut },
        409: { description: 'A unique value is taken', schema: problemSchema },
        422: { description: 'The Idempotency-Key was used for another request', schema: problemSchema },
        ...problems,
      },
      handler: async ({ c, body, session, deps }) => {
        checkRecord(resource, { ...(body as Record<string, unknown>), ...(resource.fixed ?? {}) });
        checkReservedValues(resource, body as Record<string, unknown>);
        await assertMayChange(deps.db, session, resource.name, 'create', undefined, body as Record<string, unknown>);
        const now = deps.now();
        const table = tableOf(resource);
        return guarded(resource, () =>
          idempotent(c, deps.db, session.userId, body, now, async (tx) => {
            const values = {
              ...toRow(resource, body as Record<string, unknown>),
              ...(resource.fixed ?? {}),
              ...(resource.createdByField ? { [resource.createdByField]: session.userId } : {}),
              createdAt: now,
              updatedAt: now,
            };
            const [row] = await tx.insert(table).values(values).returning({ id: table[resource.idField] as AnyPgColumn });
            const id = (row as { id: string | number }).id;
            await writeAudit(tx, { entityType: resource.name, entityId: String(id), actorUserId: session.userId, action: 'create', changes: body as Record<string, unknown> }, now);
            // Read in the same transaction: the answer is stored with the key, for a retry that never saw it.
            return { status: 201, body: await findRecord(tx, resource, id) };
          }),
        );
      },
    });
  }

  if (resource.permissions.update && resource.updateFields.length > 0) {
    // A workflow-bound record is edited through its machine: the update is its EDIT event, accepted only in the
    // states that list it, with the version the caller saw (optimistic lock) and an audit row like any transition.
    const workflow = workflowOf(resource.name);
    const atLeastOne = { message: 'Send at least one field to change' };
    const body = workflow
      ? resource.updateSchema
          .extend({ version: z.number({ error: 'Send the version you last saw' }).int().min(0) })
          .refine((b) => Object.keys(b).length > 1, atLeastOne)
      : resource.updateSchema.refine((b) => Object.keys(b).length > 0, atLeastOne);
    registry.route({
      method: 'PUT',
      path: one,
      access: { kind: 'permission', permission: resource.permissions.update },
      body,
      summary: workflow
        ? `Edit a ${label}: only its editable fields, only in the states where its workflow accepts EDIT (409 with the current state otherwise), with the version you last saw (409 when stale); the audit row records each change.`
        : `Update a ${label}: only its updatable fields; the audit row records each change.`,
      responses: { 200: { description: `The updated ${label}`, schema: recordOut }, 404: { description: 'Not found', schema: problemSchema }, 409: { description: 'Not editable in its state, or changed meanwhile', schema: problemSchema }, ...problems },
      handler: async ({ c, body, session, deps }) => {
        const now = deps.now();
        const before = await loadVisibleRecord(deps.db, resource, session, c.req.param('id')!, now);
        const id = before[resource.idField] as string | number;
        const table = tableOf(resource);
        const { version, ...input } = body as Record<string, unknown> & { version?: number };
        await assertMayChange(deps.db, session, resource.name, 'update', before, input);
        const state = workflow ? String(before[workflow.stateField]) : undefined;
        if (workflow) {
          if (!acceptsEdit(workflow, before)) {
            throw transitionConflict(`A ${label} in state ${state} can no longer be edited.`, state, acceptedEvents(workflow, before), before.version);
          }
          if (version !== before.version) {
            throw transitionConflict(`This ${label} was changed by someone else (version ${String(before.version)}, you sent ${version}). Reload it and try again.`, state, acceptedEvents(workflow, before), before.version);
          }
        }
        checkRecord(resource, { ...before, ...input });
        checkReservedValues(resource, input, before);
        // A field with reserved values changes only from the value read here: an action that moved it meanwhile wins.
        const reservedFields = Object.keys(resource.reservedValues ?? {}).filter((field) => field in input);
        const changes = Object.fromEntries(Object.entries(input).filter(([k, v]) => !same(before[k], v)).map(([k, v]) => [k, { from: before[k] ?? null, to: v ?? null }]));
        if (Object.keys(changes).length > 0) {
          const versionColumn = table.version as AnyPgColumn | undefined;
          await guarded(resource, () =>
            deps.db.transaction(async (tx) => {
              const updated = await tx
                .update(table)
                .set({ ...toRow(resource, input), ...(workflow && versionColumn ? { version: sql`${versionColumn} + 1` } : {}), updatedAt: now })
                .where(
                  and(
                    eq(table[resource.idField] as AnyPgColumn, id),
                    ...(workflow && versionColumn ? [eq(versionColumn, version!)] : []),
                    ...reservedFields.map((field) => (before[field] === null || before[field] === undefined ? isNull(table[field] as AnyPgColumn) : eq(table[field] as AnyPgColumn, before[field]))),
                    ...fixedConditions(resource, table),
                  ),
                )
                .returning({ id: table[resource.idField] as AnyPgColumn });
              if (updated.length === 0 && reservedFields.length > 0) throw conflictProblem(`This ${label} was changed by someone else just now. Reload it and try again.`, reservedFields.map((path) => ({ path, message: 'Changed meanwhile' })));
              if (updated.length === 0) throw transitionConflict(`This ${label} was changed by someone else just now. Reload it and try again.`, state, [], undefined);
              await writeAudit(
                tx,
                { entityType: resource.name, entityId: String(id), actorUserId: session.userId, action: 'update', ...(workflow ? { fromState: state, toState: state, event: EDIT } : {}), changes },
                now,
              );
            }),
          );
        }
        return c.json(await findRecord(deps.db, resource, id), 200);
      },
    });
  }

  if (resource.activeField && resource.permissions.activate) {
    const activeField = resource.activeField;
    /** Activates or inactivates one record with every check of the single route; answers whether it changed. */
    const setActive = async (deps: ResolvedDeps, session: AuthenticatedSession, rawId: string, active: boolean): Promise<{ id: string | number; changed: boolean }> => {
      const before = await loadVisibleRecord(deps.db, resource, session, rawId, deps.now());
      await assertMayChange(deps.db, session, resource.name, 'activate', before, undefined);
      const id = before[resource.idField] as string | number;
      const now = deps.now();
      const table = tableOf(resource);
      if (before[activeField] === active) return { id, changed: false };
      await deps.db.transaction(async (tx) => {
        await activationChecks[resource.name]?.(tx, id, active, now);
        await tx
          .update(table)
          .set({ [activeField]: active, updatedAt: now })
          .where(and(eq(table[resource.idField] as AnyPgColumn, id), ...fixedConditions(resource, table)));
        await writeAudit(
          tx,
          { entityType: resource.name, entityId: String(id), actorUserId: session.userId, action: active ? 'activate' : 'inactivate', changes: { [activeField]: { from: before[activeField], to: active } } },
          now,
        );
      });
      return { id, changed: true };
    };
    registry.route({
      method: 'PATCH',
      path: `${one}/activate-inactivate`,
      access: { kind: 'permission', permission: resource.permissions.activate },
      body: z.strictObject({ active: z.boolean({ error: 'Send true to activate or false to inactivate' }) }),
      summary: `Activate or inactivate a ${label}; the audit row records it.`,
      responses: {
        200: { description: `The ${label}`, schema: recordOut },
        404: { description: 'Not found', schema: problemSchema },
        ...((resource.name in activationChecks ? { 409: { description: 'Refused: what the record still has open, in words', schema: problemSchema } } : {}) as Record<number, RouteResponse>),
        ...problems,
      },
      handler: async ({ c, body, session, deps }) => {
        const { id } = await setActive(deps, session, c.req.param('id')!, body.active);
        return c.json(await findRecord(deps.db, resource, id), 200);
      },
    });

    registry.route({
      method: 'POST',
      path: `${base}/bulk-activate-inactivate`,
      access: { kind: 'permission', permission: resource.permissions.activate },
      body: bulkActivateSchema,
      summary: `Activate or inactivate many ${resource.plural.toLowerCase()} at once: the ids sent, or every record matching a list query (its q and filters, as the list's URL has them; at most ${BULK_MAX.toLocaleString('en-IN')}). Each record goes through the single route's checks and gets its own audit row; the answer counts the changed and unchanged ones, names each refused one with why, and gives the id of the kept run (every record's result, for review).`,
      responses: { 200: { description: 'Changed, unchanged and refused records', schema: bulkResultSchema }, ...problems },
      handler: async ({ c, body, session, deps }) => {
        const ids = await bulkIds(deps.db, resource, session, deps.now(), body);
        const run = { db: deps.db, session, now: deps.now, resource, action: body.active ? 'Activate' : 'Inactivate' };
        const result = await runBulk(run, ids, async (rawId) => (await setActive(deps, session, rawId, body.active)).changed);
        return c.json(result, 200);
      },
    });
  }
}

/** Registers every resource's routes (each with its activation check, if any) and the audit timeline of a record. */
export function registerResourceRoutes(registry: RouteRegistry, activationChecks: ActivationChecks): void {
  for (const resource of resources) registerResource(registry, resource, activationChecks);

  registry.route({
    method: 'GET',
    path: '/upload-service/audit/entity/:type/entityId/:id',
    access: { kind: 'signed-in' },
    summary: 'The audit timeline of a record (newest first, at most 200 entries); needs a permission to view the record.',
    responses: { 200: { description: 'Audit entries', schema: auditTimelineSchema }, 404: { description: 'Not found', schema: problemSchema }, ...problems },
    handler: async ({ c, session, deps }) => {
      const resource = findResource(c.req.param('type')!);
      if (!resource) throw notFoundProblem(`There is no entity type ${c.req.param('type')}.`);
      const record = await loadVisibleRecord(deps.db, resource, session, c.req.param('id')!, deps.now());
      const rows = await deps.db
        .select({
          id: auditLog.id,
          action: auditLog.action,
          actorUserId: auditLog.actorUserId,
          actorName: users.name,
          fromState: auditLog.fromState,
          toState: auditLog.toState,
          event: auditLog.event,
          reason: auditLog.reason,
          changes: auditLog.changes,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(and(eq(auditLog.entityType, resource.name), eq(auditLog.entityId, String(record[resource.idField]))))
        .orderBy(desc(auditLog.seq))
        .limit(200);
      const relationLabels = await changeLabels(deps.db, resource, rows);
      return c.json(
        {
          items: rows.map((r) => {
            const labels = relationLabels(r.changes);
            return { ...r, ...(labels ? { relationLabels: labels } : {}), createdAt: r.createdAt.toISOString() };
          }),
        },
        200,
      );
    },
  });
}

/**
 * The labels of the related records the entries' changes name (an assignee's name, not their id), one lookup per
 * relation field; answers a function giving one entry's labels (undefined when it names none).
 */
async function changeLabels(db: Database, resource: Resource, rows: readonly { changes: unknown }[]): Promise<(changes: unknown) => Record<string, Record<string, string>> | undefined> {
  const idsByField = new Map<string, Set<string | number>>();
  const valuesOf = (change: unknown): unknown[] => (change && typeof change === 'object' ? [(change as { from?: unknown }).from, (change as { to?: unknown }).to] : []);
  for (const row of rows) {
    for (const [field, change] of Object.entries((row.changes as Record<string, unknown> | null) ?? {})) {
      if (!resource.allFields[field]?.relation) continue;
      for (const value of valuesOf(change)) {
        if (typeof value !== 'string' && typeof value !== 'number') continue;
        if (!idsByField.has(field)) idsByField.set(field, new Set());
        idsByField.get(field)!.add(value);
      }
    }
  }
  const labels = new Map<string, Map<string, string>>();
  for (const [field, ids] of idsByField) {
    const target = findResource(resource.allFields[field]!.relation!);
    // An id that is not a valid id of the target (an old row's value) is simply left unlabelled.
    const valid = [...ids].filter((id) => (target?.idType === 'uuid' ? /^[0-9a-f-]{36}$/i.test(String(id)) : target?.idType === 'bigint' ? /^\d{1,15}$/.test(String(id)) : true));
    if (target) labels.set(field, await labelsById(db, target, valid));
  }
  return (changes) => {
    const out: Record<string, Record<string, string>> = {};
    for (const [field, change] of Object.entries((changes as Record<string, unknown> | null) ?? {})) {
      const known = labels.get(field);
      if (!known) continue;
      const entry = Object.fromEntries(valuesOf(change).flatMap((v) => (known.has(String(v)) ? [[String(v), known.get(String(v))!]] : [])));
      if (Object.keys(entry).length > 0) out[field] = entry;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  };
}
