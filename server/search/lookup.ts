// The entity lookup behind the palette: a typed id, number or phone finds chargers, tickets, bookings, orders,
// users and hosts the caller may view. Exact matches first, then prefix matches (from four characters), each
// through an index: equality and `LIKE 'x%'` on b-trees (text_pattern_ops), id ranges on primary keys; one
// statement per group.
import { and, eq, gte, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LookupGroup, LookupGroupKind, LookupItem, LookupResult } from '@domain/lookup';
import { formatIndianMobile } from '@domain/phone';
import { routeFor, type Resource } from '@domain/resource/define-resource';
import { humanise } from '@domain/resource/field';
import { resources } from '@domain/resource/registry';
import { bookingResource } from '@domain/resources/bookings/booking';
import { chargerResource } from '@domain/resources/chargers/charger';
import { orderResource } from '@domain/resources/orders/order';
import { ticketKindOptions } from '@domain/resources/tickets/shared';
import { ticketResource } from '@domain/resources/tickets/ticket';
import { hostResource } from '@domain/resources/hosts/host';
import { userResource } from '@domain/resources/users/user';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import type { Database } from '@server/db/database';
import { visibility } from '@server/resources/visibility';
import { fixedConditions, likeEscape, tableOf } from '@server/resources/resource-query';
import { lookupTermsOf, numberPrefixRanges, type LookupTerms } from './lookup-terms';

type Row = Record<string, unknown>;

/** What a lookup needs: the database, who asks, the clock (for scopes such as "today"). */
export interface LookupContext {
  db: Database;
  session: AuthenticatedSession;
  now: Date;
}

/** A found row before it becomes an item: which field matched and how. */
interface Hit {
  row: Row;
  matchedField: string;
  match: 'exact' | 'prefix';
}

/** One part of a group's query: rows matching `where`, read in `orderBy` order (none: exact matches), as `field`. */
interface Branch {
  where: SQL;
  orderBy?: AnyPgColumn;
  match: 'exact' | 'prefix';
  /** The field that matched; undefined: told per row by `matchedOf`. */
  field?: string;
}

