import { describe, expect, it } from 'vitest';
import { roundsByKey } from '@server/db/rounds';

describe('rounds of distinct keys', () => {
  it("puts each key's first row in the first round, its second in the next, each round in the rows' order", () => {
    const rows = ['a1', 'b1', 'a2', 'c1', 'a3', 'b2'];
    const rounds = roundsByKey(rows, (r) => r[0]!);
    expect(rounds.map((round) => round.map(({ row, index }) => `${row}@${index}`))).toEqual([['a1@0', 'b1@1', 'c1@3'], ['a2@2', 'b2@5'], ['a3@4']]);
  });

  it('makes one round of distinct keys and none of no rows', () => {
    expect(roundsByKey([3, 1, 2], (n) => n)).toEqual([[{ row: 3, index: 0 }, { row: 1, index: 1 }, { row: 2, index: 2 }]]);
    expect(roundsByKey([], (n: number) => n)).toEqual([]);
  });
});
