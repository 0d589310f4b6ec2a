// `npm run bench:sim-calls`: the CPU a simulated charger's calls cost, with ocpp-rpc's own call timer (a TimeoutError
// and an AbortError, each with its stack, made for every call) against the simulator's own timer (SimulatedCharger).
// 200 chargers and a bare strict-mode ocpp-rpc server with trivial handlers, all in this process, 100 Heartbeats
// each per measurement; the two ways alternate, three times each. The server's share is the same in both.
import ocpp from 'ocpp-rpc';
import type { AddressInfo } from 'node:net';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';

const { RPCServer, RPCClient } = ocpp as unknown as {
  RPCServer: new (options: Record<string, unknown>) => {
    on(event: 'client', cb: (client: { handle(method: string, handler: () => unknown): void }) => void): void;
    listen(port: number, host: string): Promise<{ address(): AddressInfo | string | null }>;
    close(options?: Record<string, unknown>): Promise<void>;
  };
  RPCClient: new (options: Record<string, unknown>) => { connect(): Promise<unknown>; call(method: string, params: unknown): Promise<unknown>; close(options?: Record<string, unknown>): Promise<unknown> };
};

const CHARGERS = 200;
const ROUNDS = 100;
const server = new RPCServer({ protocols: ['ocpp1.6'], strictMode: true });
const now = () => new Date().toISOString();
server.on('client', (client) => {
  client.handle('BootNotification', () => ({ status: 'Accepted', currentTime: now(), interval: 300 }));
  client.handle('StatusNotification', () => ({}));
  client.handle('Heartbeat', () => ({ currentTime: now() }));
});
const http = await server.listen(0, '127.0.0.1');
const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}`;

const library = await Promise.all(
  Array.from({ length: CHARGERS }, async (_, i) => {
    const client = new RPCClient({ endpoint: url, identity: `LIB${i}`, protocols: ['ocpp1.6'], strictMode: true, callTimeoutMs: 30_000 });
    await client.connect();
    return client;
  }),
);
const simulated = await Promise.all(
  Array.from({ length: CHARGERS }, async (_, i) => {
    const sim = new SimulatedCharger({ url, identity: `SIM${i}`, password: 'unused-by-this-server' });
    await sim.start();
    return sim;
  }),
);
await new Promise((resolve) => setTimeout(resolve, 1_000)); // boots and status notifications done

async function measure(call: (i: number) => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  for (let round = 0; round < ROUNDS; round++) await Promise.all(Array.from({ length: CHARGERS }, (_, i) => call(i)));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const results = { library: [] as number[], simulator: [] as number[] };
for (let run = 0; run < 3; run++) {
  results.library.push(await measure((i) => library[i]!.call('Heartbeat', {})));
  results.simulator.push(await measure((i) => simulated[i]!.call('Heartbeat', {})));
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const calls = CHARGERS * ROUNDS;
console.log(`${calls.toLocaleString('en')} Heartbeats per measurement, CPU of this process (chargers and server):`);
console.log(`  ocpp-rpc's call timer:   ${results.library.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);
console.log(`  the simulator's timer:   ${results.simulator.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);
console.log(`  median ratio simulator / library: ${(median(results.simulator) / median(results.library)).toFixed(2)}`);
await Promise.all([...library.map((c) => c.close({ force: true })), ...simulated.map((s) => s.stop())]);
await server.close({ force: true });
process.exit(0);
