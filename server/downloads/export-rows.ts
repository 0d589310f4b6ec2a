// Reads the rows of a list export in batches by keyset, in the list's own order (its sort field, then id; exact
// `q` matches first), with the list's own conditions (listWhere): never OFFSET, never a cursor (a cursor needs a
// transaction, which would stop every other request on PGlite), never more than one batch in memory.
import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import type { Resource } from '@domain/resource/define-resource';
import type { ParsedListQuery } from '@domain/resource/list-query';
import type { Database } from '@server/db/database';
import { resourceByName } from '@domain/resource/registry';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rowsOf } from '@server/db/rows';
import { columnsOfTable, listWhere, nameOfTable, relationLabelText, tableOf } from '@server/resources/resource-query';
import { neutralise } from '@domain/csv';
import { csvCellSql, jsonCellSql } from './export-cells';

/** The rows of one list query, as an export reads them. */
export interface ExportSource {
  resource: Resource;
  query: Pick<ParsedListQuery, 'q' | 'filters' | 'sort'>;
  /** Scope conditions (as the list applies them for the requester). */
  extra: readonly SQL[];
}

/** Counts the rows of the export, stopping at `limit + 1` (enough to refuse one past the limit). */
export async function countExportRows(db: Database, source: ExportSource, limit: number): Promise<number> {
  const table = tableOf(source.resource);
  const { where } = listWhere(source.resource, table, source.query, source.extra);
  const inner = db.select({ one: sql`1` }).from(table).where(where).limit(limit + 1);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner.as('bounded'));
  return Number(row?.n ?? 0);
}

/**
 * The keyset segments of the list's order: each a condition and an order over (sort column, id) or (id) alone.
 * Exact matches of `q` come first; NULLs of the sort column come last ascending and first descending, as
 * PostgreSQL orders them, so the rows come out in the list's order.
 */
function segments(source: ExportSource, table: ReturnType<typeof tableOf>): { where: SQL | undefined; column: AnyPgColumn | undefined }[] {
  const { resource } = source;
  const { where, exact } = listWhere(resource, table, source.query, source.extra);
  const ranks = exact ? [and(where, exact), and(where, sql`(${exact}) is not true`)] : [where];
  const sortField = source.query.sort.field;
  const column = sortField === resource.idField ? undefined : (table[sortField] as AnyPgColumn);
  const nullable = column !== undefined && !resource.allFields[sortField]?.notNull;
  const out: { where: SQL | undefined; column: AnyPgColumn | undefined }[] = [];
  for (const rank of ranks) {
    if (!column) out.push({ where: rank, column: undefined });
    else if (!nullable) out.push({ where: rank, column });
    else {
      const values = { where: and(rank, sql`${column} is not null`), column };
      const nulls = { where: and(rank, sql`${column} is null`), column: undefined };
      out.push(...(source.query.sort.dir === 'asc' ? [values, nulls] : [nulls, values]));
    }
  }
  return out;
}

/** One batch of an export: its rows as CSV lines (one text) or as Excel cells, and how many rows it holds. */
export interface ExportChunk {
  count: number;
  /** CSV lines, each ended by a line break. */
  csv?: string;
  /** Cells of each row (numbers as numbers). */
  cells?: (string | number)[][];
}

/** Marks a relation cell in a batch's text: field index and id between two control characters. */
// eslint-disable-next-line no-control-regex -- control characters mark related ids (uuids, numbers, socket codes)
const RELATION_MARK = /\x01(\d+):([^\x02]*)\x02/g;

/** Related tables up to this many rows have all their labels read at the start of an export (one query each). */
export const PRELOAD_LABELS_UP_TO = 150_000;

/**
 * Labels of an export's relation fields, with the text lists show (relationLabelText), kept as the cell each
 * becomes (neutralised; quoted for CSV). A related table of up to 150,000 rows is read whole when the export
 * starts (a million bookings name tens of thousands of chargers and users, and 26 cities); others, and records
 * created meanwhile, are looked up by the ids a batch names that are not known yet.
 */
