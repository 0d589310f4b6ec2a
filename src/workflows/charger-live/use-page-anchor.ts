import { useEffect, useRef } from 'react';

/**
 * Calls `open` with the anchor when the page's fragment names `anchor` (or one of them): on arriving (the palette
 * opens a charger's page at an action, `…#request-diagnostics`) and when the fragment changes on the page already on
 * screen (the palette then only moves the fragment). `enabled`: false while the action is not offered (no permission,
 * not an OCPP charger) or not yet on screen; the fragment is read again once it is true. Every card of the charger
 * page that an anchor opens does it through this hook.
 */
export function usePageAnchor(anchor: string | readonly string[], open: (anchor: string) => void, enabled = true): void {
  const latest = useRef(open);
  latest.current = open;
  // Anchors hold no spaces: one string keeps the effect from running again for an equal list made anew.
  const anchors = typeof anchor === 'string' ? anchor : anchor.join(' ');
  useEffect(() => {
    if (!enabled) return;
    const names = anchors.split(' ');
    const check = () => {
      const here = window.location.hash.slice(1);
      if (names.includes(here)) latest.current(here);
    };
    check();
    window.addEventListener('hashchange', check);
    return () => window.removeEventListener('hashchange', check);
  }, [anchors, enabled]);
}
