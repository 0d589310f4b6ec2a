// The reference server of `npm run bench:ocpp -- --memory`: ocpp-rpc's RPCServer alone, with the options the central
// system gives it (OCPP 1.6 in strict mode, 30 s pings and call timeout, the same largest frame) and trivial handlers
// answering what the simulated chargers send with the least the schemas allow. No database, no log, no rate limit,
// no password check: what the library itself holds per connected charger. Driven over the IPC channel of
// child_process.fork like the bench's other processes: `memory` (RSS and heap, after a forced collection when the
// process runs with --expose-gc and `gc` is asked), `close`.
import ocpp from 'ocpp-rpc';
import { envSchema } from '@server/config';

const { RPCServer } = ocpp as unknown as {
  RPCServer: new (options: Record<string, unknown>) => {
    on(event: 'client', cb: (client: { handle(method: string, handler: (call: { params: unknown }) => unknown): void }) => void): void;
    listen(port: number, host?: string): Promise<unknown>;
    close(options?: { code?: number; force?: boolean }): Promise<void>;
  };
};

const server = new RPCServer({
  protocols: ['ocpp1.6'],
  strictMode: true,
  callTimeoutMs: 30_000,
  pingIntervalMs: 30_000,
  maxBadMessages: 20,
  wssOptions: { maxPayload: envSchema.shape.OCPP_MAX_FRAME_BYTES.parse(undefined) },
});
let transactionId = 0;
let connected = 0;
const now = () => new Date().toISOString();
// The heartbeat interval the central system gives (the bench sets it for both).
const interval = Number(process.env.OCPP_HEARTBEAT_SECONDS ?? 300);
const accepted = { idTagInfo: { status: 'Accepted' } };
server.on('client', (client) => {
  connected += 1;
  (client as unknown as { once(event: 'close', cb: () => void): void }).once('close', () => (connected -= 1));
  client.handle('BootNotification', () => ({ status: 'Accepted', currentTime: now(), interval }));
  client.handle('Heartbeat', () => ({ currentTime: now() }));
  client.handle('StatusNotification', () => ({}));
  client.handle('MeterValues', () => ({}));
  client.handle('Authorize', () => accepted);
  client.handle('StartTransaction', () => ({ transactionId: ++transactionId, ...accepted }));
  client.handle('StopTransaction', () => ({}));
});
const port = Number(process.env.PORT ?? 3851);
await server.listen(port, '127.0.0.1');

/** This process's memory now, after a full collection when asked and possible (node --expose-gc). */
function memory(collect: boolean) {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (collect && gc) gc();
  const m = process.memoryUsage();
  return { pid: process.pid, rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, connected, collected: Boolean(collect && gc) };
}

const send = (message: unknown) => process.send?.(message);
process.on('message', (raw) => {
  const m = raw as { id: number; type: string; gc?: boolean };
  if (m.type === 'memory') send({ id: m.id, result: memory(Boolean(m.gc)) });
  else if (m.type === 'close') void server.close({ code: 1001, force: true }).finally(() => (send({ id: m.id, result: true }), process.exit(0)));
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready', url: `http://127.0.0.1:${port}` });
