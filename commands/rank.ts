/** What the ranking reads of an entry: its title, group and keywords. */
export interface RankableEntry {
  title: string;
  group: string;
  keywords?: readonly string[];
}

/**
 * Result of a search: `count` entries matched; the best min(count, limit) entry indices, best first, are in
 * `order` (a buffer reused by the next search).
 */
export interface RankResult {
  count: number;
  order: Int32Array;
  /** The query it answers (lowercase, trimmed). */
  query: string;
}

/** Score tiers: exact and prefix matches always rank above substring, keyword and fuzzy matches. */
export const matchTiers = { exact: 1000, prefix: 900, wordPrefix: 800, substring: 600, keywordPrefix: 500, keyword: 400, allWords: 300, fuzzy: 100 } as const;

const SEP = '\u0001';
const INDEX_BITS = 2 ** 17;
const BOOST_BITS = 2 ** 11;
/** Entries beyond this count cannot be packed into one sort key. */
export const MAX_RANKED_ENTRIES = INDEX_BITS - 1;

/**
 * An in-memory ranking index: lowercase haystacks built once per entry list; each search scores entries into
 * preallocated typed arrays and sorts packed numeric keys (tier, frecency, position), so a keystroke allocates
 * nothing per entry. A query that extends the previous one only re-scores the previous matches.
 */
export class RankIndex {
  readonly size: number;
  private readonly titles: string[];
  private readonly hays: string[];
  private readonly titleLength: Int32Array;
  /** Matches of the last query, in entry order (for narrowing). */
  private matched: Int32Array;
  private matchedCount = 0;
  private scratch: Int32Array;
  private readonly keys: Float64Array;
  private readonly order: Int32Array;
  private lastQuery: string | undefined;
  private lastBoostVersion = -1;

  constructor(entries: readonly RankableEntry[]) {
    if (entries.length > MAX_RANKED_ENTRIES) throw new Error(`At most ${MAX_RANKED_ENTRIES} entries can be ranked`);
    this.size = entries.length;
    this.titles = new Array<string>(entries.length);
    this.hays = new Array<string>(entries.length);
    this.titleLength = new Int32Array(entries.length);
    entries.forEach((entry, i) => {
      const title = entry.title.toLowerCase();
      this.titles[i] = title;
      this.titleLength[i] = title.length;
      this.hays[i] = `${title}${SEP}${entry.group.toLowerCase()}${SEP}${(entry.keywords ?? []).join(SEP).toLowerCase()}`;
    });
    this.matched = new Int32Array(entries.length);
    this.scratch = new Int32Array(entries.length);
    this.keys = new Float64Array(entries.length);
    this.order = new Int32Array(entries.length);
  }

  /**
   * Entries matching `query`, best first: tier, then `boost(i)` (frecency, 0–2047; ties), then entry order.
   * `boostVersion` must change whenever boost values change (it disables narrowing from stale results).
   * An empty query answers every entry in entry order.
   */
  search(rawQuery: string, boost?: (index: number) => number, boostVersion = 0, limit: number = Number.POSITIVE_INFINITY): RankResult {
    const query = rawQuery.trim().toLowerCase();
    if (query === '') {
      for (let i = 0; i < this.size; i++) this.order[i] = i;
      this.lastQuery = undefined;
      return { count: this.size, order: this.order, query };
    }
    const narrowing = this.lastQuery !== undefined && query.startsWith(this.lastQuery) && boostVersion === this.lastBoostVersion;
    const tokens = query.split(/\s+/);
    const compact = tokens.join('');
    let count = 0;
    const candidates = narrowing ? this.matchedCount : this.size;
    const source = this.matched;
    const next = this.scratch;
    for (let c = 0; c < candidates; c++) {
      const i = narrowing ? source[c]! : c;
      const tier = this.score(i, query, tokens, compact);
      if (tier === 0) continue;
      next[count] = i;
      const extra = boost ? Math.min(BOOST_BITS - 1, Math.max(0, Math.floor(boost(i)))) : 0;
      this.keys[count] = (tier * BOOST_BITS + extra) * INDEX_BITS + (INDEX_BITS - 1 - i);
      count++;
    }
    this.scratch = source;
    this.matched = next;
    this.matchedCount = count;
    this.lastQuery = query;
    this.lastBoostVersion = boostVersion;
    // Only the best `limit` are ordered (the list shows no more): select them in linear time, sort just those.
    const shown = Math.min(count, limit);
    if (shown < count) selectLargest(this.keys, count, shown);
    const keys = this.keys.subarray(count - shown, count).sort();
    for (let k = 0; k < shown; k++) this.order[k] = INDEX_BITS - 1 - (keys[shown - 1 - k]! % INDEX_BITS);
    return { count, order: this.order, query };
  }

  /** The tier (plus closeness) of one entry for a query; 0: no match. */
  private score(i: number, query: string, tokens: readonly string[], compact: string): number {
    const title = this.titles[i]!;
    if (title === query) return matchTiers.exact;
    if (title.startsWith(query)) return matchTiers.prefix + closeness(query.length, this.titleLength[i]!);
    const inTitle = title.indexOf(query);
    if (inTitle > 0) return (isWordStart(title, inTitle) ? matchTiers.wordPrefix : matchTiers.substring) + closeness(query.length, this.titleLength[i]!);
    const hay = this.hays[i]!;
    const inHay = hay.indexOf(query, title.length);
    if (inHay > 0) return isWordStart(hay, inHay) ? matchTiers.keywordPrefix : matchTiers.keyword;
    if (tokens.length > 1) {
      let all = true;
      for (const token of tokens) if (hay.indexOf(token) < 0) { all = false; break; }
      if (all) return matchTiers.allWords;
    }
    return fuzzyScore(hay, compact);
  }
}

/** Up to 99 extra points for a match covering more of the title. */
function closeness(queryLength: number, titleLength: number): number {
  return Math.floor((99 * queryLength) / Math.max(queryLength, titleLength));
}

function isWordStart(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  // space, separator, punctuation
  return before === 32 || before === 1 || before === 45 || before === 47 || before === 58 || before === 40 || before === 46;
}

/** Fuzzy (subsequence) score: matchTiers.fuzzy plus up to 99 for fewer gaps; 0 when `query` is not a subsequence. */
export function fuzzyScore(hay: string, query: string): number {
  if (query.length === 0) return 0;
  let from = hay.indexOf(query.charAt(0));
  if (from < 0) return 0;
  let gaps = 0;
  for (let q = 1; q < query.length; q++) {
    const at = hay.indexOf(query.charAt(q), from + 1);
    if (at < 0) return 0;
    gaps += at - from - 1;
    from = at;
  }
  return matchTiers.fuzzy + Math.max(0, 99 - gaps);
}

/** Moves the `k` largest of keys[0, n) to keys[n - k, n) (quickselect, in place, no allocation). */
function selectLargest(keys: Float64Array, n: number, k: number): void {
  const target = n - k;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const pivot = keys[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (keys[i]! < pivot) i++;
      while (keys[j]! > pivot) j--;
      if (i <= j) {
        const t = keys[i]!;
        keys[i] = keys[j]!;
        keys[j] = t;
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return;
  }
}
