// The console's calls of the download service: create a download, fetch the report types it offers, get a signed
// link to a ready file and start the browser's download of it.
import { z } from 'zod';
import { downloadResource } from '@domain/entities/global-data';
import type { DownloadRequest } from '@domain/downloads';
import { apiBaseUrl, apiRequest } from '@data/api-client';
import type { ApiRecord } from '@data/resource-api';

const BASE = downloadResource.apiPath;

/** Report types a download can be made of, with their columns and row limits. */
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

/** The report types the signed-in user may download. */
export function fetchDownloadOptions(signal?: AbortSignal): Promise<DownloadOptions> {
  return apiRequest(`${BASE}/options`, { schema: downloadOptionsSchema, signal });
}

/** Requests a download (the answer is the queued download). */
export function createDownload(request: Partial<DownloadRequest> & Pick<DownloadRequest, 'format'>, idempotencyKey: string): Promise<ApiRecord> {
  return apiRequest(BASE, { method: 'POST', body: request, headers: { 'Idempotency-Key': idempotencyKey } }) as Promise<ApiRecord>;
}

const linkSchema = z.object({ url: z.string(), expiresAt: z.string(), fileName: z.string() });

/** Asks for a short-lived link to a ready download's file and hands it to the browser as a download. */
export async function saveDownloadFile(id: number | string): Promise<void> {
  const link = await apiRequest(`${BASE}/${id}/link`, { method: 'POST', schema: linkSchema });
  const a = document.createElement('a');
  a.href = `${apiBaseUrl}${link.url}`;
  a.download = link.fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/** Sends CANCEL or RETRY to a download (its machine's events), with the version the list showed. */
export function sendDownloadEvent(record: ApiRecord, type: 'CANCEL' | 'RETRY'): Promise<ApiRecord> {
  return apiRequest(`${BASE}/${String(record.id)}/transition`, { method: 'POST', body: { type, version: record.version } }) as Promise<ApiRecord>;
}
