import { z } from 'zod';

/** How often and how lately one command was used. */
export const frecencyEntrySchema = z.object({ count: z.number().int().positive().max(1_000_000), last: z.number().nonnegative() });
export type FrecencyEntry = z.infer<typeof frecencyEntrySchema>;

/** Uses by command id (stored data is untrusted: validated on load). */
export const frecencyRecordSchema = z.record(z.string().max(300), frecencyEntrySchema);
export type FrecencyRecord = z.infer<typeof frecencyRecordSchema>;

/** At most this many commands are remembered; the lowest scores are dropped first. */
export const FRECENCY_MAX_ENTRIES = 200;

const HOUR = 3_600_000;

/** Weight of a use by its age: recent uses count more (Firefox-style buckets). */
function recencyWeight(ageMs: number): number {
  if (ageMs < 4 * HOUR) return 100;
  if (ageMs < 24 * HOUR) return 80;
  if (ageMs < 72 * HOUR) return 60;
  if (ageMs < 7 * 24 * HOUR) return 40;
  if (ageMs < 30 * 24 * HOUR) return 20;
  return 10;
}

/** The frecency score of an entry at `now` (0 when never used). */
export function frecencyScore(entry: FrecencyEntry | undefined, now: number): number {
  return entry ? entry.count * recencyWeight(Math.max(0, now - entry.last)) : 0;
}

/** The record after a use of `id` at `now`, capped at `max` entries (default FRECENCY_MAX_ENTRIES). */
export function recordUse(record: FrecencyRecord, id: string, now: number, max: number = FRECENCY_MAX_ENTRIES): FrecencyRecord {
  const previous = record[id];
  const next: FrecencyRecord = { ...record, [id]: { count: (previous?.count ?? 0) + 1, last: now } };
  const ids = Object.keys(next);
  if (ids.length <= max) return next;
  const keep = ids.sort((a, b) => frecencyScore(next[b], now) - frecencyScore(next[a], now) || next[b]!.last - next[a]!.last).slice(0, max);
  if (!keep.includes(id)) keep[keep.length - 1] = id;
  return Object.fromEntries(keep.map((k) => [k, next[k]!]));
}

/** Ids by descending frecency at `now` (ties: most recent first), at most `limit`. */
export function topByFrecency(record: FrecencyRecord, now: number, limit: number): string[] {
  return Object.keys(record)
    .sort((a, b) => frecencyScore(record[b], now) - frecencyScore(record[a], now) || record[b]!.last - record[a]!.last)
    .slice(0, limit);
}
