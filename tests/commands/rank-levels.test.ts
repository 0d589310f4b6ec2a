// The ranking's kept matches (Backspace answered without scoring), its haystacks built in slices, and the
// letter mask that skips entries lacking a letter of the query: every answer equals a fresh index's.
import { describe, expect, it } from 'vitest';
import { charMask, RankIndex, type RankableEntry } from '@commands/rank';

const places = ['Koramangala', 'Indiranagar', 'Whitefield', 'Baner', 'Powai'];
const entries: RankableEntry[] = Array.from({ length: 1500 }, (_, i) => ({
  title: `${i % 3 ? 'Charger' : 'Location'} CZ-${String(i).padStart(5, '0')} · ${places[i % places.length]}`,
  group: i % 2 ? 'Charger Management' : 'Ticket Management',
  keywords: i % 5 ? ['fast', places[(i * 7) % places.length]!.toLowerCase()] : [],
}));

const answer = (index: RankIndex, q: string, boost?: (i: number) => number, version = 0, limit?: number) => {
  const r = index.search(q, boost, version, limit);
  return { count: r.count, order: Array.from(r.order.subarray(0, Math.min(r.count, limit ?? r.count))) };
};

describe('RankIndex kept matches', () => {
  it('answers typing, Backspace and retyping exactly as a fresh index does', () => {
    const typed = new RankIndex(entries);
    let query = '';
    const keys = [...'charger 12', 'Backspace', 'Backspace', 'Backspace', ...'kora', ...Array(12).fill('Backspace'), ...'loc', 'Backspace', ...'cz'];
    for (const key of keys) {
      query = key === 'Backspace' ? query.slice(0, -1) : query + key;
      expect(answer(typed, query, undefined, 0, 50), JSON.stringify(query)).toEqual(answer(new RankIndex(entries), query, undefined, 0, 50));
    }
  });

  it('answers any typing as a fresh index does: fuzzy matches continued, prefixes, one-letter starts, digits', () => {
    // Typing that moves entries between tiers: a prefix that stops matching as a substring and goes on fuzzily
    // ("chargerk"), a first letter found mid-title, words added and removed, digits that share charMask's bits.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const alphabet = 'charg kozmtlinw1270-';
    // Titles that hold the typed words at their start, inside, spread out or not at all, so fuzzy matches reached
    // from a prefix, from a substring and from scratch rank against each other.
    const words = ['charger', 'cha', 'rg', 'kora', 'zone', 'main', 'cz-0127', 'tower', 'charging', 'link', '12', 'w7'];
    const mixed: RankableEntry[] = Array.from({ length: 1200 }, () => ({
      title: Array.from({ length: 1 + next(4) }, () => words[next(words.length)]).join(next(3) === 0 ? '' : ' '),
      group: next(2) ? 'Charger Management' : 'Ticket Management',
      keywords: next(3) ? [words[next(words.length)]!] : [],
    }));
    for (let run = 0; run < 60; run++) {
      const pool = run % 2 ? mixed : entries;
      const typed = new RankIndex(pool);
      let query = '';
      for (let k = 0; k < 14; k++) {
        query = next(4) === 0 && query.length > 0 ? query.slice(0, -1) : query + alphabet.charAt(next(alphabet.length));
        // Every match in order (fuzzy ones rank last), or only the first few.
        const limit = next(2) === 0 ? undefined : 1 + next(40);
        expect(answer(typed, query, undefined, 0, limit), JSON.stringify(query)).toEqual(answer(new RankIndex(pool), query, undefined, 0, limit));
      }
    }
    const typedWords = ['chargerkor', 'powfa', 'zonemk', 'w7 1', 'kora z', 'rgl'].flatMap((word) => [...word].map((_, k) => word.slice(0, k + 1)));
    for (const pool of [entries, mixed]) {
      const typed = new RankIndex(pool);
      for (const query of typedWords) expect(answer(typed, query), query).toEqual(answer(new RankIndex(pool), query));
    }
  });

  it('drops kept matches when the boosts change', () => {
    const index = new RankIndex(entries);
    answer(index, 'ch');
    answer(index, 'cha');
    const boost = (i: number) => (i === 1498 ? 2000 : 0);
    // Answered from kept matches this would keep the old order; with the new boosts 3998 leads.
    expect(answer(index, 'ch', boost, 1, 5).order[0]).toBe(1498);
    expect(answer(index, 'cha', boost, 1, 5)).toEqual(answer(new RankIndex(entries), 'cha', boost, 1, 5));
  });

  it('builds haystacks in slices ahead of a search, or what is left at the search', () => {
    const sliced = new RankIndex(entries);
    expect(sliced.prepare(400)).toBe(false);
    expect(answer(sliced, 'powai fast')).toEqual(answer(new RankIndex(entries), 'powai fast'));
    const stepwise = new RankIndex(entries);
    let done = false;
    let steps = 0;
    while (!done) {
      done = stepwise.prepare(600);
      steps++;
    }
    expect(steps).toBe(3);
    expect(answer(stepwise, 'cz-0012')).toEqual(answer(new RankIndex(entries), 'cz-0012'));
  });

  it('has a bit for every letter and digit a text holds', () => {
    expect(charMask('abc') & charMask('cab')).toBe(charMask('abc'));
    expect(charMask('charger cz-00012') & charMask('cz12')).toBe(charMask('cz12'));
    expect(charMask('charger') & charMask('k')).not.toBe(charMask('k'));
    expect(charMask(' ·-#')).toBe(0);
  });
});
