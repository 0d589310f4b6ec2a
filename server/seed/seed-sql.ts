// SQL helpers shared by the seed steps: the generate_series column, deterministic hash picks (weighted, from id
// pools), and small readers of rows, counts and user id pools that work on either driver.
import { count, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import type { ResourceTable } from '@server/resources/build-tables';
import { sqlHash } from './demo-data';

/** The series column of the bulk inserts (`from generate_series(a, b) n`). */
export const n = sql.raw('n');

/** A weighted pick of a value for row `n`: weights are small integers (shares). */
export function sqlWeighted(entries: readonly (readonly [string, number])[], row: SQL, salt: string): SQL {
  const pool = entries.flatMap(([value, weight]) => Array.from({ length: weight }, () => value));
  return sql`(${sql.param(pool)}::text[])[1 + ${sqlHash(row, salt)} % ${pool.length}]`;
}

/** A pick from a pool of uuids for row `n` (null when the pool is empty). */
export function sqlPickUuid(ids: readonly string[], row: SQL, salt: string): SQL {
  if (ids.length === 0) return sql`null::uuid`;
  return sql`(${sql.param([...ids])}::uuid[])[1 + ${sqlHash(row, salt)} % ${ids.length}]`;
}

/** A pick from a pool of bigint ids for row `n` (null when the pool is empty). */
export function sqlPickId(ids: readonly number[], row: SQL, salt: string): SQL {
  if (ids.length === 0) return sql`null::bigint`;
  return sql`(${sql.param([...ids])}::bigint[])[1 + ${sqlHash(row, salt)} % ${ids.length}]`;
}

/** `now` minus a deterministic number of seconds in [0, maxSeconds). */
export function sqlAgo(now: Date, maxSeconds: number, row: SQL, salt: string): SQL {
  return sql`(${now.toISOString()}::timestamptz - (${sqlHash(row, salt)} % ${maxSeconds}) * interval '1 second')`;
}

import { rowsOf } from '@server/db/rows';
export { rowsOf };

/** The single number an SQL query answers in its column `n` (count(*) and the like); 0 when it answers nothing. */
export async function scalar(tx: Database, query: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number | string | null }>(await tx.execute(query));
  return Number(row?.n ?? 0);
}

/** Rows in a table (those matching `where` when given). */
export async function rowCount(tx: Database, table: ResourceTable, where?: SQL): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

/** The columns of a table (empty when another module has not created it). */
export async function columnsOf(tx: Database, table: string): Promise<Set<string>> {
  const rows = rowsOf<{ c: string }>(
    await tx.execute(sql`select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = ${table}`),
  );
  return new Set(rows.map((r) => r.c));
}

/** Ids of the active staff, by mobile number. */
export async function staffUserIds(tx: Database): Promise<string[]> {
  const rows = await tx.execute(sql`select u.id from users u join czo_users c on c.user_id = u.id where c.is_active order by u.mobile_number`);
  return rowsOf<{ id: string }>(rows).map((r) => r.id);
}

/** Ids of users who are not staff (customers, hosts, investors), by mobile number; the staff when none exist yet. */
export async function customerUserIds(tx: Database, limit = 5000): Promise<string[]> {
  const rows = await tx.execute(
    sql`select u.id from users u where u.is_active and not exists (select 1 from czo_users c where c.user_id = u.id) order by u.mobile_number limit ${limit}`,
  );
  const ids = rowsOf<{ id: string }>(rows).map((r) => r.id);
  return ids.length > 0 ? ids : staffUserIds(tx);
}

/** A URL-safe slug of a name. */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
