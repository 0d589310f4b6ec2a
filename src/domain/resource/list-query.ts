import { z } from 'zod';
import { normaliseIndianMobile } from '../phone';
import { storableString } from '../storable-text';
import type { FilterDef, Resource } from './define-resource';

/** Page defaults of spec §9. */
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
}

/** Schema of a list answer. */
export const listResultSchema = z.object({
  items: z.array(z.record(z.string(), z.unknown())),
  count: z.number(),
  countExact: z.boolean(),
  page: z.number(),
  size: z.number(),
});

const intText = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'Must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min, `At least ${min}`).max(max, `At most ${max}`))
    .optional()
    .transform((v) => v ?? fallback);

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
      ...filterShape,
    })
    .superRefine((v, ctx) => {
      if (v.page * v.size > MAX_OFFSET) ctx.addIssue({ code: 'custom', path: ['page'], message: `Pages past ${MAX_OFFSET.toLocaleString('en-IN')} records are not served; narrow the filter` });
    })
    .transform(({ page, size, sort, q, scope, ...filters }) => {
      const [field, dir] = sort ? (sort.split(',') as [string, 'asc' | 'desc']) : [resource.defaultSort.field, resource.defaultSort.dir];
      const cleaned = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)));
      return { page, size, sort: { field, dir }, q: q ?? '', ...(scope ? { scope } : {}), filters: cleaned };
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
