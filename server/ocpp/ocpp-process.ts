// The server's side of the central system's own process (OCPP_PROCESS=separate, the default on PostgreSQL): starts
// server/ocpp/ocpp-process-main.ts, hands it every upgrade to /ocpp/{chargeBoxId} that arrives on the server's port
// (the socket itself, over the IPC channel), and starts it again if it dies. Upgrades that arrive while it is
// starting are answered 503: chargers reconnect with back-off.
import { fork, type ChildProcess } from 'node:child_process';
import type { IncomingHttpHeaders, Server as HttpServer } from 'node:http';
import type { Http2Server } from 'node:http2';
import type { Socket } from 'node:net';
import { compiledFiles, runsCompiled, runtimePath } from '@server/runtime-files';
import type { CentralSystem } from './central-system';
import { onOcppUpgrade, refuseUpgrade } from './ocpp-runtime';

/** What the server sends the central system's process. */
export type OcppProcessMessage =
  | { type: 'upgrade'; url: string; headers: IncomingHttpHeaders; head: string }
  | { type: 'stats'; id: number; reset?: boolean; metrics?: boolean; gc?: boolean }
  | { type: 'close' };

/** The central system's counters and its process's own figures. */
export type OcppProcessStats = ReturnType<CentralSystem['stats']> & { pid: number; rss: number; heapUsed: number; eld: { p99: number; max: number }; metrics?: string };

/** What the central system's process answers. */
export type OcppProcessReply = { type: 'ready'; nodeId: string } | { type: 'stats'; id: number; stats: OcppProcessStats };

/** The running central system's process, seen from the server. */
export interface OcppProcess {
  /** Its pid (undefined while it is being started again). */
  pid(): number | undefined;
  /**
   * Its counters; `reset` starts its event-loop delay figures again; `metrics` adds its metrics' text; `gc` runs a full
   * garbage collection before its memory is read, when it was started with --expose-gc (benchmarks).
   */
  stats(reset?: boolean, metrics?: boolean, gc?: boolean): Promise<OcppProcessStats>;
  /** Whether it runs and listens (readiness). */
  running(): boolean;
  close(): Promise<void>;
}

const entry = runtimePath(import.meta.url, './ocpp-process-main.ts', compiledFiles.ocppProcess);
/** How long the process may take to say it is ready, and to close. */
const START_TIMEOUT_MS = 60_000;
const CLOSE_TIMEOUT_MS = 15_000;
/** Wait before starting the process again after it died. */
const RESTART_AFTER_MS = 1_000;

/**
 * The process's Node options: the server's own (tsx's loader under `npm start`, a profiler when one is asked for),
 * with tsx's loader added where the server's code is loaded otherwise (vitest's workers). The compiled server forks
 * the compiled entry with its own options only: no TypeScript loader, which a production install may not have.
 */
function childExecArgv(): string[] {
  const own = process.execArgv;
  if (runsCompiled) return own;
  return own.some((arg) => arg.includes('tsx')) ? own : [...own, '--import', 'tsx'];
}

/**
 * Sends an upgraded socket to the process; this one then lets go of it. Node tracks a socket sent from a server's
 * connection so that the server's close waits for the receiving process to close it too, but forgets a process that
 * exited, and then waits forever: a server whose central system was restarted could never close. So the socket is
 * sent as a plain one (`server` unset), and destroyed here once sent, which counts it out of the server's connections
 * (its handle is the other process's now).
 */
function handOver(proc: ChildProcess, message: OcppProcessMessage, socket: Socket): void {
  (socket as unknown as { server: unknown }).server = null;
  proc.send(message, socket, () => socket.destroy());
}

/**
 * Starts the central system's process for `server` (whose upgrades under /ocpp/ it then takes) and resolves once it
 * listens for commands. `env` is the process's environment: DATABASE_URL and the OCPP_ settings.
 */
export async function startOcppProcess(input: { server: HttpServer | Http2Server; env: Record<string, string | undefined>; log: (line: string) => void }): Promise<OcppProcess> {
  let child: ChildProcess | null = null;
  let ready = false;
  let stopping = false;
  /** The first process said it was ready (from then on a process that dies is started again). */
  let started = false;
  let nextId = 1;
  const waiting = new Map<number, (stats: OcppProcessStats) => void>();

  const spawn = () =>
    new Promise<void>((resolve, reject) => {
      const proc = fork(entry, [], { execArgv: childExecArgv(), env: input.env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      child = proc;
      ready = false;
      const timer = setTimeout(() => {
        proc.kill('SIGKILL');
        reject(new Error(`The OCPP process did not start within ${START_TIMEOUT_MS / 1000} s.`));
      }, START_TIMEOUT_MS);
      proc.on('message', (raw: unknown) => {
        const reply = raw as OcppProcessReply;
        if (reply.type === 'ready') {
          clearTimeout(timer);
          ready = true;
          resolve();
        } else if (reply.type === 'stats') {
          waiting.get(reply.id)?.(reply.stats);
          waiting.delete(reply.id);
        }
      });
      proc.once('exit', (code, signal) => {
        clearTimeout(timer);
        if (child === proc) {
          child = null;
          ready = false;
        }
        reject(new Error(`The OCPP process exited (${signal ?? code}) before it was ready.`));
        // Not started again while stopping, nor when the server's own start fails with it (startServer rejects).
        if (stopping || !started) return;
        input.log(`The OCPP process exited (${signal ?? code}): starting it again in ${RESTART_AFTER_MS / 1000} s; its chargers reconnect`);
        setTimeout(() => {
          if (!stopping) spawn().catch((error: unknown) => input.log(`The OCPP process could not start again: ${error instanceof Error ? error.message : error}`));
        }, RESTART_AFTER_MS).unref();
      });
    });

  onOcppUpgrade(input.server, (request, socket, head) => {
    const proc = child;
    if (!proc || !ready || stopping) return refuseUpgrade(socket);
    handOver(proc, { type: 'upgrade', url: request.url!, headers: request.headers, head: head.toString('base64') }, socket as Socket);
  });

  await spawn();
  started = true;
  return {
    pid: () => child?.pid,
    running: () => child !== null && ready && !stopping,
    stats(reset = false, metrics = false, gc = false) {
      const proc = child;
      if (!proc || !ready) return Promise.reject(new Error('The OCPP process is not running.'));
      const id = nextId++;
      return new Promise<OcppProcessStats>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error('The OCPP process did not answer.'));
        }, 10_000);
        waiting.set(id, (stats) => {
          clearTimeout(timer);
          resolve(stats);
        });
        proc.send({ type: 'stats', id, reset, metrics, gc } satisfies OcppProcessMessage);
      });
    },
    async close() {
      stopping = true;
      const proc = child;
      if (!proc || proc.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      const timer = setTimeout(() => proc.kill('SIGKILL'), CLOSE_TIMEOUT_MS);
      proc.send({ type: 'close' } satisfies OcppProcessMessage);
      await exited;
      clearTimeout(timer);
    },
  };
}
