// POST /charger-service/admin/charger: the create-charger workflow's one call. The body is checked per charger type
// (a discriminated union), identifiers already in use answer 409 naming the field and the charger that holds it, the
// unique identifier is the next CZ number, and the charger and its audit row are written in one transaction (with the
// answer, when the request carries an Idempotency-Key).
import { eq, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  chargerIdentifierFields,
  createChargerBodySchema,
  createChargerPath,
  fieldNoun,
  nextUniqueIdentifier,
  type ChargerIdentifier,
  type CreateChargerBody,
} from '@domain/create-charger';
import { chargerResource } from '@domain/resources/chargers/charger';
import { problemSchema } from '@domain/problem';
import { writeAudit } from '@server/audit/write-audit';
import type { Database } from '@server/db/database';
import { idempotent } from '@server/http/idempotency';
import { HttpProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { constraintProblem } from '@server/resources/constraint-problem';
import { findRecord, tableOf } from '@server/resources/resource-query';

/** Problem type of an identifier another charger already has. */
export const duplicateIdentifierType = '/problems/duplicate-charger-identifier';

/** The message of an identifier in use: "A charger with device id X already exists (CZ000123)." */
export function duplicateMessage(field: ChargerIdentifier, value: string, uniqueId: string): string {
  return `A charger with ${fieldNoun(field)} ${value} already exists (${uniqueId}).`;
}

/** 409 when any identifier of the body is already used by a charger, naming the first such field. */
async function refuseDuplicates(db: Database, body: CreateChargerBody): Promise<void> {
  const table = tableOf(chargerResource);
  const given = chargerIdentifierFields.filter((field) => typeof body[field] === 'string').map((field) => [field, body[field]!] as const);
  if (given.length === 0) return;
  const rows = await db
    .select({ uniqueId: table.uniqueId as AnyPgColumn, ...Object.fromEntries(given.map(([field]) => [field, table[field] as AnyPgColumn])) })
    .from(table)
    .where(or(...given.map(([field, value]) => eq(table[field] as AnyPgColumn, value))))
    .limit(given.length);
  const errors = given.flatMap(([field, value]) => {
    const holder = rows.find((row) => (row as Record<string, unknown>)[field] === value);
    return holder ? [{ path: field, message: duplicateMessage(field, value, String(holder.uniqueId)) }] : [];
  });
  if (errors.length > 0) throw new HttpProblem({ type: duplicateIdentifierType, status: 409, title: 'Conflict', detail: errors[0]!.message, errors });
}

/** Registers the create-charger route (the resource engine gives chargers no create route: `create: []`). */
export function registerCreateChargerRoute(registry: RouteRegistry): void {
  registry.route({
    method: 'POST',
    path: createChargerPath,
    access: { kind: 'permission', permission: 'ROLE_CREATE_CHARGER' },
    body: createChargerBodySchema,
    summary:
      'Create a charger (the create-charger workflow): the identifiers its type needs, sockets, operator and broker; answers the new unique identifier (next CZ number) and id. 409 when an identifier is already used. Accepts an Idempotency-Key header: a retry with the same key and body answers the first answer.',
    responses: {
      201: { description: '{ uniqueIdentifier, lastChargerId, charger }' },
      400: { description: 'Invalid input, with field paths', schema: problemSchema },
      403: { description: 'Missing ROLE_CREATE_CHARGER', schema: problemSchema },
      409: { description: 'An identifier is already used by another charger', schema: problemSchema },
      422: { description: 'The Idempotency-Key was used for another request', schema: problemSchema },
    },
    handler: async ({ c, body, session, deps }) => {
      const input = body as unknown as CreateChargerBody;
      const now = deps.now();
      const table = tableOf(chargerResource);
      try {
        return await idempotent(c, deps.db, session.userId, body, now, async (tx) => {
          // One create at a time: the next CZ number and the duplicate check see every earlier create.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('create-charger'))`);
          await refuseDuplicates(tx, input);
          const uniqueIdColumn = table.uniqueId as AnyPgColumn;
          const [top] = await tx
            .select({ highest: sql<number | null>`max(substring(${uniqueIdColumn} from 3)::bigint)::float8` })
            .from(table)
            .where(sql`${uniqueIdColumn} ~ '^CZ[0-9]+$'`);
          const uniqueId = nextUniqueIdentifier(top?.highest === null || top?.highest === undefined ? null : Number(top.highest));
          const identifiers = Object.fromEntries(chargerIdentifierFields.filter((f) => input[f] !== undefined).map((f) => [f, input[f]]));
          const values = {
            uniqueId,
            chargerType: input.chargerType,
            ...identifiers,
            chargePointOperatorId: input.chargePointOperatorId,
            mqttBrokerKey: input.mqttBrokerKey,
            ocppCustomisationType: input.ocppCustomisationType ?? null,
            macAddress: input.macAddress ?? null,
            keyValuePairs: input.keyValuePairs,
            sockets: input.sockets,
            createdAt: now,
            updatedAt: now,
          };
          const [row] = await tx.insert(table).values(values).returning({ id: table[chargerResource.idField] as AnyPgColumn });
          const id = Number((row as { id: number | string }).id);
          await writeAudit(tx, { entityType: chargerResource.name, entityId: String(id), actorUserId: session.userId, action: 'create', changes: { ...input, uniqueId } }, now);
          // The answer is read in the transaction and stored with the key, for a retry that never saw it.
          const charger = await findRecord(tx, chargerResource, id);
          return { status: 201, body: { uniqueIdentifier: uniqueId, lastChargerId: id, charger } };
        });
      } catch (error) {
        if (error instanceof HttpProblem) throw error;
        throw constraintProblem(chargerResource, error) ?? error;
      }
    },
  });
}
