// Downloads started from this console tab: when one is ready (or fails), a toast says so, wherever the user is.
// The live channel announces each change of a download; a slow look every few seconds covers a closed stream.
import { downloadResource } from '@domain/resources/downloads/download';
import { apiRequest } from '@data/api-client';
import { subscribeLiveChanges } from '@data/live-events';
import type { ApiRecord } from '@data/resource-api';
import { pushToast } from '@state/toasts';

const FALLBACK_MS = 5_000;
const watched = new Map<string, { title: string; timer: ReturnType<typeof setInterval> }>();
let unsubscribe: (() => void) | null = null;

async function check(id: string): Promise<void> {
  const entry = watched.get(id);
  if (!entry) return;
  let record: ApiRecord;
  try {
    record = (await apiRequest(`${downloadResource.apiPath}/${id}`)) as ApiRecord;
  } catch {
    stop(id); // signed out or gone: nothing to tell
    return;
  }
  const status = String(record.status);
  if (status === 'READY') {
    stop(id);
    pushToast(`Your ${entry.title} file is ready (${Number(record.rowCount ?? 0).toLocaleString('en-IN')} rows): download it from My Downloads.`, 'success');
  } else if (status === 'FAILED') {
    stop(id);
    pushToast(`Your ${entry.title} export failed${record.error ? `: ${String(record.error)}` : ''}. Retry it from My Downloads.`, 'error');
  } else if (status === 'CANCELLED') stop(id);
}

function stop(id: string): void {
  const entry = watched.get(id);
  if (entry) clearInterval(entry.timer);
  watched.delete(id);
  if (watched.size === 0) {
    unsubscribe?.();
    unsubscribe = null;
  }
}

/** Tells the user (a toast) when this download is ready or has failed. */
export function watchDownload(record: ApiRecord): void {
  const id = String(record.id);
  if (watched.has(id)) return;
  const title = String(record.filtersSummary ?? 'export').split(';')[0]!;
  watched.set(id, { title, timer: setInterval(() => void check(id), FALLBACK_MS) });
  unsubscribe ??= subscribeLiveChanges((change) => {
    if (change.topic !== 'download') return;
    const changed = String(change.data?.id ?? '');
    if (watched.has(changed)) void check(changed);
  });
}

/** Stops every watch (sign-out). */
export function stopWatchingDownloads(): void {
  for (const id of [...watched.keys()]) stop(id);
}
