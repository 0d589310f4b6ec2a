// SQL of the generic resource endpoints: conditions from fixed values, scopes, filters and `q`; ordering with
// exact matches first; a count that stays cheap on million-row tables; rows mapped to their API shape.
import { Column, SQL as SQLChunk, Subquery, and, asc, desc, eq, getTableColumns, getTableName, getViewSelectedFields, gte, is, ilike, inArray, isNotNull, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { PgTimestamp, PgView, getViewConfig, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Resource, ScopeCondition } from '@domain/resource/define-resource';
import { encodeListCursor, exactSearchValue, type ListCursor, type ParsedListQuery } from '@domain/resource/list-query';
import { resourceByName } from '@domain/resource/registry';
import type { Database } from '@server/db/database';
import { builtTables } from '@server/db/resource-tables';
import { columnName, type ResourceTable } from './build-tables';

/** From this offset on, a page is read by its ids first (a deferred join). */
const DEFERRED_JOIN_OFFSET = 1_000;

/** Counts up to this many rows exactly; beyond it the planner's estimate is answered, marked as such. */
export const EXACT_COUNT_LIMIT = 10_000;
/** A planner estimate this large is answered without counting (five times the exact limit: clearly a big list). */
const ESTIMATE_ONLY_FROM = 5 * EXACT_COUNT_LIMIT;

/** The table a resource is stored in. */
export function tableOf(resource: Resource): ResourceTable {
  const built = builtTables.get(resource.table);
  if (!built) throw new Error(`No table for resource ${resource.name}`);
  return built.table;
}

/**
 * A row limit written into the statement's text, not passed as a parameter. A statement prepared once keeps the plan
 * PostgreSQL made for it; with `limit $1` that plan is made for an unknown number of rows, and a page of 21 ran at
 * 4,950 statements a second against 8,420 with `limit 21` (pgbench, prepared, the bookings page with its labels).
 * A list has a few page sizes, so a few more statement texts.
 */
export function literalLimit(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`Not a row limit: ${rows}`);
  // drizzle writes an SQL chunk as it is where it would write a parameter.
  return sql.raw(String(rows)) as unknown as number;
}

/**
 * One of a field's own options written into the statement's text, not passed as a parameter. With `status in ($1)`
 * PostgreSQL plans the statement again on every run for the value given (a rare status and a common one want
 * different plans); with the value in the text, a kept statement is planned once. In pgbench (prepared, 4 clients)
 * the bookings page filtered by status ran 5,292 statements a second with a parameter and 6,408 with the value
 * written in; its bounded count 17,251 and 28,590. Only a value of the field's closed list of options is written
 * (so a list has at most one statement per option set); anything else throws.
 */
export function literalOption(value: string | boolean, options: readonly (string | boolean)[]): SQL {
  if (!options.includes(value)) throw new Error(`Not an option of this field: ${String(value)}`);
  if (typeof value === 'boolean') return sql.raw(String(value));
  return sql.raw(`'${value.replace(/'/g, "''")}'`);
}

/** The columns of a resource's table, or of the view it reads (the wallet ledger), by field. */
export function columnsOfTable(table: ResourceTable): Record<string, AnyPgColumn> {
  return (is(table, PgView) ? getViewSelectedFields(table) : getTableColumns(table)) as Record<string, AnyPgColumn>;
}

/** The name of a resource's table or view. */
export function nameOfTable(table: ResourceTable): string {
  return is(table, PgView) ? getViewConfig(table).name : getTableName(table);
}

function col(table: ResourceTable, field: string): AnyPgColumn {
  const column = table[field] as AnyPgColumn | undefined;
  if (!column) throw new Error(`Table has no column for field "${field}"`);
  return column;
}

/** Escapes LIKE wildcards so typed text matches literally. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const IST = 'Asia/Kolkata';
/** Start of the IST day of a YYYY-MM-DD date, as a timestamptz expression. */
const istDayStart = (day: string) => sql`(${day}::date::timestamp at time zone ${IST})`;

/** Conditions every query of the resource carries: its fixed values (shared tables). */
export function fixedConditions(resource: Resource, table: ResourceTable): SQL[] {
  return Object.entries(resource.fixed ?? {}).map(([field, value]) => eq(col(table, field), value));
}

/** Conditions of a scope; the signed-in user's id fills `isCurrentUser`, the app clock `today` (IST). */
export function scopeConditions(resource: Resource, table: ResourceTable, where: readonly ScopeCondition[], userId: string, now: Date): SQL[] {
  return where.map((w): SQL => {
    if (w.op === 'anyOf') return sql`(${sql.join(scopeConditions(resource, table, w.conditions, userId, now), sql` or `)})`;
    const c = col(table, w.field);
    switch (w.op) {
      case 'eq':
        return eq(c, w.value);
      case 'in':
        return inArray(c, [...w.values]);
      case 'notIn':
        return notInArray(c, [...w.values]);
      case 'isCurrentUser':
        return eq(c, userId);
      case 'isNull':
        return isNull(c);
      case 'notNull':
        return isNotNull(c);
      case 'today': {
        const day = istDate(now);
        if (resource.allFields[w.field]?.storage === 'date') return eq(c, day);
        return sql`${c} >= ${istDayStart(day)} and ${c} < ${istDayStart(day)} + interval '1 day'`;
      }
    }
  });
}

