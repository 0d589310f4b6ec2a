// The central system in a process of its own (OCPP_PROCESS=separate, PostgreSQL): started by the server
// (server/ocpp/ocpp-process.ts), which accepts each upgrade to /ocpp/{chargeBoxId} on its own port and hands the socket
// here over the IPC channel. Chargers' messages, their writes and their garbage then never hold up a console request.
// Commands reach it on the notification bus as they reach any process holding chargers.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { consoleLogger } from '@server/app-deps';
import { openDatabase } from '@server/db/open-database';
import { createPostgresBus } from '@server/live/notification-bus';
import type { OcppProcessMessage, OcppProcessReply } from './ocpp-process';
import { centralConfigOf, startCentral } from './ocpp-runtime';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !process.send) {
  console.error('[ocpp-process] needs DATABASE_URL and an IPC channel: the server starts it (OCPP_PROCESS=separate).');
  process.exit(1);
}
const send = (message: OcppProcessReply) => process.send?.(message);

// The server migrated the database before starting this process.
const database = await openDatabase({ databaseUrl, dataDir: '.' }, { migrate: false });
// The chargers' connections (at most 4); the pool opened above keeps the commands' records, which staff wait on, and
// the bus's publishes off them.
const chargerDatabase = database.separate(4);
const bus = createPostgresBus({ connectionString: databaseUrl, db: database.db, onError: (error) => console.error('[bus]', error instanceof Error ? error.message : error) });
// The server's settings, which it put in this process's environment (centralConfigEnv).
const central = await startCentral({ db: chargerDatabase.db, commandDb: database.db, bus, logger: consoleLogger, config: centralConfigOf(process.env), processMetrics: true });
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

let closing: Promise<void> | null = null;
const close = () =>
  (closing ??= (async () => {
    await central.close();
    await bus.close();
    await chargerDatabase.close();
    await database.close();
  })());

process.on('message', (raw: unknown, handle: unknown) => {
  const message = raw as OcppProcessMessage;
  if (message.type === 'upgrade') {
    const socket = handle as Socket | undefined;
    if (!socket) return;
    if (closing) return void socket.destroy();
    // What ocpp-rpc and ws read of the request: its method, path, headers and socket.
    const request = { method: 'GET', url: message.url, headers: message.headers, httpVersion: '1.1', socket } as unknown as IncomingMessage;
    central.handleUpgrade(request, socket, Buffer.from(message.head, 'base64'));
  } else if (message.type === 'stats') {
    // A benchmark's reading of the memory held, not of the garbage not yet collected (node --expose-gc only).
    if (message.gc) (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    const stats = { ...central.stats(), pid: process.pid, rss: memory.rss, heapUsed: memory.heapUsed, eld: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 } };
    if (message.reset) loop.reset();
    if (!message.metrics) send({ type: 'stats', id: message.id, stats });
    else void central.metrics().then((metrics) => send({ type: 'stats', id: message.id, stats: { ...stats, metrics } }));
  } else if (message.type === 'close') {
    // The server waits for this process to exit.
    void close().finally(() => process.exit(0));
  }
});
// The server is gone (stopped, crashed, killed): the chargers are let go at once, so they reconnect to its successor.
process.on('disconnect', () => void close().finally(() => process.exit(0)));
send({ type: 'ready', nodeId: central.nodeId });
