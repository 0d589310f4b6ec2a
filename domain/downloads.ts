// Downloads: what a request to export a list says, which list each report type exports, and its columns (how a
// value becomes a file cell is server/downloads/export-cells.ts).
import { z } from 'zod';
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

/** Answer of the options route (GET /upload-service/download/options): per report type, its list, the columns it
 * offers and its row limit. The server documents its answer with it and the console checks what it reads with it. */
export const downloadOptionsSchema = z.object({
  reports: z.array(
    z.object({
      reportType: z.string(),
      resource: z.string(),
      title: z.string(),
      maxRows: z.number(),
      columns: z.array(z.object({ field: z.string(), header: z.string(), isDefault: z.boolean() })),
    }),
  ),
});
export type DownloadOptions = z.infer<typeof downloadOptionsSchema>;

/** Answer of a ready download's link route: a short-lived signed URL to its file and the file's name. */
export const downloadLinkSchema = z.object({ url: z.string(), expiresAt: z.string(), fileName: z.string() });
export type DownloadLink = z.infer<typeof downloadLinkSchema>;

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
