// Rows gathered and written together: one insert per `intervalMs` or per `maxRows` rows, so a busy stream (the OCPP
// message log, meter values of thousands of chargers) costs a few statements a second, not one per row. Writes run
// one after another. `add` answers a promise settled when the row's batch is written (or failed), for a caller that
// must not answer before its row is stored; a caller that need not wait ignores it.
export interface BatchWriter<T> {
  add(row: T): Promise<void>;
  /** Writes what is pending now. */
  flush(): Promise<void>;
  stats(): { stored: number; lost: number; pending: number };
  close(): Promise<void>;
}

export interface BatchWriterOptions<T> {
  write(rows: T[]): Promise<void>;
  onError(error: unknown): void;
  /** Longest wait before a batch is written, ms [250]. */
  intervalMs?: number;
  /** Rows per statement; a full batch is written at once [500]. */
  maxRows?: number;
  /** Awaited before each batch is written (e.g. giving way to requests in flight) [none]. */
  beforeWrite?: () => Promise<void>;
}

export function createBatchWriter<T>(options: BatchWriterOptions<T>): BatchWriter<T> {
  const maxRows = options.maxRows ?? 500;
  let pending: { row: T; done: (error?: unknown) => void }[] = [];
  let stored = 0;
  let lost = 0;
  let writing: Promise<void> = Promise.resolve();
  const write = async () => {
    while (pending.length > 0) {
      const batch = pending.slice(0, maxRows);
      pending = pending.slice(maxRows);
      try {
        await options.beforeWrite?.();
        await options.write(batch.map((p) => p.row));
        stored += batch.length;
        for (const p of batch) p.done();
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
      const written = new Promise<void>((resolve, reject) => pending.push({ row, done: (error) => (error === undefined ? resolve() : reject(error as Error)) }));
      // A caller that does not wait must not see an unhandled rejection: the failure is counted and reported.
      written.catch(() => {});
      if (pending.length >= maxRows) void flush();
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
