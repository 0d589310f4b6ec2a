import { useEffect } from 'react';
import type { RankIndex } from '@commands/rank';

/** Entries whose search keys are built per slice, between checks of the idle deadline. */
const SLICE = 1_000;

/**
 * Builds the index's search keys while the browser is idle after the palette has painted, so opening it over tens
 * of thousands of entries costs no key building and the first keystroke finds them ready (a search before that
 * builds what is left itself).
 */
export function usePreparedIndex(index: RankIndex): void {
  useEffect(() => {
    let handle = 0;
    const idle = typeof window.requestIdleCallback === 'function';
    const step = (deadline?: IdleDeadline) => {
      let done = index.prepare(SLICE);
      while (!done && deadline && deadline.timeRemaining() > 2) done = index.prepare(SLICE);
      if (!done) schedule();
    };
    const schedule = () => {
      handle = idle ? window.requestIdleCallback(step, { timeout: 500 }) : window.setTimeout(step, 0);
    };
    schedule();
    return () => (idle ? window.cancelIdleCallback(handle) : window.clearTimeout(handle));
  }, [index]);
}
