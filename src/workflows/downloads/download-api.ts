// The console's calls of the download service: create a download, fetch the report types it offers, get a signed
// link to a ready file and start the browser's download of it.
import { downloadResource } from '@domain/resources/downloads/download';
import { downloadLinkSchema, downloadOptionsSchema, type DownloadOptions, type DownloadRequest } from '@domain/downloads';
import { apiBaseUrl, apiRequest } from '@data/api-client';
import type { ApiRecord } from '@data/resource-api';

const BASE = downloadResource.apiPath;

/** The report types the signed-in user may download. */
export function fetchDownloadOptions(signal?: AbortSignal): Promise<DownloadOptions> {
  return apiRequest(`${BASE}/options`, { schema: downloadOptionsSchema, signal });
}

/** Requests a download (the answer is the queued download). */
export function createDownload(request: Partial<DownloadRequest> & Pick<DownloadRequest, 'format'>, idempotencyKey: string): Promise<ApiRecord> {
  return apiRequest(BASE, { method: 'POST', body: request, headers: { 'Idempotency-Key': idempotencyKey } }) as Promise<ApiRecord>;
}

/** Asks for a short-lived link to a ready download's file and hands it to the browser as a download. */
export async function saveDownloadFile(id: number | string): Promise<void> {
  const link = await apiRequest(`${BASE}/${id}/link`, { method: 'POST', schema: downloadLinkSchema });
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
