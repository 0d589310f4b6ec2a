// What one central system tells Prometheus (appended to its server's GET /metrics; when it runs in a process of its
// own, that process's Node.js figures too, named ocpp_process_…): chargers connected, OCPP messages by action and
// direction, how long chargers' calls wait for their answer, commands' round trips by action and result, and its batch
// writers' backlog and write time.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Round-trip buckets of a command, seconds: a charger on a good link answers in tens of ms, the call times out at 30 s. */
const ROUND_TRIP_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Write-time buckets of one batch statement, seconds. */
const WRITE_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** A central system's metrics. */
export interface OcppMetrics {
  /** One frame in (from the charger) or out, its message type (CALL, CALLRESULT, CALLERROR) and action. */
  frame(direction: 'IN' | 'OUT', messageType: string, action: string | null): void;
  /** A command's answer (or its end without one): its action, result and the time since it was sent. */
  commandAnswered(action: string, result: string, seconds: number): void;
  /** A charger's call answered (or refused): its action and the time from its arrival to the answer. */
  callAnswered(action: string, seconds: number): void;
  /** A batch writer's statement: which writer, its rows and time. */
  batchWritten(writer: string, rows: number, seconds: number): void;
  /** The exposition in the Prometheus text format. */
  render(): Promise<string>;
}

/**
 * Creates them: `connected` and `backlog` are read at each scrape; `knownActions` are the actions counted by name;
 * `processDefaults` adds the process's own figures.
 */
export function createOcppMetrics(input: { connected: () => number; backlog: () => Record<string, number>; knownActions: ReadonlySet<string>; processDefaults?: boolean }): OcppMetrics {
  const registry = new Registry();
  if (input.processDefaults) collectDefaultMetrics({ register: registry, prefix: 'ocpp_process_', eventLoopMonitoringPrecision: 20 });
  new Gauge({
    name: 'ocpp_chargers_connected',
    help: 'Chargers whose socket this central system holds.',
    registers: [registry],
    collect() {
      this.set(input.connected());
    },
  });
  const frames = new Counter({
    name: 'ocpp_messages_total',
    help: 'OCPP frames by direction (IN from the charger, OUT to it), message type and action (a CALLRESULT or CALLERROR carries its CALL’s action).',
    labelNames: ['direction', 'type', 'action'],
    registers: [registry],
  });
  const roundTrip = new Histogram({
    name: 'ocpp_command_round_trip_seconds',
    help: 'From a command sent to a charger to its answer (or its time-out or failure), by action and result.',
    labelNames: ['action', 'result'],
    buckets: ROUND_TRIP_BUCKETS,
    registers: [registry],
  });
  const answerTime = new Histogram({
    name: 'ocpp_call_answer_seconds',
    help: 'From a charger’s call received to its answer sent (its rows written, the message log’s among them), by action. A charger gives up on an answer after its own timeout (30 s is common).',
    labelNames: ['action'],
    buckets: ROUND_TRIP_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'ocpp_batch_backlog_rows',
    help: 'Rows waiting in each batch writer of the central system (message log, meter values, session meters, heartbeats, statuses, command moves).',
    labelNames: ['writer'],
    registers: [registry],
    collect() {
      for (const [writer, rows] of Object.entries(input.backlog())) this.set({ writer }, rows);
    },
  });
  const writeTime = new Histogram({ name: 'ocpp_batch_write_seconds', help: 'Time of one batch statement, by writer.', labelNames: ['writer'], buckets: WRITE_BUCKETS, registers: [registry] });
  const writtenRows = new Counter({ name: 'ocpp_batch_rows_written_total', help: 'Rows written by each batch writer.', labelNames: ['writer'], registers: [registry] });
  // Actions are the protocols' names; anything else a charger sends (an unknown action) is one series, not one each.
  const actionLabel = (action: string | null) => (action === null ? 'none' : input.knownActions.has(action) ? action : 'other');

  return {
    frame: (direction, messageType, action) => frames.inc({ direction, type: messageType, action: actionLabel(action) }),
    commandAnswered: (action, result, seconds) => roundTrip.observe({ action: actionLabel(action), result }, seconds),
    callAnswered: (action, seconds) => answerTime.observe({ action: actionLabel(action) }, seconds),
    batchWritten(writer, rows, seconds) {
      writeTime.observe({ writer }, seconds);
      writtenRows.inc({ writer }, rows);
    },
    render: () => registry.metrics(),
  };
}
