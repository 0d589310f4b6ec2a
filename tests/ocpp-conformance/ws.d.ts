// The parts of `ws` (ocpp-rpc's WebSocket library, which ships no types of its own) the conformance harness uses.
declare module 'ws' {
  import type { IncomingMessage } from 'node:http';

  interface ClientOptions {
    headers?: Record<string, string>;
    handshakeTimeout?: number;
  }

  class WebSocket {
    static readonly OPEN: 1;
    constructor(address: string, protocols?: string | string[], options?: ClientOptions);
    readonly readyState: number;
    readonly protocol: string;
    send(data: string | Buffer, cb?: (error?: Error) => void): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    on(event: 'open', listener: () => void): this;
    on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'unexpected-response', listener: (request: unknown, response: IncomingMessage) => void): this;
  }

  export default WebSocket;
}
