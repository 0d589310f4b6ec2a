import { z } from 'zod';
import { routeFor, type Resource } from '@domain/resource/define-resource';
import { listParamsToSearch, listResultSchema, type ListParams, type ListResult } from '@domain/resource/list-query';
import { coerceCount } from '@domain/format-empty';
import { auditTimelinePath, auditTimelineSchema, type AuditEntry } from '@domain/resource/audit-entry';
import { apiRequest, apiUpload } from './api-client';

/** A record as the API answers it: its fields plus `_labels` of its relations. */
export type ApiRecord = Record<string, unknown> & { _labels?: Record<string, string | null> };

// Another deployment of the API may answer a count that is not a number: it is shown as 0, not an error.
const tolerantListSchema = listResultSchema.extend({ count: z.unknown(), countExact: z.boolean().catch(true) });

/** Where a keyset page starts: after or before a cursor a previous answer gave (continuous scroll). */
export type ListCursorParam = { after: string } | { before: string };

/** One page of a resource's list (scope included), by page number or after/before a cursor; a non-numeric count becomes 0. */
export async function fetchList(resource: Resource, params: ListParams, signal?: AbortSignal, cursor?: ListCursorParam): Promise<ListResult<ApiRecord>> {
  const search = listParamsToSearch(params, { includeScope: true });
  const keyset = cursor ? `${search ? '&' : '?'}${new URLSearchParams(cursor as Record<string, string>).toString()}` : '';
  const result = await apiRequest(`${resource.apiPath}${search}${keyset}`, { signal, schema: tolerantListSchema });
  return { ...result, count: coerceCount(result.count), items: result.items as ApiRecord[] };
}

/** One record by id. */
export function fetchRecord(resource: Resource, id: string, signal?: AbortSignal): Promise<ApiRecord> {
  return apiRequest(routeFor(`${resource.apiPath}/:id`, id), { signal }) as Promise<ApiRecord>;
}

/** Creates a record; answers the stored record. With an idempotency key (default none), a retry cannot create twice. */
export function createRecord(resource: Resource, body: Record<string, unknown>, idempotencyKey?: string): Promise<ApiRecord> {
  return apiRequest(resource.apiPath, { method: 'POST', body, ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}) }) as Promise<ApiRecord>;
}

/** Updates the given fields of a record. */
export function updateRecord(resource: Resource, id: string, body: Record<string, unknown>): Promise<ApiRecord> {
  return apiRequest(routeFor(`${resource.apiPath}/:id`, id), { method: 'PUT', body }) as Promise<ApiRecord>;
}

/** Activates or inactivates a record. */
export function setRecordActive(resource: Resource, id: string, active: boolean): Promise<ApiRecord> {
  return apiRequest(routeFor(`${resource.apiPath}/:id/activate-inactivate`, id), { method: 'PATCH', body: { active } }) as Promise<ApiRecord>;
}

/** What a bulk change did: records changed, records already so, each refused record with why, and the kept run. */
export interface BulkResult {
  changed: number;
  unchanged: number;
  refused: { id: string; reason: string }[];
  /** The kept run: its results page lists every record's result (bulkResultsHref). */
  runId: number;
}

/** Activates or inactivates the records of these ids, or every record matching the list query (`match`: the list URL's parameters). */
export function setRecordsActive(resource: Resource, target: BulkRequestTarget, active: boolean): Promise<BulkResult> {
  return apiRequest(`${resource.apiPath}/bulk-activate-inactivate`, { method: 'POST', body: { active, ...target } }) as Promise<BulkResult>;
}

/** The records a bulk action acts on: these ids, or every record matching the list query (`match`: the list URL's parameters). */
export type BulkRequestTarget = { ids: string[] } | { match: Record<string, string | string[]> };

/** Sends one workflow event (with its payload) to many records of a workflow-bound resource; each goes through its own machine. */
export function sendBulkTransition(resource: Resource, target: BulkRequestTarget, event: { type: string } & Record<string, unknown>): Promise<BulkResult> {
  return apiRequest(`${resource.apiPath}/bulk-transition`, { method: 'POST', body: { event, ...target } }) as Promise<BulkResult>;
}

/** Runs a common ticket action on many tickets (`path` from ticketBulkPath); a query names the ticket list it was made on. */
export function sendBulkTicketAction(path: string, resource: Resource, target: BulkRequestTarget, value: Record<string, unknown>): Promise<BulkResult> {
  return apiRequest(path, { method: 'POST', body: { ...value, ...target, ...('match' in target ? { resource: resource.name } : {}) } }) as Promise<BulkResult>;
}

/** The audit timeline of a record, newest first. */
export async function fetchAudit(resource: Resource, id: string, signal?: AbortSignal): Promise<AuditEntry[]> {
  const body = await apiRequest(auditTimelinePath(resource.name, id), { signal, schema: auditTimelineSchema });
  return body.items;
}

/** Schema of a summary answer (grouped counts). */
export const summarySchema = z.object({
  groupBy: z.tuple([z.string(), z.string()]),
  rows: z.array(z.object({ a: z.unknown(), aLabel: z.string().nullable(), b: z.unknown(), bLabel: z.string().nullable(), count: z.number() })),
});
export type Summary = z.infer<typeof summarySchema>;

/** Grouped counts of a resource's summary view. */
export function fetchSummary(resource: Resource, signal?: AbortSignal): Promise<Summary> {
  return apiRequest(`${resource.apiPath}/summary`, { signal, schema: summarySchema });
}

/** Schema of an uploaded file. */
export const uploadedFileSchema = z.object({ id: z.string(), relativePath: z.string(), name: z.string() });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** Uploads a file for a kind of record (domain/upload-kinds.ts; the server refuses an upload without one). */
export function uploadFile(file: File, kind: string | undefined): Promise<UploadedFile> {
  const query = kind ? `?kind=${encodeURIComponent(kind)}` : '';
  return apiUpload(`/upload-service/generic-file-upload${query}`, file, file.name, uploadedFileSchema);
}