/** The calendar date in India (IST, UTC+5:30) of an instant, as YYYY-MM-DD. */
export function istDate(instant: Date): string {
  return new Date(instant.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

function filterConditions(resource: Resource, table: ResourceTable, filters: Record<string, unknown>): SQL[] {
  const out: SQL[] = [];
  for (const filter of resource.filters) {
    const field = resource.allFields[filter.field]!;
    const c = col(table, filter.field);
    const money = field.display === 'money' ? 100 : 1;
    switch (filter.kind) {
      case 'text': {
        const v = filters[filter.field] as string | undefined;
        if (v) out.push(ilike(c, `%${likeEscape(v)}%`));
        break;
      }
      case 'select': {
        const v = filters[filter.field] as string[] | undefined;
        if (!v?.length) break;
        const options = (field.options ?? []).map((o) => o.value);
        if (options.length > 0) {
          // A closed list of options: the chosen ones in the text, sorted and once each (one statement per choice).
          const chosen = sql.join([...new Set(v)].sort().map((value) => literalOption(value, options)), sql`, `);
          out.push(field.storage === 'textArray' ? sql`${c} && array[${chosen}]::text[]` : sql`${c} in (${chosen})`);
        } else out.push(field.storage === 'textArray' ? sql`${c} && ${sql.param(v)}::text[]` : inArray(c, v));
        break;
      }
      case 'boolean': {
        const v = filters[filter.field] as boolean | undefined;
        if (v !== undefined) out.push(sql`${c} = ${literalOption(v, [true, false])}`);
        break;
      }
      case 'relation': {
        const v = filters[filter.field];
        if (v !== undefined) out.push(eq(c, v));
        break;
      }
      case 'dateRange': {
        const from = filters[`${filter.field}From`] as string | undefined;
        const to = filters[`${filter.field}To`] as string | undefined;
        if (field.storage === 'date') {
          if (from) out.push(gte(c, from));
          if (to) out.push(lte(c, to));
        } else {
          if (from) out.push(sql`${c} >= ${istDayStart(from)}`);
          if (to) out.push(sql`${c} < ${istDayStart(to)} + interval '1 day'`);
        }
        break;
      }
      case 'numberRange': {
        const min = filters[`${filter.field}Min`] as number | undefined;
        const max = filters[`${filter.field}Max`] as number | undefined;
        if (min !== undefined) out.push(gte(c, Math.round(min * money)));
        if (max !== undefined) out.push(lte(c, Math.round(max * money)));
        break;
      }
    }
  }
  return out;
}

/** `q` search: exact id / phone / code matches, and (from 3 characters) trigram "contains" on text fields. */
function searchCondition(resource: Resource, table: ResourceTable, q: string): { where: SQL; exact: SQL | undefined } | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const exact = (resource.search?.exact ?? [])
    .map((field) => {
      const value = exactSearchValue(resource, field, text);
      return value === undefined ? undefined : eq(col(table, field), value);
    })
    .filter((c): c is SQL => c !== undefined);
  const contains = text.length >= 3 ? (resource.search?.text ?? []).map((field) => ilike(col(table, field), `%${likeEscape(text)}%`)) : [];
  const all = [...exact, ...contains];
  return { where: all.length > 0 ? or(...all)! : sql`false`, exact: exact.length > 0 ? or(...exact) : undefined };
}

/** Label subqueries of relation fields (summaries: a handful of groups). */
function relationLabels(resource: Resource, table: ResourceTable): Record<string, SQL> {
  const labels: Record<string, SQL> = {};
  for (const [name, def] of Object.entries(resource.allFields)) {
    if (!def.relation) continue;
    const target = resourceByName(def.relation);
    const targetTable = tableOf(target);
    if (targetTable === table) continue;
    labels[`${name}__label`] = sql`(select ${col(targetTable, target.labelField)}::text from ${targetTable} where ${col(targetTable, target.idField)} = ${col(table, name)})`;
  }
  return labels;
}

/**
 * Adds `_labels` to a page of rows: one indexed lookup per relation field for the page's ids. (Label subqueries in
 * the select list would run for every row an OFFSET skips, which made deep pages slow.)
 */
export async function withLabels(db: Database, resource: Resource, rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const relations = Object.entries(resource.allFields).filter(([, def]) => def.relation);
  if (rows.length === 0 || relations.length === 0) return rows.map((r) => toRecord(r));
  const labelsByField = new Map<string, Map<string, string | null>>();
  for (const [field, def] of relations) {
    const ids = [...new Set(rows.map((r) => r[field]).filter((v) => v !== null && v !== undefined))];
    const found = new Map<string, string | null>();
    if (ids.length > 0) {
      const target = resourceByName(def.relation!);
      const targetTable = tableOf(target);
      const idColumn = col(targetTable, target.idField);
      const labelled = await db
        .select({ id: idColumn, label: sql<string | null>`${col(targetTable, target.labelField)}::text`, subtitle: relationSubtitle(target, col(targetTable, target.subtitleField ?? target.idField)) })
        .from(targetTable)
        .where(inArray(idColumn, ids as (string | number)[]));
      for (const r of labelled) found.set(String(r.id), [r.label, r.subtitle].filter(Boolean).join(' · ') || null);
    }
    labelsByField.set(field, found);
  }
  return rows.map((row) => {
    const out = toRecord(row);
    out._labels = Object.fromEntries(relations.map(([field]) => [field, row[field] == null ? null : (labelsByField.get(field)!.get(String(row[field])) ?? null)]));
    return out;
  });
}

/**
 * The labels of a related resource's records by id (label field only, no subtitle); ids not found, or not meeting
 * `where` (a session's visibility), are left out.
 */
export async function labelsById(db: Database, target: Resource, ids: readonly (string | number)[], where: readonly SQL[] = []): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (ids.length === 0) return found;
  const table = tableOf(target);
  const idColumn = col(table, target.idField);
  const rows = await db
    .select({ id: idColumn, label: sql<string | null>`${col(table, target.labelField)}::text` })
    .from(table)
    .where(and(inArray(idColumn, [...ids] as (string | number)[]), ...where));
  for (const row of rows) if (row.label) found.set(String(row.id), row.label);
  return found;
}

