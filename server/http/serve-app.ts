// The API's HTTP server: the Hono app on node:http through @hono/node-server, with one rule of our own for answers
// given before the request's body was read (401, 403, 413 at the headers: the common case for a refused upload).
//
// Node closes such a connection as soon as the answer is written (`Connection: close` makes it call destroySoon),
// and @hono/node-server's own clean-up closes it after 500 ms of reading. Either way the socket is closed while the
// client is still sending its body: the kernel answers the unread bytes with a reset, and a reset arriving before
// the client has read the answer makes it lose the answer (EPIPE or ECONNRESET instead of the status). So such an
// answer says `Connection: close`, goes out with the write side closed after it, and the server goes on reading and
// discarding the rest of the body — until it ends, the client closes, LINGER_MAX_BYTES more have come, or LINGER_MS
// have passed — before it closes the socket (the "lingering close" of HTTP/1.1's connection tear-down).
import http, { type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from './app-env';

/** Longest time a connection whose answer came before its body goes on reading that body (ms). */
export const LINGER_MS = 10_000;

/** Most body bytes read and discarded after such an answer before the connection is closed anyway. */
export const LINGER_MAX_BYTES = 64 * 1024 * 1024;

/** Whether the request declares a body (a length other than 0, or a transfer encoding). */
export function declaresBody(headers: IncomingMessage['headers']): boolean {
  return (headers['content-length'] ?? '0') !== '0' || headers['transfer-encoding'] !== undefined;
}

/** True while the request's body has not been received whole: an answer now comes before the body. */
const bodyStillComing = (req: IncomingMessage) => declaresBody(req.headers) && !req.complete;

/** How long, and for how many body bytes, a connection answered before its body lingers. */
export interface LingerBounds {
  ms: number;
  maxBytes: number;
}

const lingering = new WeakSet<Socket>();

/**
 * Makes the connection of a request answered before its body linger when the server closes it: Node's close after
 * the answer (and @hono/node-server's after its drain) half-closes instead, then the rest of the body is read and
 * discarded within the bounds, and only then is the socket closed.
 */
function lingerOnClose(req: IncomingMessage, bounds: LingerBounds): void {
  const socket = req.socket;
  if (lingering.has(socket)) return;
  lingering.add(socket);
  const close = socket.destroySoon.bind(socket);
  let started = false;
  socket.destroySoon = () => {
    if (started) return;
    started = true;
    if (req.complete || socket.destroyed) return close();
    // The answer, then our FIN; the socket keeps reading (node:http sockets allow half-open connections).
    socket.end();
    let read = 0;
    let closed = false;
    const done = () => {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      close();
    };
    const timer = setTimeout(done, bounds.ms);
    timer.unref();
    // Nobody reads the body any more: whatever held it (a web stream of the request, a drain) lets go, and each chunk
    // is counted and dropped, so the parser keeps taking bytes off the socket.
    req.removeAllListeners('data');
    req.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > bounds.maxBytes) done();
    });
    req.once('end', done);
    req.once('error', done);
    socket.once('close', () => clearTimeout(timer));
    req.resume();
  };
}

/** Headers passed to writeHead without any Connection header (the answer's own is set apart). */
function withoutConnection(headers: OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined): OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined {
  if (!headers || Array.isArray(headers)) return headers;
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'connection'));
}

/** A response class whose answers, going out before their request's body has come whole, close the connection and linger. */
function answerFirstResponse(bounds: LingerBounds): typeof http.ServerResponse {
  return class AnswerFirstResponse<Request extends IncomingMessage = IncomingMessage> extends http.ServerResponse<Request> {
    override writeHead(statusCode: number, reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
      if (this.headersSent || !bodyStillComing(this.req)) return super.writeHead(statusCode, reasonOrHeaders as string, headers);
      this.setHeader('Connection', 'close');
      lingerOnClose(this.req, bounds);
      if (typeof reasonOrHeaders === 'string') return super.writeHead(statusCode, reasonOrHeaders, withoutConnection(headers));
      return super.writeHead(statusCode, withoutConnection(reasonOrHeaders));
    }
  };
}

/** Options of serveApp. */
export interface ServeAppOptions {
  port: number;
  hostname: string;
  /** Bounds of the lingering close (default LINGER_MS, LINGER_MAX_BYTES; tests pass small ones). */
  linger?: LingerBounds;
}

/** Serves the app on a port (0: any free one); resolves once it listens. */
export function serveApp(app: Hono<AppEnv>, options: ServeAppOptions): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    const ServerResponse = answerFirstResponse(options.linger ?? { ms: LINGER_MS, maxBytes: LINGER_MAX_BYTES });
    const server = serve({ fetch: app.fetch, port: options.port, hostname: options.hostname, serverOptions: { ServerResponse } }, () => resolve(server as Server));
    server.once('error', reject);
  });
}
