import { useEffect, useRef } from 'react';

/**
 * Calls `open` when the page's fragment names `anchor`: on arriving (the palette opens a charger's page at an action,
 * `…#request-diagnostics`) and when the fragment changes on the page already on screen (the palette then only moves
 * the fragment). `enabled`: false while the action is not offered (no permission, not an OCPP charger).
 */
export function usePageAnchor(anchor: string, open: () => void, enabled = true): void {
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      if (window.location.hash.slice(1) === anchor) latest.current();
    };
    check();
    window.addEventListener('hashchange', check);
    return () => window.removeEventListener('hashchange', check);
  }, [anchor, enabled]);
}
