import { QueryClient, focusManager } from '@tanstack/react-query';
import { DEDUPE_WINDOW_MS, ERROR_RETRY_MS, ERROR_RETRY_SLOW_MS, FOCUS_THROTTLE_MS } from '@domain/constants';
import { ApiError } from './api-client';

/**
 * TanStack Query with the console's refresh policy: duplicate requests deduplicated within 2 s, focus
 * revalidation at most every 5 s, error retry after 5 s (10 s on slow networks), no retry of a 4xx.
 */

/** The parts of the Network Information API (navigator.connection) the retry delay reads. */
export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

const SLOW_EFFECTIVE_TYPES = new Set(['slow-2g', '2g', '3g']);

/** True on a slow connection: effectiveType slow-2g, 2g or 3g, or data saver on; default (unknown) false. */
export function isSlowConnection(connection: ConnectionInfo | null | undefined): boolean {
  if (!connection) return false;
  return connection.saveData === true || SLOW_EFFECTIVE_TYPES.has(connection.effectiveType ?? '');
}

/** Delay before retrying a failed request: 10 s on a slow connection, else 5 s. */
export function retryDelayFor(connection: ConnectionInfo | null | undefined): number {
  return isSlowConnection(connection) ? ERROR_RETRY_SLOW_MS : ERROR_RETRY_MS;
}

/** Retries after an error at most this many times. */
export const MAX_RETRIES = 3;

/** Whether to retry: not a 4xx answer (asking again gives the same), and fewer than MAX_RETRIES tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/**
 * A throttle gate: returns a function that answers true at most once per `intervalMs` (the first call
 * passes), by the clock `now` (default Date.now).
 */
export function createThrottle(intervalMs: number, now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const time = now();
    if (time - last < intervalMs) return false;
    last = time;
    return true;
  };
}

function currentConnection(): ConnectionInfo | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}

/**
 * Makes TanStack Query revalidate on focus at most once per `intervalMs` (default FOCUS_THROTTLE_MS): window
 * focus and the page becoming visible both count, and the first one in each window wins.
 */
export function installFocusThrottle(intervalMs: number = FOCUS_THROTTLE_MS, now: () => number = Date.now): void {
  focusManager.setEventListener((handleFocus) => {
    if (typeof window === 'undefined' || !window.addEventListener) return undefined;
    const allow = createThrottle(intervalMs, now);
    const onFocus = () => {
      if (document.visibilityState === 'hidden') return;
      if (allow()) handleFocus();
    };
    window.addEventListener('focus', onFocus, false);
    window.addEventListener('visibilitychange', onFocus, false);
    return () => {
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('visibilitychange', onFocus);
    };
  });
}

/** Creates the app's QueryClient with the refresh policy, and installs the focus throttle. */
export function createQueryClient(): QueryClient {
  installFocusThrottle();
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A second request for the same key within 2 s is served from the cache instead of the network.
        staleTime: DEDUPE_WINDOW_MS,
        refetchOnWindowFocus: true,
        retry: shouldRetry,
        retryDelay: () => retryDelayFor(currentConnection()),
      },
      mutations: { retry: false },
    },
  });
}
