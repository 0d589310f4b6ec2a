// The embedded database's data folder belongs to one process. PGlite keeps no lock of its own (its postmaster.pid
// holds a fixed -42): a second process opening the same folder writes over the first one's files, and the folder is
// left unopenable. So whatever opens `<DATA_DIR>/pglite` (the server, and the backup, restore and move commands) first
// holds the folder's control socket, a Unix socket in DATA_DIR that only its owner may use (0600). A process that
// finds it answering refuses to open the folder; one that finds it not answering (its process died) removes it.
// Through the socket the server also answers a backup request: it dumps the database it holds.
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** File name of the control socket in DATA_DIR. */
export const CONTROL_SOCKET_NAME = 'db-control.sock';

/** Longest Unix socket path the operating systems take (108 bytes on Linux, 104 on macOS, with the final NUL). */
const MAX_SOCKET_PATH = 100;

/**
 * The control socket of a data folder: `<dataDir>/db-control.sock`, or, when that path is too long for a Unix socket,
 * one in the system's temporary folder named after the data folder's absolute path (every process finds the same one).
 */
export function controlSocketPath(dataDir: string): string {
  const inFolder = path.join(path.resolve(dataDir), CONTROL_SOCKET_NAME);
  if (Buffer.byteLength(inFolder) <= MAX_SOCKET_PATH) return inFolder;
  const key = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `czo-db-${key}.sock`);
}

/** What a holder is: the server, or one of the database commands. */
export type DataDirHolderKind = 'server' | 'backup' | 'restore' | 'move' | 'first-admin';

/** A request through the control socket. */
export type ControlRequest = { op: 'hello' } | { op: 'backup'; file: string };

/** The holder's answer. */
export type ControlAnswer =
  | { ok: true; holder: DataDirHolderKind; pid: number; bytes?: number; counts?: Record<string, number> }
  | { ok: false; holder: DataDirHolderKind; pid: number; message: string };

/** The folder is held by another process (it answered on the control socket). */
export class DataDirHeldError extends Error {
  override name = 'DataDirHeldError';
  constructor(
    readonly holder: DataDirHolderKind,
    readonly pid: number,
  ) {
    super(holder === 'server' ? `A running server (process ${pid}) holds this data folder.` : `Another database command (${holder}, process ${pid}) is working on this data folder.`);
  }
}

/** A held folder: release it (removes the socket). */
export interface DataDirHold {
  socketPath: string;
  release(): Promise<void>;
}

/** Options of holdDataDir. */
export interface HoldOptions {
  holder: DataDirHolderKind;
  /** Answers a backup request (the server); without it the holder answers that it cannot take one now. */
  backup?: (file: string) => Promise<{ bytes: number; counts?: Record<string, number> }>;
}

/**
 * How long a client waits for a holder's answer to hello (a backup waits as long as it takes). Long: a server taking a
 * backup answers nothing until the dump is read, seconds on a busy machine; a client that gets no answer refuses.
 */
const HELLO_TIMEOUT_MS = 60_000;

/**
 * Takes the data folder for this process: listens on its control socket (mode 0600), after removing a stale one.
 * Throws DataDirHeldError when another process answers on it.
 */
export async function holdDataDir(dataDir: string, options: HoldOptions): Promise<DataDirHold> {
  mkdirSync(dataDir, { recursive: true });
  const socketPath = controlSocketPath(dataDir);
  for (let attempt = 0; ; attempt++) {
    const other = await askHolder(dataDir, { op: 'hello' });
    if (other) throw new DataDirHeldError(other.holder, other.pid);
    try {
      const server = await listen(socketPath, options);
      let released = false;
      const removeAtExit = () => {
        if (!released) safeUnlink(socketPath);
      };
      process.once('exit', removeAtExit);
      return {
        socketPath,
        release: async () => {
          if (released) return;
          released = true;
          process.off('exit', removeAtExit);
          await new Promise<void>((resolve) => server.close(() => resolve()));
          safeUnlink(socketPath);
        },
      };
    } catch (error) {
      // Another process took it between our look and our listen: look again (it answers, or it died).
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && attempt < 3) continue;
      throw error;
    }
  }
}

function listen(socketPath: string, options: HoldOptions): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => serve(socket, options));
    server.once('error', reject);
    // Created owner-only from the start (the umask), then set exactly: nobody else may ask this process for a dump.
    const umask = process.umask(0o177);
    try {
      server.listen(socketPath, () => {
        server.off('error', reject);
        server.on('error', (error) => console.error('[db-control]', error.message));
        chmodSync(socketPath, 0o600);
        resolve(server);
      });
    } finally {
      process.umask(umask);
    }
  });
}

function serve(socket: net.Socket, options: HoldOptions): void {
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    const end = buffered.indexOf('\n');
    if (end < 0) {
      if (buffered.length > 10_000) socket.destroy();
      return;
    }
    const line = buffered.slice(0, end);
    buffered = '';
    void answer(line, options).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
  });
}

async function answer(line: string, options: HoldOptions): Promise<ControlAnswer> {
  const me = { holder: options.holder, pid: process.pid };
  let request: ControlRequest;
  try {
    request = JSON.parse(line) as ControlRequest;
  } catch {
    return { ok: false, ...me, message: 'The request is not JSON.' };
  }
  if (request.op === 'hello') return { ok: true, ...me };
  if (request.op === 'backup') {
    if (typeof request.file !== 'string' || !path.isAbsolute(request.file)) return { ok: false, ...me, message: 'The backup file must be an absolute path.' };
    if (!options.backup) return { ok: false, ...me, message: 'This process cannot take a backup now.' };
    try {
      return { ok: true, ...me, ...(await options.backup(request.file)) };
    } catch (error) {
      return { ok: false, ...me, message: error instanceof Error ? error.message : String(error) };
    }
  }
  return { ok: false, ...me, message: 'Unknown request.' };
}

/**
 * Asks the process holding the data folder; null when none does (no socket, or a stale one, which is then removed).
 * A backup waits as long as the dump takes.
 */
export async function askHolder(dataDir: string, request: ControlRequest): Promise<ControlAnswer | null> {
  const socketPath = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let reply = '';
    let settled = false;
    const done = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      fn();
    };
    const timer = setTimeout(
      () => done(() => reject(new Error(`The process holding ${dataDir} did not answer on ${socketPath} within ${HELLO_TIMEOUT_MS / 1000} s (it may be taking a backup): nothing was changed; try again.`))),
      request.op === 'hello' ? HELLO_TIMEOUT_MS : 2 ** 31 - 1,
    );
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => {
      reply += chunk;
      const end = reply.indexOf('\n');
      if (end >= 0) done(() => resolve(JSON.parse(reply.slice(0, end)) as ControlAnswer));
    });
    socket.on('end', () => done(() => reject(new Error(`The process holding ${dataDir} closed its control socket without answering.`))));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return done(() => resolve(null));
      // Nobody listens: the process that made it died without removing it.
      if (error.code === 'ECONNREFUSED') {
        safeUnlink(socketPath);
        return done(() => resolve(null));
      }
      done(() => reject(new Error(`Could not reach ${socketPath}: ${error.message}`)));
    });
  });
}

function safeUnlink(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}
