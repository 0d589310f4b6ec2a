// What a server process tells Prometheus about itself (GET /metrics, the text format, from prom-client): HTTP
// requests by route and status with their latency, the live channel's subscribers, the job queue's depth and oldest
// age, the database pool's waiting requests, the Node.js process (memory, CPU, event-loop delay, garbage collection),
// and what other parts of the process add as sources (the OCPP central system: chargers connected, messages by action
// and direction, command round trips, its batch writers' backlog and write time). One registry per app: two apps in
// one process (the tests) never mix their figures.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Latency buckets of HTTP requests, seconds: a list answers in tens of ms, an export's start in hundreds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Figures read when Prometheus scrapes (a query, a pool's counts). */
export interface ScrapeReads {
  /** Jobs waiting to be claimed and the age of the oldest, seconds (0 when none). */
  jobQueue?(): Promise<{ depth: number; oldestSeconds: number }>;
  /** Requests waiting for a database connection, and the pool's size (PostgreSQL; PGlite has none). */
  databasePool?(): { waiting: number; total: number; idle: number };
}

/** A process's metrics. */
export interface AppMetrics {
  readonly registry: Registry;
  /** One answered HTTP request: its route pattern (not its path: ids would make a series each), status and time. */
  observeRequest(method: string, route: string | null, status: number, seconds: number): void;
  /** A live-channel stream opened (+1) or closed (-1). */
  liveSubscribers(change: 1 | -1): void;
  /** What is read at each scrape (merged with what was set before). */
  setScrapeReads(reads: ScrapeReads): void;
  /** Text of another registry appended to this one's (the OCPP central system's, perhaps in a process of its own). */
  addSource(source: () => Promise<string>): void;
  /** The whole exposition, in the Prometheus text format. */
  render(): Promise<string>;
  readonly contentType: string;
}

/** Creates the metrics of one app; `defaults` adds the Node.js process's own (off in tests that build many apps). */
export function createAppMetrics(options: { defaults?: boolean } = {}): AppMetrics {
  const registry = new Registry();
  if (options.defaults ?? true) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  let reads: ScrapeReads = {};
  const sources: (() => Promise<string>)[] = [];
  // Read once per scrape, before the registry renders (two gauges show the one query's answer).
  let queue: { depth: number; oldestSeconds: number } | null = null;

  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request (to its headers; a stream counts until it starts), by method and route pattern.',
    labelNames: ['method', 'route'],
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const subscribers = new Gauge({ name: 'live_channel_subscribers', help: 'Open live-channel streams (GET /events) in this process.', registers: [registry] });
  new Gauge({
    name: 'job_queue_depth',
    help: 'Background jobs queued and due, not yet claimed by a worker.',
    registers: [registry],
    collect() {
      if (queue) this.set(queue.depth);
    },
  });
  new Gauge({
    name: 'job_queue_oldest_age_seconds',
    help: 'Age of the oldest due job still waiting for a worker (0 when none waits).',
    registers: [registry],
    collect() {
      if (queue) this.set(queue.oldestSeconds);
    },
  });
  new Gauge({
    name: 'database_pool_connections',
    help: "The database pool's connections by state (total, idle) and the requests waiting for one (waiting). PostgreSQL only.",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = reads.databasePool?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      // A path no route answers (a probe for /wp-admin…) is one series, not one per path.
      const pattern = route ?? 'unmatched';
      requests.inc({ method, route: pattern, status: String(status) });
      latency.observe({ method, route: pattern }, seconds);
    },
    liveSubscribers: (change) => subscribers.inc(change),
    setScrapeReads(next) {
      reads = { ...reads, ...next };
    },
    addSource: (source) => void sources.push(source),
    async render() {
      queue = reads.jobQueue ? await reads.jobQueue().catch(() => null) : null;
      const own = await registry.metrics();
      const others = await Promise.all(sources.map((s) => s().catch(() => '')));
      return [own, ...others].filter((t) => t.length > 0).join('\n');
    },
    contentType: registry.contentType,
  };
}
