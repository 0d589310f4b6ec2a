// The console's side of the live channel (GET /events): one stream per signed-in session, read with fetch and
// eventsource-parser (EventSource cannot send the bearer header). Each `change` event invalidates the TanStack
// Query keys it names, so screens refetch what changed instead of polling.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { createParser as CreateParser } from 'eventsource-parser';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { LIVE_CREATED_TOPIC, LIVE_EVENTS_PATH } from '@domain/live-event';
import { apiBaseUrl } from './api-client';

/** A change the server announced: query-key prefixes, and an optional topic with small data. */
export interface LiveChange {
  keys: (string | number)[][];
  topic?: string;
  data?: Record<string, unknown>;
}

/** State of the live stream: connecting, open, or closed (signed out / refused; `reason` says why). */
export type LiveStatus = { state: 'connecting' } | { state: 'open' } | { state: 'closed'; reason: string | null };

/** Options of openLiveStream. */
export interface LiveStreamOptions {
  authKey: string;
  onChange(change: LiveChange): void;
  onStatus?(status: LiveStatus): void;
  /** The fetch to use (default globalThis.fetch). */
  fetchImpl?: typeof fetch;
  /** Base URL of the API (default the console's configured API host). */
  baseUrl?: string;
  /** First reconnect delay in ms, doubled per failure up to 30 s (default 1,000; the server's `retry` overrides it). */
  retryMs?: number;
}

/**
 * Opens the live stream and keeps it open: a dropped connection is retried with back-off; a 401/403 or an `end`
 * event (signed out, expired) closes it for good. Returns the function that closes it.
 */
export function openLiveStream(options: LiveStreamOptions): () => void {
  const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  const base = options.baseUrl ?? apiBaseUrl;
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = options.retryMs ?? 1_000;
  let failures = 0;
  let openedBefore = false;

  const status = (s: LiveStatus) => options.onStatus?.(s);
  const finish = (reason: string | null) => {
    stopped = true;
    controller?.abort();
    status({ state: 'closed', reason });
  };
  const retry = () => {
    if (stopped) return;
    status({ state: 'connecting' });
    const delay = Math.min(30_000, retryMs * 2 ** Math.min(failures, 5));
    failures += 1;
    timer = setTimeout(() => void connect(), delay);
  };

  const connect = async () => {
    if (stopped) return;
    controller = new AbortController();
    status({ state: 'connecting' });
    let response: Response;
    try {
      response = await fetchImpl(`${base}${LIVE_EVENTS_PATH}`, {
        headers: { Authorization: `Bearer ${options.authKey}`, Accept: 'text/event-stream' },
        signal: controller.signal,
        cache: 'no-store',
      });
    } catch {
      retry();
      return;
    }
    if (response.status === 401 || response.status === 403) {
      finish('Your session has ended.');
      return;
    }
    if (!response.ok || !response.body) {
      retry();
      return;
    }
    let ended = false;
    // The parser is loaded with the first stream (after sign-in), not with the console's first screen.
    let createParser: typeof CreateParser;
    try {
      ({ createParser } = await import('eventsource-parser'));
    } catch {
      retry();
      return;
    }
    const parser = createParser({
      onRetry: (ms) => {
        retryMs = ms;
      },
      onEvent: (event) => {
        if (event.event === 'ready') {
          failures = 0;
          status({ state: 'open' });
          // Anything may have changed while the stream was down.
          if (openedBefore) options.onChange({ keys: [] });
          openedBefore = true;
        } else if (event.event === 'change') {
          try {
            options.onChange(JSON.parse(event.data) as LiveChange);
          } catch {
            // A malformed event is skipped; the next one is read.
          }
        } else if (event.event === 'end') {
          ended = true;
          let reason: string | null = null;
          try {
            reason = (JSON.parse(event.data) as { reason?: string }).reason ?? null;
          } catch {
            reason = null;
          }
          finish(reason);
        }
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      // Aborted or dropped: retried below unless stopped.
    }
    if (!ended) retry();
  };

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };
}

/** Invalidates the query keys of a change; a change with no keys (stream (re)opened) refreshes every active query. */
export function applyLiveChange(queryClient: QueryClient, change: LiveChange): void {
  if (change.keys.length === 0) {
    void queryClient.invalidateQueries({ refetchType: 'active' });
    return;
  }
  for (const key of change.keys) void queryClient.invalidateQueries({ queryKey: key });
}

// Module state shared by the one stream and the screens that show whether it is live or listen to topics.
let currentStatus: LiveStatus = { state: 'closed', reason: null };
const statusListeners = new Set<() => void>();
const changeListeners = new Set<(change: LiveChange) => void>();

function setStatus(status: LiveStatus) {
  currentStatus = status;
  for (const l of statusListeners) l();
}

/** Calls the listener with every change the live stream delivers (e.g. a command's answer); returns the unsubscribe. */
export function subscribeLiveChanges(listener: (change: LiveChange) => void): () => void {
  changeListeners.add(listener);
  return () => void changeListeners.delete(listener);
}

/**
 * How many records of the resource others created since `since` changed (a list's last answer): the list offers to
 * show them instead of moving its rows under the reader. Counts ids once.
 */
export function useNewRecordCount(resource: string, since: number): number {
  const [seen, setSeen] = useState<{ since: number; ids: ReadonlySet<string> }>({ since, ids: new Set() });
  useEffect(
    () =>
      subscribeLiveChanges((change) => {
        if (change.topic !== LIVE_CREATED_TOPIC || change.data?.resource !== resource) return;
        const id = String(change.data.id);
        setSeen((prev) => (prev.ids.has(id) ? prev : { since: prev.since, ids: new Set([...prev.ids, id]) }));
      }),
    [resource],
  );
  const current = seen.since === since ? seen : { since, ids: new Set<string>() };
  if (current !== seen) setSeen(current);
  return current.ids.size;
}

/** Delivers a change to the screens listening (subscribeLiveChanges): the stream does, for each change it reads. */
export function notifyLiveChange(change: LiveChange): void {
  for (const l of changeListeners) l(change);
}

/** The live stream's current state, re-rendering when it changes. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (onChange) => {
      statusListeners.add(onChange);
      return () => void statusListeners.delete(onChange);
    },
    () => currentStatus,
  );
}

/** Keeps one live stream open for the signed-in session (authKey) and applies its changes to the query cache. */
export function useLiveUpdates(authKey: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!authKey) return undefined;
    const close = openLiveStream({
      authKey,
      onStatus: setStatus,
      onChange: (change) => {
        applyLiveChange(queryClient, change);
        notifyLiveChange(change);
      },
    });
    return () => {
      close();
      setStatus({ state: 'closed', reason: null });
    };
  }, [authKey, queryClient]);
}
