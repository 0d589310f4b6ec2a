// The kept bulk runs: a run's row is written before its records are acted on (so it outlives a record that fails
// unexpectedly), its items in one statement when they are done, with the counts; read back by the results page, and
// swept by housekeeping once older than the retention setting.
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { BulkItemResult, BulkRun, BulkRunItem } from '@domain/bulk-runs';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { users } from '@server/db/schema';
import { bulkRunItems, bulkRuns } from '@server/db/tables/bulk-runs';
import { unnestInsert } from '@server/db/unnest-insert';

/** One record's result, as the run keeps it. */
export interface BulkItemRow {
  recordId: string;
  label: string | null;
  result: BulkItemResult;
  reason: string | null;
}

/** Writes a run's row before its records are acted on; answers its id. */
export async function startBulkRun(db: Database, run: { userId: string; resource: string; action: string; total: number; now: Date }): Promise<number> {
  const [row] = await db
    .insert(bulkRuns)
    .values({ userId: run.userId, resource: run.resource, action: run.action, total: run.total, createdAt: run.now })
    .returning({ id: bulkRuns.id });
  return row!.id;
}

type ItemRow = BulkItemRow & { runId: number; position: number };

const insertItems = unnestInsert<ItemRow>(bulkRunItems, [
  { column: bulkRunItems.runId, type: 'bigint', value: (r) => r.runId },
  { column: bulkRunItems.position, type: 'integer', value: (r) => r.position },
  { column: bulkRunItems.recordId, type: 'text', value: (r) => r.recordId },
  { column: bulkRunItems.label, type: 'text', value: (r) => r.label },
  { column: bulkRunItems.result, type: 'text', value: (r) => r.result },
  { column: bulkRunItems.reason, type: 'text', value: (r) => r.reason },
]);

/**
 * Writes a run's items (one statement, whatever their number) and its counts in one transaction. `finished`: false
 * when the run stopped on an unexpected failure (its finish time stays empty; the items are those it reached).
 */
export async function finishBulkRun(db: Database, runId: number, items: readonly BulkItemRow[], now: Date, finished: boolean): Promise<void> {
  const counts = { changed: 0, unchanged: 0, refused: 0 };
  for (const item of items) counts[item.result] += 1;
  await db.transaction(async (tx) => {
    await insertItems(
      tx,
      items.map((item, position) => ({ ...item, runId, position })),
    );
    await tx
      .update(bulkRuns)
      .set({ ...counts, finishedAt: finished ? now : null })
      .where(eq(bulkRuns.id, runId));
  });
}

const runColumns = {
  id: bulkRuns.id,
  resource: bulkRuns.resource,
  action: bulkRuns.action,
  userId: bulkRuns.userId,
  userName: users.name,
  total: bulkRuns.total,
  changed: bulkRuns.changed,
  unchanged: bulkRuns.unchanged,
  refused: bulkRuns.refused,
  createdAt: bulkRuns.createdAt,
  finishedAt: bulkRuns.finishedAt,
};

type RunRow = { [K in keyof typeof runColumns]: unknown };

function runOut(row: RunRow): BulkRun {
  return {
    id: Number(row.id),
    resource: String(row.resource),
    action: String(row.action),
    userId: (row.userId as string | null) ?? null,
    userName: (row.userName as string | null) ?? null,
    total: Number(row.total),
    changed: Number(row.changed),
    unchanged: Number(row.unchanged),
    refused: Number(row.refused),
    createdAt: (row.createdAt as Date).toISOString(),
    finishedAt: row.finishedAt ? (row.finishedAt as Date).toISOString() : null,
  };
}

/** One run by id, or undefined. */
export async function findBulkRun(db: Database, id: number): Promise<BulkRun | undefined> {
  const [row] = await db.select(runColumns).from(bulkRuns).leftJoin(users, eq(users.id, bulkRuns.userId)).where(eq(bulkRuns.id, id));
  return row ? runOut(row) : undefined;
}

/** A user's runs, latest first, a page at a time, and how many there are. */
export async function userBulkRuns(db: Database, userId: string, page: number, size: number): Promise<{ items: BulkRun[]; count: number }> {
  const where = eq(bulkRuns.userId, userId);
  const rows = await db
    .select(runColumns)
    .from(bulkRuns)
    .leftJoin(users, eq(users.id, bulkRuns.userId))
    .where(where)
    .orderBy(desc(bulkRuns.createdAt), desc(bulkRuns.id))
    .limit(size)
    .offset(page * size);
  const [total] = await db.select({ n: count() }).from(bulkRuns).where(where);
  return { items: rows.map(runOut), count: Number(total?.n ?? 0) };
}

/** `%text%` for ILIKE, its wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of a run's items in the order they were acted on: of one result, and with `q` in the label or the id. */
export async function bulkRunItemsPage(db: Database, runId: number, query: { page: number; size: number; result?: BulkItemResult; q?: string }): Promise<{ items: BulkRunItem[]; count: number }> {
  const conditions: (SQL | undefined)[] = [eq(bulkRunItems.runId, runId)];
  if (query.result) conditions.push(eq(bulkRunItems.result, query.result));
  const q = query.q?.trim();
  if (q) conditions.push(or(ilike(bulkRunItems.label, containing(q)), ilike(bulkRunItems.recordId, containing(q))));
  const where = and(...conditions);
  const rows = await db
    .select({ position: bulkRunItems.position, recordId: bulkRunItems.recordId, label: bulkRunItems.label, result: bulkRunItems.result, reason: bulkRunItems.reason })
    .from(bulkRunItems)
    .where(where)
    .orderBy(bulkRunItems.position)
    .limit(query.size)
    .offset(query.page * query.size);
  const [total] = await db.select({ n: count() }).from(bulkRunItems).where(where);
  return { items: rows.map((r) => ({ ...r, position: Number(r.position) })), count: Number(total?.n ?? 0) };
}

/** Runs deleted by one statement of the sweep (each batch its own statement: no transaction is held across batches). */
const SWEEP_BATCH = 500;

/** Deletes the runs made before `before` (their items go with them), in batches; answers how many. */
export async function deleteOldBulkRuns(db: Database, before: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = rowsOf<{ id: string }>(
      await db.execute(sql`delete from ${bulkRuns} where ${bulkRuns.id} in (select ${bulkRuns.id} from ${bulkRuns} where ${bulkRuns.createdAt} < ${before.toISOString()}::timestamptz limit ${SWEEP_BATCH}) returning ${bulkRuns.id}`),
    );
    deleted += batch.length;
    if (batch.length < SWEEP_BATCH) return deleted;
  }
}
