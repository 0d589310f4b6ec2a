// Against a real HTTP server (serveApp, as server/start-server.ts runs it) with a keep-alive client: an
// answer given without reading the request body (413 over the 1 MiB limit, 401 before the body is looked at) closes
// the connection cleanly, so the client's next request goes out on a fresh socket and succeeds; answers that read
// their body keep the connection alive.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionPaths } from '@domain/session';
import { serveApp } from '@server/http/serve-app';
import { testDrivers } from './support/test-database';
import { useTestApp } from './support/use-test-app';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The request went out on a socket an earlier request had used. */
  reusedSocket: boolean;
}

function send(agent: http.Agent, port: number, method: string, path: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(body);
    const req = http.request(
      { host: '127.0.0.1', port, method, path, agent, headers: payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {} },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text, reusedSocket: req.reusedSocket }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe.each(testDrivers)('connections after a refused request body, on %s', (driver) => {
  const env = useTestApp(driver);
  let server: http.Server;
  let port: number;
  let agent: http.Agent;

  beforeAll(async () => {
    server = await serveApp(env.t.app, { port: 0, hostname: '127.0.0.1' });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    agent?.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('answers a body over 1 MiB with 413 problem+json and Connection: close; the next request succeeds', async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await send(agent, port, 'GET', '/health')).status).toBe(200);
    for (let round = 0; round < 3; round++) {
      const tooLarge = await send(agent, port, 'POST', sessionPaths.sendOtp, JSON.stringify({ mobileNumber: 'x'.repeat(1_100_000) }));
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.headers['content-type']).toBe('application/problem+json');
      expect(JSON.parse(tooLarge.text)).toMatchObject({ status: 413, title: 'Payload Too Large' });
      const next = await send(agent, port, 'GET', '/health');
      expect(next.status).toBe(200);
      expect(tooLarge.headers.connection).toBe('close');
      expect(next.reusedSocket, 'a fresh socket, not the closed one').toBe(false);
    }
  });

  it('closes after a refusal that never read its (large) body, and keeps alive after one that did', async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const unsigned = await send(agent, port, 'POST', '/config/admin/vendor', JSON.stringify({ name: 'x'.repeat(900_000) }));
    expect(unsigned.status).toBe(401);
    expect((await send(agent, port, 'GET', '/health')).status).toBe(200);
    expect(unsigned.headers.connection).toBe('close');

    // A body the server read (a 400 for an invalid number) leaves the connection open for the next request.
    const invalid = await send(agent, port, 'POST', sessionPaths.sendOtp, JSON.stringify({ mobileNumber: 'not a number' }));
    expect(invalid.status).toBe(400);
    expect(invalid.headers.connection).toBe('keep-alive');
    const after = await send(agent, port, 'GET', '/health');
    expect(after.status).toBe(200);
    expect(after.reusedSocket).toBe(true);
  });
});
