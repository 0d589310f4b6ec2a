import { eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ticketResource } from '@domain/resources/tickets/ticket';
import type { Resource } from '@domain/resource/define-resource';
import { ownResourceOf } from '@domain/resource/registry';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import type { Database } from '@server/db/database';
import { HttpProblem, notFoundProblem } from '@server/http/problem';
import { loadVisibleRecord } from '@server/resources/visible-record';
import { findRecord, tableOf } from '@server/resources/resource-query';

/** True for resources stored in the shared tickets table (every kind and the cross-kind list). */
export function isTicketResource(resource: Resource): boolean {
  return resource.table === ticketResource.table;
}

/** The kind resource of a ticket kind (the resource whose fixed `kind` it is), if the kind is known. */
function kindResourceOf(kind: string): Resource | undefined {
  const own = ownResourceOf(ticketResource, { kind });
  return own.fixed ? own : undefined;
}

/**
 * A ticket the session may see, with its kind's resource: visible through its kind's views (view permission or
 * scopes) or through the cross-kind lists (all tickets, or assigned to the user). 404 when it does not exist;
 * otherwise the kind's answer (403 or 404) when neither lets the user see it.
 */
export async function loadVisibleTicket(db: Database, session: AuthenticatedSession, rawId: string, now: Date): Promise<{ resource: Resource; record: Record<string, unknown> }> {
  const missing = notFoundProblem(`No ticket has the id ${rawId}.`);
  if (!/^\d{1,15}$/.test(rawId)) throw missing;
  const table = tableOf(ticketResource);
  const [row] = await db
    .select({ kind: table.kind as AnyPgColumn })
    .from(table)
    .where(eq(table.id as AnyPgColumn, Number(rawId)))
    .limit(1);
  const resource = row ? kindResourceOf(String(row.kind)) : undefined;
  if (!resource) throw missing;
  try {
    return { resource, record: await loadVisibleRecord(db, resource, session, rawId, now) };
  } catch (error) {
    if (!(error instanceof HttpProblem) || (error.problem.status !== 403 && error.problem.status !== 404)) throw error;
    try {
      await loadVisibleRecord(db, ticketResource, session, rawId, now);
    } catch {
      throw error;
    }
    // Seen through the cross-kind lists: answer the record in its kind's shape.
    const record = await findRecord(db, resource, Number(rawId));
    if (!record) throw missing;
    return { resource, record };
  }
}
