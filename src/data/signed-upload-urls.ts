// Private uploads (site photos, people's pictures) load only through short-lived signed links, because an
// <img src> cannot send the bearer header. The console asks the API for the links of the paths it is about to
// show, batched: every path asked for within one tick goes in one request (a list page asks once, not per row).
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { isPrivateUploadPath } from '@domain/upload-kinds';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/** Path of the API route that answers signed links. */
export const SIGNED_URLS_PATH = '/upload-service/signed-urls';
/** Most paths the API signs in one request. */
const MAX_PATHS_PER_REQUEST = 100;
// Links live 10 minutes by default: asking again after 4 leaves every link shown at least 6 minutes of life.
const FRESH_MS = 4 * 60_000;

const answerSchema = z.object({ urls: z.record(z.string(), z.string()) });

type Waiter = { resolve: (url: string | null) => void; reject: (error: unknown) => void };
let waiting: Map<string, Waiter[]> | null = null;

async function flush(batch: Map<string, Waiter[]>): Promise<void> {
  const paths = [...batch.keys()];
  for (let at = 0; at < paths.length; at += MAX_PATHS_PER_REQUEST) {
    const chunk = paths.slice(at, at + MAX_PATHS_PER_REQUEST);
    try {
      const { urls } = await apiRequest(SIGNED_URLS_PATH, { method: 'POST', body: { paths: chunk }, schema: answerSchema });
      for (const path of chunk) for (const w of batch.get(path)!) w.resolve(urls[path] ?? null);
    } catch (error) {
      for (const path of chunk) for (const w of batch.get(path)!) w.reject(error);
    }
  }
}

/** The signed link of a private upload path (relative to the image CDN base), or null when the caller may not see it. */
export function loadSignedUploadUrl(relativePath: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    if (!waiting) {
      const batch = new Map<string, Waiter[]>();
      waiting = batch;
      setTimeout(() => {
        waiting = null;
        void flush(batch);
      }, 0);
    }
    waiting.set(relativePath, [...(waiting.get(relativePath) ?? []), { resolve, reject }]);
  });
}

/** Where to load an uploaded file from: the path itself when public, its signed link when private (pending meanwhile). */
export interface UploadSource {
  /** Path to hand to imageUrl (with the link's query when private); undefined while pending or when refused. */
  path: string | undefined;
  /** True while the signed link is being fetched. */
  pending: boolean;
}

/** The source of an uploaded file's relative path (empty: none). */
export function useUploadSource(relativePath: string | null | undefined): UploadSource {
  const path = relativePath?.trim() || undefined;
  const isPrivate = isPrivateUploadPath(path);
  const signed = useQuery({
    queryKey: queryKeys.signedUpload(path ?? ''),
    queryFn: () => loadSignedUploadUrl(path!),
    enabled: isPrivate,
    staleTime: FRESH_MS,
  });
  if (!isPrivate) return { path, pending: false };
  return { path: signed.data ?? undefined, pending: signed.isPending };
}
