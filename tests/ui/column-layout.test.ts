import { describe, expect, it } from 'vitest';
import { COLUMN_MAX_PX, COLUMN_MIN_PX, layoutColumns } from '@ui/column-layout';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const id = { id: 'id', width: 96, minWidth: 72 };
const name = { id: 'name', width: 200, minWidth: 104, grow: true };
const city = { id: 'city', width: 200, minWidth: 104 };
const created = { id: 'created', width: 190, minWidth: 156 };

describe('layoutColumns', () => {
  it('gives the spare width to the growing column only', () => {
    const widths = layoutColumns([id, name, city, created], 1000);
    expect(widths).toEqual([96, 200 + 314, 200, 190]);
  });

  it('shares spare width among every column when none grows', () => {
    const widths = layoutColumns([id, city, created], 972);
    expect(sum(widths)).toBe(972);
    expect(widths[0]).toBeGreaterThan(96);
    expect(widths[1]).toBeGreaterThan(200);
  });

  it('shrinks columns in proportion to what each can spare, so they fit exactly', () => {
    const widths = layoutColumns([id, name, city, created], 600);
    expect(sum(widths)).toBe(600);
    widths.forEach((w, i) => expect(w).toBeGreaterThanOrEqual([72, 104, 104, 156][i]!));
    // Names give up more than the id, which has little to spare.
    expect(200 - widths[1]!).toBeGreaterThan(96 - widths[0]!);
  });

  it('stops at the minimums (the table then scrolls sideways)', () => {
    expect(layoutColumns([id, name, city, created], 300)).toEqual([72, 104, 104, 156]);
  });

  it('keeps a dragged width, within the allowed range, and lays out the rest around it', () => {
    const widths = layoutColumns([id, name, city, created], 1000, { city: 320 });
    expect(widths[2]).toBe(320);
    expect(sum(widths)).toBe(1000);
    expect(layoutColumns([id, name], 2000, { id: 5 })[0]).toBe(COLUMN_MIN_PX);
    expect(layoutColumns([id, name], 2000, { id: 5000 })[0]).toBe(COLUMN_MAX_PX);
  });

  it('uses the preferred widths before the table is measured', () => {
    expect(layoutColumns([id, name, city], 0)).toEqual([96, 200, 200]);
  });
});
