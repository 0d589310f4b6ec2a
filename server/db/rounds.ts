// A batch of rows where one key (a charger, a connector, a command) may come more than once, cut into rounds that
// hold each key at most once: its first row in the first round, its second in the next, and so on. A statement per
// round then writes every key's rows in the order given, as a statement per row would, while a batch of distinct
// keys (nearly always) is one round.

/** A row and its place in the batch (to answer its caller). */
export interface Placed<T> {
  row: T;
  index: number;
}

/** The rows in rounds of distinct keys, each round in the rows' order. */
export function roundsByKey<T>(rows: readonly T[], keyOf: (row: T) => string | number): Placed<T>[][] {
  const rounds: Placed<T>[][] = [];
  const times = new Map<string | number, number>();
  rows.forEach((row, index) => {
    const key = keyOf(row);
    const k = times.get(key) ?? 0;
    times.set(key, k + 1);
    (rounds[k] ??= []).push({ row, index });
  });
  return rounds;
}
