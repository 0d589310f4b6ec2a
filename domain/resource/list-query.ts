import { z } from 'zod';
import { normaliseIndianMobile } from '../phone';
import { storableString } from '../storable-text';
import type { FilterDef, Resource } from './define-resource';

/** Page defaults of every list. */
export const DEFAULT_PAGE = 0;
export const DEFAULT_PAGE_SIZE = 20;
/** Row sizes the list offers; the server caps size at the largest. */
export const ROW_SIZES = [20, 50, 100, 500, 1000] as const;
export const MAX_PAGE_SIZE = 1000;
/** Deepest page offset served (page × size); deeper pages need a narrower filter. */
export const MAX_OFFSET = 1_000_000;

/** The URL keys a filter uses: one for plain filters, two (From/To, Min/Max) for ranges. */
export function filterKeys(filter: FilterDef): string[] {
  if (filter.kind === 'dateRange') return [`${filter.field}From`, `${filter.field}To`];
  if (filter.kind === 'numberRange') return [`${filter.field}Min`, `${filter.field}Max`];
  return [filter.field];
}

/** The state of a list as the URL and the API carry it. Filter values are kept as typed text. */
export interface ListParams {
  page: number;
  size: number;
  /** "field,asc" or "field,desc"; empty: the resource's default. */
  sort: string;
  q: string;
  scope?: string;
  filters: Record<string, string>;
}

/** A list answer: one page of records and the total. */
export interface ListResult<T = Record<string, unknown>> {
  items: T[];
  /** Total matching records (exact when countExact, else an estimate of at least that many). */
  count: number;
  countExact: boolean;
  page: number;
  size: number;
  /** Cursor of the rows after this page (`after=`), absent on the last page. */
  next?: string;
  /** Cursor of the rows before this page (`before=`), absent on the first. */
  prev?: string;
}

/** Schema of a list answer. A page read by cursor (`after`/`before`) carries no count: the first page has it. */
export const listResultSchema = z.object({
  items: z.array(z.record(z.string(), z.unknown())),
  count: z.number(),
  countExact: z.boolean(),
  page: z.number(),
  size: z.number(),
  next: z.string().optional(),
  prev: z.string().optional(),
});

/** Where a keyset page starts: the sort value and id of the row it follows or precedes (and its match rank in a `q` search). */
export interface ListCursor {
  value: string | number | boolean | null;
  id: string | number;
  /** 0 for exact matches of `q`, 1 for the rest (present only in a `q` search with exact fields). */
  rank?: 0 | 1;
}

const cursorScalar = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);
const cursorSchema = z.union([z.tuple([cursorScalar, z.union([z.string().max(100), z.number()])]), z.tuple([z.literal([0, 1]), cursorScalar, z.union([z.string().max(100), z.number()])])]);

/** Encodes a cursor for the URL (base64url of a small JSON array). */
export function encodeListCursor(cursor: ListCursor): string {
  const parts = cursor.rank === undefined ? [cursor.value, cursor.id] : [cursor.rank, cursor.value, cursor.id];
  return base64UrlEncode(JSON.stringify(parts));
}

/** Decodes a cursor of the URL; undefined when it is not one this API wrote. */
export function decodeListCursor(text: string): ListCursor | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(base64UrlDecode(text));
  } catch {
    return undefined;
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success) return undefined;
  const parts = result.data;
  return parts.length === 2 ? { value: parts[0], id: parts[1] } : { rank: parts[0], value: parts[1], id: parts[2] };
}

