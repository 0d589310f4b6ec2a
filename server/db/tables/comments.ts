// Comments on records (tickets for now), by entity: a hand table, read newest first per record.
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../schema';

/** One comment: who wrote what on which record, and when. */
export const comments = pgTable(
  'comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** Canonical entity type (every ticket kind comments as `tickets`, so all its pages share one thread). */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_entity_created_idx').on(t.entityType, t.entityId, t.createdAt),
    check('comments_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);