/**
 * The text after a relation's label ("Rohan Verma · +91 90000 00003"): the target's subtitle field as text, a phone
 * number written as the console writes one (formatIndianMobile in domain/phone.ts); SQL null without a subtitle.
 */
export function relationSubtitle(target: Resource, column: SQL | AnyPgColumn): SQL<string | null> {
  if (!target.subtitleField) return sql<null>`null`;
  if (target.allFields[target.subtitleField]?.display !== 'phone') return sql<string | null>`${column}::text`;
  return sql<string | null>`(case when ${column} ~ '^[0-9]{10}$' then '+91 ' || substr(${column}, 1, 5) || ' ' || substr(${column}, 6) else ${column}::text end)`;
}

/** The field a `<field>__label` column labels (undefined for any other column). */
const labelledField = (column: string): string | undefined => (column.endsWith('__label') ? column.slice(0, -'__label'.length) : undefined);
/** A value as the API answers it: instants as ISO strings. */
const apiValue = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

/** A row as the API answers it: instants as ISO strings, relation labels under `_labels`. */
export function toRecord(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let labels: Record<string, string | null> | undefined;
  for (const key in row) {
    const value = row[key];
    const field = labelledField(key);
    if (field !== undefined) (labels ??= {})[field] = (value as string | null) ?? null;
    else out[key] = apiValue(value);
  }
  if (labels) out._labels = labels;
  return out;
}

const timestampText = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(\+00)?$/;

/**
 * The ISO text (`toISOString()`) of a timestamp as PostgreSQL prints it in UTC (`2026-11-27 07:04:10.5219+00`, or
 * without the offset for a timestamp without time zone), without making a Date: milliseconds truncated as Date
 * parsing does. Undefined for any other form (another offset, a year past 9999, BC, infinity): parse it as a Date.
 */
export function isoFromTimestampText(text: string, withTimezone: boolean): string | undefined {
  const match = timestampText.exec(text);
  if (!match || (match[4] !== undefined) !== withTimezone) return undefined;
  const fraction = match[3] ?? '';
  return `${match[1]}T${match[2]}.${fraction.length >= 3 ? fraction.slice(0, 3) : fraction.padEnd(3, '0')}Z`;
}

/** A row of a list statement: the record as toRecord makes it, and its cursor columns aside. */
interface ListRow {
  record: Record<string, unknown>;
  key: string | null;
  rank: number | null;
  /** The list's bounded count, when the page statement counted it too (`_count`). */
  total: number | null;
}

/** What drizzle keeps of a prepared select: its selected fields, and the mapper it runs over the driver's rows. */
interface PreparedSelectInternals {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
/** The decoder drizzle's mapResultRow would use for a selected field (an SQL chunk's is internal to drizzle's types). */
function decoderOf(field: unknown): Decoder {
  const decoderOfSql = (chunk: unknown) => (chunk as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQLChunk)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field._ as unknown as { sql: unknown }).sql);
  return decoderOfSql((field as SQLChunk.Aliased).sql);
}

/**
 * Maps a list statement's rows straight to ListRows, the way drizzle's row mapping and toRecord did one after the
 * other: the same decoders, dates as ISO text, `x__label` columns into `_labels`, the cursor columns aside. The
 * decoders and names are looked up once per statement instead of once per value (drizzle's mapping checked each
 * field's kind for every value of every row: ~15% of a list request's CPU with toRecord).
 */
