// Simulated OCPP chargers in a process of their own (the simulator's real client over real WebSockets, ws:// or
// wss://), so that the process driving a cluster test or benchmark is never what slows them. Started with
// child_process.fork (see startChargerFleet below); to trust a cluster's self-signed certificate give it
// NODE_EXTRA_CA_CERTS=<cluster.caFile>. Requests over the IPC channel, each answered with its id:
//   start { url, chargers: [{ identity, password }], concurrency, backoff, meterSeconds }  → { online, refused, reasons }
//   counters                                   → { chargers, online, connects, charging, pendingStops, failed }
//   offline { identities }                     → identities of those not connected now
//   stop-when-offline { identities }           → at the next moment each is offline, its session ends there: the
//                                                StopTransaction is queued and sent when it is back
//   answered { identities }                    → per identity, the ids of its calls the central system answered
//   exit
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';

interface StartRequest {
  url: string;
  chargers: { identity: string; password: string }[];
  concurrency?: number;
  backoff?: { initialDelay: number; maxDelay: number };
  meterSeconds?: number;
}

/** A fleet process seen from its parent. */
export interface ChargerFleet {
  proc: ChildProcess;
  call<T>(type: string, body?: Record<string, unknown>): Promise<T>;
  exit(): Promise<void>;
}

/** Forks a fleet process with `env` added (NODE_EXTRA_CA_CERTS for wss://) and resolves once it is ready. */
export function startChargerFleet(env: Record<string, string> = {}): Promise<ChargerFleet> {
  const entry = fileURLToPath(import.meta.url);
  const proc = fork(entry, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let next = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  return new Promise((resolve, reject) => {
    proc.on('message', (raw) => {
      const m = raw as { id?: number; type?: string; result?: unknown; error?: string };
      if (m.type === 'ready') {
        const fleet: ChargerFleet = {
          proc,
          call: <T>(type: string, body: Record<string, unknown> = {}) =>
            new Promise<T>((res, rej) => {
              const id = next++;
              waiting.set(id, { resolve: res as (v: unknown) => void, reject: rej });
              proc.send({ ...body, id, type });
            }),
          async exit() {
            if (proc.exitCode !== null || proc.signalCode !== null) return;
            const gone = new Promise((r) => proc.once('exit', r));
            await fleet.call('exit').catch(() => {});
            const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
            await gone;
            clearTimeout(timer);
          },
        };
        resolve(fleet);
        return;
      }
      const w = m.id === undefined ? undefined : waiting.get(m.id);
      if (!w) return;
      waiting.delete(m.id!);
      if (m.error) w.reject(new Error(m.error));
      else w.resolve(m.result);
    });
    proc.once('exit', (code, signal) => {
      for (const w of waiting.values()) w.reject(new Error(`the charger fleet exited (${code ?? signal})`));
      waiting.clear();
      reject(new Error(`the charger fleet exited (${code ?? signal}) before it was ready`));
    });
  });
}

// ---------------------------------------------------------------------------------------------- the fleet process
const sims = new Map<string, SimulatedCharger>();
/** Per charger, the ids of its calls answered by the central system (a CALLRESULT received). */
const answered = new Map<string, string[]>();
const send = (message: unknown) => process.send?.(message);

function counters() {
  const c = { chargers: sims.size, online: 0, connects: 0, charging: 0, pendingStops: 0, failed: 0 };
  for (const s of sims.values()) {
    c.online += Number(s.online);
    c.connects += s.counters.connects;
    c.failed += s.counters.failed;
    c.charging += s.connectors.filter((x) => x.session?.transactionId != null).length;
    c.pendingStops += s.pendingStops.length;
  }
  return c;
}

async function handle(m: { type: string } & Record<string, unknown>): Promise<unknown> {
  switch (m.type) {
    case 'start': {
      const r = m as unknown as StartRequest;
      const fresh = r.chargers.map((c) => {
        const sim = new SimulatedCharger({ url: r.url, identity: c.identity, password: c.password, meterIntervalSeconds: r.meterSeconds ?? 60, powerKw: 22, backoff: r.backoff ?? { initialDelay: 500, maxDelay: 5_000 } });
        const ids: string[] = [];
        answered.set(c.identity, ids);
        sim.onReceived((frame) => {
          if (!frame.startsWith('[3,')) return;
          const id = (JSON.parse(frame) as unknown[])[1];
          if (typeof id === 'string') ids.push(id);
        });
        sims.set(c.identity, sim);
        return sim;
      });
      let refused = 0;
      const reasons = new Map<string, number>();
      const concurrency = r.concurrency ?? 50;
      for (let i = 0; i < fresh.length; i += concurrency) {
        await Promise.all(
          fresh.slice(i, i + concurrency).map((s) =>
            s.start().catch((error: unknown) => {
              refused += 1;
              const why = String((error as Error).message ?? error).slice(0, 120);
              reasons.set(why, (reasons.get(why) ?? 0) + 1);
            }),
          ),
        );
      }
      return { online: fresh.filter((s) => s.online).length, refused, ...(reasons.size > 0 ? { reasons: Object.fromEntries(reasons) } : {}) };
    }
    case 'counters':
      return counters();
    case 'offline':
      return (m.identities as string[]).filter((id) => !sims.get(id)?.online);
    case 'stop-when-offline': {
      const chosen = (m.identities as string[]).map((id) => sims.get(id)).filter((s): s is SimulatedCharger => !!s);
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
    case 'answered':
      return Object.fromEntries((m.identities as string[]).map((id) => [id, [...(answered.get(id) ?? [])]]));
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
