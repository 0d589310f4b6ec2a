// The batch writer behind the OCPP message log and meter values: rows written together, each add settled when its
// batch is written, a failed batch counted and reported without stopping the next one, and a row whose values fail
// the statement failing alone.
import { describe, expect, it } from 'vitest';
import { createBatchWriter } from '@server/db/batch-writer';

describe('batch writer', () => {
  it('writes rows together, full batches at once, and settles each add when its batch is stored', async () => {
    const batches: number[][] = [];
    const writer = createBatchWriter<number>({ maxRows: 3, intervalMs: 20, onError: () => {}, write: async (rows) => void batches.push(rows) });
    const first = [1, 2, 3].map((n) => writer.add(n)); // a full batch: written without waiting for the timer
    await Promise.all(first);
    expect(batches).toEqual([[1, 2, 3]]);
    let settled = false;
    const later = writer.add(4).then(() => (settled = true));
    expect(settled).toBe(false);
    expect(writer.stats()).toEqual({ stored: 3, lost: 0, pending: 1 });
    await later; // the timer writes it
    expect(batches).toEqual([[1, 2, 3], [4]]);
    await writer.close();
  });

  it('counts and reports a failed batch, rejects its adds, and goes on with the next', async () => {
    const errors: unknown[] = [];
    const stored: string[] = [];
    const writer = createBatchWriter<string>({
      maxRows: 2,
      intervalMs: 10_000,
      onError: (e) => errors.push(e),
      write: async (rows) => {
        if (rows.includes('bad')) throw new Error('constraint');
        stored.push(...rows);
      },
    });
    const failed = [writer.add('a'), writer.add('bad')];
    await expect(failed[0]).rejects.toThrow('constraint');
    await expect(failed[1]).rejects.toThrow('constraint');
    const ok = writer.add('c');
    await writer.close(); // close writes what is pending
    await ok;
    expect(stored).toEqual(['c']);
    expect(errors).toHaveLength(1);
    expect(writer.stats()).toEqual({ stored: 1, lost: 2, pending: 0 });
  });

  it('drains a backlog gathered while a statement runs in full batches, in order, each row once', async () => {
    const batches: number[][] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const writer = createBatchWriter<number>({
      maxRows: 3,
      intervalMs: 10_000,
      onError: () => {},
      write: async (rows) => {
        batches.push(rows);
        if (batches.length === 1) await held;
      },
    });
    const adds = Array.from({ length: 14 }, (_, i) => writer.add(i + 1)); // 1-3 go at once and are held; 4-14 wait
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2, 3]]);
    expect(writer.stats().pending).toBe(11);
    release();
    await Promise.all(adds);
    await writer.close();
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12], [13, 14]]);
    expect(writer.stats()).toEqual({ stored: 14, lost: 0, pending: 0 });
  });

  it("writes a batch that a row's values failed again in halves: only that row's add fails, the others are stored", async () => {
    // A database error as drizzle gives it: its own error, the driver's (with the SQLSTATE) as the cause.
    const dataError = () => Object.assign(new Error('Failed query: insert into t values ($1) params: 99999999999'), { cause: { code: '22003' } });
    const statements: number[][] = [];
    const stored: number[] = [];
    const errors: unknown[] = [];
    const writer = createBatchWriter<number>({
      maxRows: 8,
      intervalMs: 10_000,
      onError: (e) => errors.push(e),
      write: async (rows) => {
        statements.push(rows);
        if (rows.some((n) => n < 0)) throw dataError();
        stored.push(...rows);
      },
    });
    const adds = [1, 2, -3, 4, 5, 6, -7, 8].map((n) => writer.add(n).then(() => 'stored', () => 'failed'));
    expect(await Promise.all(adds)).toEqual(['stored', 'stored', 'failed', 'stored', 'stored', 'stored', 'failed', 'stored']);
    // In order, each good row once.
    expect(stored).toEqual([1, 2, 4, 5, 6, 8]);
    expect(errors).toHaveLength(2);
    expect(writer.stats()).toEqual({ stored: 6, lost: 2, pending: 0 });
    // A batch without a bad row is one statement, as before.
    statements.length = 0;
    await Promise.all([10, 11, 12].map((n) => writer.add(n)).concat(writer.flush()));
    expect(statements).toEqual([[10, 11, 12]]);
    await writer.close();
  });

  it('fails the whole batch at once on an error that is not in the rows (a lost connection), without splitting it', async () => {
    let statements = 0;
    const writer = createBatchWriter<number>({
      maxRows: 8,
      intervalMs: 10_000,
      onError: () => {},
      write: async () => {
        statements += 1;
        throw Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' }) });
      },
    });
    const adds = Array.from({ length: 8 }, (_, i) => writer.add(i).then(() => 'stored', () => 'failed'));
    expect(await Promise.all(adds)).toEqual(Array(8).fill('failed'));
    expect(statements).toBe(1);
    await writer.close();
  });

  it("settles each add with its row's result when the write answers one per row", async () => {
    const writer = createBatchWriter<number, boolean>({ maxRows: 10, intervalMs: 10, onError: () => {}, write: async (rows) => rows.map((n) => n % 2 === 0) });
    await expect(Promise.all([1, 2, 3, 4].map((n) => writer.add(n)))).resolves.toEqual([false, true, false, true]);
    await writer.close();
  });
});