function mapListRows(prepared: unknown): void {
  const internals = prepared as PreparedSelectInternals;
  const fields = internals.fields;
  if (!fields || fields.some((f) => f.path.length !== 1)) throw new Error('A list statement selects flat fields');
  const columns = fields.map(({ path, field }) => {
    const name = path[0]!;
    // A timestamp column read as a Date: its text is turned into ISO text directly when it has the common form.
    const timestamp = is(field, PgTimestamp) ? { withTimezone: (field as unknown as { withTimezone: boolean }).withTimezone } : undefined;
    return { name, decoder: decoderOf(field), timestamp, label: labelledField(name) };
  });
  const keyAt = columns.findIndex((c) => c.name === '_key');
  const rankAt = columns.findIndex((c) => c.name === '_rank');
  const totalAt = columns.findIndex((c) => c.name === '_count');
  internals.customResultMapper = (rows) =>
    rows.map((row): ListRow => {
      const record: Record<string, unknown> = {};
      let labels: Record<string, string | null> | undefined;
      for (let i = 0; i < columns.length; i += 1) {
        if (i === keyAt || i === rankAt || i === totalAt) continue;
        const column = columns[i]!;
        const raw = row[i];
        if (column.label !== undefined) (labels ??= {})[column.label] = (raw as string | null | undefined) ?? null;
        else {
          const iso = column.timestamp && typeof raw === 'string' ? isoFromTimestampText(raw, column.timestamp.withTimezone) : undefined;
          const value = iso ?? (raw === null || raw === undefined ? null : column.decoder.mapFromDriverValue(raw));
          record[column.name] = apiValue(value);
        }
      }
      if (labels) record._labels = labels;
      const key = keyAt < 0 ? null : ((row[keyAt] as string | null | undefined) ?? null);
      const rank = rankAt < 0 || row[rankAt] === null || row[rankAt] === undefined ? null : Number(row[rankAt]);
      const total = totalAt < 0 ? null : Number(row[totalAt]);
      return { record, key, rank, total };
    });
}

function selection(resource: Resource, table: ResourceTable) {
  const columns = columnsOfTable(table);
  return Object.fromEntries(Object.keys(resource.allFields).map((f) => [f, columns[f]!]));
}

/**
 * The conditions of a list query (fixed values, the extra scope conditions, filters, `q`) and the exact-match
 * condition `q` sorts first. Lists and exports share it, so an export holds exactly the rows its list shows.
 */
export function listWhere(resource: Resource, table: ResourceTable, query: Pick<ParsedListQuery, 'q' | 'filters'>, extra: readonly SQL[]): { where: SQL | undefined; exact: SQL | undefined } {
  const search = searchCondition(resource, table, query.q);
  const conditions = [...fixedConditions(resource, table), ...extra, ...filterConditions(resource, table, query.filters), ...(search ? [search.where] : [])];
  return { where: conditions.length > 0 ? and(...conditions) : undefined, exact: search?.exact };
}

/**
 * The label of each relation field, as correlated subqueries over the rows of `source` (a table or subquery name),
 * read in one round trip with the page. Every name is qualified: an unqualified column could resolve to the
 * target table's own column of the same name.
 */
function labelColumns(resource: Resource, source: string): Record<string, SQL> {
  const labels: Record<string, SQL> = {};
  for (const [field, def] of Object.entries(resource.allFields)) {
    if (!def.relation) continue;
    labels[`${field}__label`] = relationLabelOf(resource, field, aliasedColumn(source, col(tableOf(resource), field)));
  }
  return labels;
}

/**
 * The label of a relation field's record ("Rohan Verma · +91 90000 00003"), as a correlated subquery on the value
 * (one index lookup per row: lists, pickers and exports show the same text).
 */
function relationLabelOf(resource: Resource, field: string, value: SQL): SQL<string | null> {
  const target = resourceByName(resource.allFields[field]!.relation!);
  const targetTable = tableOf(target);
  const alias = `label_${columnName(field)}`;
  return sql<string | null>`(select ${relationLabelText(target, alias)} from ${sql.identifier(nameOfTable(targetTable))} as ${sql.identifier(alias)} where ${aliasedColumn(alias, col(targetTable, target.idField))} = ${value})`;
}

