// Downloads: what a request to export a list says, which list each report type exports, and how a value is
// written into a file cell (the same words and units the console shows; numbers stay numbers for spreadsheets).
import { z } from 'zod';
import { formatDate, formatDateTime } from './format-date';
import type { Resource } from './resource/define-resource';
import type { FieldDef } from './resource/field';

/** The list each report type of Download Configuration exports. */
export const reportResources: Readonly<Record<string, string>> = {
  BOOKINGS: 'bookings',
  CHARGERS: 'chargers',
  USERS: 'users',
  WALLET_LEDGER: 'wallets',
  SETTLEMENTS: 'settlements',
  PAYOUTS: 'payouts',
  INVOICES: 'invoices',
  TICKETS: 'tickets',
  LEADS: 'leads',
  OUTBOUND_CALLS: 'outbound-call-logs',
};

/** The report type a list's export is filed under ("LIST" for lists no report type names). */
export function reportTypeOf(resourceName: string): string {
  return Object.entries(reportResources).find(([, r]) => r === resourceName)?.[0] ?? 'LIST';
}

/** Rows a list export may have when no report configuration sets a limit. */
export const DEFAULT_EXPORT_ROW_LIMIT = 100_000;

/** Rows of one sheet of an Excel file (the format's limit, header included). */
export const EXCEL_MAX_ROWS_PER_SHEET = 1_048_576;

/** Body of POST /upload-service/download: a list (a report type's, or any list by name), its URL query, the format. */
export const downloadRequestSchema = z
  .strictObject({
    reportType: z.string().max(40).optional(),
    resource: z.string().max(80).optional(),
    /** The list view's scope (My, Open, …). */
    scope: z.string().max(40).optional(),
    /** The list's query string as its URL carries it (filters, q, sort; page and size are ignored). */
    query: z.string().max(2000, 'At most 2,000 characters').default(''),
    format: z.enum(['CSV', 'XLSX'], { error: 'Choose CSV or Excel' }),
    /** Fields to export, in order (default: the report's default columns, or the list's visible columns). */
    columns: z.array(z.string().max(60)).min(1, 'Choose at least one column').max(60).optional(),
  })
  .refine((v) => v.reportType !== undefined || v.resource !== undefined, { message: 'Choose a report type or a list', path: ['reportType'] });
export type DownloadRequest = z.infer<typeof downloadRequestSchema>;

/** A column of an export: the field it reads and its header. */
export interface ExportColumn {
  field: string;
  header: string;
}

/** A configured column of a report type (Download Configuration). */
export interface ConfiguredColumn {
  field: string;
  header: string;
  isDefault?: boolean | null;
}

/** The header of a field's column, with its unit where the file holds a bare number. */
export function exportHeader(def: FieldDef, header = def.label): string {
  if (def.display === 'money' && !/₹|rupee|paise/i.test(header)) return `${header} (₹)`;
  if (def.display === 'energy' && !/kwh|wh\)/i.test(header)) return `${header} (kWh)`;
  return header;
}

/** Columns a list exports by default: those its table shows. */
export function defaultListColumns(resource: Resource): ExportColumn[] {
  return resource.list.columns.filter((c) => !c.hidden).map((c) => ({ field: c.field, header: resource.allFields[c.field]!.label }));
}

/**
 * The columns of an export: the requested fields (each a field of the list), else the configuration's default
 * columns that are fields of the list, else the list's visible columns.
 */
export function exportColumns(resource: Resource, configured: readonly ConfiguredColumn[] | undefined, requested: readonly string[] | undefined): ExportColumn[] {
  const known = (field: string) => resource.allFields[field] !== undefined && !resource.allFields[field]!.inputKind.startsWith('image');
  const headerOf = (field: string) => configured?.find((c) => c.field === field)?.header ?? resource.allFields[field]!.label;
  if (requested && requested.length > 0) return requested.filter(known).map((field) => ({ field, header: headerOf(field) }));
  const fromConfig = (configured ?? []).filter((c) => c.isDefault !== false && known(c.field)).map((c) => ({ field: c.field, header: c.header }));
  return fromConfig.length > 0 ? fromConfig : defaultListColumns(resource);
}

