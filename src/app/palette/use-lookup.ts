import { useEffect, useState } from 'react';
import { apiRequest } from '@data/api-client';
import { lookupResultSchema, type LookupGroup } from '@domain/lookup';

/** Milliseconds a typed text must stay unchanged before it is looked up. */
export const LOOKUP_DEBOUNCE_MS = 120;

/** The state of an entity lookup. */
export interface LookupState {
  /** The text the groups answer (undefined: nothing looked up). */
  q: string | undefined;
  loading: boolean;
  groups: LookupGroup[];
  error: boolean;
}

const idle: LookupState = { q: undefined, loading: false, groups: [], error: false };

/**
 * Looks records up on the server (`GET /search-service/lookup`) for `q` (undefined: nothing), debounced; a new
 * text cancels the request in flight (AbortController), so an old answer never replaces a newer one.
 */
export function useLookup(q: string | undefined, scope: 'all' | 'tickets' | 'people' | undefined): LookupState {
  const [state, setState] = useState<LookupState>(idle);
  const key = q && scope ? `${scope}:${q}` : undefined;
  const [shownKey, setShownKey] = useState<string | undefined>(undefined);
  if (shownKey !== key) {
    setShownKey(key);
    setState(key ? { q, loading: true, groups: [], error: false } : idle);
  }
  useEffect(() => {
    if (!q || !scope) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      const params = new URLSearchParams({ q, scope, limit: '5' });
      apiRequest(`/search-service/lookup?${params.toString()}`, { signal: controller.signal, schema: lookupResultSchema })
        .then((result) => setState({ q, loading: false, groups: result.groups, error: false }))
        .catch(() => {
          if (!controller.signal.aborted) setState({ q, loading: false, groups: [], error: true });
        });
    }, LOOKUP_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [q, scope]);
  return state;
}