const aliasedColumn = (alias: string, column: AnyPgColumn) => sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`;

/**
 * A relation's label as lists, pickers and exports show it ("Rohan Verma · +91 90000 00003"), read from the target's
 * row under `alias`; null when the row has neither label nor subtitle.
 */
export function relationLabelText(target: Resource, alias: string): SQL<string | null> {
  const targetTable = tableOf(target);
  const label = sql`nullif(${aliasedColumn(alias, col(targetTable, target.labelField))}::text, '')`;
  const text = target.subtitleField ? sql`concat_ws(' · ', ${label}, nullif(${relationSubtitle(target, aliasedColumn(alias, col(targetTable, target.subtitleField)))}, ''))` : label;
  return sql<string | null>`nullif(${text}, '')`;
}


/**
 * Reads a page subquery with the labels of its relations, in the page's order, in one statement: the labels are
 * looked up only for the page's rows, at any depth. Each row keeps its `_key` (sort value as text, full precision)
 * and `_rank` for the cursors.
 */
function readLabelled(db: Database, resource: Resource, page: ReturnType<typeof pageSubquery>, order: PageOrder) {
  const p = page as unknown as Record<string, AnyPgColumn>;
  const fields = Object.fromEntries(Object.keys(resource.allFields).map((f) => [f, p[f]!]));
  // The page's own order again, on its columns (a subquery's order does not carry over).
  const by = (dir: 'asc' | 'desc') => (dir === 'asc' ? asc : desc);
  const outer = [...(order.rank ? [by(order.rank)(p._rank!)] : []), by(order.dir)(p[order.sortField]!), ...(order.sortField === resource.idField ? [] : [by(order.dir)(p[resource.idField]!)])];
  return db
    .select({ ...fields, ...labelColumns(resource, 'p'), _key: p._key!, _rank: p._rank! })
    .from(page)
    .orderBy(...outer);
}

/**
 * A page read with no OFFSET (the first page, a keyset page) in one plain statement: PostgreSQL computes the label
 * subqueries only for the rows the LIMIT lets through, so no wrapping subquery is needed (it costs a third more).
 */
function readFlat(db: Database, table: ResourceTable, resource: Resource, where: SQL | undefined, order: SQL[], limit: number, key: { sort: AnyPgColumn; rank: SQL | undefined }, count?: SQL) {
  return db
    .select({
      ...selection(resource, table),
      ...labelColumns(resource, nameOfTable(table)),
      _key: sql<string | null>`${key.sort}::text`,
      _rank: key.rank ? sql<number>`${key.rank}` : sql<null>`null::int`,
      ...(count ? { _count: sql<number>`(${count})` } : {}),
    })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(literalLimit(limit));
}

/** The order a page is read in: the sort field and id in `dir`, after the match rank of a `q` search. */
interface PageOrder {
  sortField: string;
  dir: 'asc' | 'desc';
  rank?: 'asc' | 'desc';
}

/** A page of the resource's rows as a subquery, with each row's sort value as text (`_key`) and match rank (`_rank`). */
function pageSubquery(db: Database, table: ResourceTable, resource: Resource, where: SQL | undefined, order: SQL[], limit: number, offset: number, key: { sort: AnyPgColumn; rank: SQL | undefined }) {
  const numbered = {
    ...selection(resource, table),
    _key: sql<string | null>`${key.sort}::text`.as('_key'),
    _rank: (key.rank ? sql<number>`${key.rank}` : sql<null>`null::int`).as('_rank'),
  };
  if (offset < DEFERRED_JOIN_OFFSET) return db.select(numbered).from(table).where(where).orderBy(...order).limit(literalLimit(limit)).offset(offset).as('p');
  // Deep pages: find the page's ids with an index-only scan first, then read just those rows (the plain form reads
  // every skipped row from the table).
  const idColumn = col(table, resource.idField);
  const ids = db.select({ id: idColumn }).from(table).where(where).orderBy(...order).limit(literalLimit(limit)).offset(offset);
  return db.select(numbered).from(table).where(inArray(idColumn, ids)).orderBy(...order).as('p');
}

/**
 * The rows after a keyset cursor in the list's order (sort field then id, both in `dir`; PostgreSQL puts nulls
 * first in descending order and last in ascending). Written as row comparisons so the (field, id) index is entered
 * at the cursor: the cost is the same at any depth.
 */
function afterCursor(field: AnyPgColumn, id: AnyPgColumn, dir: 'asc' | 'desc', cursor: ListCursor, rank: SQL | undefined): SQL {
  const beyond = dir === 'desc' ? sql`<` : sql`>`;
  let rest: SQL;
  if (cursor.value === null) {
    // Among nulls, by id; in descending order every non-null row follows the nulls.
    rest = dir === 'desc' ? sql`((${field} is null and ${id} ${beyond} ${cursor.id}) or ${field} is not null)` : sql`(${field} is null and ${id} ${beyond} ${cursor.id})`;
  } else {
    const tuple = sql`(${field}, ${id}) ${beyond} (${cursor.value}, ${cursor.id})`;
    rest = dir === 'desc' ? sql`(${field} is not null and ${tuple})` : sql`(${field} is null or ${tuple})`;
  }
  if (!rank || cursor.rank === undefined) return rest;
  return sql`(${rank} > ${cursor.rank} or (${rank} = ${cursor.rank} and ${rest}))`;
}

/** A list answer: its rows, its count and the cursors of the pages around it. */
export interface ListRecords {
  items: Record<string, unknown>[];
  count: number;
  countExact: boolean;
  next?: string;
  prev?: string;
}

/**
 * One page of a list with the labels of its relations (one statement), its count, and the cursors of the next and
 * previous pages. A keyset page (`after`/`before`) answers the count its list's first page counted moments ago.
 * The count costs no statement of its own when the page tells it (a first or OFFSET page that is not full) or when
 * the first page's statement counts it too (conditions with no parameter, see BuiltList.readCounting).
 */
export async function listRecords(db: Database, resource: Resource, query: ParsedListQuery, extra: readonly SQL[]): Promise<ListRecords> {
  const built = builtList(db, resource, query, extra);
  const reverse = query.before !== undefined;
  const keyset = query.after ?? query.before;
  const offset = keyset ? 0 : query.page * query.size;
  const now = Date.now();
  const plan = await countPlan(db, built.count, { reuse: keyset !== undefined }, now);
  let counted = 'known' in plan ? plan.known : undefined;
  const counting = counted === undefined && built.readCounting ? built.readCounting() : undefined;
  const read = (await (counting ?? built.read).execute()) as ListRow[];
  // Read back in the list's own order (a page before a cursor was taken in the opposite one).
  if (reverse) read.reverse();
  const more = read.length > query.size;
  const rows = reverse ? (more ? read.slice(1) : read) : more ? read.slice(0, query.size) : read;
  const cursorOf = (row: ListRow | undefined): string | undefined => {
    if (!row) return undefined;
    return encodeListCursor({ value: row.key, id: row.record[resource.idField] as string | number, ...(row.rank === null ? {} : { rank: row.rank as 0 | 1 }) });
  };
  const hasNext = reverse ? true : more;
  const hasPrev = reverse ? more : keyset !== undefined || offset > 0;
  const cursors = { ...(hasNext && rows.length > 0 ? { next: cursorOf(rows.at(-1)) } : {}), ...(hasPrev && rows.length > 0 ? { prev: cursorOf(rows[0]) } : {}) };
  const items = rows.map((row) => row.record);
  if (!keyset && !more && (rows.length > 0 || offset === 0)) {
    // The page is the list's last: the rows before it and its own are all there are (exact, whatever was estimated).
    counted = { count: offset + rows.length, exact: true };
    keepCount(db, built.count, counted, now);
  } else if (!('known' in plan)) {
    counted = boundedCount(counting ? (read[0]?.total ?? 0) : await exactCount(built.count), plan.estimate);
    keepCount(db, built.count, counted, now);
  }
  return { items, count: counted!.count, countExact: counted!.exact, ...cursors };
}

/** A list query as built once: its page statement ready to run again, and what its count needs. */
interface BuiltList {
  table: ResourceTable;
  where: SQL | undefined;
  read: { execute(): Promise<unknown> };
  /**
   * The first page's statement with the list's bounded count as one more column (`_count`), built on first need:
   * one statement instead of two. Only for conditions with no parameter (no filter value, or only options written
   * into the text): with a parameter PostgreSQL would plan the whole statement again on every run, which cost more
   * than the round trip it saves (measured: 0.44 → 0.70 ms of PostgreSQL's CPU per request).
   */
  readCounting?: () => { execute(): Promise<unknown> };
  count: BuiltCount;
}

/** A database handle's own store in a per-database map (tests run several databases in one process). */
function storeOf<V>(stores: WeakMap<Database, Map<string, V>>, db: Database): Map<string, V> {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new Map()));
  return store;
}

/** Built list statements kept at most per database; past it the store starts over. */
const BUILT_LIST_ENTRIES = 500;
/** Built list statements by request (resource, parsed query, extra conditions), per database handle. */
const builtListsOf = new WeakMap<Database, Map<string, BuiltList>>();

/**
 * The statement of a list request, built once: a request the same as one answered before (same resource, query
 * and extra conditions, their values included) runs the statement already built instead of building it again.
 */
function builtList(db: Database, resource: Resource, query: ParsedListQuery, extra: readonly SQL[]): BuiltList {
  const table = tableOf(resource);
  // Extra conditions (scopes) carry the signed-in user and the day: their statement text and values are the key.
  const extraKey = extra.length > 0 ? JSON.stringify(db.select({ one: sql`1` }).from(table).where(and(...extra)).toSQL()) : '';
  const cacheKey = `${resource.name}\u0000${JSON.stringify(query)}\u0000${extraKey}`;
  const lists = storeOf(builtListsOf, db);
  const known = lists.get(cacheKey);
  if (known) return known;
  const { where, exact } = listWhere(resource, table, query, extra);
  const sortField = col(table, query.sort.field);
  const idColumn = col(table, resource.idField);
  const rank = exact ? sql`(case when ${exact} then 0 else 1 end)` : undefined;
  const keyset = query.after ?? query.before;
  // A page before a cursor is read in the opposite order from the cursor, then turned round.
  const reverse = query.before !== undefined;
  const dir = (query.sort.dir === 'asc') !== reverse ? 'asc' : 'desc';
  const direction = dir === 'asc' ? asc : desc;
  const order = [
    ...(rank ? [reverse ? sql`${rank} desc` : sql`${rank} asc`] : []),
    direction(sortField),
    ...(query.sort.field === resource.idField ? [] : [direction(idColumn)]),
  ];
  const conditions = keyset ? and(where, afterCursor(sortField, idColumn, dir, keyset, rank)) : where;
  const offset = keyset ? 0 : query.page * query.size;
  // One row more than the page tells whether another page follows.
  const key = { sort: sortField, rank };
  const statement =
    offset === 0
      ? readFlat(db, table, resource, conditions, order, query.size + 1, key)
      : readLabelled(db, resource, pageSubquery(db, table, resource, conditions, order, query.size + 1, offset, key), { sortField: query.sort.field, dir: query.sort.dir, ...(rank ? { rank: 'asc' as const } : {}) });
  // Prepared without a name: both drivers name repeated statements themselves (server/db/pg-named.ts,
  // server/db/pglite-prepared.ts).
  const prepared = statement.prepare('');
  mapListRows(prepared);
  const count = buildCount(db, table, where);
  let readCounting: BuiltList['readCounting'];
  if (offset === 0 && !keyset && count.parameters === 0) {
    let counting: { execute(): Promise<unknown> } | undefined;
    readCounting = () => {
      if (!counting) {
        const withCount = readFlat(db, table, resource, conditions, order, query.size + 1, key, count.boundedSql()).prepare('');
        mapListRows(withCount);
        counting = withCount;
      }
      return counting;
    };
  }
  const built: BuiltList = { table, where, read: prepared, ...(readCounting ? { readCounting } : {}), count };
  if (lists.size >= BUILT_LIST_ENTRIES) lists.clear();
  lists.set(cacheKey, built);
  return built;
}

/** How long a count is kept for reuse (estimates by any page, exact counts by keyset pages only). */
const COUNT_REUSE_MS = 10_000;
/** Counts kept at most (a list's distinct filters); past it the store starts over. */
const COUNT_REUSE_ENTRIES = 2_000;
/** Recent counts, per database handle (tests run several databases in one process). */
const recentCountsOf = new WeakMap<Database, Map<string, { count: number; exact: boolean; at: number }>>();
/** Recent planner estimates by count key, per database handle: kept COUNT_REUSE_MS even when an exact count followed. */
const recentEstimatesOf = new WeakMap<Database, Map<string, { estimate: number; at: number }>>();

/**
 * The planner's estimate first (well under a millisecond): when it is far past EXACT_COUNT_LIMIT the list is
 * clearly large and the estimate is answered, marked as such. Otherwise an exact count that stops at
 * EXACT_COUNT_LIMIT + 1 rows; past that, the estimate again. An estimate is reused for COUNT_REUSE_MS (it is an
 * estimate either way, and it only chooses between counting and estimating); an exact count only by `reuse`
 * (keyset pages, whose first page counted moments ago).
 */
export async function countRecords(db: Database, table: ResourceTable, where: SQL | undefined, options: { reuse?: boolean } = {}, built: BuiltCount = buildCount(db, table, where)): Promise<{ count: number; exact: boolean }> {
  const now = Date.now();
  const plan = await countPlan(db, built, options, now);
  if ('known' in plan) return plan.known;
  const result = boundedCount(await exactCount(built), plan.estimate);
  keepCount(db, built, result, now);
  return result;
}

/**
 * The count when no exact count is needed for it (`known`): one kept moments ago (an estimate; an exact count for
 * `reuse`), or the planner's estimate when it is far past EXACT_COUNT_LIMIT. Otherwise the estimate, and the rows
 * must be counted.
 */
async function countPlan(db: Database, built: BuiltCount, options: { reuse?: boolean }, now: number): Promise<{ known: { count: number; exact: boolean } } | { estimate: number }> {
  const recent = storeOf(recentCountsOf, db).get(built.key);
  if (recent && now - recent.at < COUNT_REUSE_MS && (!recent.exact || options.reuse)) return { known: { count: recent.count, exact: recent.exact } };
  const estimate = await estimateOf(db, built, now);
  if (estimate < ESTIMATE_ONLY_FROM) return { estimate };
  const known = { count: estimate, exact: false };
  keepCount(db, built, known, now);
  return { known };
}

function keepCount(db: Database, built: BuiltCount, result: { count: number; exact: boolean }, now: number): void {
  const recentCounts = storeOf(recentCountsOf, db);
  if (recentCounts.size >= COUNT_REUSE_ENTRIES) recentCounts.clear();
  recentCounts.set(built.key, { ...result, at: now });
}

/** The statement a count estimates, its text and values as the key of the counts kept, and its bounded exact count. */
interface BuiltCount {
  key: string;
  counted: { getSQL(): SQL };
  /** How many parameters the conditions carry. */
  parameters: number;
  /** The count that stops at EXACT_COUNT_LIMIT + 1 rows, as a statement of its own (built on first need). */
  exact(): { execute(): Promise<unknown> };
  /** The same count as an SQL expression, to be selected by another statement. */
  boundedSql(): SQL;
}

function buildCount(db: Database, table: ResourceTable, where: SQL | undefined): BuiltCount {
  const counted = db.select({ one: sql`1` }).from(table).where(where);
  const { sql: text, params } = counted.toSQL();
  const bounded = () => db.select({ one: sql`1` }).from(table).where(where).limit(literalLimit(EXACT_COUNT_LIMIT + 1)).as('bounded');
  let exact: { execute(): Promise<unknown> } | undefined;
  return {
    key: `${text}\u0000${JSON.stringify(params)}`,
    counted,
    parameters: params.length,
    exact: () => {
      exact ??= db.select({ n: sql<number>`count(*)::int` }).from(bounded()).prepare('');
      return exact;
    },
    boundedSql: () => db.select({ n: sql<number>`count(*)::int` }).from(bounded()).getSQL(),
  };
}

/** The planner's estimate of the rows counted, kept COUNT_REUSE_MS. */
async function estimateOf(db: Database, built: BuiltCount, now: number): Promise<number> {
  const recentEstimates = storeOf(recentEstimatesOf, db);
  const kept = recentEstimates.get(built.key);
  if (kept && now - kept.at < COUNT_REUSE_MS) return kept.estimate;
  const estimate = await plannerEstimate(db, built.counted.getSQL());
  if (recentEstimates.size >= COUNT_REUSE_ENTRIES) recentEstimates.clear();
  recentEstimates.set(built.key, { estimate, at: now });
  return estimate;
}

async function exactCount(built: BuiltCount): Promise<number> {
  const [bounded] = (await built.exact().execute()) as { n: number }[];
  return Number(bounded?.n ?? 0);
}

/** A bounded count as answered: exact up to EXACT_COUNT_LIMIT, past it the planner's estimate (at least the limit + 1). */
function boundedCount(n: number, estimate: number): { count: number; exact: boolean } {
  if (n <= EXACT_COUNT_LIMIT) return { count: n, exact: true };
  return { count: Math.max(estimate, EXACT_COUNT_LIMIT + 1), exact: false };
}

/** Rows the planner expects the conditions to match (from the statistics ANALYZE keeps). */
async function plannerEstimate(db: Database, query: SQL): Promise<number> {
  const plan = await db.execute(sql`explain (format json) ${query}`);
  const rows = (plan as unknown as { rows?: unknown[] }).rows ?? (plan as unknown as unknown[]);
  const first = rows[0] as Record<string, unknown> | undefined;
  const raw = first?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** One record by id (with the resource's fixed values and any extra conditions) and its relations' labels, or undefined. */
export async function findRecord(db: Database, resource: Resource, id: string | number, extra: readonly SQL[] = []): Promise<Record<string, unknown> | undefined> {
  const table = tableOf(resource);
  const idColumn = col(table, resource.idField);
  const where = and(eq(idColumn, id), ...fixedConditions(resource, table), ...extra);
  const [row] = (await readLabelled(db, resource, pageSubquery(db, table, resource, where, [asc(idColumn)], 1, 0, { sort: idColumn, rank: undefined }), { sortField: resource.idField, dir: 'asc' })) as Record<string, unknown>[];
  if (!row) return undefined;
  const { _key: _k, _rank: _r, ...record } = row;
  return toRecord(record);
}

/** Grouped counts by two fields (summary views). */
export async function summarise(
  db: Database,
  resource: Resource,
  groupBy: readonly [string, string],
): Promise<{ a: unknown; aLabel: string | null; b: unknown; bLabel: string | null; count: number }[]> {
  const table = tableOf(resource);
  const [fa, fb] = groupBy.map((f) => col(table, f)) as [AnyPgColumn, AnyPgColumn];
  const labels = relationLabels(resource, table);
  const label = (field: string) => labels[`${field}__label`] ?? sql<null>`null`;
  const grouped = db
    .select({ a: fa, b: fb, count: sql<number>`count(*)::int`.as('count') })
    .from(table)
    .where(and(...fixedConditions(resource, table)))
    .groupBy(fa, fb)
    .as('grouped');
  const rows = await db.select().from(grouped);
  // Labels are looked up per group (a handful of rows), not per record.
  const out = [];
  for (const r of rows as { a: unknown; b: unknown; count: number }[]) {
    const [names] = await db
      .select({ aLabel: sql<string | null>`${label(groupBy[0])}`, bLabel: sql<string | null>`${label(groupBy[1])}` })
      .from(table)
      .where(sql`${fa} is not distinct from ${r.a} and ${fb} is not distinct from ${r.b}`)
      .limit(1);
    out.push({ a: r.a, aLabel: names?.aLabel ?? null, b: r.b, bLabel: names?.bLabel ?? null, count: Number(r.count) });
  }
  return out.sort((x, y) => String(x.aLabel ?? x.a).localeCompare(String(y.aLabel ?? y.a)) || String(x.b).localeCompare(String(y.b)));
}

