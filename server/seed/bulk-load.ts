// Bulk loading for the seed's large generated tables.
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { rowsOf } from './seed-sql';

/**
 * Runs `work` (bulk inserts into `table`) with the table's secondary indexes and foreign keys set aside, then
 * rebuilds them exactly as they were, inside the same transaction: building an index once is several times faster
 * than updating a few dozen of them row by row, and re-adding a foreign key checks every row in one pass, so nothing
 * the constraints guard is skipped. Indexes that back constraints (primary key, unique constraints) stay. Nobody
 * sees the table in between. Use it only when the rows added outnumber the rows already there.
 */
export async function withIndexesSetAside(tx: Database, table: string, work: () => Promise<void>): Promise<void> {
  const indexes = rowsOf<{ name: string; def: string }>(
    await tx.execute(sql`
      select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = ${table}
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.conrelid = ${table}::regclass)`),
  );
  const foreignKeys = rowsOf<{ name: string; def: string }>(
    await tx.execute(sql`select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = ${table}::regclass and contype = 'f'`),
  );
  const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
  for (const fk of foreignKeys) await tx.execute(sql.raw(`alter table ${quoted(table)} drop constraint ${quoted(fk.name)}`));
  for (const index of indexes) await tx.execute(sql.raw(`drop index ${quoted(index.name)}`));
  await work();
  // The definitions come from the catalog of this very table, so they are trusted SQL.
  for (const index of indexes) await tx.execute(sql.raw(index.def));
  for (const fk of foreignKeys) await tx.execute(sql.raw(`alter table ${quoted(table)} add constraint ${quoted(fk.name)} ${fk.def}`));
}
