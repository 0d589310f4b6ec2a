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

/** One query's matches, kept while later queries extend it: entry indices in entry order and their sort keys. */
interface Level {
  query: string;
  boostVersion: number;
  count: number;
  matched: Int32Array;
  keys: Float64Array;
  /**
   * Per match, where its fuzzy (subsequence) match of the query's letters ended, or -1 when not known (a match
   * above the fuzzy tier); and that match's gaps. An entry that matched only fuzzily can match a longer query only
   * fuzzily, and the greedy subsequence of the longer query continues the shorter one's: one indexOf per added
   * letter.
   */
  fuzzyEnd: Int32Array;
  fuzzyGaps: Int32Array;
}

/** The least sort key of a match above the fuzzy tier. */
const ALL_WORDS_KEY = matchTiers.allWords * BOOST_BITS * INDEX_BITS;

/** Where the last score() found the query in the haystack (-1: nowhere), read right after the call. */
const scored = { at: -1 };

/** The least sort key of a prefix (or exact) match: its haystack starts with the query. */
const PREFIX_KEY = matchTiers.prefix * BOOST_BITS * INDEX_BITS;

/** At most this many queries' matches are kept (a typed query and the prefixes it was typed through). */
const MAX_LEVELS = 24;

/**
 * An in-memory ranking index. Its lowercase haystacks are built on first need, or ahead of it in slices
 * (`prepare`), so creating an index over 50,000 entries costs nothing up front. Each search scores entries into
 * preallocated typed arrays and sorts packed numeric keys (tier, frecency, position). The matches of the queries
 * typed on the way to the current one are kept: a query that extends one of them re-scores only its matches, and
 * a query seen on the way (Backspace) is answered from its kept matches without scoring anything.
 */
export class RankIndex {
  readonly size: number;
  private readonly entries: readonly RankableEntry[];
  private readonly titles: string[];
  private readonly hays: string[];
  private readonly titleLength: Int32Array;
  /** Which letters and digits each haystack holds (charMask): an entry lacking one of the query's cannot match. */
  private readonly masks: Int32Array;
  /** Which digits each haystack holds, one bit each (digitMask): charMask's digits share bits. */
  private readonly digits: Int16Array;
  /** Entries [0, prepared) have their haystacks. */
  private prepared = 0;
  private readonly lowerGroups = new Map<string, string>();
  /** Kept matches: each level's query extends the one before it. */
  private levels: Level[] = [];
  private readonly work: Int32Array;
  private readonly keys: Float64Array;
  private readonly order: Int32Array;
  private readonly fuzzyEnd: Int32Array;
  private readonly fuzzyGaps: Int32Array;

  constructor(entries: readonly RankableEntry[]) {
    if (entries.length > MAX_RANKED_ENTRIES) throw new Error(`At most ${MAX_RANKED_ENTRIES} entries can be ranked`);
    this.size = entries.length;
    this.entries = entries;
    this.titles = new Array<string>(entries.length);
    this.hays = new Array<string>(entries.length);
    this.titleLength = new Int32Array(entries.length);
    this.masks = new Int32Array(entries.length);
    this.digits = new Int16Array(entries.length);
    this.work = new Int32Array(entries.length);
    this.keys = new Float64Array(entries.length);
    this.order = new Int32Array(entries.length);
    this.fuzzyEnd = new Int32Array(entries.length);
    this.fuzzyGaps = new Int32Array(entries.length);
  }

  /**
   * Builds the haystacks of up to `count` more entries (all by default); true when every entry has them. Lets the
   * caller spread the work over idle time; a search builds whatever is left first.
   */
  prepare(count = Number.POSITIVE_INFINITY): boolean {
    const end = Math.min(this.size, this.prepared + count);
    for (let i = this.prepared; i < end; i++) {
      const entry = this.entries[i]!;
      const title = entry.title.toLowerCase();
      let group = this.lowerGroups.get(entry.group);
      if (group === undefined) {
        group = entry.group.toLowerCase();
        this.lowerGroups.set(entry.group, group);
      }
      this.titles[i] = title;
      this.titleLength[i] = title.length;
      const hay = `${title}${SEP}${group}${SEP}${entry.keywords && entry.keywords.length > 0 ? entry.keywords.join(SEP).toLowerCase() : ''}`;
      this.hays[i] = hay;
      this.masks[i] = charMask(hay);
      this.digits[i] = digitMask(hay);
    }
    this.prepared = end;
    return end === this.size;
  }

