// Reads the rows of a list export in batches by keyset, in the list's own order (its sort field, then id; exact
// `q` matches first), with the list's own conditions (listWhere): never OFFSET, never a cursor (a cursor needs a
// transaction, which would stop every other request on PGlite), never more than one batch in memory.
import { and, asc, desc, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Resource } from '@domain/resource/define-resource';
import type { ParsedListQuery } from '@domain/resource/list-query';
import type { Database } from '@server/db/database';
import { resourceByName } from '@domain/resource/registry';
import { columnsOfTable, listWhere, relationSubtitle, tableOf } from '@server/resources/resource-query';

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

/**
 * Labels of relation fields for an export: the same text a list shows (`label · subtitle`), looked up once per
 * record for the whole export (a million bookings name a few thousand chargers and 26 cities), bounded in size.
 */
function labelCache(db: Database, resource: Resource, fields: readonly string[]) {
  const relations = fields.filter((f) => resource.allFields[f]?.relation);
  const caches = new Map(relations.map((f) => [f, new Map<string, string | null>()]));
  return async (rows: Record<string, unknown>[]): Promise<Record<string, Record<string, string | null>>> => {
    const out: Record<string, Record<string, string | null>> = {};
    for (const field of relations) {
      const cache = caches.get(field)!;
      const missing = [...new Set(rows.map((r) => r[field]).filter((v) => v !== null && v !== undefined).map(String))].filter((id) => !cache.has(id));
      if (missing.length > 0) {
        if (cache.size > 200_000) cache.clear();
        const target = resourceByName(resource.allFields[field]!.relation!);
        const targetTable = tableOf(target);
        const idColumn = targetTable[target.idField] as AnyPgColumn;
        const ids = target.idType === 'bigint' ? missing.map(Number) : missing;
        const found = await db
          .select({ id: idColumn, label: sql<string | null>`${targetTable[target.labelField] as AnyPgColumn}::text`, subtitle: relationSubtitle(target, targetTable[target.subtitleField ?? target.idField] as AnyPgColumn) })
          .from(targetTable)
          .where(inArray(idColumn, ids));
        for (const id of missing) cache.set(id, null);
        for (const r of found) cache.set(String(r.id), [r.label, r.subtitle].filter(Boolean).join(' · ') || null);
      }
      out[field] = Object.fromEntries([...new Set(rows.map((r) => r[field]).filter((v) => v !== null && v !== undefined).map(String))].map((id) => [id, cache.get(id) ?? null]));
    }
    return out;
  };
}

/** A batch of export rows: the raw values of the exported fields and the labels of its relation fields by id. */
export interface ExportBatch {
  rows: Record<string, unknown>[];
  labels: Record<string, Record<string, string | null>>;
}

/** Yields the export's rows in batches, reading only the exported fields (and the keyset's). */
export async function* exportBatches(db: Database, source: ExportSource, batchSize: number, fields?: readonly string[]): AsyncGenerator<ExportBatch> {
  const { resource } = source;
  const table = tableOf(source.resource);
  const columns = columnsOfTable(table);
  const wanted = new Set([...(fields ?? Object.keys(resource.allFields)), resource.idField, source.query.sort.field]);
  const selection = Object.fromEntries([...wanted].map((f) => [f, columns[f]!]));
  const idColumn = columns[resource.idField]!;
  const dir = source.query.sort.dir === 'asc' ? asc : desc;
  const after = source.query.sort.dir === 'asc' ? sql`>` : sql`<`;
  const labelsOf = labelCache(db, resource, [...wanted]);
  const names = [...wanted];
  const castOf = (column: AnyPgColumn) => sql.raw(column.getSQLType());
  for (const segment of segments(source, table)) {
    let last: { value: unknown; id: unknown } | undefined;
    for (;;) {
      // Keyset values come back as JSON text: cast to the column's type (timestamps keep their microseconds).
      const keyset = last
        ? segment.column
          ? sql`(${segment.column}, ${idColumn}) ${after} (${last.value}::${castOf(segment.column)}, ${last.id}::${castOf(idColumn)})`
          : sql`${idColumn} ${after} ${last.id}::${castOf(idColumn)}`
        : undefined;
      const order = segment.column ? [dir(segment.column), dir(idColumn)] : [dir(idColumn)];
      const page = db.select(selection).from(table).where(and(segment.where, keyset)).orderBy(...order).limit(batchSize).as('page');
      const pageColumns = page as unknown as Record<string, AnyPgColumn>;
      const pageOrder = segment.column ? sql`${pageColumns[source.query.sort.field]} ${sql.raw(source.query.sort.dir)}, ${pageColumns[resource.idField]} ${sql.raw(source.query.sort.dir)}` : sql`${pageColumns[resource.idField]} ${sql.raw(source.query.sort.dir)}`;
      // One JSON text per batch instead of a value per cell: PGlite's cost is per value handed to JavaScript.
      const [packed] = await db.select({ batch: sql<string | null>`json_agg(json_build_array(${sql.join(names.map((n) => pageColumns[n]!), sql`, `)}) order by ${pageOrder})::text` }).from(page);
      const arrays = packed?.batch ? (JSON.parse(packed.batch) as unknown[][]) : [];
      if (arrays.length === 0) break;
      const rows = arrays.map((values) => Object.fromEntries(names.map((n, i) => [n, values[i]])));
      const tail = rows[rows.length - 1]!;
      const lastValue = tail[source.query.sort.field];
      last = { value: segment.column ? (typeof lastValue === 'object' && lastValue !== null ? JSON.stringify(lastValue) : String(lastValue)) : undefined, id: String(tail[resource.idField]) };
      yield { rows, labels: await labelsOf(rows) };
      if (rows.length < batchSize) break;
    }
  }
}
