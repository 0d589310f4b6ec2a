// Simulated OCPP chargers in a process of their own (the simulator's real client over real WebSockets, ws:// or
// wss://), so that the process driving a cluster test or a benchmark is never what slows them, and the server's
// figures are the server's. Started with startFleetProcess below (child_process.fork of this file); to trust a
// cluster's self-signed certificate give it NODE_EXTRA_CA_CERTS=<cluster.caFile>. Requests over the IPC channel,
// each answered with its id:
//   start { chargers: [{ identity, password, url? }], url?, concurrency, backoff, meterSeconds, clockSeconds, powerKw }
//                              → the counters, with online, refused and reasons (why each refused one was refused)
//   counters                   → { chargers, online, sent, transmitted, failed, commands, connects, boots, charging,
//                                  pendingStops, closes }
//   delay { reset? }           → this process's event-loop delay since the last reset (a command waits that long in a
//                                simulated charger before it is answered)
//   faults { count, recoverAfterMs }  → a connector of `count` idle chargers faults, and recovers later
//   end-sessions { count | 'all', wait? }  → drivers unplug (StopTransaction now, or queued while offline)
//   end-offline { identities, count }  → of those named that are offline and charging, `count` end (queued); answers
//                                        { ended, transactionIds, pending }
//   stop-when-offline { identities }   → at the next moment each is offline, its session ends there
//   offline { identities }     → the identities of those not connected now
//   answered { identities? }   → per identity (or, without identities, all in one list) the message ids of the
//                                calls the central system answered (a CALLRESULT or CALLERROR received)
//   local-list { idTag, status }  → of the online chargers, how many hold `idTag` with `status` on their local list
//                                   ({ online, holding, versions: { [version]: chargers } })
//   firmware-configure { failureRate, failStep, stepMs? }  → every charger's firmware fails that share of its updates
//                                                            at that step from now on (answers the chargers configured)
//   firmware { perCharger? }   → the firmware side: the FirmwareStatusNotifications written to the socket by status,
//                                the UpdateFirmwares received, the chargers online by the version they run; with
//                                perCharger, per identity the commands and UpdateFirmwares received and the statuses
//                                written, in order
//   exit                       → the chargers stop; the counters, then the process ends
// A charger whose BootNotification goes unanswered (a central system too busy to answer within the call's time, as
// when thousands connect at once) boots again on the same connection 30-90 s later, as a real charger retries its
// boot, instead of staying connected unbooted for good (sooner, the retries of thousands kept a loaded server from
// ever catching up).
import { fork, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { SimFirmwareOptions } from '@tools/ocpp-simulator/firmware';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';

/** A fleet's counters (summed over its chargers). */
export interface FleetCounters {
  chargers: number;
  online: number;
  sent: number;
  transmitted: number;
  failed: number;
  commands: number;
  connects: number;
  boots: number;
  charging: number;
  pendingStops: number;
  closes: Record<string, number>;
  /** Calls that failed, by method and why. */
  failures: Record<string, number>;
  refused?: number;
  reasons?: Record<string, number>;
}

interface StartRequest {
  /** Each charger's own URL, or the fleet's `url` for all. */
  chargers: { identity: string; password: string; url?: string }[];
  url?: string;
  concurrency?: number;
  backoff?: { initialDelay: number; maxDelay: number };
  meterSeconds?: number;
  clockSeconds?: number;
  powerKw?: number;
  /** Every charger's firmware: the version it boots with, failures to inject, the step time (firmware.ts). */
  firmware?: SimFirmwareOptions;
}

/** What the fleet's chargers did of firmware (the `firmware` request). */
export interface FleetFirmware {
  /** FirmwareStatusNotifications written to the socket, by status. */
  reported: Record<string, number>;
  /** UpdateFirmwares received. */
  updates: number;
  /** Chargers online, by the firmware version they run. */
  versions: Record<string, number>;
  /** Per identity (asked with perCharger): commands and UpdateFirmwares received, the statuses written, in order. */
  chargers?: Record<string, { commands: number; updates: number; statuses: string[] }>;
}

/** A child process driven over the IPC channel: each request answered with its id. */
export interface IpcChild {
  proc: ChildProcess;
  call<T>(type: string, body?: Record<string, unknown>): Promise<T>;
  /** The child's `ready` message (a server's URL, say). */
  ready: Record<string, unknown>;
}

/** How a child process is forked. */
export interface IpcChildOptions {
  /** Added to the environment (NODE_EXTRA_CA_CERTS for wss://). */
  env?: Record<string, string | undefined>;
  /** Node options of the process (e.g. --cpu-prof). */
  execArgv?: string[];
  /** The file its output goes to (its folder made); else it shares the parent's output. */
  logFile?: (pid: number) => string;
  /** Each chunk of its output too (with logFile). */
  onOutput?: (chunk: Buffer) => void;
  /** Called with each `progress` message's number online. */
  onProgress?: (online: number) => void;
  /** Named in errors [the entry's file name]. */
  name?: string;
}

/**
 * Forks `entry` (TypeScript, through tsx) and resolves once it says it is ready ({ type: 'ready', ... }); requests
 * are { id, type, ...body } and answers { id, result } or { id, error }.
 */
export function forkIpcChild(entry: string, options: IpcChildOptions = {}): Promise<IpcChild> {
  const toFile = options.logFile !== undefined;
  const name = options.name ?? path.basename(entry);
  const proc = fork(entry, [], {
    execArgv: ['--import', 'tsx', ...(options.execArgv ?? [])],
    env: { ...process.env, ...options.env },
    stdio: ['ignore', toFile ? 'pipe' : 'inherit', toFile ? 'pipe' : 'inherit', 'ipc'],
  });
  const tail: string[] = [];
  if (options.logFile) {
    const fileName = options.logFile(proc.pid!);
    mkdirSync(path.dirname(fileName), { recursive: true });
    const file = createWriteStream(fileName);
    const keep = (chunk: Buffer) => {
      file.write(chunk);
      options.onOutput?.(chunk);
      tail.push(chunk.toString());
      if (tail.length > 20) tail.shift();
    };
    proc.stdout!.on('data', keep);
    proc.stderr!.on('data', keep);
  }
  let next = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  return new Promise((resolve, reject) => {
    proc.on('message', (raw) => {
      const m = raw as { id?: number; type?: string; result?: unknown; error?: string; online?: number };
      if (m.type === 'progress') return void options.onProgress?.(Number(m.online));
      if (m.type === 'ready') {
        resolve({
          proc,
          ready: m as Record<string, unknown>,
          call: <T>(type: string, body: Record<string, unknown> = {}) =>
            new Promise<T>((res, rej) => {
              const id = next++;
              waiting.set(id, { resolve: res as (v: unknown) => void, reject: rej });
              proc.send({ ...body, id, type });
            }),
        });
        return;
      }
      const w = m.id === undefined ? undefined : waiting.get(m.id);
      if (!w) return;
      waiting.delete(m.id!);
      if (m.error) w.reject(new Error(m.error));
      else w.resolve(m.result);
    });
    proc.once('exit', (code, signal) => {
      for (const w of waiting.values()) w.reject(new Error(`${name} exited (${code ?? signal})`));
      waiting.clear();
      reject(new Error(`${name} exited (${code ?? signal}) before it was ready${tail.length > 0 ? `:\n${tail.join('').split('\n').slice(-20).join('\n')}` : ''}`));
    });
  });
}

/** A fleet process seen from its parent. */
export interface FleetProcess extends IpcChild {
  /** Stops the chargers and waits for the process to end (killed when it has not within 10 s). */
  exit(): Promise<void>;
}

/** How a fleet process is started: its output goes to `logDir`/fleet-<pid>.log, else to the parent's. */
export type FleetProcessOptions = Omit<IpcChildOptions, 'logFile' | 'name'> & { logDir?: string };

/** Forks a fleet process and resolves once it is ready. */
export async function startFleetProcess(options: FleetProcessOptions = {}): Promise<FleetProcess> {
  const { logDir, ...rest } = options;
  const child = await forkIpcChild(fileURLToPath(import.meta.url), { ...rest, name: 'a charger fleet process', ...(logDir ? { logFile: (pid: number) => path.join(logDir, `fleet-${pid}.log`) } : {}) });
  const { proc } = child;
  return {
    ...child,
    async exit() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const gone = new Promise((r) => proc.once('exit', r));
      await child.call('exit').catch(() => {});
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** The counters of several fleets, summed. */
export function sumCounters(all: readonly FleetCounters[]): FleetCounters {
  const sum = { chargers: 0, online: 0, sent: 0, transmitted: 0, failed: 0, commands: 0, connects: 0, boots: 0, charging: 0, pendingStops: 0 };
  const closes: Record<string, number> = {};
  const failures: Record<string, number> = {};
  for (const c of all) {
    for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += c[k];
    for (const [why, n] of Object.entries(c.closes)) closes[why] = (closes[why] ?? 0) + n;
    for (const [why, n] of Object.entries(c.failures ?? {})) failures[why] = (failures[why] ?? 0) + n;
  }
  return { ...sum, closes, failures };
}

// ---------------------------------------------------------------------------------------------- the fleet process
const sims = new Map<string, SimulatedCharger>();
/** Per charger, the message ids of its calls the central system answered, in order. */
const answered = new Map<string, string[]>();
const answerFrame = /^\[[34],"([^"]+)"/;
/** Per charger, the FirmwareStatusNotification statuses it wrote to its socket, in order. */
const firmwareStatuses = new Map<string, string[]>();
const loop = monitorEventLoopDelay({ resolution: 10 });
const send = (message: unknown) => process.send?.(message);
const pick = <T>(list: T[], count: number) => {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
};
const named = (identities: unknown) => (identities as string[]).map((id) => sims.get(id)).filter((s): s is SimulatedCharger => !!s);
const openConnector = (s: SimulatedCharger) => s.connectors.find((c) => c.session)!;

function counters(): FleetCounters {
  const c = { chargers: sims.size, online: 0, sent: 0, transmitted: 0, failed: 0, commands: 0, connects: 0, boots: 0, charging: 0, pendingStops: 0, closes: {} as Record<string, number>, failures: {} as Record<string, number> };
  for (const s of sims.values()) {
    c.online += Number(s.online);
    c.sent += s.counters.sent;
    c.transmitted += s.counters.transmitted;
    c.failed += s.counters.failed;
    c.commands += s.counters.commands;
    c.connects += s.counters.connects;
    c.boots += s.counters.boots;
    c.charging += s.connectors.filter((x) => x.session?.transactionId != null).length;
    c.pendingStops += s.pendingStops.length;
    for (const [why, n] of s.closes) c.closes[why] = (c.closes[why] ?? 0) + n;
    for (const [why, n] of s.failures) c.failures[why] = (c.failures[why] ?? 0) + n;
  }
  return c;
}

/** What the charger does when the central system triggers a BootNotification: its boot, status and queued calls. */
const rebootOf = (sim: SimulatedCharger) => () => (sim.online ? (sim as unknown as { onOpen(): Promise<void> }).onOpen() : Promise.resolve());

async function start(r: StartRequest): Promise<FleetCounters> {
  const fresh = r.chargers.map((c) => {
    const sim = new SimulatedCharger({
      url: c.url ?? r.url!,
      identity: c.identity,
      password: c.password,
      meterIntervalSeconds: r.meterSeconds ?? 60,
      clockAlignedSeconds: r.clockSeconds,
      powerKw: r.powerKw ?? 22,
      firmware: r.firmware,
      backoff: r.backoff ?? { initialDelay: 1_000, maxDelay: 30_000 },
      log: (line) => {
        if (line.endsWith('boot failed')) setTimeout(() => void rebootOf(sim)(), 30_000 + Math.random() * 60_000).unref();
      },
    });
    const ids: string[] = [];
    answered.set(c.identity, ids);
    sim.onReceived((frame) => {
      const id = answerFrame.exec(frame)?.[1];
      if (id) ids.push(id);
    });
    const statuses: string[] = [];
    firmwareStatuses.set(c.identity, statuses);
    sim.onSent((frame) => {
      if (!frame.includes('"FirmwareStatusNotification"')) return;
      const [type, , action, payload] = JSON.parse(frame) as [number, string, string, { status?: string }];
      if (type === 2 && action === 'FirmwareStatusNotification') statuses.push(String(payload?.status));
    });
    sims.set(c.identity, sim);
    return sim;
  });
  let refused = 0;
  const reasons: Record<string, number> = {};
  const progress = setInterval(() => send({ type: 'progress', online: fresh.filter((s) => s.online).length }), 5_000);
  const concurrency = r.concurrency ?? 50;
  for (let i = 0; i < fresh.length; i += concurrency) {
    await Promise.all(
      fresh.slice(i, i + concurrency).map((s) =>
        s.start().catch((error: unknown) => {
          refused += 1;
          const e = error as Error & { code?: number; response?: { headers?: Record<string, string> } };
          // The refusal as answered: status and reason, and who answered it (a balancer's own page is HTML).
          const why = `${e.code ?? ''} ${String(e.message ?? error).slice(0, 100)}${e.response?.headers?.['content-type'] ? ` (${e.response.headers['content-type']})` : ''}`.trim();
          reasons[why] = (reasons[why] ?? 0) + 1;
        }),
      ),
    );
  }
  clearInterval(progress);
  return { ...counters(), online: fresh.filter((s) => s.online).length, refused, ...(refused > 0 ? { reasons } : {}) };
}

async function handle(m: { type: string } & Record<string, unknown>): Promise<unknown> {
  switch (m.type) {
    case 'start':
      return start(m as unknown as StartRequest);
    case 'counters':
      return counters();
    case 'delay': {
      const delay = { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
      if (m.reset) loop.reset();
      return delay;
    }
    case 'faults': {
      // Status changes: a connector faults, and recovers a few seconds later.
      const ready = [...sims.values()].filter((s) => s.online && s.connectors[0]!.status === 'Available' && !s.connectors[0]!.session);
      const chosen = pick(ready, Number(m.count));
      await Promise.all(chosen.map((s) => s.fault(1, 'OverCurrentFailure')));
      setTimeout(() => void Promise.all(chosen.map((s) => s.recover(1))), Number(m.recoverAfterMs ?? 5_000)).unref();
      return chosen.length;
    }
    case 'end-sessions': {
      // The driver unplugs: StopTransaction now, or queued while offline and replayed on reconnect.
      const busy = [...sims.values()].filter((s) => s.connectors.some((c) => c.session?.transactionId != null));
      const chosen = m.count === 'all' ? busy : pick(busy, Number(m.count));
      const stops = chosen.map((s) => s.stopSession(openConnector(s), 'EVDisconnected'));
      if (m.wait) await Promise.all(stops);
      return chosen.length;
    }
    case 'end-offline': {
      // Drivers unplug at chargers whose connection is gone: each StopTransaction is queued and replayed once the
      // charger is back (its status notifications follow then).
      const down = named(m.identities).filter((s) => !s.online && s.connectors.some((c) => c.session?.transactionId != null));
      const chosen = pick(down, Number(m.count));
      const transactionIds = chosen.map((s) => s.connectors.find((c) => c.session?.transactionId != null)!.session!.transactionId as number);
      void Promise.all(chosen.map((s) => s.stopSession(openConnector(s), 'EVDisconnected')));
      return { ended: chosen.length, transactionIds, pending: chosen.reduce((a, s) => a + s.pendingStops.length, 0) };
    }
    case 'stop-when-offline': {
      const chosen = named(m.identities);
      const left = new Set(chosen);
      const timer = setInterval(() => {
        for (const s of [...left]) {
          if (s.online) continue;
          left.delete(s);
          const c = s.connectors.find((x) => x.session);
          if (c) void s.stopSession(c, 'EVDisconnected');
        }
        if (left.size === 0) clearInterval(timer);
      }, 2);
      return chosen.length;
    }
    case 'offline':
      return (m.identities as string[]).filter((id) => !sims.get(id)?.online);
    case 'answered':
      if (!m.identities) return [...answered.values()].flat();
      return Object.fromEntries((m.identities as string[]).map((id) => [id, [...(answered.get(id) ?? [])]]));
    case 'local-list': {
      let online = 0;
      let holding = 0;
      const versions: Record<number, number> = {};
      for (const s of sims.values()) {
        if (!s.online) continue;
        online += 1;
        versions[s.localListVersion] = (versions[s.localListVersion] ?? 0) + 1;
        if (s.localList.get(String(m.idTag))?.status === m.status) holding += 1;
      }
      return { online, holding, versions };
    }
    case 'firmware-configure': {
      const options = { failureRate: m.failureRate as number | undefined, failStep: m.failStep as SimFirmwareOptions['failStep'], stepMs: m.stepMs as number | undefined };
      for (const s of sims.values()) s.firmware.configure(options);
      return sims.size;
    }
    case 'firmware': {
      const result: FleetFirmware = { reported: {}, updates: 0, versions: {} };
      for (const [identity, s] of sims) {
        result.updates += s.firmware.counters.updates;
        for (const status of firmwareStatuses.get(identity) ?? []) result.reported[status] = (result.reported[status] ?? 0) + 1;
        if (s.online) result.versions[s.firmware.version] = (result.versions[s.firmware.version] ?? 0) + 1;
      }
      if (m.perCharger) {
        result.chargers = Object.fromEntries(
          [...sims].map(([identity, s]) => [identity, { commands: s.counters.commands, updates: s.firmware.counters.updates, statuses: [...(firmwareStatuses.get(identity) ?? [])] }]),
        );
      }
      return result;
    }
    case 'exit': {
      await Promise.all([...sims.values()].map((s) => s.stop()));
      setTimeout(() => process.exit(0), 50);
      return counters();
    }
    default:
      throw new Error(`unknown request ${m.type}`);
  }
}

if (process.send && process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  loop.enable();
  process.on('message', (raw) => {
    const m = raw as { id: number; type: string };
    handle(m).then(
      (result) => send({ id: m.id, result }),
      (error: unknown) => send({ id: m.id, error: (error as Error).message }),
    );
  });
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready' });
}
