// A fleet process of `npm run bench:ocpp`: simulated OCPP chargers (the simulator's real client, real WebSockets)
// in their own process, so the server's figures are the server's. Driven over the IPC channel of
// child_process.fork, each request answered with its id: start, counters, faults, end-sessions, end-offline (sessions
// of the given chargers that are offline end, their StopTransactions queued), answered (the message ids of the calls
// the server answered so far), delay (the process's event-loop delay since the last `delay` with `reset`), exit.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SimulatedCharger } from '@tools/ocpp-simulator/simulator';

interface StartRequest {
  chargers: { identity: string; password: string; url: string }[];
  meterSeconds: number;
  clockSeconds: number;
  concurrency: number;
  backoff: { initialDelay: number; maxDelay: number };
}

let sims: SimulatedCharger[] = [];
/** The message ids of the chargers' calls the server answered (a CALLRESULT or CALLERROR received), in order. */
const answered: string[] = [];
const answerFrame = /^\[[34],"([^"]+)"/;
// How late this process's event loop runs: a command waits that long in the simulated charger before it is answered.
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const send = (message: unknown) => process.send?.(message);
const pick = <T>(list: T[], count: number) => {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
};

function counters() {
  const c = { chargers: sims.length, online: 0, sent: 0, transmitted: 0, failed: 0, commands: 0, connects: 0, boots: 0, charging: 0, pendingStops: 0, closes: {} as Record<string, number> };
  for (const s of sims) {
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
  }
  return c;
}

async function handle(m: { type: string } & Record<string, unknown>): Promise<unknown> {
  switch (m.type) {
    case 'start': {
      const r = m as unknown as StartRequest;
      sims = r.chargers.map((c) => new SimulatedCharger({ url: c.url, identity: c.identity, password: c.password, meterIntervalSeconds: r.meterSeconds, clockAlignedSeconds: r.clockSeconds, powerKw: 30, backoff: r.backoff }));
      for (const s of sims) {
        s.onReceived((frame) => {
          const id = answerFrame.exec(frame)?.[1];
          if (id) answered.push(id);
        });
      }
      let refused = 0;
      const reasons: Record<string, number> = {};
      const progress = setInterval(() => send({ type: 'progress', online: sims.filter((s) => s.online).length }), 5_000);
      for (let i = 0; i < sims.length; i += r.concurrency) {
        await Promise.all(
          sims.slice(i, i + r.concurrency).map((s) =>
            s.start().catch((error: unknown) => {
              refused += 1;
              const e = error as Error & { code?: number; response?: { headers?: Record<string, string> } };
              // The refusal as answered: status and reason, and who answered it (a balancer's own page is HTML).
              const why = `${e.code ?? ''} ${e.message.slice(0, 100)}${e.response?.headers?.['content-type'] ? ` (${e.response.headers['content-type']})` : ''}`.trim();
              reasons[why] = (reasons[why] ?? 0) + 1;
            }),
          ),
        );
      }
      clearInterval(progress);
      return { ...counters(), refused, reasons };
    }
    case 'counters':
      return counters();
    case 'delay': {
      const delay = { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
      if (m.reset) loop.reset();
      return delay;
    }
    case 'faults': {
      // Status changes: a connector faults, and recovers a few seconds later.
      const ready = sims.filter((s) => s.online && s.connectors[0]!.status === 'Available' && !s.connectors[0]!.session);
      const chosen = pick(ready, Number(m.count));
      await Promise.all(chosen.map((s) => s.fault(1, 'OverCurrentFailure')));
      setTimeout(() => void Promise.all(chosen.map((s) => s.recover(1))), Number(m.recoverAfterMs ?? 5_000)).unref();
      return chosen.length;
    }
    case 'end-sessions': {
      // The driver unplugs: StopTransaction now, or queued while offline and replayed on reconnect.
      const busy = sims.filter((s) => s.connectors.some((c) => c.session?.transactionId != null));
      const chosen = m.count === 'all' ? busy : pick(busy, Number(m.count));
      const stops = chosen.map((s) => s.stopSession(s.connectors.find((c) => c.session)!, 'EVDisconnected'));
      if (m.wait) await Promise.all(stops);
      return chosen.length;
    }
    case 'end-offline': {
      // Drivers unplug at chargers whose connection is gone (of those named): each StopTransaction is queued and
      // replayed once the charger is back. Answers the queued transactions' ids.
      const only = new Set(m.identities as string[]);
      const down = sims.filter((s) => only.has(s.options.identity) && !s.online && s.connectors.some((c) => c.session?.transactionId != null));
      const chosen = pick(down, Number(m.count));
      const transactionIds = chosen.map((s) => s.connectors.find((c) => c.session?.transactionId != null)!.session!.transactionId as number);
      // Queued at once (the charger is offline); its status notifications follow when it is back.
      void Promise.all(chosen.map((s) => s.stopSession(s.connectors.find((c) => c.session)!, 'EVDisconnected')));
      return { ended: chosen.length, transactionIds, pending: chosen.reduce((a, s) => a + s.pendingStops.length, 0) };
    }
    case 'answered':
      return answered;
    case 'exit': {
      await Promise.all(sims.map((s) => s.stop()));
      setTimeout(() => process.exit(0), 50);
      return counters();
    }
    default:
      throw new Error(`unknown request ${m.type}`);
  }
}

process.on('message', (raw) => {
  const m = raw as { id: number; type: string };
  handle(m).then(
    (result) => send({ id: m.id, result }),
    (error: unknown) => send({ id: m.id, error: (error as Error).message }),
  );
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