const column = (resource: Resource, field: string) => tableOf(resource)[field] as AnyPgColumn;
const startsWith = (c: AnyPgColumn, prefix: string) => like(c, `${likeEscape(prefix)}%`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Conditions under which the caller sees the resource's records (fixed values included); null: none. */
function visibleWhere(ctx: LookupContext, resource: Resource): SQL[] | null {
  const extra = visibility(resource, ctx.session, ctx.now);
  return extra === null ? null : [...fixedConditions(resource, tableOf(resource)), ...extra];
}

/**
 * Runs every branch as one statement (`(…limit n) union all (…limit n)`: one round trip, each branch read through
 * its own index) and answers the hits, exact first, without repeats, at most `limit`.
 */
async function runBranches(ctx: LookupContext, resource: Resource, fields: readonly string[], visible: readonly SQL[], branches: readonly Branch[], limit: number, matchedOf: (row: Row) => string): Promise<Hit[]> {
  if (branches.length === 0) return [];
  const table = tableOf(resource);
  const list = sql.join([resource.idField, ...fields].map((f) => sql`${table[f] as AnyPgColumn} as ${sql.identifier(f)}`), sql`, `);
  const parts = branches.map((b, i) => {
    const where = and(b.where, ...visible)!;
    const order = b.orderBy ? sql` order by ${b.orderBy}` : sql``;
    return sql`(select ${sql.raw(String(i))} as "branch", ${list} from ${table} where ${where}${order} limit ${limit})`;
  });
  const answer = await ctx.db.execute(sql.join(parts, sql` union all `));
  const rows = ((answer as unknown as { rows?: Row[] }).rows ?? (answer as unknown as Row[])).slice();
  rows.sort((a, b) => Number(a.branch) - Number(b.branch));
  const seen = new Set<string>();
  const hits: Hit[] = [];
  for (const row of rows) {
    const id = String(row[resource.idField]);
    if (seen.has(id)) continue;
    seen.add(id);
    const branch = branches[Number(row.branch)]!;
    hits.push({ row, match: branch.match, matchedField: branch.field ?? matchedOf(row) });
  }
  // Exact branches come first, so exact hits lead; within a branch the index order stays.
  return hits.sort((a, b) => (a.match === b.match ? 0 : a.match === 'exact' ? -1 : 1)).slice(0, limit);
}

/** How long a table's highest id is reused before it is read again. */
const MAX_ID_TTL_MS = 10_000;
const maxIds = new WeakMap<Database, Map<string, { max: number; readAt: number }>>();

/** The table's highest id (an index probe), remembered for MAX_ID_TTL_MS per database. */
async function maxIdOf(ctx: LookupContext, resource: Resource): Promise<number> {
  const cache = maxIds.get(ctx.db) ?? new Map<string, { max: number; readAt: number }>();
  maxIds.set(ctx.db, cache);
  const hit = cache.get(resource.table);
  const now = performance.now();
  if (hit && now - hit.readAt < MAX_ID_TTL_MS) return hit.max;
  const [top] = await ctx.db.select({ max: sql<string | number | null>`max(${column(resource, resource.idField)})` }).from(tableOf(resource));
  const max = Number(top?.max ?? 0);
  cache.set(resource.table, { max, readAt: now });
  return max;
}

/**
 * Branches of a record number: the number itself, then numbers starting with it (one id range per length, only
 * lengths up to the table's highest id: each branch costs planning time on a table with many indexes).
 */
async function numberBranches(ctx: LookupContext, resource: Resource, terms: LookupTerms): Promise<Branch[]> {
  if (terms.number === undefined) return [];
  const id = column(resource, resource.idField);
  const ranges = numberPrefixRanges(terms.text);
  const max = await maxIdOf(ctx, resource);
  // A number past the highest id (a phone number, an IMEI) is no record number: no query at all.
  if (terms.number > max) return [];
  return [
    { where: eq(id, terms.number), match: 'exact', field: resource.idField },
    ...ranges.filter((r) => r.from <= max).map((r): Branch => ({ where: and(gte(id, r.from), lt(id, r.to))!, orderBy: id, match: 'prefix', field: resource.idField })),
  ];
}

const chargerIdFields = ['uniqueId', 'deviceId', 'chargerBoxId', 'imeiNumber', 'ccuId', 'bleMacAddress', 'chargemodStationId'] as const;
/** Charger identifiers matched by prefix too (the ones people read off a charger or type from a ticket). */
const chargerPrefixFields = ['uniqueId', 'deviceId', 'chargerBoxId', 'imeiNumber'] as const;

async function findChargers(ctx: LookupContext, terms: LookupTerms, limit: number): Promise<LookupItem[] | null> {
  const r = chargerResource;
  const visible = visibleWhere(ctx, r);
  if (visible === null) return null;
  const exactConditions = [
    ...(terms.number !== undefined ? [eq(column(r, 'id'), terms.number)] : []),
    ...(terms.codes.length > 0 ? chargerIdFields.map((f) => inArray(column(r, f), [...terms.codes])) : []),
  ];
  const branches: Branch[] = [
    ...(exactConditions.length > 0 ? [{ where: or(...exactConditions)!, match: 'exact' as const }] : []),
    ...(terms.codePrefix ? chargerPrefixFields.map((f): Branch => ({ where: startsWith(column(r, f), terms.codePrefix!), orderBy: column(r, f), match: 'prefix', field: f })) : []),
  ];
  const hits = await runBranches(ctx, r, chargerIdFields, visible, branches, limit, (row) => chargerIdFields.find((f) => terms.codes.includes(String(row[f]))) ?? 'id');
  return hits.map(({ row, match, matchedField }) => {
    const shown = matchedField === 'uniqueId' || matchedField === 'id' ? chargerIdFields.slice(1).find((f) => row[f]) : matchedField;
    return {
      id: String(row.id),
      title: String(row.uniqueId),
      ...(shown ? { subtitle: `${r.allFields[shown]!.label} ${String(row[shown])}` } : {}),
      path: routeFor(r.detailPath, String(row.id)),
      matchedField,
      match,
    };
  });
}

const ticketSharers = resources.filter((r) => r.table === ticketResource.table);
const kindLabel = new Map(ticketKindOptions.map((o) => [o.value, o.label]));

async function findTickets(ctx: LookupContext, terms: LookupTerms, limit: number): Promise<LookupItem[] | null> {
  // A ticket is visible through its kind's lists or through the cross-kind lists (e.g. "my tickets").
  const alternatives: SQL[] = [];
  const kindsVisible = new Set<string>();
  for (const r of ticketSharers) {
    const where = visibleWhere(ctx, r);
    if (where === null) continue;
    if (r.fixed?.kind) kindsVisible.add(r.fixed.kind);
    alternatives.push(where.length > 0 ? and(...where)! : sql`true`);
  }
  if (alternatives.length === 0) return null;
  const r = ticketResource;
  const visible = [sql`(${sql.join(alternatives, sql` or `)})`];
  const hits = await runBranches(ctx, r, ['kind', 'title', 'status'], visible, await numberBranches(ctx, r, terms), limit, () => 'id');
  return hits.map(({ row, match, matchedField }) => {
    const kind = String(row.kind);
    const owner = kindsVisible.has(kind) ? ticketSharers.find((s) => s.fixed?.kind === kind) : undefined;
    return {
      id: String(row.id),
      title: `#${String(row.id)} ${String(row.title)}`,
      subtitle: `${kindLabel.get(kind) ?? kind} · ${statusLabel(owner ?? r, row.status)}`,
      path: routeFor((owner ?? r).detailPath, String(row.id)),
      matchedField,
      match,
    };
  });
}

/** A record's status as staff read it in the palette: its status option's label ("Stopped by admin"), else in words. */
function statusLabel(r: Resource, value: unknown): string {
  const status = String(value);
  return r.allFields.status?.options?.find((o) => o.value === status)?.label ?? humanise(status);
}

async function findBookings(ctx: LookupContext, terms: LookupTerms, limit: number): Promise<LookupItem[] | null> {
  const r = bookingResource;
  const visible = visibleWhere(ctx, r);
  if (visible === null) return null;
  const hits = await runBranches(ctx, r, ['userPhone', 'status'], visible, await numberBranches(ctx, r, terms), limit, () => 'id');
  return hits.map(({ row, match, matchedField }) => ({
    id: String(row.id),
    title: `Booking #${String(row.id)}`,
    subtitle: `${formatIndianMobile(row.userPhone as string)} · ${statusLabel(r, row.status)}`,
    path: routeFor(r.detailPath, String(row.id)),
    matchedField,
    match,
  }));
}

async function findOrders(ctx: LookupContext, terms: LookupTerms, limit: number): Promise<LookupItem[] | null> {
  const r = orderResource;
  const visible = visibleWhere(ctx, r);
  if (visible === null) return null;
  const number = column(r, 'orderNumber');
  const branches: Branch[] = [
    ...(terms.number !== undefined ? [{ where: eq(column(r, 'id'), terms.number), match: 'exact' as const, field: 'id' }] : []),
    ...(terms.codes.length > 0 ? [{ where: inArray(number, [...terms.codes]), match: 'exact' as const, field: 'orderNumber' }] : []),
    ...(terms.codePrefix ? [{ where: startsWith(number, terms.codePrefix), orderBy: number, match: 'prefix' as const, field: 'orderNumber' }] : []),
  ];
  const hits = await runBranches(ctx, r, ['orderNumber', 'customerName', 'status'], visible, branches, limit, () => 'orderNumber');
  return hits.map(({ row, match, matchedField }) => ({
    id: String(row.id),
    title: String(row.orderNumber),
    subtitle: `${String(row.customerName)} · ${statusLabel(r, row.status)}`,
    path: routeFor(r.detailPath, String(row.id)),
    matchedField,
    match,
  }));
}

async function findUsers(ctx: LookupContext, terms: LookupTerms, limit: number): Promise<LookupItem[] | null> {
  const r = userResource;
  const visible = visibleWhere(ctx, r);
  if (visible === null) return null;
  const mobile = column(r, 'mobileNumber');
  const branches: Branch[] = [
    ...(terms.phone ? [{ where: eq(mobile, terms.phone), match: 'exact' as const, field: 'mobileNumber' }] : []),
    ...(UUID.test(terms.text) ? [{ where: eq(column(r, 'id'), terms.text.toLowerCase()), match: 'exact' as const, field: 'id' }] : []),
    ...(terms.phonePrefix ? [{ where: startsWith(mobile, terms.phonePrefix), orderBy: mobile, match: 'prefix' as const, field: 'mobileNumber' }] : []),
  ];
  const hits = await runBranches(ctx, r, ['name', 'mobileNumber'], visible, branches, limit, () => 'mobileNumber');
  return hits.map(({ row, match, matchedField }) => ({
    id: String(row.id),
    title: (row.name as string | null) || formatIndianMobile(row.mobileNumber as string),
    subtitle: `${formatIndianMobile(row.mobileNumber as string)} · User`,
    path: routeFor(r.detailPath, String(row.id)),
    matchedField,
    match,
  }));
}

async function findHosts(ctx: LookupContext, terms: LookupTerms, limit: number): Promise<LookupItem[] | null> {
  const r = hostResource;
  const visible = visibleWhere(ctx, r);
  if (visible === null) return null;
  const contact = column(r, 'contactNumber');
  const userOf = (phone: string) => sql`(${ctx.db.select({ id: column(userResource, 'id') }).from(tableOf(userResource)).where(eq(column(userResource, 'mobileNumber'), phone))})`;
  // A host is found by its contact number and by the mobile number of the user who is the host.
  const branches: Branch[] = [
    ...(terms.phone
      ? [
          { where: eq(contact, terms.phone), match: 'exact' as const, field: 'contactNumber' },
          { where: eq(column(r, 'userId'), userOf(terms.phone)), match: 'exact' as const, field: 'userId' },
        ]
      : []),
    ...(terms.phonePrefix ? [{ where: startsWith(contact, terms.phonePrefix), orderBy: contact, match: 'prefix' as const, field: 'contactNumber' }] : []),
  ];
  const hits = await runBranches(ctx, r, ['businessName', 'contactNumber'], visible, branches, limit, () => 'contactNumber');
  return hits.map(({ row, match, matchedField }) => ({
    id: String(row.id),
    title: String(row.businessName),
    subtitle: `${formatIndianMobile(row.contactNumber as string)} · Host`,
    path: routeFor(r.detailPath, String(row.id)),
    matchedField,
    match,
  }));
}

const finders: Record<LookupGroupKind, { title: string; find: (ctx: LookupContext, terms: LookupTerms, limit: number) => Promise<LookupItem[] | null> }> = {
  chargers: { title: 'Chargers', find: findChargers },
  tickets: { title: 'Tickets', find: findTickets },
  bookings: { title: 'Bookings', find: findBookings },
  orders: { title: 'Orders', find: findOrders },
  users: { title: 'Users', find: findUsers },
  hosts: { title: 'Hosts', find: findHosts },
};

/** The groups each scope searches, in the palette's order. */
export const scopeGroups = {
  all: ['chargers', 'tickets', 'bookings', 'orders', 'users', 'hosts'],
  tickets: ['tickets'],
  people: ['users', 'hosts'],
} as const satisfies Record<LookupTerms['scope'], readonly LookupGroupKind[]>;

/** Looks the typed text up: only groups the caller may view, only groups with results. */
export async function lookup(ctx: LookupContext, q: string, scope: LookupTerms['scope'], limit: number): Promise<LookupResult> {
  const terms = lookupTermsOf(q, scope);
  if (terms.text === '') return { q, groups: [] };
  // Groups are independent: on PostgreSQL they run on several connections at once.
  const found = await Promise.all(scopeGroups[terms.scope].map(async (kind) => ({ kind, items: await finders[kind].find(ctx, terms, limit) })));
  const groups: LookupGroup[] = found.flatMap(({ kind, items }) => (items && items.length > 0 ? [{ kind, title: finders[kind].title, items }] : []));
  return { q, groups };
}