  /**
   * Entries matching `query`, best first: tier, then `boost(i)` (frecency, 0–2047; ties), then entry order.
   * `boostVersion` must change whenever boost values change (kept matches scored with other boosts are dropped).
   * An empty query answers every entry in entry order.
   */
  search(rawQuery: string, boost?: (index: number) => number, boostVersion = 0, limit: number = Number.POSITIVE_INFINITY): RankResult {
    const query = rawQuery.trim().toLowerCase();
    if (query === '') {
      for (let i = 0; i < this.size; i++) this.order[i] = i;
      return { count: this.size, order: this.order, query };
    }
    this.prepare();
    const levels = this.levels;
    if (levels.length > 0 && levels[0]!.boostVersion !== boostVersion) levels.length = 0;
    // The deepest kept query this one extends; the kept ones it does not extend are dropped.
    let depth = levels.length;
    while (depth > 0 && !query.startsWith(levels[depth - 1]!.query)) depth--;
    levels.length = depth;
    const base = levels[depth - 1];
    let count = 0;
    if (base && base.query === query) {
      count = base.count;
      this.keys.set(base.keys);
    } else {
      const tokens = query.split(/\s+/);
      const compact = tokens.join('');
      const needed = charMask(compact);
      const neededDigits = digitMask(compact);
      const masks = this.masks;
      const digits = this.digits;
      const hays = this.hays;
      const next = this.work;
      const keys = this.keys;
      const fuzzyEnd = this.fuzzyEnd;
      const fuzzyGaps = this.fuzzyGaps;
      if (base) {
        // The letters this query adds to the base's: a fuzzy match continues with them alone.
        const added = compact.slice(base.query.replace(/\s+/g, '').length);
        // The leading words this query shares whole with the base's: an entry that matched the base above the
        // fuzzy tier holds every word of the base query, so only the others are looked for.
        const baseTokens = base.query.split(/\s+/);
        let known = 0;
        while (known < tokens.length && known < baseTokens.length && tokens[known] === baseTokens[known]) known++;
        const { matched, keys: baseKeys, fuzzyEnd: baseEnd, fuzzyGaps: baseGaps } = base;
        // An entry whose title starts with the base query has its letters' subsequence there, spaces skipped.
        const prefixEnd = base.query.length - 1;
        const prefixGaps = base.query.length - (compact.length - added.length);
        for (let c = 0; c < base.count; c++) {
          const i = matched[c]!;
          // Every tier needs every letter and digit of the query somewhere in the haystack.
          if ((masks[i]! & needed) !== needed || (digits[i]! & neededDigits) !== neededDigits) continue;
          let tier: number;
          const from = baseEnd[c]!;
          const baseKey = baseKeys[c]!;
          if (baseKey < ALL_WORDS_KEY) {
            // Matched the base only fuzzily, so this query can match only fuzzily: continue the subsequence.
            tier = continueFuzzy(hays[i]!, from, baseGaps[c]!, added, 0);
          } else {
            tier = this.score(i, query, tokens, known);
            if (tier === 0) {
              // The base's subsequence: kept, or at the start of a title that starts with the base query, or sought.
              if (from >= 0) tier = continueFuzzy(hays[i]!, from, baseGaps[c]!, added, 0);
              else if (baseKey >= PREFIX_KEY) tier = continueFuzzy(hays[i]!, prefixEnd, prefixGaps, added, 0);
              else tier = fuzzyScore(hays[i]!, compact);
            }
          }
          if (tier === 0) continue;
          if (tier < matchTiers.allWords) {
            fuzzyEnd[count] = fuzzyMatched.end;
            fuzzyGaps[count] = fuzzyMatched.gaps;
          } else fuzzyEnd[count] = -1;
          next[count] = i;
          keys[count] = (tier * BOOST_BITS + (boost ? boostOf(boost, i) : 0)) * INDEX_BITS + (INDEX_BITS - 1 - i);
          count++;
        }
      } else {
        const single = query.length === 1;
        for (let i = 0; i < this.size; i++) {
          // Every tier needs every letter and digit of the query somewhere in the haystack.
          if ((masks[i]! & needed) !== needed || (digits[i]! & neededDigits) !== neededDigits) continue;
          let tier = this.score(i, query, tokens, 0);
          if (tier === 0) tier = fuzzyScore(hays[i]!, compact);
          if (tier === 0) continue;
          if (tier < matchTiers.allWords) {
            fuzzyEnd[count] = fuzzyMatched.end;
            fuzzyGaps[count] = fuzzyMatched.gaps;
          } else if (single) {
            // A one-letter query's subsequence is its first place.
            fuzzyEnd[count] = scored.at;
            fuzzyGaps[count] = 0;
          } else fuzzyEnd[count] = -1;
          next[count] = i;
          keys[count] = (tier * BOOST_BITS + (boost ? boostOf(boost, i) : 0)) * INDEX_BITS + (INDEX_BITS - 1 - i);
          count++;
        }
      }
      levels.push({
        query,
        boostVersion,
        count,
        matched: next.slice(0, count),
        keys: keys.slice(0, count),
        fuzzyEnd: fuzzyEnd.slice(0, count),
        fuzzyGaps: fuzzyGaps.slice(0, count),
      });
      if (levels.length > MAX_LEVELS) levels.shift();
    }
    // Only the best `limit` are ordered (the list shows no more): select them in linear time, sort just those.
    const shown = Math.min(count, limit);
    if (shown < count) selectLargest(this.keys, count, shown);
    const keys = this.keys.subarray(count - shown, count).sort();
    for (let k = 0; k < shown; k++) this.order[k] = INDEX_BITS - 1 - (keys[shown - 1 - k]! % INDEX_BITS);
    return { count, order: this.order, query };
  }

