// Many rows inserted by one statement whose text does not depend on how many there are: each column is one array
// parameter, taken apart by `unnest`. drizzle's `insert().values(rows)` writes a parameter per value, so a batch of
// 100 log rows was a new 800-parameter statement to build in JavaScript (drizzle type-checks every parameter: ~5%
// of a PGlite server's CPU under 10,000 chargers) and for the database to parse and plan again for every batch size.
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isStorableText, storableText } from '@domain/storable-text';
import type { Database } from './database';

/** SQL types an unnest insert can write (each column travels as text and is cast to its type). */
export type UnnestType = 'bigint' | 'integer' | 'text' | 'jsonb' | 'timestamptz' | 'double precision';

/**
 * One column of an unnest insert: the table's column, its type, and the row's value for it. `encoded`: the value is
 * already the column's text (JSON text the caller made anyway), written as it is.
 */
export interface UnnestColumn<Row> {
  column: PgColumn;
  type: UnnestType;
  value: (row: Row) => unknown;
  encoded?: boolean;
}

/**
 * JSON text PostgreSQL's jsonb accepts: a character it cannot store (NUL, which jsonb refuses even as `\u0000`; an
 * unpaired surrogate) in a string or a key is stored as U+FFFD (storableText), so one such value fails no batch.
 */
export function storableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'string') return storableText(v);
    if (v && typeof v === 'object' && !Array.isArray(v) && !Object.keys(v).every(isStorableText)) {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [storableText(k), x]));
    }
    return v;
  });
}

/** A value as the text of its column's array (null stays null; jsonb as JSON text, a date as ISO text). */
function textOf(value: unknown, type: UnnestType, encoded: boolean | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (type === 'jsonb') return encoded ? String(value) : storableJson(value);
  if (value instanceof Date) return value.toISOString();
  return storableText(String(value));
}

/** Values as one array parameter of `type` (sent as text, cast), for `unnest(...)` in a statement of any row count. */
export function unnestArray(values: readonly unknown[], type: UnnestType, encoded?: boolean): SQL {
  return sql`${sql.param(values.map((v) => textOf(v, type, encoded)))}::text[]::${sql.raw(type)}[]`;
}

/** The insert of rows into `table` by columns; one statement text for any number of rows. */
export function unnestInsert<Row>(table: PgTable, columns: readonly UnnestColumn<Row>[]): (db: Database, rows: readonly Row[]) => Promise<void> {
  const names = sql.join(
    columns.map((c) => sql.identifier(c.column.name)),
    sql`, `,
  );
  return async (db, rows) => {
    if (rows.length === 0) return;
    const arrays = columns.map((c) => unnestArray(rows.map(c.value), c.type, c.encoded));
    await db.execute(sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`);
  };
}
