// Shared pieces of the users and bookings seed: the mobile-number series of customers and hosts, city picks
// weighted towards the big metros, and the seeded `now` in SQL.
import { sql, type SQL } from 'drizzle-orm';
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

// The first eight demo cities are the big metros: they get most of the users, hosts and bookings.
const cityPool = demoCities.flatMap((c, i) => Array.from({ length: i < 8 ? 6 : 1 }, () => demoCityId(c.name, c.state)));

/** A seeded city id for row `n`, weighted towards the metros. */
export function sqlCityId(row: SQL, salt: string): SQL {
  return sql`(${sql.param(cityPool)}::uuid[])[1 + ${sqlHash(row, salt)} % ${cityPool.length}]`;
}

