// While an export runs, V8 keeps the heap close to what is live. An export allocates about three times its file
// (the database's text of each batch, the text with related records' labels put in, the bytes written) and keeps
// none of it, yet with V8's default growing factor (dynamic, up to 4× what a full collection left) the heap grew by
// 55–60 MB of such garbage before a full collection ran: a million bookings grew the process's RSS by 68–70 MB in
// process on PostgreSQL, while the live heap stayed at 41 MB from the first batch to the last (measured with a
// collection forced every 2,00,000 rows). A heap allowed to grow only 50% past what a collection leaves is
// collected as the export goes (scripts/profile-export.ts; the figures are in docs/benchmarks.md).
import v8 from 'node:v8';
import vm from 'node:vm';

/** V8's heap growing factor while an export runs: 1 + this / 100. */
export const EXPORT_HEAP_GROWING_PERCENT = 50;

/** Exports of at least this many rows hold the heap (a smaller one is not worth the full collection at its start). */
export const EXPORT_HEAP_FROM_ROWS = 50_000;

let running = 0;

/**
 * A full collection, once at the start of an export: the growing factor applies from the next limit V8 computes,
 * which is after a full collection; until one runs, the limit left by the last one (the server's start-up, say)
 * stands. `gc` is V8's own, taken once through a context made while --expose-gc is set (the flag alone does not
 * give this context the function).
 */
let collect: (() => void) | undefined;
function collectNow(): void {
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as typeof collect;
    v8.setFlagsFromString('--no-expose-gc');
  }
  collect?.();
}

/**
 * Runs an export with the heap held close to what is live; the default (V8's own dynamic factor, flag value 0)
 * comes back once no export runs in this process.
 */
export async function withExportHeap<T>(run: () => Promise<T>): Promise<T> {
  if (running === 0) {
    v8.setFlagsFromString(`--heap-growing-percent=${EXPORT_HEAP_GROWING_PERCENT}`);
    collectNow();
  }
  running += 1;
  try {
    return await run();
  } finally {
    running -= 1;
    if (running === 0) v8.setFlagsFromString('--heap-growing-percent=0');
  }
}

/** Exports running in this process (for tests). */
export function exportsHoldingTheHeap(): number {
  return running;
}