// btoa/atob work on Latin-1; the JSON goes through UTF-8 first so any text survives.
function base64UrlEncode(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64UrlDecode(text: string): string {
  if (!/^[A-Za-z0-9_-]{1,600}$/.test(text)) throw new Error('not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

const intText = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'Must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min, `At least ${min}`).max(max, `At most ${max}`))
    .optional()
    .transform((v) => v ?? fallback);

const cursorText = z.string().transform((text, ctx) => {
  const cursor = decodeListCursor(text);
  if (!cursor) {
    ctx.addIssue({ code: 'custom', message: 'Not a cursor of this list; start again from the first page' });
    return z.NEVER;
  }
  return cursor;
});

const numberText = z.string().regex(/^-?\d+(\.\d+)?$/, 'Must be a number').transform(Number);
const dateText = z.iso.date('Use YYYY-MM-DD');

/** Schema of one filter key's value, by filter kind. */
function filterValueSchema(resource: Resource, filter: FilterDef): z.ZodType {
  const field = resource.allFields[filter.field]!;
  switch (filter.kind) {
    case 'text':
      return storableString().trim().max(100, 'At most 100 characters');
    case 'select': {
      const values = (field.options ?? []).map((o) => o.value);
      return z
        .string()
        .transform((s) => s.split(',').filter(Boolean))
        .pipe(z.array(values.length > 0 ? z.enum(values as [string, ...string[]]) : z.string().max(100)).max(50));
    }
    case 'boolean':
      return z.enum(['true', 'false'], { error: 'Must be true or false' }).transform((s) => s === 'true');
    case 'relation':
      return field.storage === 'bigint' ? z.string().regex(/^\d+$/, 'Must be an id').transform(Number) : storableString().max(100);
    case 'dateRange':
      return dateText;
    case 'numberRange':
      return numberText;
  }
}

/** A parsed list request as the server runs it. */
export interface ParsedListQuery {
  page: number;
  size: number;
  sort: { field: string; dir: 'asc' | 'desc' };
  q: string;
  scope?: string;
  /** Parsed filter values by URL key. */
  filters: Record<string, unknown>;
  /** Keyset paging: the page after (or before) this row, read without OFFSET; such a page answers no count. */
  after?: ListCursor;
  before?: ListCursor;
}

/** Strict schema of a list request's query string: unknown keys, unknown sort fields and bad filter values are refused. */
export function listQuerySchema(resource: Resource): z.ZodType<ParsedListQuery> {
  const filterShape: Record<string, z.ZodType> = {};
  for (const filter of resource.filters) {
    for (const key of filterKeys(filter)) filterShape[key] = filterValueSchema(resource, filter).optional();
  }
  const scopes = Object.keys(resource.scopes ?? {});
  const sortValues = resource.sortable.flatMap((f) => [`${f},asc`, `${f},desc`]);
  return z
    .strictObject({
      page: intText(0, 1_000_000, DEFAULT_PAGE),
      size: intText(1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
      sort: z.enum(sortValues as [string, ...string[]], { error: `Sort by one of: ${resource.sortable.join(', ')}` }).optional(),
      q: storableString().trim().max(100, 'At most 100 characters').optional(),
      scope: (scopes.length > 0 ? z.enum(scopes as [string, ...string[]]) : z.never()).optional(),
      after: cursorText.optional(),
      before: cursorText.optional(),
      ...filterShape,
    })
    .superRefine((v, ctx) => {
      if (v.after && v.before) ctx.addIssue({ code: 'custom', path: ['before'], message: 'Use either after or before, not both' });
      // A keyset page costs the same at any depth: the page number only says where its rows sit in the list.
      if (!v.after && !v.before && v.page * v.size > MAX_OFFSET) ctx.addIssue({ code: 'custom', path: ['page'], message: `Pages past ${MAX_OFFSET.toLocaleString('en-IN')} records are not served; narrow the filter` });
    })
    .transform(({ page, size, sort, q, scope, after, before, ...filters }) => {
      const [field, dir] = sort ? (sort.split(',') as [string, 'asc' | 'desc']) : [resource.defaultSort.field, resource.defaultSort.dir];
      const cleaned = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)));
      return { page, size, sort: { field, dir }, q: q ?? '', ...(scope ? { scope } : {}), filters: cleaned, ...(after ? { after } : {}), ...(before ? { before } : {}) };
    }) as unknown as z.ZodType<ParsedListQuery>;
}

/** Reads list params from a URL query string (unknown keys ignored; bad numbers fall back to defaults). */
export function listParamsFromSearch(resource: Resource, search: string, scope?: string): ListParams {
  const sp = new URLSearchParams(search);
  const num = (key: string, fallback: number, allowed?: readonly number[]) => {
    const n = Number(sp.get(key));
    if (!sp.has(key) || !Number.isInteger(n) || n < 0) return fallback;
    return allowed && !allowed.includes(n) ? fallback : n;
  };
  const filters: Record<string, string> = {};
  for (const filter of resource.filters) for (const key of filterKeys(filter)) if (sp.get(key)) filters[key] = sp.get(key)!;
  const sort = sp.get('sort') ?? '';
  const validSort = resource.sortable.some((f) => sort === `${f},asc` || sort === `${f},desc`);
  return {
    page: num('page', DEFAULT_PAGE),
    size: num('size', DEFAULT_PAGE_SIZE, ROW_SIZES),
    sort: validSort ? sort : '',
    q: sp.get('q') ?? '',
    ...(scope ? { scope } : {}),
    filters,
  };
}

/** Writes list params to a query string, leaving out defaults so plain links stay plain. */
export function listParamsToSearch(params: ListParams, options: { includeScope?: boolean } = {}): string {
  const sp = new URLSearchParams();
  if (params.q) sp.set('q', params.q);
  for (const [key, value] of Object.entries(params.filters)) if (value !== '') sp.set(key, value);
  if (params.sort) sp.set('sort', params.sort);
  if (params.page !== DEFAULT_PAGE) sp.set('page', String(params.page));
  if (params.size !== DEFAULT_PAGE_SIZE) sp.set('size', String(params.size));
  if (options.includeScope && params.scope) sp.set('scope', params.scope);
  const text = sp.toString();
  return text ? `?${text}` : '';
}

/** The most records one bulk action changes, whether ticked or "all matching" (the server refuses more). */
export const BULK_MAX = 1_000;

/** The query a bulk action over "all matching" sends: the list's search, filters and scope, as its list answered them. */
export function listMatchQuery(params: ListParams): Record<string, string> {
  const out: Record<string, string> = {};
  if (params.q) out.q = params.q;
  for (const [key, value] of Object.entries(params.filters)) if (value !== '') out[key] = value;
  if (params.scope) out.scope = params.scope;
  return out;
}

/** The exact-match value of `q` for a search field: phones normalised from any common form. */
export function exactSearchValue(resource: Resource, field: string, q: string): string | number | undefined {
  const def = resource.allFields[field];
  if (!def) return undefined;
  const trimmed = q.trim();
  if (def.storage === 'bigint' || def.storage === 'integer') return /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : undefined;
  if (def.storage === 'uuid') return /^[0-9a-f-]{36}$/i.test(trimmed) ? trimmed.toLowerCase() : undefined;
  if (def.display === 'phone') return normaliseIndianMobile(trimmed);
  return trimmed === '' ? undefined : trimmed;
}
