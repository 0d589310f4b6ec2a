import { useEffect, useSyncExternalStore } from 'react';

// How many route fallbacks are showing: a page chunk is loading, i.e. a navigation is under way.
let pending = 0;
const listeners = new Set<() => void>();

function change(delta: number): void {
  pending += delta;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while a navigation waits for its page to load. */
export function useNavigationPending(): boolean {
  return useSyncExternalStore(subscribe, () => pending > 0, () => false);
}

/** Marks a navigation as pending for as long as the calling component is mounted (route fallbacks). */
export function useMarkNavigationPending(): void {
  useEffect(() => {
    change(1);
    return () => change(-1);
  }, []);
}
