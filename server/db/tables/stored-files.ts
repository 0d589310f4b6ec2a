// Files kept in the database (server/uploads/database-file-store.ts): what the upload service and the exports store
// when the server runs on PostgreSQL, so that a file written by one process is served by any other behind a balancer.
// A file is its row here and its bytes in chunks of at most 256 KiB; a replaced file gets new chunks under a new
// content id before its row points at them, so a reader never sees half of one.
import { customType, index, integer, pgTable, primaryKey, text, timestamp, uuid, bigint } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** One row per stored file, by its store key (`private/exports/2026/11/<random>.csv`…). */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  /** The chunks holding its bytes now. */
  contentId: uuid('content_id').notNull(),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A file's bytes, in order (seq 0, 1, …); chunks no file points at (a write that died half-way) are swept. */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    contentId: uuid('content_id').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.seq] }), index('stored_file_chunks_created_at_idx').on(t.createdAt)],
);
