// Comments by entity (the ticket service's comments by entity): read by anyone who may see the record, written
// with ROLE_COMMENT_ON_TICKET. Every ticket page (kind or cross-kind) shares one thread per ticket.
import { and, count, desc, eq } from 'drizzle-orm';
import { commentPageSchema, commentQuerySchema, commentSchema, newCommentSchema, type Comment } from '@domain/comments';
import { ticketResource } from '@domain/resources/tickets/ticket';
import { problemSchema } from '@domain/problem';
import { findResource } from '@domain/resource/registry';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import type { Database } from '@server/db/database';
import { users } from '@server/db/schema';
import { comments } from '@server/db/tables/comments';
import { idempotent } from '@server/http/idempotency';
import { noteRecordChange } from '@server/live/record-changes';
import { notFoundProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { isTicketResource, loadVisibleTicket } from './visible-ticket';

const PATH = '/ticket-service/comment/entityType/:type/entityId/:id';

/** The canonical entity of a comment request, once the record is known to be visible to the caller. */
async function visibleEntity(db: Database, session: AuthenticatedSession, type: string, rawId: string, now: Date): Promise<{ entityType: string; entityId: string; kind: string }> {
  const resource = findResource(type);
  if (!resource || !isTicketResource(resource)) throw notFoundProblem(`There is no entity type ${type} that takes comments.`);
  const { record, resource: kind } = await loadVisibleTicket(db, session, rawId, now);
  return { entityType: ticketResource.name, entityId: String(record.id), kind: kind.name };
}

const toComment = (row: { createdAt: Date } & Omit<Comment, 'createdAt'>): Comment => ({ ...row, createdAt: row.createdAt.toISOString() });

const problems = {
  401: { description: 'Not signed in', schema: problemSchema },
  403: { description: 'Missing permission', schema: problemSchema },
  404: { description: 'No such record, or not visible to the caller', schema: problemSchema },
};

/** Registers GET (paged, newest first) and POST of a record's comments. */
export function registerCommentRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'GET',
    path: PATH,
    access: { kind: 'signed-in' },
    query: commentQuerySchema,
    summary: "The comments of a ticket, newest first (page, size ≤ 100); needs a permission to view the ticket. Any ticket resource's name works as the type.",
    responses: { 200: { description: 'A page of comments', schema: commentPageSchema }, ...problems },
    handler: async ({ c, query, session, deps }) => {
      const entity = await visibleEntity(deps.db, session, c.req.param('type')!, c.req.param('id')!, deps.now());
      const where = and(eq(comments.entityType, entity.entityType), eq(comments.entityId, entity.entityId));
      const rows = await deps.db
        .select({
          id: comments.id,
          entityType: comments.entityType,
          entityId: comments.entityId,
          authorUserId: comments.authorUserId,
          authorName: users.name,
          body: comments.body,
          createdAt: comments.createdAt,
        })
        .from(comments)
        .leftJoin(users, eq(users.id, comments.authorUserId))
        .where(where)
        .orderBy(desc(comments.createdAt), desc(comments.id))
        .limit(query.size)
        .offset(query.page * query.size);
      const [total] = await deps.db.select({ n: count() }).from(comments).where(where);
      return c.json({ items: rows.map(toComment), count: Number(total?.n ?? 0), page: query.page, size: query.size }, 200);
    },
  });

  registry.route({
    method: 'POST',
    path: PATH,
    access: { kind: 'permission', permission: 'ROLE_COMMENT_ON_TICKET' },
    body: newCommentSchema,
    summary:
      'Adds a comment (1–2000 characters) to a ticket the caller may see (ROLE_COMMENT_ON_TICKET). Accepts an Idempotency-Key header: a retry with the same key and body answers the first answer.',
    responses: {
      201: { description: 'The new comment', schema: commentSchema },
      400: { description: 'Invalid comment', schema: problemSchema },
      422: { description: 'The Idempotency-Key was used for another request', schema: problemSchema },
      ...problems,
    },
    handler: async ({ c, body, session, deps }) => {
      const now = deps.now();
      const { kind, ...entity } = await visibleEntity(deps.db, session, c.req.param('type')!, c.req.param('id')!, now);
      // Those who have the ticket open see the comment arrive: announced like a change of the ticket once answered.
      noteRecordChange({ entityType: kind, entityId: entity.entityId, action: 'comment' });
      return idempotent(c, deps.db, session.userId, body, now, async (tx) => {
        const [row] = await tx
          .insert(comments)
          .values({ ...entity, authorUserId: session.userId, body: body.body, createdAt: now })
          .returning({ id: comments.id, entityType: comments.entityType, entityId: comments.entityId, authorUserId: comments.authorUserId, body: comments.body, createdAt: comments.createdAt });
        const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, session.userId));
        return { status: 201, body: toComment({ ...row!, authorName: author?.name ?? null }) };
      });
    },
  });
}
