// Bulk runs: every bulk change (a workflow event, activate or inactivate, a ticket action on many records) is kept
// with each record's result, so the records it refused can be reviewed later. The API's paths and answers, read by
// the server and the console alike, and the results in words.
import { z } from 'zod';

/** Base of the bulk-run routes: `GET {BULK_RUNS_PATH}` (the user's own runs), `/:id`, `/:id/items`. */
export const BULK_RUNS_PATH = '/config/secure/bulk-runs';

/** The console page of one run's results. */
export const BULK_RESULTS_ROUTE = '/bulk-results';

/** The console page of one run. */
export function bulkResultsHref(runId: number | string): string {
  return `${BULK_RESULTS_ROUTE}/${encodeURIComponent(String(runId))}`;
}

/** What one record of a run came to. */
export const bulkItemResults = ['changed', 'unchanged', 'refused'] as const;
export type BulkItemResult = (typeof bulkItemResults)[number];

/** A result in words, as the pill and the filter say it. */
export const bulkItemResultLabels: Readonly<Record<BulkItemResult, string>> = { changed: 'Changed', unchanged: 'Already so', refused: 'Refused' };

/** One run: who, when, on which list, the action in words, and its counts. */
export const bulkRunSchema = z.object({
  id: z.number(),
  /** The resource whose records were acted on (its name). */
  resource: z.string(),
  action: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  total: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  refused: z.number(),
  createdAt: z.string(),
  /** Null while running, or when the run stopped on an unexpected failure (the counts are those it reached). */
  finishedAt: z.string().nullable(),
});
export type BulkRun = z.infer<typeof bulkRunSchema>;

/** The user's own runs, latest first. */
export const bulkRunListSchema = z.object({ items: z.array(bulkRunSchema), count: z.number(), page: z.number(), size: z.number() });
export type BulkRunList = z.infer<typeof bulkRunListSchema>;

/** One record of a run. */
export const bulkRunItemSchema = z.object({
  position: z.number(),
  recordId: z.string(),
  /** The record's label when the run was made (a ticket's title); null when it had none. */
  label: z.string().nullable(),
  result: z.enum(bulkItemResults),
  reason: z.string().nullable(),
});
export type BulkRunItem = z.infer<typeof bulkRunItemSchema>;

/** A page of a run's records (filtered by result and label). */
export const bulkRunItemsSchema = z.object({ items: z.array(bulkRunItemSchema), count: z.number(), page: z.number(), size: z.number() });
export type BulkRunItems = z.infer<typeof bulkRunItemsSchema>;

/** Most records on one page of a run's items: a whole run (at most BULK_MAX records) fits in one. */
export const BULK_RUN_ITEMS_MAX_SIZE = 1_000;

/** Query of a run's items: page, size, a result, and text in the record's label or id. */
export const bulkRunItemsQuerySchema = z.strictObject({
  page: z.coerce.number({ error: 'Send a page number' }).int().min(0).max(10_000).default(0),
  size: z.coerce.number({ error: 'Send a page size' }).int().min(1).max(BULK_RUN_ITEMS_MAX_SIZE).default(50),
  result: z.enum(bulkItemResults, { error: 'Choose changed, unchanged or refused' }).optional(),
  q: z.string().max(200, 'At most 200 characters').optional(),
});

/** Query of the user's runs. */
export const bulkRunListQuerySchema = z.strictObject({
  page: z.coerce.number({ error: 'Send a page number' }).int().min(0).max(10_000).default(0),
  size: z.coerce.number({ error: 'Send a page size' }).int().min(1).max(100).default(20),
});
