// A cluster on one machine, as if on several: N server processes (each its own PORT, DATA_DIR, JOB_WORKERS and
// process group, all on one PostgreSQL database) behind HAProxy, which the harness configures and starts itself, with
// a plain HTTP frontend and a TLS one (chargers' wss://, the console's https://) ended at the balancer.
//
// API (used by tests/cluster/cluster.test.ts and the cluster benchmarks):
//
//   const cluster = await startCluster({ databaseUrl, dir, processes: 3, serverPorts: [3830, 3831, 3832],
//     httpPort: 3840, tlsPort: 3841, env: { SEED_SCALE: '0.02' }, log: console.log });
//   cluster.httpUrl   http://127.0.0.1:3840   (HAProxy, plain HTTP: the console's API, ws:// for chargers)
//   cluster.httpsUrl  https://127.0.0.1:3841  (HAProxy, TLS ended there)
//   cluster.wssUrl    wss://127.0.0.1:3841/ocpp  (chargers: `${wssUrl}/${chargeBoxId}`, Basic auth as today)
//   cluster.caFile    the self-signed certificate the TLS frontend presents (NODE_EXTRA_CA_CERTS=caFile, or ws's `ca`)
//   cluster.secrets   { OTP_PEPPER, UPLOAD_LINK_SECRET } shared by every process (a code sent through one process is
//                     checked by another; a signed link made by one is opened by another)
//   cluster.nodes[i]  a ClusterNode:
//     .port .url (straight to the process, bypassing HAProxy) .dataDir .logFile .pid()
//     .output()                     everything it printed so far (stdout and stderr)
//     .waitForOutput(regex, ms)     the first match printed from now on or already printed (OTP codes: otpOf below)
//     .kill('SIGKILL')              the machine dies: its whole process group (server and its OCPP process) at once;
//     .kill('SIGTERM')              a graceful stop (the server drains, then closes its chargers with 1001);
//                                   both resolve once every process of the group is gone
//     .start()                      starts it again (same port, same DATA_DIR) and waits until /health/ready is 200
//     .running()
//   cluster.haproxy   { pid, configFile, logFile, stop() }
//   cluster.stop()    SIGTERM to every process still running (SIGKILL after a while), then HAProxy
//
// Lower-level pieces are exported too: findHaproxy, generateCertificate, haproxyConfig, startHaproxy,
// startServerProcess, waitReady, otpOf.
//
// The first process starts alone (it migrates an empty database and seeds demo data when APP_ENV is not production:
// SEED_SCALE small), then the others together. Every process gets APP_ENV=test unless `env` says otherwise (no
// simulated chargers of its own, the SMS log provider prints sign-in codes), TRUST_PROXY=true (HAProxy sets
// X-Forwarded-For) and the shared secrets. HAProxy checks GET /health/ready every second: a process that is draining
// or whose OCPP process is not running answers 503 and gets no new connection; one that was killed is out after two
// failed checks, and connections that fail before then are sent to another process (option redispatch, retries).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (where `server/main.ts` is). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where HAProxy's binary is, or null. */
export function findHaproxy(): string | null {
  for (const candidate of [process.env.HAPROXY_BIN, '/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].filter(Boolean) as string[]) {
    if (existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** The message of a missing HAProxy: how to install it. */
export const HAPROXY_MISSING = 'HAProxy is not installed: run `bash scripts/ensure-haproxy.sh` (or `sudo apt-get install -y haproxy`) and try again.';

/**
 * A self-signed certificate for 127.0.0.1 and localhost (openssl), written under `dir`: `cert.pem` (what clients
 * trust) and `haproxy.pem` (certificate then key, what HAProxy's `bind … ssl crt` reads).
 */
export function generateCertificate(dir: string): { certFile: string; keyFile: string; pemFile: string } {
  mkdirSync(dir, { recursive: true });
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  const pemFile = path.join(dir, 'haproxy.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], {
    stdio: 'ignore',
  });
  writeFileSync(pemFile, readFileSync(certFile, 'utf8') + readFileSync(keyFile, 'utf8'), { mode: 0o600 });
  return { certFile, keyFile, pemFile };
}

/** Options of haproxyConfig. */
export interface HaproxyConfigOptions {
  /** Plain HTTP frontend's port (127.0.0.1). */
  httpPort: number;
  /** TLS frontend's port (127.0.0.1) and the PEM (certificate then key) it presents. */
  tlsPort: number;
  pemFile: string;
  /** The server processes' ports on 127.0.0.1. */
  serverPorts: readonly number[];
  /** How new connections are spread [leastconn: chargers' and live streams' connections last for hours]. */
  balance?: 'leastconn' | 'roundrobin';
}

/**
 * HAProxy's configuration for the cluster (docs/production.md shows the same). `timeout tunnel` applies once a
 * connection is upgraded (WebSocket) or streams (the console's live events): an hour, well past the chargers'
 * pings (30 s) and the live stream's keep-alives.
 */
export function haproxyConfig(o: HaproxyConfigOptions): string {
  return [
    'global',
    '  maxconn 8000',
    '  log stdout format raw local0',
    '',
    'defaults',
    '  mode http',
    '  log global',
    '  option httplog',
    '  option dontlog-normal',
    '  option forwardfor',
    // A request a process refused with 503 (it is draining: nothing was done) or could not take (it is gone) is sent
    // again, each time to another process, before the health checks have taken that process out.
    '  option redispatch 1',
    '  retries 3',
    '  retry-on conn-failure 503',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    '  timeout tunnel 1h',
    '  timeout client-fin 5s',
    '',
    'frontend console_http',
    `  bind 127.0.0.1:${o.httpPort}`,
    '  default_backend servers',
    '',
    'frontend console_tls',
    `  bind 127.0.0.1:${o.tlsPort} ssl crt ${o.pemFile}`,
    '  http-request set-header X-Forwarded-Proto https',
    '  default_backend servers',
    '',
    'backend servers',
    `  balance ${o.balance ?? 'leastconn'}`,
    '  option httpchk',
    '  http-check send meth GET uri /health/ready',
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 1 maxconn 4000',
    ...o.serverPorts.map((port, i) => `  server p${i} 127.0.0.1:${port} check`),
    '',
  ].join('\n');
}

/** Resolves once something listens on 127.0.0.1:`port` (rejects after `timeoutMs`). */
async function listening(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`Nothing listens on 127.0.0.1:${port} after ${timeoutMs / 1000} s.`);
    await sleep(100);
  }
}

/** A running HAProxy. */
export interface RunningHaproxy {
  pid: number;
  configFile: string;
  logFile: string;
  stop(): Promise<void>;
}

/** Writes the configuration under `dir` and starts HAProxy in the foreground (-db), its output in `dir`/haproxy.log. */
export async function startHaproxy(dir: string, options: HaproxyConfigOptions): Promise<RunningHaproxy> {
  const bin = findHaproxy();
  if (!bin) throw new Error(HAPROXY_MISSING);
  mkdirSync(dir, { recursive: true });
  const configFile = path.join(dir, 'haproxy.cfg');
  const logFile = path.join(dir, 'haproxy.log');
  writeFileSync(configFile, haproxyConfig(options));
  execFileSync(bin, ['-c', '-q', '-f', configFile], { stdio: 'pipe' });
  const out = createWriteStream(logFile);
  const proc = spawn(bin, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout.pipe(out);
  proc.stderr.pipe(out);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  try {
    await Promise.race([
      Promise.all([listening(options.httpPort, 10_000), listening(options.tlsPort, 10_000)]),
      exited.then(() => Promise.reject(new Error(`HAProxy exited at start: see ${logFile}`))),
    ]);
  } catch (error) {
    proc.kill('SIGKILL');
    throw error;
  }
  return {
    pid: proc.pid!,
    configFile,
    logFile,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resolves once `url`/health/ready answers 200 (rejects after `timeoutMs`, or at once when `gone()` says the process exited). */
export async function waitReady(url: string, timeoutMs: number, gone: () => string | null = () => null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const why = gone();
    if (why) throw new Error(why);
    try {
      const r = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(2_000) });
      await r.arrayBuffer();
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} was not ready after ${timeoutMs / 1000} s.`);
    await sleep(200);
  }
}

/** The last sign-in code the SMS log provider printed for a mobile number (10 digits), or undefined. */
export function otpOf(output: string, mobileNumber: string): string | undefined {
  return [...output.matchAll(new RegExp(`\\[sms:log\\] OTP \\+?(?:91)?\\s?${mobileNumber} (\\d{6})`, 'g'))].at(-1)?.[1];
}

/** One server process of the cluster. */
export interface ClusterNode {
  index: number;
  port: number;
  /** Straight to the process (not through HAProxy). */
  url: string;
  dataDir: string;
  logFile: string;
  pid(): number | undefined;
  running(): boolean;
  output(): string;
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  kill(signal?: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  start(): Promise<void>;
}

/** Options of one server process. */
export interface ServerProcessOptions {
  index: number;
  port: number;
  dataDir: string;
  logFile: string;
  /** Its whole environment. */
  env: Record<string, string | undefined>;
  /** Command and arguments [node --import tsx server/main.ts]. */
  command?: string[];
  cwd?: string;
  /** How long it may take to be ready [120 s]. */
  readyTimeoutMs?: number;
}

/** Kept of a process's output: enough for sign-in codes and errors, never unbounded. */
const MAX_OUTPUT_CHARS = 4_000_000;

/**
 * A server process in a process group of its own (kill('SIGKILL') takes the group, as a machine's death takes every
 * process on it). It is not started until `start()`.
 */
export function startServerProcess(o: ServerProcessOptions): ClusterNode {
  const command = o.command ?? [process.execPath, '--import', 'tsx', 'server/main.ts'];
  let proc: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let output = '';
  let exitNote: string | null = null;
  const watchers = new Set<() => void>();
  mkdirSync(o.dataDir, { recursive: true });
  mkdirSync(path.dirname(o.logFile), { recursive: true });
  const file = createWriteStream(o.logFile, { flags: 'a' });
  const url = `http://127.0.0.1:${o.port}`;

  const groupAlive = (pid: number) => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  const node: ClusterNode = {
    index: o.index,
    port: o.port,
    url,
    dataDir: o.dataDir,
    logFile: o.logFile,
    pid: () => proc?.pid,
    running: () => proc !== null && proc.exitCode === null && proc.signalCode === null,
    output: () => output,
    async waitForOutput(pattern, timeoutMs = 30_000) {
      const found = () => output.match(pattern);
      const first = found();
      if (first) return first;
      return new Promise<RegExpMatchArray>((resolve, reject) => {
        const check = () => {
          const m = found();
          if (!m) return;
          cleanup();
          resolve(m);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`process ${o.index} printed nothing matching ${pattern} within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          watchers.delete(check);
        };
        watchers.add(check);
      });
    },
    async kill(signal = 'SIGKILL') {
      const p = proc;
      if (!p?.pid) return;
      if (signal === 'SIGKILL') {
        try {
          process.kill(-p.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      } else {
        p.kill('SIGTERM');
      }
      await exited;
      // Its OCPP process (same group) ends with it: on SIGKILL at once, on SIGTERM once the server closed it.
      for (let i = 0; i < 200 && groupAlive(p.pid); i++) await sleep(50);
      if (groupAlive(p.pid)) process.kill(-p.pid, 'SIGKILL');
    },
    async start() {
      if (node.running()) return;
      exitNote = null;
      const [bin, ...args] = command;
      const child = spawn(bin!, args, { cwd: o.cwd ?? repoRoot, env: o.env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      proc = child;
      const keep = (chunk: Buffer) => {
        file.write(chunk);
        output += chunk.toString();
        if (output.length > MAX_OUTPUT_CHARS) output = output.slice(-MAX_OUTPUT_CHARS / 2);
        for (const w of [...watchers]) w();
      };
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
      exited = new Promise<void>((resolve) =>
        child.once('exit', (code, signal) => {
          exitNote = `process ${o.index} (port ${o.port}) exited (${signal ?? code}); its log: ${o.logFile}\n${output.slice(-3_000)}`;
          resolve();
        }),
      );
      await waitReady(url, o.readyTimeoutMs ?? 120_000, () => (proc === child ? exitNote : null));
    },
  };
  return node;
}

/** Options of startCluster. */
export interface ClusterOptions {
  /** PostgreSQL database every process uses (created beforehand; empty ones are migrated and seeded by the first). */
  databaseUrl: string;
  /** Folder of the cluster's files: each process's DATA_DIR, logs, certificate, HAProxy's configuration. */
  dir: string;
  /** Server processes [3]. */
  processes?: number;
  /** Their ports [3830, 3831, …]. */
  serverPorts?: number[];
  /** HAProxy's plain and TLS ports [3840, 3841]. */
  httpPort?: number;
  tlsPort?: number;
  /** Environment added to every process's (SEED_SCALE, SESSION_CACHE_SECONDS…). */
  env?: Record<string, string>;
  /** Environment of one process (by index), added last (JOB_WORKERS=0 for an API-only one…). */
  envOf?: (index: number) => Record<string, string>;
  /** Command of a server process [node --import tsx server/main.ts]. */
  command?: string[];
  balance?: 'leastconn' | 'roundrobin';
  log?: (line: string) => void;
}

/** A running cluster. */
export interface Cluster {
  httpUrl: string;
  httpsUrl: string;
  wsUrl: string;
  wssUrl: string;
  caFile: string;
  secrets: { OTP_PEPPER: string; UPLOAD_LINK_SECRET: string };
  nodes: ClusterNode[];
  haproxy: RunningHaproxy;
  stop(): Promise<void>;
}

/** Starts the server processes (the first alone: it migrates and seeds), then HAProxy in front of them. */
export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  const log = o.log ?? (() => {});
  const count = o.processes ?? 3;
  const serverPorts = o.serverPorts ?? Array.from({ length: count }, (_, i) => 3830 + i);
  const httpPort = o.httpPort ?? 3840;
  const tlsPort = o.tlsPort ?? 3841;
  if (serverPorts.length !== count) throw new Error(`${count} processes need ${count} ports.`);
  if (!findHaproxy()) throw new Error(HAPROXY_MISSING);
  const dir = path.resolve(o.dir);
  mkdirSync(dir, { recursive: true });
  const secrets = { OTP_PEPPER: randomBytes(32).toString('base64url'), UPLOAD_LINK_SECRET: randomBytes(32).toString('base64url') };
  const cert = generateCertificate(path.join(dir, 'tls'));
  const base: Record<string, string | undefined> = {
    ...process.env,
    APP_ENV: 'test',
    SIMULATED_CHARGERS: '0',
    TRUST_PROXY: 'true',
    ...secrets,
    ...o.env,
    DATABASE_URL: o.databaseUrl,
    HOST: '127.0.0.1',
  };
  // Settings of the test runner that would change a server process's behaviour.
  delete base.VITEST;
  delete base.NODE_OPTIONS;
  const nodes = serverPorts.map((port, index) =>
    startServerProcess({
      index,
      port,
      dataDir: path.join(dir, `node-${index}`),
      logFile: path.join(dir, 'logs', `node-${index}.log`),
      env: { ...base, PORT: String(port), DATA_DIR: path.join(dir, `node-${index}`), ...o.envOf?.(index) },
      command: o.command,
    }),
  );
  let haproxy: RunningHaproxy | null = null;
  const stop = async () => {
    await Promise.all(
      nodes.map(async (n) => {
        if (!n.running()) return;
        const killer = setTimeout(() => void n.kill('SIGKILL'), 30_000);
        await n.kill('SIGTERM');
        clearTimeout(killer);
      }),
    );
    await haproxy?.stop();
  };
  try {
    let t0 = Date.now();
    await nodes[0]!.start();
    log(`process 0 ready on ${nodes[0]!.url} in ${((Date.now() - t0) / 1000).toFixed(1)} s (migrations and seed)`);
    t0 = Date.now();
    await Promise.all(nodes.slice(1).map((n) => n.start()));
    if (nodes.length > 1) log(`processes 1–${nodes.length - 1} ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    haproxy = await startHaproxy(dir, { httpPort, tlsPort, pemFile: cert.pemFile, serverPorts, balance: o.balance });
    log(`HAProxy (pid ${haproxy.pid}) on http://127.0.0.1:${httpPort} and https://127.0.0.1:${tlsPort}`);
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  // Every server is marked up once its first check passes.
  await waitReady(`http://127.0.0.1:${httpPort}`, 10_000);
  return {
    httpUrl: `http://127.0.0.1:${httpPort}`,
    httpsUrl: `https://127.0.0.1:${tlsPort}`,
    wsUrl: `ws://127.0.0.1:${httpPort}/ocpp`,
    wssUrl: `wss://127.0.0.1:${tlsPort}/ocpp`,
    caFile: cert.certFile,
    secrets,
    nodes,
    haproxy: haproxy,
    stop,
  };
}
