import { describe, expect, it } from 'vitest';
import { __unsafe_getAllOwnEventDescriptors, createActor, type AnyActorRef, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { createTestModel, TestModel } from 'xstate/graph';

/** A snapshot as the state checks see it. */
export interface WalkedSnapshot {
  value: unknown;
  status: string;
  context: unknown;
}

/** Options of describeEverySimplePath. */
export interface WalkOptions {
  machine: AnyStateMachine;
  /** One sample of every event the machine takes. */
  events: readonly ({ type: string } & Record<string, unknown>)[];
  /** Inputs to start from (one model per input); default one start without input. */
  inputs?: readonly { name: string; input: unknown }[];
  /** Invariants every visit of a state must hold. */
  invariant?: (state: string, snapshot: WalkedSnapshot) => void;
  /**
   * For machines that invoke actors or whose context grows with every edit: the key two snapshots share when they
   * are the same node of the walk (default: value and context). The machine must then be provided with fakes that
   * never settle, and `events` lists the actors' outcomes as `xstate.done.actor.<id>` / `xstate.error.actor.<id>`.
   * `event` is the event that led to the snapshot (to tell apart arrivals that matter, such as a reset).
   */
  serializeState?: (snapshot: AnyMachineSnapshot, event: { type: string } | undefined) => string;
}

/** The model of a machine; with serializeState, built directly (createTestModel refuses machines that invoke actors). */
function modelOf(machine: AnyStateMachine, events: WalkOptions['events'], input: unknown, serializeState: WalkOptions['serializeState']) {
  if (!serializeState) return createTestModel(machine, { events, input } as never);
  return new TestModel(machine as never, {
    events: (snapshot: AnyMachineSnapshot) =>
      __unsafe_getAllOwnEventDescriptors(snapshot).flatMap((type) => {
        const matching = events.filter((event) => event.type === type);
        return matching.length ? matching : [{ type }];
      }),
    serializeState: (snapshot: AnyMachineSnapshot, event: { type: string } | undefined) => serializeState(snapshot, event),
    stateMatcher: (snapshot: AnyMachineSnapshot, key: string) => snapshot.matches(key),
    input,
  } as never);
}

/** The states a walk checks: top-level names, or dotted leaf paths of compound states ("open.root"). */
function leafStateNames(states: Record<string, { states?: Record<string, unknown> }> | undefined, prefix = ''): string[] {
  return Object.entries(states ?? {}).flatMap(([key, state]) =>
    state.states && Object.keys(state.states).length > 0 ? leafStateNames(state.states as never, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** A state value as a dotted name ("closed", { open: 'root' } → "open.root"). */
function stateValueName(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value as Record<string, unknown>)[0] ?? ['', ''];
  return `${key}.${stateValueName(inner)}`;
}

/**
 * Model-based tests from xstate/graph: every simple path of the machine (per input) is walked against a running
 * actor of the same machine, checking at each state that both agree and the invariants hold; a last test fails
 * if any state or event of the machine was never reached.
 */
export function describeEverySimplePath({ machine, events, inputs = [{ name: 'no input', input: undefined }], invariant, serializeState }: WalkOptions): void {
  const stateNames = leafStateNames(machine.config.states);
  describe(`${machine.id}: every simple path`, () => {
    const visitedStates = new Set<string>();
    const takenEvents = new Set<string>();
    for (const { name, input } of inputs) {
      const model = modelOf(machine, events, input, serializeState);
      const paths = model.getSimplePaths();
      it(`walks ${paths.length} paths from ${name}`, async () => {
        expect(paths.length).toBeGreaterThan(2);
        for (const path of paths) {
          const actor: AnyActorRef = createActor(machine, { input } as never).start();
          await path.test({
            states: Object.fromEntries(
              stateNames.map((state) => [
                state,
                (snapshot: WalkedSnapshot) => {
                  visitedStates.add(state);
                  expect(stateValueName(actor.getSnapshot().value)).toBe(state);
                  expect(stateValueName(snapshot.value)).toBe(state);
                  const final = (machine.config.states as Record<string, { type?: string }>)[state]?.type === 'final';
                  expect(snapshot.status).toBe(final ? 'done' : 'active');
                  invariant?.(state, snapshot);
                },
              ]),
            ),
            events: Object.fromEntries(
              events.map((event) => [
                event.type,
                // The step's own event: with several samples of one type, the one this path took.
                (step: { event?: { type: string } }) => {
                  takenEvents.add(event.type);
                  actor.send(step?.event ?? event);
                },
              ]),
            ),
          } as never);
          actor.stop();
        }
      });
    }
    it('reaches every state and takes every event', () => {
      expect([...visitedStates].sort()).toEqual([...stateNames].sort());
      expect([...takenEvents].sort()).toEqual([...new Set(events.map((e) => e.type))].sort());
    });
  });
}
