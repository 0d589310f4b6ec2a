// Shared pieces of the finance, sustain capital and operator seed steps: id pools from earlier steps (with
// fallbacks so the seed never fails), the city vocabulary and picks.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { sqlHash } from './demo-data';
import { demoCities, demoCityId } from './seed-cities';
import { columnsOf, customerUserIds, rowsOf } from './seed-sql';

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

/** User ids of hosts (the hosts module's table when it exists and has rows), else customers, else staff. */
export async function hostUserIds(tx: Database, limit = 5000): Promise<string[]> {
  const columns = await columnsOf(tx, 'hosts');
  if (columns.has('user_id')) {
    const rows = rowsOf<{ id: string }>(await tx.execute(sql`select user_id as id from hosts where user_id is not null order by id limit ${limit}`));
    if (rows.length > 0) return rows.map((r) => r.id);
  }
  return customerUserIds(tx, limit);
}

/** Ids and names of rows of a table another module seeds (empty when the table or its rows are missing). */
export async function namedRows<T extends string | number>(tx: Database, table: string, nameColumn: string, where = 'true'): Promise<{ id: T; name: string }[]> {
  const columns = await columnsOf(tx, table);
  if (!columns.has('id') || !columns.has(nameColumn)) return [];
  const rows = await tx.execute(sql.raw(`select id, ${nameColumn} as name from ${table} where ${where} order by id limit 5000`));
  return rowsOf<{ id: T; name: string }>(rows).map((r) => ({ id: (typeof r.id === 'string' && /^\d+$/.test(r.id) ? Number(r.id) : r.id) as T, name: r.name }));
}

