// SQL of the generic resource endpoints: conditions from fixed values, scopes, filters and `q`; ordering with
// exact matches first; a count that stays cheap on million-row tables; rows mapped to their API shape.
import { and, asc, desc, eq, getTableColumns, gte, ilike, inArray, isNotNull, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Resource, ScopeCondition } from '@domain/resource/define-resource';
import { exactSearchValue, type ParsedListQuery } from '@domain/resource/list-query';
import { resourceByName } from '@domain/resource/registry';
import type { Database } from '@server/db/database';
import { builtTables } from '@server/db/resource-tables';
import type { ResourceTable } from './build-tables';

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
        if (v?.length) out.push(field.storage === 'textArray' ? sql`${c} && ${sql.param(v)}::text[]` : inArray(c, v));
        break;
      }
      case 'boolean':
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
async function withLabels(db: Database, resource: Resource, rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
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
      const subtitle = target.subtitleField ? col(targetTable, target.subtitleField) : undefined;
      const labelled = await db
        .select({ id: idColumn, label: sql<string | null>`${col(targetTable, target.labelField)}::text`, subtitle: subtitle ? sql<string | null>`${subtitle}::text` : sql<null>`null` })
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

/** A row as the API answers it: instants as ISO strings, relation labels under `_labels`. */
export function toRecord(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const labels: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.endsWith('__label')) labels[key.slice(0, -'__label'.length)] = (value as string | null) ?? null;
    else out[key] = value instanceof Date ? value.toISOString() : value;
  }
  if (Object.keys(labels).length > 0) out._labels = labels;
  return out;
}

function selection(resource: Resource, table: ResourceTable) {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  return Object.fromEntries(Object.keys(resource.allFields).map((f) => [f, columns[f]!]));
}

/** One page of a list, its count and whether the count is exact. */
export async function listRecords(
  db: Database,
  resource: Resource,
  query: ParsedListQuery,
  extra: readonly SQL[],
): Promise<{ items: Record<string, unknown>[]; count: number; countExact: boolean }> {
  const table = tableOf(resource);
  const search = searchCondition(resource, table, query.q);
  const conditions = [...fixedConditions(resource, table), ...extra, ...filterConditions(resource, table, query.filters), ...(search ? [search.where] : [])];
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const direction = query.sort.dir === 'asc' ? asc : desc;
  const order = [
    ...(search?.exact ? [sql`case when ${search.exact} then 0 else 1 end`] : []),
    direction(col(table, query.sort.field)),
    ...(query.sort.field === resource.idField ? [] : [direction(col(table, resource.idField))]),
  ];
  const offset = query.page * query.size;
  const idColumn = col(table, resource.idField);
  // Deep pages: find the page's ids with an index-only scan first, then read just those rows (the plain form reads
  // every skipped row from the table).
  const rows =
    offset < DEFERRED_JOIN_OFFSET
      ? await db.select(selection(resource, table)).from(table).where(where).orderBy(...order).limit(query.size).offset(offset)
      : await db
          .select(selection(resource, table))
          .from(table)
          .where(inArray(idColumn, db.select({ id: idColumn }).from(table).where(where).orderBy(...order).limit(query.size).offset(offset)))
          .orderBy(...order);
  const { count, exact } = await countRecords(db, table, where);
  return { items: await withLabels(db, resource, rows as Record<string, unknown>[]), count, countExact: exact };
}

/**
 * The planner's estimate first (well under a millisecond): when it is far past EXACT_COUNT_LIMIT the list is
 * clearly large and the estimate is answered, marked as such. Otherwise an exact count that stops at
 * EXACT_COUNT_LIMIT + 1 rows; past that, the estimate again.
 */
export async function countRecords(db: Database, table: ResourceTable, where: SQL | undefined): Promise<{ count: number; exact: boolean }> {
  const estimate = await plannerEstimate(db, table, where);
  if (estimate >= ESTIMATE_ONLY_FROM) return { count: estimate, exact: false };
  const inner = db.select({ one: sql`1` }).from(table).where(where).limit(EXACT_COUNT_LIMIT + 1);
  const [bounded] = await db.select({ n: sql<number>`count(*)::int` }).from(inner.as('bounded'));
  const n = Number(bounded?.n ?? 0);
  if (n <= EXACT_COUNT_LIMIT) return { count: n, exact: true };
  return { count: Math.max(estimate, EXACT_COUNT_LIMIT + 1), exact: false };
}

/** Rows the planner expects the conditions to match (from the statistics ANALYZE keeps). */
async function plannerEstimate(db: Database, table: ResourceTable, where: SQL | undefined): Promise<number> {
  const plan = await db.execute(sql`explain (format json) ${db.select({ one: sql`1` }).from(table).where(where).getSQL()}`);
  const rows = (plan as unknown as { rows?: unknown[] }).rows ?? (plan as unknown as unknown[]);
  const first = rows[0] as Record<string, unknown> | undefined;
  const raw = first?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** One record by id (with the resource's fixed values and any extra conditions), or undefined. */
export async function findRecord(db: Database, resource: Resource, id: string | number, extra: readonly SQL[] = []): Promise<Record<string, unknown> | undefined> {
  const table = tableOf(resource);
  const [row] = await db
    .select(selection(resource, table))
    .from(table)
    .where(and(eq(col(table, resource.idField), id), ...fixedConditions(resource, table), ...extra))
    .limit(1);
  return row ? (await withLabels(db, resource, [row as Record<string, unknown>]))[0] : undefined;
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