  /**
   * The tier (plus closeness) of one entry for a query above the fuzzy tier; 0: none (the caller tries a fuzzy
   * match). One scan of the haystack finds a substring. The first `known` words are known to be in the haystack.
   */
  private score(i: number, query: string, tokens: readonly string[], known: number): number {
    const hay = this.hays[i]!;
    const titleLength = this.titleLength[i]!;
    const at = hay.indexOf(query);
    scored.at = at;
    if (at >= 0) {
      if (at + query.length <= titleLength) {
        // The first occurrence is in the title.
        if (at === 0) return query.length === titleLength ? matchTiers.exact : matchTiers.prefix + closeness(query.length, titleLength);
        return (isWordStart(hay, at) ? matchTiers.wordPrefix : matchTiers.substring) + closeness(query.length, titleLength);
      }
      const inHay = at >= titleLength ? at : hay.indexOf(query, titleLength);
      if (inHay > 0) return isWordStart(hay, inHay) ? matchTiers.keywordPrefix : matchTiers.keyword;
    }
    if (tokens.length > 1) {
      let all = true;
      for (let t = known; t < tokens.length; t++)
        if (hay.indexOf(tokens[t]!) < 0) {
          all = false;
          break;
        }
      if (all) return matchTiers.allWords;
    }
    return 0;
  }
}

/**
 * The letters and digits a text holds, one bit each (a–z; digits share six bits): a quick necessary test of
 * containment, since any match (substring, every word, subsequence) needs every letter and digit of the query.
 */
export function charMask(text: string): number {
  let mask = 0;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c >= 97 && c <= 122) mask |= 1 << (c - 97);
    else if (c >= 48 && c <= 57) mask |= 1 << (26 + ((c - 48) % 6));
  }
  return mask;
}

/** An entry's boost as its sort key holds it: a whole number in [0, BOOST_BITS). */
function boostOf(boost: (index: number) => number, i: number): number {
  return Math.min(BOOST_BITS - 1, Math.max(0, Math.floor(boost(i))));
}

/** The digits a text holds, one bit each (charMask folds ten digits into six bits). */
export function digitMask(text: string): number {
  let mask = 0;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c >= 48 && c <= 57) mask |= 1 << (c - 48);
  }
  return mask;
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

/** Where the last fuzzyScore or continueFuzzy that matched ended in the haystack, and its gaps (read right after the call). */
const fuzzyMatched = { end: -1, gaps: 0 };

/**
 * Fuzzy (subsequence) score: matchTiers.fuzzy plus up to 99 for fewer gaps; 0 when `query` is not a subsequence.
 * Greedy (each letter at its first place after the one before), so a longer query's match continues a shorter one's.
 */
export function fuzzyScore(hay: string, query: string): number {
  if (query.length === 0) return 0;
  const from = hay.indexOf(query.charAt(0));
  return from < 0 ? 0 : continueFuzzy(hay, from, 0, query, 1);
}

/** Continues a fuzzy match that ended at `from` with `gaps` over letters[start..]: its score, or 0. */
function continueFuzzy(hay: string, from: number, gaps: number, letters: string, start: number): number {
  let end = from;
  let skipped = gaps;
  for (let q = start; q < letters.length; q++) {
    const at = hay.indexOf(letters.charAt(q), end + 1);
    if (at < 0) return 0;
    skipped += at - end - 1;
    end = at;
  }
  fuzzyMatched.end = end;
  fuzzyMatched.gaps = skipped;
  return matchTiers.fuzzy + Math.max(0, 99 - skipped);
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
