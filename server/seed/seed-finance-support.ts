// Shared pieces of the finance, sustain capital and operator seed steps: id pools from earlier steps (with
// fallbacks so the seed never fails), deterministic SQL picks and the city vocabulary.
import { count, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import type { ResourceTable } from '@server/resources/build-tables';
import { sqlHash } from './demo-data';
import { demoCities, demoCityId } from './seed-cities';

/** The series column of the bulk inserts (`from generate_series(a, b) n`). */
export const n = sql.raw('n');

/** Paise in one rupee and in one lakh rupees. */
export const RUPEE = 100;
export const LAKH = 100_000 * RUPEE;

/** GST state codes of the demo cities' states. */
export const gstStateCodes: Readonly<Record<string, string>> = {
  Karnataka: '29',
  Maharashtra: '27',
  Delhi: '07',
  'Tamil Nadu': '33',
  Telangana: '36',
  'West Bengal': '19',
  Gujarat: '24',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Chandigarh: '04',
  Kerala: '32',
  'Madhya Pradesh': '23',
  'Andhra Pradesh': '37',
  Odisha: '21',
  Haryana: '06',
  Goa: '30',
  Uttarakhand: '05',
};

/** The demo cities with their seeded ids, in demoCities order (1-based in the SQL arrays). */
export const cityRows = demoCities.map((c) => ({ ...c, id: demoCityId(c.name, c.state), gstCode: gstStateCodes[c.state] ?? '29' }));

/** SQL arrays of the city columns, indexed by a 1-based city index. */
export const citySql = {
  ids: sql`${sql.param(cityRows.map((c) => c.id))}::uuid[]`,
  names: sql`${sql.param(cityRows.map((c) => c.name))}::text[]`,
  states: sql`${sql.param(cityRows.map((c) => c.state))}::text[]`,
  gstCodes: sql`${sql.param(cityRows.map((c) => c.gstCode))}::text[]`,
  latitudes: sql`${sql.param(cityRows.map((c) => c.latitude))}::float8[]`,
  longitudes: sql`${sql.param(cityRows.map((c) => c.longitude))}::float8[]`,
};

/** A 1-based city index for row `n`; the first six (metro) cities are picked three times as often. */
export function sqlCityIndex(row: SQL, salt: string): SQL {
  const pool = cityRows.flatMap((_, i) => (i < 6 ? [i + 1, i + 1, i + 1] : [i + 1]));
  return sql`(${sql.param(pool)}::int[])[1 + ${sqlHash(row, salt)} % ${pool.length}]`;
}

/** A weighted pick of a value for row `n` (weights are small integer shares). */
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

/** Rows of an execute() answer on either driver. */
export function resultRows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Rows in a table. */
export async function rowCount(tx: Database, table: ResourceTable): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(table);
  return Number(row?.n ?? 0);
}

/** The columns of a table (empty when another module has not created it). */
export async function columnsOf(tx: Database, table: string): Promise<Set<string>> {
  const rows = resultRows<{ c: string }>(
    await tx.execute(sql`select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = ${table}`),
  );
  return new Set(rows.map((r) => r.c));
}

/** Ids of the active staff, by mobile number. */
export async function staffUserIds(tx: Database): Promise<string[]> {
  const rows = await tx.execute(sql`select u.id from users u join czo_users c on c.user_id = u.id where c.is_active order by u.mobile_number`);
  return resultRows<{ id: string }>(rows).map((r) => r.id);
}

/** Ids of users who are not staff (customers, hosts, investors), by mobile number; the staff when none exist yet. */
export async function customerUserIds(tx: Database, limit = 5000): Promise<string[]> {
  const rows = await tx.execute(
    sql`select u.id from users u where u.is_active and not exists (select 1 from czo_users c where c.user_id = u.id) order by u.mobile_number limit ${limit}`,
  );
  const ids = resultRows<{ id: string }>(rows).map((r) => r.id);
  return ids.length > 0 ? ids : staffUserIds(tx);
}

/** User ids of hosts (the hosts module's table when it exists and has rows), else customers, else staff. */
export async function hostUserIds(tx: Database, limit = 5000): Promise<string[]> {
  const columns = await columnsOf(tx, 'hosts');
  if (columns.has('user_id')) {
    const rows = resultRows<{ id: string }>(await tx.execute(sql`select user_id as id from hosts where user_id is not null order by id limit ${limit}`));
    if (rows.length > 0) return rows.map((r) => r.id);
  }
  return customerUserIds(tx, limit);
}

/** Ids and names of rows of a table another module seeds (empty when the table or its rows are missing). */
export async function namedRows<T extends string | number>(tx: Database, table: string, nameColumn: string, where = 'true'): Promise<{ id: T; name: string }[]> {
  const columns = await columnsOf(tx, table);
  if (!columns.has('id') || !columns.has(nameColumn)) return [];
  const rows = await tx.execute(sql.raw(`select id, ${nameColumn} as name from ${table} where ${where} order by id limit 5000`));
  return resultRows<{ id: T; name: string }>(rows).map((r) => ({ id: (typeof r.id === 'string' && /^\d+$/.test(r.id) ? Number(r.id) : r.id) as T, name: r.name }));
}

/** A URL-safe slug of a name. */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
