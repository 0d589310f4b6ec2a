// Rows gathered and written together: one insert per `intervalMs` or per `maxRows` rows, so a busy stream (the OCPP
// message log, meter values of thousands of chargers) costs a few statements a second, not one per row. Writes run
// one after another. `add` answers a promise settled when the row's batch is written (or failed), for a caller that
// must not answer before its row is stored; a caller that need not wait ignores it. A writer whose statement tells
// something of each row (an upsert that refused some) answers it row by row: `write` returns one result per row,
// and each `add` settles with its row's.
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
}

export function createBatchWriter<T, R = void>(options: BatchWriterOptions<T, R>): BatchWriter<T, R> {
  const maxRows = options.maxRows ?? 500;
  const pending: { row: T; done: (error: unknown, result?: R) => void }[] = [];
  let stored = 0;
  let lost = 0;
  let writing: Promise<void> = Promise.resolve();
  const write = async () => {
    while (pending.length > 0) {
      // The batch is taken off the front in place: a backlog of thousands of rows is not copied into a new array
      // for each batch (and grown again by the next add), which cost a busy process's event loop about 2 s a minute.
      const batch = pending.splice(0, maxRows);
      try {
        await options.beforeWrite?.();
        const results = await options.write(batch.map((p) => p.row));
        stored += batch.length;
        batch.forEach((p, i) => p.done(undefined, results ? results[i] : undefined));
      } catch (error) {
        lost += batch.length;
        options.onError(error);
        for (const p of batch) p.done(error);
      }
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
