// How long chargers' calls waited for their answer, read from a central system's metrics (the Prometheus text of
// GET /metrics, histogram ocpp_call_answer_seconds{action}): per action the calls answered, the bucket bounds that hold
// their median and 99th percentile, and how many took longer than a charger's usual 30 s. Pure, so tested apart from
// the benches that print it (tests/tools/answer-times.test.ts).

/** One action's answer times. */
export interface AnswerTimes {
  action: string;
  count: number;
  /** Upper bound of the bucket holding the median and the 99th percentile, seconds (Infinity: above the last bound). */
  p50: number;
  p99: number;
  /** Calls answered after more than 30 s (a charger that waits 30 s had given up on them). */
  over30: number;
}

const METRIC = 'ocpp_call_answer_seconds';

/** The answer times of every action in the metrics text, most calls first. */
export function answerTimes(text: string): AnswerTimes[] {
  const buckets = new Map<string, { le: number; n: number }[]>();
  const counts = new Map<string, number>();
  for (const line of text.split('\n')) {
    const bucket = new RegExp(`^${METRIC}_bucket\\{(.*)\\} (\\S+)$`).exec(line);
    const count = new RegExp(`^${METRIC}_count\\{(.*)\\} (\\S+)$`).exec(line);
    const labels = (bucket ?? count)?.[1];
    const action = labels ? /action="([^"]*)"/.exec(labels)?.[1] : undefined;
    if (!action) continue;
    if (count) counts.set(action, Number(count[2]));
    if (bucket) {
      const le = /le="([^"]*)"/.exec(bucket[1]!)?.[1];
      if (le === undefined) continue;
      const list = buckets.get(action) ?? [];
      list.push({ le: le === '+Inf' ? Infinity : Number(le), n: Number(bucket[2]) });
      buckets.set(action, list);
    }
  }
  const result: AnswerTimes[] = [];
  for (const [action, count] of counts) {
    if (count === 0) continue;
    const list = (buckets.get(action) ?? []).sort((a, b) => a.le - b.le);
    const bound = (q: number) => list.find((b) => b.n >= q * count)?.le ?? Infinity;
    const within30 = list.find((b) => b.le === 30)?.n ?? count;
    result.push({ action, count, p50: bound(0.5), p99: bound(0.99), over30: count - within30 });
  }
  return result.sort((a, b) => b.count - a.count || a.action.localeCompare(b.action));
}

/** The answer times in words: "BootNotification 19,832 (p50 ≤ 0.05 s, p99 ≤ 5 s, 0 over 30 s)". */
export function answerTimesLine(times: readonly AnswerTimes[]): string {
  const bound = (s: number) => (s === Infinity ? '> 30 s' : `≤ ${s} s`);
  return times.map((t) => `${t.action} ${t.count.toLocaleString('en')} (p50 ${bound(t.p50)}, p99 ${bound(t.p99)}, ${t.over30} over 30 s)`).join('; ');
}

/** The metrics text of what happened between two scrapes: every sample of `after` less its value in `before`. */
export function metricsSince(before: string, after: string): string {
  const sample = /^(\S+\{.*\}|\S+) (\S+)$/;
  const earlier = new Map<string, number>();
  for (const line of before.split('\n')) {
    const m = sample.exec(line);
    if (m && !line.startsWith('#')) earlier.set(m[1]!, Number(m[2]));
  }
  return after
    .split('\n')
    .map((line) => {
      const m = sample.exec(line);
      return m && !line.startsWith('#') ? `${m[1]} ${Number(m[2]) - (earlier.get(m[1]!) ?? 0)}` : line;
    })
    .join('\n');
}

/** Each batch writer's statements, rows and mean statement time (ocpp_batch_write_seconds, ocpp_batch_rows_written_total). */
export function batchWritesLine(text: string): string {
  const value = (name: string, writer: string) => Number(new RegExp(`^${name}\\{writer="${writer}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  const writers = [...new Set([...text.matchAll(/^ocpp_batch_write_seconds_count\{writer="([^"]+)"\}/gm)].map((m) => m[1]!))];
  return writers
    .map((w) => ({ w, n: value('ocpp_batch_write_seconds_count', w), rows: value('ocpp_batch_rows_written_total', w), sum: value('ocpp_batch_write_seconds_sum', w) }))
    .filter((x) => x.n > 0)
    .sort((a, b) => b.rows - a.rows)
    .map((x) => `${x.w} ${x.rows.toLocaleString('en')} rows in ${x.n.toLocaleString('en')} statements (mean ${((x.sum / x.n) * 1000).toFixed(1)} ms)`)
    .join('; ');
}
