// Against a real HTTP server on a port, with a raw client that is still writing a large request body when the answer
// comes: a request refused before its body is read (not signed in, no permission, over the size limit) must still
// reach the client as its status and problem+json, every time. The server answers with Connection: close and reads
// and discards the rest of the body before it closes, so the client's writes never meet a closed socket (which
// resets the connection and loses the answer the client had not read yet).
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveApp } from '@server/http/serve-app';
import { UPLOAD_PATH } from '@server/routes/upload-routes';
import { testDrivers } from './support/test-database';
import { useTestApp } from './support/use-test-app';

const TRIES = 30;
/** Sizes of the client's writes, one per try in turn: small writes a millisecond apart, and large ones still in flight when the answer comes. */
const CHUNK_SIZES = [64 * 1024, 256 * 1024, 1024 * 1024, 4 * 1024 * 1024];

interface Outcome {
  status: number | null;
  body: string;
  connection: string | undefined;
  /** The answer's headers came before the client had written its whole body. */
  answeredWhileWriting: boolean;
  error: string | null;
}

/**
 * Sends `totalBytes` of body in `chunkBytes` pieces a millisecond apart, and goes on sending after the answer came,
 * until the whole body is sent or the connection is gone. Settles when the connection has closed.
 */
function slowRequest(port: number, path: string, headers: Record<string, string>, head: string, totalBytes: number, filler: number, chunkBytes: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { status: null, body: '', connection: undefined, answeredWhileWriting: false, error: null };
    let writing = true;
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path, agent: false, headers: { ...headers, 'content-length': String(totalBytes) } }, (res) => {
      outcome.status = res.statusCode ?? null;
      outcome.connection = res.headers.connection;
      outcome.answeredWhileWriting = writing;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (outcome.body += chunk));
      res.on('error', (error) => (outcome.error ??= `response: ${error.message}`));
    });
    req.on('error', (error: NodeJS.ErrnoException) => (outcome.error ??= `${error.code ?? ''} ${error.message}`));
    let closed = false;
    req.on('socket', (socket) => socket.once('close', () => {
      closed = true;
      resolve(outcome);
    }));
    const piece = Buffer.alloc(chunkBytes, filler);
    let sent = 0;
    const writeMore = () => {
      if (closed) return;
      if (sent === 0) {
        const first = Buffer.from(head);
        req.write(first);
        sent = first.length;
      }
      if (sent < totalBytes) {
        const size = Math.min(chunkBytes, totalBytes - sent);
        sent += size;
        if (req.write(size === chunkBytes ? piece : piece.subarray(0, size))) setTimeout(writeMore, 1);
        else req.once('drain', () => setTimeout(writeMore, 1));
        return;
      }
      writing = false;
      req.end();
    };
    writeMore();
  });
}

describe.each(testDrivers)('requests refused before their body is read, on %s', (driver) => {
  const env = useTestApp(driver);
  let server: http.Server;
  let port: number;
  let readOnly: string;
  let admin: string;

  beforeAll(async () => {
    server = await serveApp(env.t.app, { port: 0, hostname: '127.0.0.1' });
    port = (server.address() as AddressInfo).port;
    readOnly = (await env.signInAs('9000000006')).authKey;
    admin = (await env.signInAs('9000000001')).authKey;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const boundary = '----refused-body-test';
  const multipartHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`;
  const multipart = { 'content-type': `multipart/form-data; boundary=${boundary}` };

  async function tryTimes(send: (chunkBytes: number) => Promise<Outcome>, status: number) {
    const outcomes: Outcome[] = [];
    for (let i = 0; i < TRIES; i += 1) outcomes.push(await send(CHUNK_SIZES[i % CHUNK_SIZES.length]!));
    const failed = outcomes.filter((o) => o.status !== status || o.error !== null || !o.body.includes(`"status":${status}`));
    expect(failed.map((o) => ({ status: o.status, error: o.error })), `${failed.length} of ${TRIES} tries lost the answer`).toEqual([]);
    for (const o of outcomes) expect(o.connection).toBe('close');
    // The race the test is about: the answer came while the client was still writing, in most tries.
    expect(outcomes.filter((o) => o.answeredWhileWriting).length).toBeGreaterThan(TRIES / 2);
  }

  it(`answers ${TRIES} anonymous multipart uploads of 4 MB with 401, every one read by the client`, async () => {
    await tryTimes((chunk) => slowRequest(port, `${UPLOAD_PATH}?kind=user-photos`, multipart, multipartHead, 4 * 1024 * 1024, 0x41, chunk), 401);
  }, 120_000);

  it(`answers ${TRIES} Read Only multipart uploads of 4 MB with 403, every one read by the client`, async () => {
    const headers = { ...multipart, authorization: `Bearer ${readOnly}` };
    await tryTimes((chunk) => slowRequest(port, `${UPLOAD_PATH}?kind=user-photos`, headers, multipartHead, 4 * 1024 * 1024, 0x41, chunk), 403);
  }, 120_000);

  it(`answers ${TRIES} JSON bodies of 20 MB with 413, every one read by the client`, async () => {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${readOnly}` };
    await tryTimes((chunk) => slowRequest(port, '/config/admin/vendor', headers, '{"name":"', 20 * 1024 * 1024, 0x78, chunk), 413);
  }, 300_000);

  it(`answers ${TRIES} uploads of 8 MB (over the limit, refused while reading) with 413, every one read by the client`, async () => {
    const headers = { ...multipart, authorization: `Bearer ${admin}` };
    await tryTimes((chunk) => slowRequest(port, `${UPLOAD_PATH}?kind=user-photos`, headers, multipartHead, 8 * 1024 * 1024, 0x41, chunk), 413);
  }, 120_000);

  it('stops reading after its bounds: a client that never stops sending is cut off, its answer sent first', async () => {
    const bounded = await serveApp(env.t.app, { port: 0, hostname: '127.0.0.1', linger: { ms: 5_000, maxBytes: 2 * 1024 * 1024 } });
    try {
      // A raw client that ignores the answer and sends its declared 64 MB, a millisecond between 64 KiB pieces.
      const total = 64 * 1024 * 1024;
      const socket = net.connect((bounded.address() as AddressInfo).port, '127.0.0.1');
      let received = '';
      let sent = 0;
      socket.setEncoding('latin1');
      socket.on('data', (text: string) => (received += text));
      socket.on('error', () => {});
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(`POST /config/admin/vendor HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${total}\r\n\r\n`);
      const piece = Buffer.alloc(64 * 1024, 0x78);
      const started = Date.now();
      const pump = setInterval(() => {
        if (socket.destroyed || sent >= total) return clearInterval(pump);
        sent += piece.length;
        socket.write(piece);
      }, 1);
      await closed;
      clearInterval(pump);
      expect(received).toMatch(/^HTTP\/1\.1 413 /);
      expect(received.toLowerCase()).toContain('connection: close');
      // Cut off after about the bound's 2 MiB, well before the 64 MB the client meant to send.
      expect(sent).toBeLessThan(total / 4);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await new Promise<void>((resolve) => bounded.close(() => resolve()));
    }
  }, 30_000);
});
