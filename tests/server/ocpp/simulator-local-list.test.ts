// The simulated charger's local authorization list against a scripted central system: Full and Differential updates
// (a removal without idTagInfo, VersionMismatch on a stale differential), GetLocalListVersion, and, while the central
// system is unreachable, a card on the list charging at once, its StartTransaction and StopTransaction sent when the
// charger reconnects (the stop with the transaction id the start was given).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import ocpp from 'ocpp-rpc';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { until } from '@tests/server/support/live-charger';

interface ServerClient {
  handle(method: string, handler: (call: { params: unknown }) => unknown): void;
  call(method: string, params?: unknown): Promise<unknown>;
  close(options?: Record<string, unknown>): Promise<unknown>;
}
const { RPCServer } = ocpp as unknown as {
  RPCServer: new (options: Record<string, unknown>) => {
    auth(cb: (accept: () => void, reject: (code?: number) => void) => void): void;
    on(event: 'client', cb: (client: ServerClient) => void): void;
    listen(port: number, host: string): Promise<{ address(): AddressInfo | string | null }>;
    close(options?: Record<string, unknown>): Promise<void>;
  };
};

describe('simulated charger local list', () => {
  const server = new RPCServer({ protocols: ['ocpp1.6'], strictMode: true });
  let sim: SimulatedCharger;
  let client: ServerClient | null = null;
  let reachable = true;
  const received: { method: string; params: Record<string, unknown> }[] = [];
  beforeAll(async () => {
    server.auth((accept, reject) => (reachable ? accept() : reject(503)));
    server.on('client', (c) => {
      client = c;
      c.handle('BootNotification', () => ({ status: 'Accepted', currentTime: new Date().toISOString(), interval: 300 }));
      c.handle('StatusNotification', () => ({}));
      c.handle('Heartbeat', () => ({ currentTime: new Date().toISOString() }));
      c.handle('Authorize', () => ({ idTagInfo: { status: 'Accepted' } }));
      c.handle('MeterValues', () => ({}));
      c.handle('StartTransaction', ({ params }) => {
        received.push({ method: 'StartTransaction', params: params as Record<string, unknown> });
        return { transactionId: 4242, idTagInfo: { status: 'Accepted' } };
      });
      c.handle('StopTransaction', ({ params }) => {
        received.push({ method: 'StopTransaction', params: params as Record<string, unknown> });
        return {};
      });
    });
    const http = await server.listen(0, '127.0.0.1');
    sim = new SimulatedCharger({ url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}`, identity: 'SIM-LIST', password: 'not-checked-here', backoff: { initialDelay: 100, maxDelay: 300 } });
    await sim.start();
    await until(async () => client, (c) => c !== null);
  });
  afterAll(async () => {
    await sim.stop();
    await server.close({ force: true });
  });

  it('keeps its list: Full replaces it, Differential changes and removes cards, a stale Differential is VersionMismatch', async () => {
    expect(await client!.call('GetLocalListVersion', {})).toEqual({ listVersion: 0 });
    const full = { listVersion: 5, updateType: 'Full', localAuthorizationList: [{ idTag: 'CARD1', idTagInfo: { status: 'Accepted' } }, { idTag: 'CARD2', idTagInfo: { status: 'Blocked' } }] };
    expect(await client!.call('SendLocalList', full)).toEqual({ status: 'Accepted' });
    expect(await client!.call('GetLocalListVersion', {})).toEqual({ listVersion: 5 });
    expect(sim.localStatus('CARD1')).toBe('Accepted');
    expect(sim.localStatus('CARD2')).toBe('Blocked');
    const diff = { listVersion: 6, updateType: 'Differential', localAuthorizationList: [{ idTag: 'CARD2' }, { idTag: 'CARD3', idTagInfo: { status: 'Accepted' } }] };
    expect(await client!.call('SendLocalList', diff)).toEqual({ status: 'Accepted' });
    expect([...sim.localList.keys()].sort()).toEqual(['CARD1', 'CARD3']);
    expect(await client!.call('SendLocalList', { ...diff, listVersion: 6 })).toEqual({ status: 'VersionMismatch' });
    expect(sim.localListVersion).toBe(6);
    expect(sim.localStatus('UNKNOWN')).toBe('Invalid');
  });

  it('charges a card on its list while the central system is unreachable and reports the session when it reconnects', async () => {
    reachable = false;
    client = null;
    sim.drop();
    await until(async () => sim.online, (online) => !online);
    expect(await sim.startWithCard(1, 'CARD2')).toBe('Invalid');
    expect(await sim.startWithCard(1, 'CARD1')).toBe('Accepted');
    expect(sim.session(1)).toMatchObject({ idTag: 'CARD1', transactionId: null });
    await sim.stopSession(sim.connectors[0]!, 'Local');
    expect(received).toEqual([]);
    reachable = true;
    await until(async () => received.length, (n) => n >= 2, 20_000);
    expect(received.map((r) => r.method)).toEqual(['StartTransaction', 'StopTransaction']);
    expect(received[0]!.params).toMatchObject({ connectorId: 1, idTag: 'CARD1' });
    expect(received[1]!.params).toMatchObject({ transactionId: 4242, reason: 'Local', idTag: 'CARD1' });
    expect(sim.pendingStarts).toHaveLength(0);
    expect(sim.pendingStops).toHaveLength(0);
  });
});
