import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef, type AnyStateMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';

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
}

/**
 * Model-based tests from xstate/graph: every simple path of the machine (per input) is walked against a running
 * actor of the same machine, checking at each state that both agree and the invariants hold; a last test fails
 * if any state or event of the machine was never reached.
 */
export function describeEverySimplePath({ machine, events, inputs = [{ name: 'no input', input: undefined }], invariant }: WalkOptions): void {
  const stateNames = Object.keys(machine.config.states ?? {});
  describe(`${machine.id}: every simple path`, () => {
    const visitedStates = new Set<string>();
    const takenEvents = new Set<string>();
    for (const { name, input } of inputs) {
      const model = createTestModel(machine, { events, input } as never);
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
                  expect(actor.getSnapshot().value).toBe(state);
                  expect(snapshot.value).toBe(state);
                  const final = (machine.config.states as Record<string, { type?: string }>)[state]?.type === 'final';
                  expect(snapshot.status).toBe(final ? 'done' : 'active');
                  invariant?.(state, snapshot);
                },
              ]),
            ),
            events: Object.fromEntries(
              events.map((event) => [
                event.type,
                () => {
                  takenEvents.add(event.type);
                  actor.send(event);
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