function relationLabels(db: Database, resource: Resource, fields: readonly string[], format: 'csv' | 'cells', preloadUpTo: number) {
  const caches = fields.map(() => new Map<string, string>());
  const toCell = (label: string) => {
    const cell = neutralise(label);
    return format === 'csv' ? `"${cell.replace(/"/g, '""')}"` : cell;
  };
  const read = async (i: number, ids?: readonly string[]) => {
    const target = resourceByName(resource.allFields[fields[i]!]!.relation!);
    const idColumn = sql`${sql.identifier('x')}.${sql.identifier((tableOf(target)[target.idField] as AnyPgColumn).name)}`;
    const idType = sql.raw((tableOf(target)[target.idField] as AnyPgColumn).getSQLType());
    const found = await db
      .select({ id: sql<string>`${idColumn}::text`, label: relationLabelText(target, 'x') })
      .from(sql`${tableOf(target)} as ${sql.identifier('x')}`)
      .where(ids ? sql`${idColumn} = any(${sql.param(ids)}::${idType}[])` : undefined);
    const cache = caches[i]!;
    if (ids && cache.size > 400_000) cache.clear();
    // A record without a label (or no longer there) is named by its id, as lists show it.
    for (const r of found) cache.set(r.id, toCell(r.label ?? r.id));
    for (const id of ids ?? []) if (!cache.has(id)) cache.set(id, toCell(id));
  };
  return {
    /** Reads the labels of every small related table. */
    async preload(): Promise<void> {
      for (let i = 0; i < fields.length; i += 1) {
        const def = resource.allFields[fields[i]!]!;
        if (def.display !== 'relation' || !def.relation) continue;
        const table = nameOfTable(tableOf(resourceByName(def.relation)));
        const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (select 1 from ${sql.identifier(table)} limit ${preloadUpTo + 1}) t`));
        if (Number(row?.n ?? 0) <= preloadUpTo) await read(i);
      }
    },
    /**
     * Replaces the marks of a text by the labels' cells, looking up the ids not known yet (then replacing again).
     * `replace` does the replacing with a function from (field index, id) to the cell.
     */
    async resolve<T>(replace: (cell: (i: number, id: string) => string) => T): Promise<T> {
      let missing: Map<number, Set<string>> | undefined;
      const out = replace((i, id) => {
        const cell = caches[i]!.get(id);
        if (cell !== undefined) return cell;
        missing ??= new Map();
        let set = missing.get(i);
        if (!set) missing.set(i, (set = new Set()));
        set.add(id);
        return '';
      });
      if (!missing) return out;
      for (const [i, set] of missing as Map<number, Set<string>>) await read(i, [...set]);
      return replace((i, id) => caches[i]!.get(id) ?? '');
    },
  };
}

/** Options of exportChunks. */
export interface ExportChunkOptions {
  /** Rows per batch (one statement, one chunk); a function is asked before each batch. */
  batchSize: number | (() => number);
  /** The exported fields, in order. */
  fields: readonly string[];
  format: 'csv' | 'cells';
  /** Related tables up to this many rows have all their labels read at the start (default 150,000). */
  preloadLabelsUpTo?: number;
}

/**
 * Yields the export's rows in batches, formatted by the database (export-cells.ts): for each batch, one statement
 * reads the page by keyset (only the exported fields and the keyset's) and answers one text (the CSV lines, or the
 * Excel cells as JSON) and the keyset of its last row. Related records are named by a mark the labels replace.
 */
export async function* exportChunks(db: Database, source: ExportSource, options: ExportChunkOptions): AsyncGenerator<ExportChunk> {
  const { fields, format } = options;
  const sizeOf = typeof options.batchSize === 'number' ? () => options.batchSize as number : options.batchSize;
  const { resource } = source;
  const table = tableOf(source.resource);
  const columns = columnsOfTable(table);
  const wanted = new Set([...fields, resource.idField, source.query.sort.field]);
  const selection = Object.fromEntries([...wanted].map((f) => [f, columns[f]!]));
  const idColumn = columns[resource.idField]!;
  const dir = source.query.sort.dir === 'asc' ? asc : desc;
  const after = source.query.sort.dir === 'asc' ? sql`>` : sql`<`;
  const castOf = (column: AnyPgColumn) => sql.raw(column.getSQLType());
  const labels = relationLabels(db, resource, fields, format, options.preloadLabelsUpTo ?? PRELOAD_LABELS_UP_TO);
  await labels.preload();
  const isRelation = fields.map((field) => resource.allFields[field]!.display === 'relation' && resource.allFields[field]!.relation !== undefined);
  for (const segment of segments(source, table)) {
    let last: { value: string | null; id: string } | undefined;
    for (;;) {
      const keyset = last
        ? segment.column
          ? sql`(${segment.column}, ${idColumn}) ${after} (${last.value}::${castOf(segment.column)}, ${last.id}::${castOf(idColumn)})`
          : sql`${idColumn} ${after} ${last.id}::${castOf(idColumn)}`
        : undefined;
      const order = segment.column ? [dir(segment.column), dir(idColumn)] : [dir(idColumn)];
      const batchSize = Math.max(1, Math.floor(sizeOf()));
      const page = db.select(selection).from(table).where(and(segment.where, keyset)).orderBy(...order).limit(batchSize).as('page');
      const pageColumns = page as unknown as Record<string, AnyPgColumn>;
      const cells = fields.map((field, i) => {
        const value = sql`${pageColumns[field]}`;
        if (isRelation[i]) return sql`(${`\x01${i}:`} || ${value}::text || ${'\x02'})`;
        const def = resource.allFields[field]!;
        return format === 'csv' ? csvCellSql(def, value) : jsonCellSql(def, value);
      });
      const dirSql = sql.raw(source.query.sort.dir);
      const pageOrder = segment.column ? sql`${pageColumns[source.query.sort.field]} ${dirSql}, ${pageColumns[resource.idField]} ${dirSql}` : sql`${pageColumns[resource.idField]} ${dirSql}`;
      // Every aggregate has the same ORDER BY, so the batch is sorted once.
      const text =
        format === 'csv'
          ? sql`string_agg(concat(${sql.join(cells, sql`, ',', `)}, E'\\n'), '' order by ${pageOrder})`
          : sql`json_agg(json_build_array(${sql.join(
              cells.map((cell, i) => (isRelation[i] ? sql`coalesce(${cell}, '')` : cell)),
              sql`, `,
            )}) order by ${pageOrder})::text`;
      const [batch] = await db
        .select({
          text: sql<string | null>`${text}`,
          lastValue: sql<string | null>`(array_agg(${pageColumns[source.query.sort.field]}::text order by ${pageOrder}))[count(*)]`,
          lastId: sql<string | null>`(array_agg(${pageColumns[resource.idField]}::text order by ${pageOrder}))[count(*)]`,
          count: sql<number>`count(*)::int`,
        })
        .from(page);
      const count = Number(batch?.count ?? 0);
      if (count === 0 || !batch?.text) break;
      last = { value: batch.lastValue, id: String(batch.lastId) };
      if (format === 'csv') {
        const text = batch.text;
        yield { count, csv: await labels.resolve((cell) => text.replace(RELATION_MARK, (_, i: string, id: string) => cell(Number(i), id))) };
      } else {
        const rows = JSON.parse(batch.text) as (string | number)[][];
        const resolved = await labels.resolve((cell) =>
          rows.map((row) => row.map((value, i) => (isRelation[i] && typeof value === 'string' && value !== '' ? cell(i, value.slice(value.indexOf(':') + 1, -1)) : value))),
        );
        yield { count, cells: resolved };
      }
      if (count < batchSize) break;
    }
  }
}
