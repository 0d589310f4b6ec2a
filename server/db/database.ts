import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The driver-agnostic database handle every server module uses (PGlite and node-postgres alike). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Which driver a Database runs on. */
export type DatabaseDriver = 'pglite' | 'postgres';