/** Columns a request may choose from: the configuration's, else every field of the list. */
export function offeredColumns(resource: Resource, configured: readonly ConfiguredColumn[] | undefined): (ExportColumn & { isDefault: boolean })[] {
  const usable = (configured ?? []).filter((c) => resource.allFields[c.field]);
  if (usable.length > 0) return usable.map((c) => ({ field: c.field, header: c.header, isDefault: c.isDefault !== false }));
  const visible = new Set(defaultListColumns(resource).map((c) => c.field));
  return Object.entries(resource.allFields)
    .filter(([name, def]) => !def.inputKind.startsWith('image') && name !== 'version')
    .map(([field, def]) => ({ field, header: def.label, isDefault: visible.has(field) }));
}

/** Characters that make a spreadsheet read a cell as a formula (and a tab or CR that some apps strip first). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Neutralises text a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+cmd|…`, `-1+1`, `@SUM(…)`): it is
 * written with a leading apostrophe, which Excel and LibreOffice show as text. Numbers are never text here.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Options of cellValue. */
export interface CellOptions {
  /** Formats a timestamp (default formatDateTime in IST); the export memoises it per minute. */
  dateTime?: (value: Date | string) => string;
}

/**
 * The value of a file cell: timestamps and dates in IST as the console shows them, money as rupees and energy as
 * kWh (numbers, their unit in the header), choices by their label, relations by their record's label, lists
 * joined; text neutralised against formulas. Empty is ''.
 */
export function cellValue(def: FieldDef, value: unknown, label: string | null | undefined, options: CellOptions = {}): string | number {
  if (value === null || value === undefined || value === '') return '';
  switch (def.display) {
    case 'money':
      return Math.round(Number(value)) / 100;
    case 'energy':
      return Math.round(Number(value)) / 1000;
    case 'relation':
      return neutraliseFormula(label ?? String(value));
    case 'boolean':
      return value ? 'Yes' : 'No';
  }
  if (def.storage === 'timestamp') return (options.dateTime ?? ((v) => formatDateTime(v, { logger: () => undefined })))(value as Date | string);
  if (def.storage === 'date') return formatDate(value instanceof Date ? value.toISOString().slice(0, 10) : String(value), { logger: () => undefined });
  if (def.options) {
    const labelOf = (v: unknown) => def.options!.find((o) => o.value === v)?.label ?? String(v);
    return neutraliseFormula(Array.isArray(value) ? value.map(labelOf).join(', ') : labelOf(value));
  }
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) return neutraliseFormula(value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', '));
  if (typeof value === 'object') return neutraliseFormula(JSON.stringify(value));
  return neutraliseFormula(String(value));
}

/** A short description of a list query for the downloads list ("Status: Completed; search “98765”"). */
export function describeQuery(resource: Resource, query: URLSearchParams, scopeTitle?: string): string {
  const parts: string[] = [resource.plural];
  if (scopeTitle) parts.push(scopeTitle);
  for (const filter of resource.filters) {
    const def = resource.allFields[filter.field]!;
    const label = filter.label ?? def.label;
    const one = query.get(filter.field);
    if (one) {
      const shown = def.options ? one.split(',').map((v) => def.options!.find((o) => o.value === v)?.label ?? v).join(', ') : one;
      parts.push(`${label}: ${shown}`);
    }
    const from = query.get(`${filter.field}From`) ?? query.get(`${filter.field}Min`);
    const to = query.get(`${filter.field}To`) ?? query.get(`${filter.field}Max`);
    if (from || to) parts.push(`${label}: ${from ?? '…'} – ${to ?? '…'}`);
  }
  const q = query.get('q');
  if (q) parts.push(`search “${q}”`);
  const sort = query.get('sort');
  if (sort) {
    const [field, dir] = sort.split(',');
    parts.push(`sorted by ${resource.allFields[field!]?.label ?? field} ${dir === 'asc' ? 'ascending' : 'descending'}`);
  }
  return parts.join('; ').slice(0, 500);
}
