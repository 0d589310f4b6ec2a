// Rows gathered and written together: one insert per `intervalMs` or per `maxRows` rows, so a busy stream (the OCPP
// message log, meter values of thousands of chargers) costs a few statements a second, not one per row. Writes run
// one after another. `add` answers a promise settled when the row's batch is written (or failed), for a caller that
// must not answer before its row is stored; a caller that need not wait ignores it. A writer whose statement tells
// something of each row (an upsert that refused some) answers it row by row: `write` returns one result per row,
// and each `add` settles with its row's. A batch that fails because of a row's values (a data or integrity error) is
// written again in halves, down to the rows at fault: only their callers get the error, and the others' rows are
// stored (one caller's bad row must not fail every other's). Nothing more is done on the way of a batch that succeeds,
// and a failure of any other kind (a lost connection) fails the batch at once.
import { databaseErrorOf } from './database-error';

export interface BatchWriter<T, R = void> {
  add(row: T): Promise<R>;
  /** Writes what is pending now. */
  flush(): Promise<void>;
  stats(): { stored: number; lost: number; pending: number };
  close(): Promise<void>;
}

export interface BatchWriterOptions<T, R = void> {
  /** Writes the rows; a writer with results answers one per row, in the rows' order. */
  write(rows: T[]): Promise<R[] | void>;
  onError(error: unknown): void;
  /** Longest wait before a batch is written, ms [250]. */
  intervalMs?: number;
  /** Rows per statement; a full batch is written at once [500]. */
  maxRows?: number;
  /** Awaited before each batch is written (e.g. giving way to requests in flight) [none]. */
  beforeWrite?: () => Promise<void>;
  /**
   * Whether a failed write's error lies in some row's values, so that the batch is split to find it [a database
   * error of SQLSTATE class 22, data exception, or 23, integrity constraint violation: rowError].
   */
  isRowError?: (error: unknown) => boolean;
  /** Told of each batch written: its rows and how long its statement took, seconds (the metrics' write time). */
  onWritten?: (rows: number, seconds: number) => void;
}

/** A database error caused by the values written (class 22: a number out of range, bad text; class 23: a constraint). */
export function rowError(error: unknown): boolean {
  const code = databaseErrorOf(error)?.code;
  return code !== undefined && (code.startsWith('22') || code.startsWith('23'));
}

export function createBatchWriter<T, R = void>(options: BatchWriterOptions<T, R>): BatchWriter<T, R> {
  const maxRows = options.maxRows ?? 500;
  const pending: { row: T; done: (error: unknown, result?: R) => void }[] = [];
  let stored = 0;
  let lost = 0;
  const isRowError = options.isRowError ?? rowError;
  let writing: Promise<void> = Promise.resolve();
  // Rows in order; a failure in a row's values splits them in halves, written in turn (so rows given later are still
  // written later), until the failing rows are alone.
  const writeRows = async (batch: typeof pending): Promise<void> => {
    try {
      const started = performance.now();
      const results = await options.write(batch.map((p) => p.row));
      options.onWritten?.(batch.length, (performance.now() - started) / 1000);
      stored += batch.length;
      batch.forEach((p, i) => p.done(undefined, results ? results[i] : undefined));
    } catch (error) {
      if (batch.length > 1 && isRowError(error)) {
        const half = Math.ceil(batch.length / 2);
        await writeRows(batch.slice(0, half));
        await writeRows(batch.slice(half));
        return;
      }
      lost += batch.length;
      options.onError(error);
      for (const p of batch) p.done(error);
    }
  };
  const write = async () => {
    while (pending.length > 0) {
      // The batch is taken off the front in place: a backlog of thousands of rows is not copied into a new array
      // for each batch (and grown again by the next add), which cost a busy process's event loop about 2 s a minute.
      const batch = pending.splice(0, maxRows);
      try {
        await options.beforeWrite?.();
      } catch (error) {
        lost += batch.length;
        options.onError(error);
        for (const p of batch) p.done(error);
        continue;
      }
      await writeRows(batch);
    }
  };
  const flush = () => {
    writing = writing.then(write);
    return writing;
  };
  const timer = setInterval(() => {
    if (pending.length > 0) void flush();
  }, options.intervalMs ?? 250);
  timer.unref();
  return {
    add(row) {
      const written = new Promise<R>((resolve, reject) => pending.push({ row, done: (error, result) => (error === undefined ? resolve(result as R) : reject(error as Error)) }));
      // A caller that does not wait must not see an unhandled rejection: the failure is counted and reported.
      written.catch(() => {});
      // A full batch goes at once. Once: the write that starts drains the backlog, so the adds after it need no flush
      // of their own (one for each was a write queued per row while a statement ran).
      if (pending.length === maxRows) void flush();
      return written;
    },
    flush,
    stats: () => ({ stored, lost, pending: pending.length }),
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
