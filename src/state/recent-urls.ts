import { proxy, snapshot } from 'valtio';
import { z } from 'zod';
import { RECENT_URLS_MAX } from '@domain/constants';
import { internalPathSchema, isInternalPath, pathOf } from './internal-path';
import { persistOnChange, withoutPersistence } from './persistence';
import { storage } from './storage';
import { storageKeys } from './storage-keys';

/** The stored list (untrusted input): internal URLs, newest first, at most RECENT_URLS_MAX. */
export const recentUrlsSchema = z.array(internalPathSchema).max(RECENT_URLS_MAX);
export type RecentUrls = z.infer<typeof recentUrlsSchema>;

/** The last visited URLs (path + search), newest first. */
export const recentUrlsStore = proxy<{ urls: string[] }>({ urls: [] });

/** True when a URL may be remembered: an internal URL whose path is not the root. */
export function isRecordableUrl(url: string): boolean {
  const path = pathOf(url);
  return isInternalPath(url) && path !== '/' && path !== '';
}

/**
 * The list after visiting `url`: the root path is never kept, a visit equal to the newest entry
 * changes nothing (no consecutive duplicates), and past `max` (default 10) the oldest is dropped.
 */
export function pushRecentUrl(urls: readonly string[], url: string, max: number = RECENT_URLS_MAX): string[] {
  if (!isRecordableUrl(url) || urls[0] === url) return [...urls];
  return [url, ...urls].slice(0, max);
}

/** Applies the rules to an already-built list (oldest last): drops root and consecutive repeats, caps it. */
export function normaliseRecentUrls(urls: readonly string[], max: number = RECENT_URLS_MAX): string[] {
  return [...urls].reverse().reduce<string[]>((list, url) => pushRecentUrl(list, url, max), []);
}

/** Records a visit (called when a route change starts). */
export function recordRecentUrl(url: string): void {
  const next = pushRecentUrl(recentUrlsStore.urls, url);
  if (next.length !== recentUrlsStore.urls.length || next[0] !== recentUrlsStore.urls[0]) recentUrlsStore.urls = next;
}

/** Loads the stored list; invalid stored data is discarded and the list starts empty. */
export async function hydrateRecentUrls(): Promise<void> {
  const stored = await storage.get(storageKeys.recentUrls, recentUrlsSchema);
  withoutPersistence(() => {
    recentUrlsStore.urls = normaliseRecentUrls(stored ?? []);
  });
}

/** Empties the list without touching storage. */
export function resetRecentUrls(): void {
  withoutPersistence(() => {
    recentUrlsStore.urls = [];
  });
}

persistOnChange(recentUrlsStore, storageKeys.recentUrls, () => snapshot(recentUrlsStore).urls);
