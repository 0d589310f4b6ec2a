// Moving the embedded database into an empty PostgreSQL database: the same migrations applied there, every table's
// rows copied in one transaction (binary COPY out of PGlite in slices of pages, COPY FROM STDIN into PostgreSQL, tables
// in foreign-key order, the tables' own triggers held off so nothing is derived twice, secondary indexes built and
// foreign keys checked once after the rows are in), the sequences set to where the embedded ones stand, then every
// table's row count and a checksum of the ledger compared on both sides.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { RunSql } from './embedded-dump';

/** One table copied: its rows and how long it took. */
export interface TableCopy {
  table: string;
  rows: number;
  ms: number;
}

/** The ledger's checksum: entry count, sum of the credits (paise), and a hash of every entry's content. */
export interface LedgerChecksum {
  entries: number;
  creditsPaise: number;
  walletCreditsPaise: number;
  hash: string;
}

/** Both sides' counts of one table after the move. */
export interface TableCheck {
  table: string;
  embedded: number;
  postgres: number;
}

/** The target holds tables already: the move refuses to mix two databases. */
export class TargetNotEmptyError extends Error {
  override name = 'TargetNotEmptyError';
}

/** The schema's base tables, children before none: each table after the tables it references. */
export async function tablesInForeignKeyOrder(run: RunSql): Promise<string[]> {
  const tables = (await run(`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`)).map((r) => String(r.name));
  const references = await run(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  for (const r of references) parents.get(String(r.child))?.add(String(r.parent));
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error(`The tables' foreign keys form a cycle among: ${tables.filter((t) => !placed.has(t)).join(', ')}.`);
    for (const t of ready) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

/** The columns COPY writes (stored generated columns are computed again by PostgreSQL), in table order. */
async function copyColumns(run: RunSql, table: string): Promise<string[]> {
  const rows = await run(
    `select a.attname as name from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relname = '${table.replace(/'/g, "''")}' and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by a.attnum`,
  );
  return rows.map((r) => String(r.name));
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Refuses a target with any table of its own (outside PostgreSQL's catalogs). */
export async function assertEmptyTarget(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select table_schema || '.' || table_name as name from information_schema.tables
     where table_schema not in ('pg_catalog', 'information_schema') order by 1 limit 5`,
  );
  if (rows.length > 0) throw new TargetNotEmptyError(`The target database is not empty (it holds ${rows.map((r) => r.name).join(', ')}${rows.length === 5 ? ', …' : ''}). Move into a new, empty database.`);
}

/** Pages of a table read per COPY slice: about 32 MB of rows, so PGlite never builds a table's whole copy at once. */
const PAGES_PER_SLICE = 4_096;

/**
 * Copies every table of the embedded database into the migrated, empty target, in one transaction. Reads the next
 * slice from PGlite while PostgreSQL writes the last one. Answers each table's rows and time.
 */
export async function copyTables(source: PGlite, target: pg.Client, onTable?: (copy: TableCopy) => void, onIndexes?: (indexes: number, foreignKeys: number, ms: number) => void): Promise<TableCopy[]> {
  const run: RunSql = async (text) => (await source.query<Record<string, unknown>>(text)).rows;
  const tables = await tablesInForeignKeyOrder(run);
  const targetTables = new Set((await target.query<{ name: string }>(`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p')`)).rows.map((r) => r.name));
  const missing = tables.filter((t) => !targetTables.has(t));
  if (missing.length) throw new Error(`The target lacks tables the embedded database has: ${missing.join(', ')}. Are both at the same version of the console?`);
  const copies: TableCopy[] = [];
  await target.query('begin');
  try {
    for (const table of tables) await target.query(`alter table ${ident(table)} disable trigger user`);
    // Rows some migrations write (the ledger's own accounts…) are in the embedded database too, with their ids.
    await target.query(`truncate ${tables.map(ident).join(', ')}`);
    // Secondary indexes are built once the rows are in, not row by row (a trigram index updated per row is most of a
    // load's time); the indexes behind constraints (primary keys, unique keys a foreign key uses) stay.
    const { rows: indexes } = await target.query<{ name: string; def: string }>(
      `select i.relname as name, pg_get_indexdef(x.indexrelid) as def from pg_index x
         join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid join pg_namespace n on n.oid = t.relnamespace
       where n.nspname = 'public' and t.relkind = 'r' and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`,
    );
    for (const index of indexes) await target.query(`drop index public.${ident(index.name)}`);
    // Foreign keys too: checked once per key over the whole table when added back, not by a lookup per copied row.
    const { rows: foreignKeys } = await target.query<{ table: string; name: string; def: string }>(
      `select t.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as def from pg_constraint k
         join pg_class t on t.oid = k.conrelid join pg_namespace n on n.oid = t.relnamespace
       where k.contype = 'f' and n.nspname = 'public'`,
    );
    for (const key of foreignKeys) await target.query(`alter table ${ident(key.table)} drop constraint ${ident(key.name)}`);
    for (const table of tables) {
      const started = Date.now();
      const columns = (await copyColumns(run, table)).map(ident).join(', ');
      const [{ pages }] = (await run(`select (pg_relation_size('${ident(table)}') / current_setting('block_size')::int)::int as pages`)) as [{ pages: number }];
      const slices: string[] = [];
      for (let from = 0; from < Math.max(pages, 1); from += PAGES_PER_SLICE) {
        const last = from + PAGES_PER_SLICE >= pages;
        slices.push(`select ${columns} from ${ident(table)} where ctid >= '(${from},0)'::tid${last ? '' : ` and ctid < '(${from + PAGES_PER_SLICE},0)'::tid`}`);
      }
      const read = (select: string) => source.query(`copy (${select}) to '/dev/blob' with (format binary)`).then((r) => r.blob);
      let rows = 0;
      let next = read(slices[0]!);
      for (let i = 0; i < slices.length; i++) {
        const blob = await next;
        if (i + 1 < slices.length) next = read(slices[i + 1]!);
        if (!blob) continue;
        const stream = target.query(copyFrom(`copy ${ident(table)} (${columns}) from stdin with (format binary)`));
        await pipeline(Readable.from([Buffer.from(await blob.arrayBuffer())]), stream);
        rows += Number(stream.rowCount ?? 0);
      }
      const copy = { table, rows, ms: Date.now() - started };
      copies.push(copy);
      onTable?.(copy);
    }
    const indexesStarted = Date.now();
    await target.query(`set local maintenance_work_mem = '256MB'`);
    for (const index of indexes) await target.query(index.def);
    for (const key of foreignKeys) await target.query(`alter table ${ident(key.table)} add constraint ${ident(key.name)} ${key.def}`);
    onIndexes?.(indexes.length, foreignKeys.length, Date.now() - indexesStarted);
    for (const table of tables) await target.query(`alter table ${ident(table)} enable trigger user`);
    await copySequences(run, target);
    await target.query('commit');
  } catch (error) {
    await target.query('rollback').catch(() => {});
    throw error;
  }
  // Fresh statistics for the planner: the copied tables were empty when PostgreSQL last looked.
  await target.query('analyze');
  return copies;
}

/** Each sequence of the schema set where the embedded one stands (at least every copied id). */
async function copySequences(run: RunSql, target: pg.Client): Promise<void> {
  const sequences = await run(`select schemaname, sequencename, last_value from pg_sequences where schemaname = 'public' and last_value is not null`);
  for (const s of sequences) {
    await target.query(`select setval($1, $2, true)`, [`${ident(String(s.schemaname))}.${ident(String(s.sequencename))}`, String(s.last_value)]);
  }
}

/**
 * The ledger's checksum: the entries, the credits they move, the wallets' credits, and a hash summing each entry's
 * md5 (id, account, amount, balance after; the first 60 bits of each, exact in numeric): equal on both sides only
 * when every entry is.
 */
export async function ledgerChecksum(run: RunSql): Promise<LedgerChecksum> {
  const [row] = await run(
    `select count(*)::bigint as entries,
            coalesce(sum(amount) filter (where amount > 0), 0)::text as credits,
            coalesce(sum(('x' || substr(md5(id::text || ':' || account_id::text || ':' || amount::text || ':' || coalesce(balance_after::text, '-')), 1, 15))::bit(60)::bigint::numeric), 0)::text as hash,
            (select coalesce(sum(credits), 0) from wallets)::text as wallet_credits
       from ledger_entries`,
  );
  return { entries: Number(row!.entries), creditsPaise: Number(row!.credits), walletCreditsPaise: Number(row!.wallet_credits), hash: String(row!.hash) };
}

/** Every table's row count on both sides. */
export async function compareCounts(source: RunSql, target: RunSql, tables: string[]): Promise<TableCheck[]> {
  const countAll = async (run: RunSql) => {
    const [row] = await run(`select ${tables.map((t, i) => `(select count(*) from ${ident(t)})::bigint as c${i}`).join(', ')}`);
    return tables.map((_, i) => Number(row![`c${i}`]));
  };
  const [embedded, postgres] = await Promise.all([countAll(source), countAll(target)]);
  return tables.map((table, i) => ({ table, embedded: embedded[i]!, postgres: postgres[i]! }));
}
