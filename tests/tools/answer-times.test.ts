import { describe, expect, it } from 'vitest';
import { answerTimes, answerTimesLine, batchWritesLine, metricsSince } from '@tools/benchmarks/answer-times';

const text = `# HELP ocpp_call_answer_seconds From a charger's call received to its answer sent.
# TYPE ocpp_call_answer_seconds histogram
ocpp_call_answer_seconds_bucket{le="0.01",action="Heartbeat"} 90
ocpp_call_answer_seconds_bucket{le="0.025",action="Heartbeat"} 99
ocpp_call_answer_seconds_bucket{le="30",action="Heartbeat"} 100
ocpp_call_answer_seconds_bucket{le="+Inf",action="Heartbeat"} 100
ocpp_call_answer_seconds_sum{action="Heartbeat"} 0.9
ocpp_call_answer_seconds_count{action="Heartbeat"} 100
ocpp_call_answer_seconds_bucket{le="0.01",action="BootNotification"} 100
ocpp_call_answer_seconds_bucket{le="1",action="BootNotification"} 150
ocpp_call_answer_seconds_bucket{le="30",action="BootNotification"} 190
ocpp_call_answer_seconds_bucket{le="+Inf",action="BootNotification"} 200
ocpp_call_answer_seconds_sum{action="BootNotification"} 900
ocpp_call_answer_seconds_count{action="BootNotification"} 200
ocpp_call_answer_seconds_count{action="Authorize"} 0
ocpp_command_round_trip_seconds_count{action="Reset",result="accepted"} 4
`;

describe('answer times read from the metrics', () => {
  it('gives each action its count, the buckets of its median and 99th percentile, and the calls over 30 s, most calls first', () => {
    expect(answerTimes(text)).toEqual([
      { action: 'BootNotification', count: 200, p50: 0.01, p99: Infinity, over30: 10 },
      { action: 'Heartbeat', count: 100, p50: 0.01, p99: 0.025, over30: 0 },
    ]);
    expect(answerTimesLine(answerTimes(text))).toBe('BootNotification 200 (p50 ≤ 0.01 s, p99 > 30 s, 10 over 30 s); Heartbeat 100 (p50 ≤ 0.01 s, p99 ≤ 0.025 s, 0 over 30 s)');
  });

  it('reads nothing from metrics without the histogram', () => {
    expect(answerTimes('ocpp_chargers_connected 3\n')).toEqual([]);
  });

  it('takes what happened between two scrapes', () => {
    const before = text.replace('ocpp_call_answer_seconds_count{action="Heartbeat"} 100', 'ocpp_call_answer_seconds_count{action="Heartbeat"} 40').replace('ocpp_call_answer_seconds_bucket{le="+Inf",action="Heartbeat"} 100', 'ocpp_call_answer_seconds_bucket{le="+Inf",action="Heartbeat"} 40');
    const since = metricsSince(before, text);
    expect(since).toContain('ocpp_call_answer_seconds_count{action="Heartbeat"} 60');
    expect(since).toContain('ocpp_call_answer_seconds_bucket{le="+Inf",action="Heartbeat"} 60');
    expect(since).toContain('ocpp_call_answer_seconds_count{action="BootNotification"} 0');
    expect(since).toContain('# TYPE ocpp_call_answer_seconds histogram');
  });

  it('sums up each batch writer: rows, statements and mean statement time, most rows first', () => {
    const writes = [
      'ocpp_batch_write_seconds_sum{writer="status"} 0.5',
      'ocpp_batch_write_seconds_count{writer="status"} 10',
      'ocpp_batch_write_seconds_sum{writer="message-log"} 2',
      'ocpp_batch_write_seconds_count{writer="message-log"} 100',
      'ocpp_batch_write_seconds_count{writer="meter"} 0',
      'ocpp_batch_rows_written_total{writer="status"} 900',
      'ocpp_batch_rows_written_total{writer="message-log"} 10000',
    ].join('\n');
    expect(batchWritesLine(writes)).toBe('message-log 10,000 rows in 100 statements (mean 20.0 ms); status 900 rows in 10 statements (mean 50.0 ms)');
  });
});
