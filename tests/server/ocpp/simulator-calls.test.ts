// The simulated charger's calls: answered as ocpp-rpc answers them, and given up by the charger's own timer when the
// central system does not answer in time, without holding up the calls after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import ocpp from 'ocpp-rpc';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';

const { RPCServer } = ocpp as unknown as {
  RPCServer: new (options: Record<string, unknown>) => {
    on(event: 'client', cb: (client: { handle(method: string, handler: (call: { params: unknown }) => unknown): void }) => void): void;
    listen(port: number, host: string): Promise<{ address(): AddressInfo | string | null }>;
    close(options?: Record<string, unknown>): Promise<void>;
  };
};

describe('simulated charger calls', () => {
  const server = new RPCServer({ protocols: ['ocpp1.6'], strictMode: true });
  let url = '';
  let sim: SimulatedCharger;
  beforeAll(async () => {
    server.on('client', (client) => {
      client.handle('BootNotification', () => ({ status: 'Accepted', currentTime: new Date().toISOString(), interval: 300 }));
      client.handle('StatusNotification', () => ({}));
      client.handle('Heartbeat', () => ({ currentTime: '2026-11-27T10:00:00.000Z' }));
      // Authorize is never answered: a central system that went quiet.
      client.handle('Authorize', () => new Promise(() => {}));
    });
    const http = await server.listen(0, '127.0.0.1');
    url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}`;
    sim = new SimulatedCharger({ url, identity: 'SIM-CALLS', password: 'not-checked-here', callTimeoutMs: 300 });
    await sim.start();
  });
  afterAll(async () => {
    await sim.stop();
    await server.close({ force: true });
  });

  it('answers a call with the central system answer', async () => {
    await expect(sim.call('Heartbeat', {})).resolves.toEqual({ currentTime: '2026-11-27T10:00:00.000Z' });
  });

  it('gives a call up after its limit, and the next call is answered', async () => {
    const t0 = performance.now();
    await expect(sim.call('Authorize', { idTag: 'CZO-UNANSWERED' })).rejects.toThrow('No answer within 0.3 s');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(280);
    await expect(sim.call('Heartbeat', {})).resolves.toEqual({ currentTime: '2026-11-27T10:00:00.000Z' });
  });
});
