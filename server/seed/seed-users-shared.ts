// Shared pieces of the users and bookings seed: the mobile-number series of customers and hosts, city picks
// weighted towards the big metros, and small SQL helpers for counting and reading rows on either driver.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { sqlHash } from './demo-data';
import { demoCities, demoCityId } from './seed-cities';

/** Customers' numbers are 8 followed by the row number (8000000001, …); hosts' 7 followed by it; staff use 9. */
export const CUSTOMER_PREFIX = '8';
export const HOST_PREFIX = '7';

/** The series column of the bulk inserts (`from generate_series(a, b) g`). */
export const g = sql.raw('g');

/** The seeded `now` as a timestamptz expression. */
export function sqlNow(now: Date): SQL {
  return sql`${now.toISOString()}::timestamptz`;
}

/** `now` minus a deterministic number of seconds in [0, maxSeconds). */
export function sqlAgo(now: Date, maxSeconds: number, row: SQL, salt: string): SQL {
  return sql`(${sqlNow(now)} - (${sqlHash(row, salt)} % ${maxSeconds}) * interval '1 second')`;
}

/** A weighted pick for row `n`: weights are small integers (shares). */
export function sqlWeighted(entries: readonly (readonly [string, number])[], row: SQL, salt: string): SQL {
  const pool = entries.flatMap(([value, weight]) => Array.from({ length: weight }, () => value));
  return sql`(${sql.param(pool)}::text[])[1 + ${sqlHash(row, salt)} % ${pool.length}]`;
}

// The first eight demo cities are the big metros: they get most of the users, hosts and bookings.
const cityPool = demoCities.flatMap((c, i) => Array.from({ length: i < 8 ? 6 : 1 }, () => demoCityId(c.name, c.state)));

/** A seeded city id for row `n`, weighted towards the metros. */
export function sqlCityId(row: SQL, salt: string): SQL {
  return sql`(${sql.param(cityPool)}::uuid[])[1 + ${sqlHash(row, salt)} % ${cityPool.length}]`;
}

/** Rows of an execute() answer on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** The single number an SQL query answers (count(*) and the like). */
export async function scalar(tx: Database, query: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number | string | null }>(await tx.execute(query));
  return Number(row?.n ?? 0);
}
