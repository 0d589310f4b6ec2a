// Bulk runs kept for review (server/bulk-runs): who changed many records at once, what they did in words, and each
// record's result with the reason it was refused. A run's row is written before its records are acted on, its items
// in one statement once they are done; old runs are swept by housekeeping.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BulkItemResult } from '@domain/bulk-runs';
import { users } from '../schema';

/** One bulk request: who ran it, on which resource's records, the action in words, and its counts. */
export const bulkRuns = pgTable(
  'bulk_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The resource whose list the records were chosen on (a ticket list's name, `chargers`, …). */
    resource: text('resource').notNull(),
    /** What was done, in words ("Start work", "Inactivate", "Assign to Asha Rao"). */
    action: text('action').notNull(),
    total: integer('total').notNull(),
    changed: integer('changed').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When every record had its result (null: the run stopped on an unexpected failure, or is still running). */
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // A user's runs, latest first.
    index('bulk_runs_user_id_created_at_id_idx').on(t.userId, t.createdAt, t.id),
    // The housekeeping sweep of old runs.
    index('bulk_runs_created_at_idx').on(t.createdAt),
    check('bulk_runs_counts_check', sql`${t.changed} >= 0 AND ${t.unchanged} >= 0 AND ${t.refused} >= 0 AND ${t.changed} + ${t.unchanged} + ${t.refused} <= ${t.total}`),
  ],
);

/** One record of a run: its id and label as they were, its result, and why it was refused. */
export const bulkRunItems = pgTable(
  'bulk_run_items',
  {
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => bulkRuns.id, { onDelete: 'cascade' }),
    /** The record's place in the run (the order the records were acted on). */
    position: integer('position').notNull(),
    recordId: text('record_id').notNull(),
    /** The record's label when the run was made (a ticket's title); null when it had none or was not found. */
    label: text('label'),
    result: text('result').$type<BulkItemResult>().notNull(),
    reason: text('reason'),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.position] }),
    // A run's items filtered by result, in order.
    index('bulk_run_items_run_id_result_position_idx').on(t.runId, t.result, t.position),
    check('bulk_run_items_result_check', sql`${t.result} in ('changed', 'unchanged', 'refused')`),
    check('bulk_run_items_reason_check', sql`(${t.result} = 'refused') = (${t.reason} is not null)`),
  ],
);
