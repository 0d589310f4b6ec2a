// The batch writer behind the OCPP message log and meter values: rows written together, each add settled when its
// batch is written, a failed batch counted and reported without stopping the next one.
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

  it("settles each add with its row's result when the write answers one per row", async () => {
    const writer = createBatchWriter<number, boolean>({ maxRows: 10, intervalMs: 10, onError: () => {}, write: async (rows) => rows.map((n) => n % 2 === 0) });
    await expect(Promise.all([1, 2, 3, 4].map((n) => writer.add(n)))).resolves.toEqual([false, true, false, true]);
    await writer.close();
  });
});
