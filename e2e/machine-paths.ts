// e2e journeys generated from the machines: the shortest path to each chosen state (xstate/graph), walked through
// the real screens by per-event adapters, with the state checked on screen after every step.
import { test, type Page } from '@playwright/test';
import type { AnyStateMachine } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

/** One step of a path: the event sent and the state it leads to. */
export interface PathStep {
  event: { type: string } & Record<string, unknown>;
  state: string;
}

/** A shortest path from the machine's initial state to `target`. */
export interface MachinePath {
  target: string;
  steps: PathStep[];
}

/** Options of shortestPaths. */
export interface ShortestPathOptions {
  /** Sample events (one per type is enough; payloads are what the screens will type). */
  events: readonly ({ type: string } & Record<string, unknown>)[];
  /** Input of the machine, when it takes one. */
  input?: unknown;
  /** States to reach (default: every state the machine can reach). */
  targets?: readonly string[];
}

const stateName = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** The shortest path to every target state, computed from the machine (never listed by hand). */
export function shortestPaths(machine: AnyStateMachine, { events, input, targets }: ShortestPathOptions): MachinePath[] {
  const paths = getShortestPaths(machine, { events, input } as never) as unknown as { state: { value: unknown }; steps: { event: PathStep['event']; state: { value: unknown } }[] }[];
  const byTarget = new Map<string, MachinePath>();
  for (const path of paths) {
    const target = stateName(path.state.value);
    const steps = path.steps.slice(1).map((step) => ({ event: step.event, state: stateName(step.state.value) }));
    // The first step of a path from xstate/graph is the initial state (its event is xstate.init).
    const first = path.steps[0];
    if (first && !String(first.event.type).startsWith('xstate.')) steps.unshift({ event: first.event, state: stateName(first.state.value) });
    const known = byTarget.get(target);
    if (!known || steps.length < known.steps.length) byTarget.set(target, { target, steps });
  }
  const wanted = targets ?? [...byTarget.keys()];
  return wanted.map((target) => {
    const path = byTarget.get(target);
    if (!path) throw new Error(`${machine.id}: no path reaches ${target}`);
    return path;
  });
}

/**
 * The shortest path that passes through `via` in order (e.g. DELIVERY_FAILED, then IN_TRANSIT again, then
 * DELIVERED): each leg is the machine's shortest path from where the previous one ended.
 */
export function shortestPathVia(machine: AnyStateMachine, { events, input, via }: Omit<ShortestPathOptions, 'targets'> & { via: readonly string[] }): MachinePath {
  let from: unknown = undefined;
  const steps: PathStep[] = [];
  for (const target of via) {
    const legs = getShortestPaths(machine, { events, input, ...(from ? { fromState: from } : {}), toState: (state: { value: unknown }) => stateName(state.value) === target } as never) as unknown as {
      state: unknown;
      steps: { event: PathStep['event']; state: { value: unknown } }[];
    }[];
    const leg = legs.sort((a, b) => a.steps.length - b.steps.length)[0];
    if (!leg) throw new Error(`${machine.id}: no path reaches ${target} after ${steps.map((s) => s.state).join(' → ') || 'the start'}`);
    for (const step of leg.steps) {
      if (String(step.event.type).startsWith('xstate.')) continue;
      steps.push({ event: step.event, state: stateName(step.state.value) });
    }
    from = leg.state;
  }
  return { target: via.join(' → '), steps };
}

/** How a journey performs each event on screen and recognises each state. */
export interface ScreenAdapter {
  /** Puts a fresh record on screen in the initial state (e.g. creates it and opens its page). */
  start(page: Page, path: MachinePath): Promise<void>;
  /** Performs one event through the real screen. */
  perform: Readonly<Record<string, (page: Page, event: PathStep['event']) => Promise<void>>>;
  /** Checks the screen shows `state`. */
  expectState(page: Page, state: string): Promise<void>;
}

/** Walks one path on screen: start, then each event followed by the state check. */
export async function walkPath(page: Page, path: MachinePath, adapter: ScreenAdapter): Promise<void> {
  await adapter.start(page, path);
  for (const step of path.steps) {
    const perform = adapter.perform[step.event.type];
    if (!perform) throw new Error(`No screen action for ${step.event.type}`);
    await test.step(`${step.event.type} → ${step.state}`, async () => {
      await perform(page, step.event);
      await adapter.expectState(page, step.state);
    });
  }
}

/**
 * The paths no other path starts with: walking a path checks the state after every step, so a path that is the start
 * of a longer one adds no check of its own, only a page load and a sign-in.
 */
export function maximalPaths(paths: readonly MachinePath[]): MachinePath[] {
  const key = (step: PathStep) => JSON.stringify(step.event);
  return paths.filter(
    (p) => !paths.some((q) => q !== p && q.steps.length > p.steps.length && p.steps.every((step, i) => key(step) === key(q.steps[i]!))),
  );
}
