// The heap setting of exports (server/downloads/export-heap.ts) is held while any export of the process runs and
// given back when the last one ends, also when an export fails.
import { describe, expect, it } from 'vitest';
import { exportsHoldingTheHeap, withExportHeap } from '@server/downloads/export-heap';

describe('the heap of exports', () => {
  it('is held while exports run, overlapping or failing, and given back after the last', async () => {
    expect(exportsHoldingTheHeap()).toBe(0);
    let release!: () => void;
    const first = withExportHeap(() => new Promise<void>((resolve) => (release = resolve)));
    expect(exportsHoldingTheHeap()).toBe(1);
    await expect(
      withExportHeap(async () => {
        expect(exportsHoldingTheHeap()).toBe(2);
        throw new Error('the export failed');
      }),
    ).rejects.toThrow('the export failed');
    expect(exportsHoldingTheHeap()).toBe(1);
    release();
    await first;
    expect(exportsHoldingTheHeap()).toBe(0);
  });
});
