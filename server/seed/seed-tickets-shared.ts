// Shared pieces of the tickets, orders and leads seed: id pools of other modules' tables (empty when a module
// seeded nothing, so these steps never fail), person and city picks, the demo cities as SQL arrays, the staff ids.
import { sql, type SQL } from 'drizzle-orm';
import { findResource } from '@domain/resource/registry';
import type { Database } from '@server/db/database';
import { columnName } from '@server/resources/build-tables';
import { firstNames, lastNames, sqlHash } from './demo-data';
import { demoCities, demoCityId } from './seed-cities';
import { demoStaffUserId } from './seed-staff';
import { scalar } from './seed-sql';

/** Rows in a table (by table name). */
export async function countRows(tx: Database, table: string, where: SQL = sql`true`): Promise<number> {
  return scalar(tx, sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`);
}

/**
 * CTEs of a pool of rows another step seeded: `alias` (columns id, label, rn = 1..count in id order) and
 * `alias_n` (its count). Empty when the resource is not declared or has no rows, so picks are null, never errors.
 * Picks join on rn (arrays would be detoasted once per row: far too slow for 100k rows).
 */
export function resourcePool(alias: string, resourceName: string, options: { label?: string; where?: SQL } = {}): SQL {
  const resource = findResource(resourceName);
  const name = sql.identifier(alias);
  const count = sql.identifier(`${alias}_n`);
  if (!resource) {
    return sql`${name} as (select null::bigint as id, null::text as label, 0::bigint as rn where false), ${count} as (select 0 as c)`;
  }
  const id = sql.identifier(columnName(resource.idField));
  const label = options.label ? sql`${sql.identifier(columnName(options.label))}::text` : sql`null::text`;
  return sql`${name} as (
      select ${id} as id, ${label} as label, row_number() over (order by ${id}) as rn from ${sql.identifier(resource.table)} where ${options.where ?? sql`true`}
    ), ${count} as (select count(*)::int as c from ${name})`;
}

/** CTEs of a pool from a query yielding `id` (any type), `label` and `rn` (1..count); see resourcePool. */
export function queryPool(alias: string, query: SQL): SQL {
  const name = sql.identifier(alias);
  return sql`${name} as (${query}), ${sql.identifier(`${alias}_n`)} as (select count(*)::int as c from ${name})`;
}

/** A left join picking one row of a pool for row `n` (the pool's columns are null when it is empty). */
export function poolJoin(alias: string, row: SQL, salt: string): SQL {
  const name = sql.identifier(alias);
  return sql`left join ${name} on ${name}.rn = 1 + ${sqlHash(row, salt)} % greatest((select c from ${sql.identifier(`${alias}_n`)}), 1)`;
}

/** The pool of customer phone numbers (users who are not staff). */
export function customerPhonePool(alias: string): SQL {
  return queryPool(
    alias,
    sql`select u.mobile_number as id, null::text as label, row_number() over (order by u.mobile_number) as rn
      from users u where not exists (select 1 from czo_users c where c.user_id = u.id)`,
  );
}

/** "CHARGING_FAILED" → "Charging failed" in SQL. */
export function sqlLabel(value: SQL): SQL {
  return sql`(upper(substr(${value}, 1, 1)) || lower(replace(substr(${value}, 2), '_', ' ')))`;
}

/** The demo cities as SQL arrays, indexed by a 1-based city index. */
export const cityArrays = {
  ids: sql`${sql.param(demoCities.map((c) => demoCityId(c.name, c.state)))}::uuid[]`,
  names: sql`${sql.param(demoCities.map((c) => c.name))}::text[]`,
  latitudes: sql`${sql.param(demoCities.map((c) => c.latitude))}::float8[]`,
  longitudes: sql`${sql.param(demoCities.map((c) => c.longitude))}::float8[]`,
};

/** A 1-based city index for row `n`: the big metros more often. */
export function sqlCityIndex(row: SQL, salt: string): SQL {
  const weights = demoCities.map((_, i) => (i < 7 ? 6 : i < 12 ? 2 : 1));
  const pool = weights.flatMap((w, i) => Array.from({ length: w }, () => i + 1));
  return sql`(${sql.param(pool)}::int[])[1 + ${sqlHash(row, salt)} % ${pool.length}]`;
}

/** A person's name for row `n`. */
export function sqlPerson(row: SQL, salt: string): SQL {
  return sql`((${sql.param([...firstNames])}::text[])[1 + ${sqlHash(row, `${salt}-f`)} % ${firstNames.length}] || ' ' || (${sql.param([...lastNames])}::text[])[1 + ${sqlHash(row, `${salt}-l`)} % ${lastNames.length}])`;
}

/** The demo staff who work tickets, orders and leads (their user ids). */
export const staff = {
  /** Aarav Sharma, Super Admin. */
  admin: demoStaffUserId('9000000001'),
  /** Priya Nair, Operations. */
  operations: demoStaffUserId('9000000002'),
  /** Rohan Verma, Field Technician. */
  technician: demoStaffUserId('9000000003'),
  /** Vikram Singh, Customer Support. */
  support: demoStaffUserId('9000000005'),
};

/** A staff user id as an SQL uuid. */
export const uuid = (id: string): SQL => sql`${id}::uuid`;

/** The IST calendar day of `now` as an SQL date. */
export function sqlIstDay(now: Date): SQL {
  return sql`((${now.toISOString()}::timestamptz at time zone 'Asia/Kolkata')::date)`;
}
