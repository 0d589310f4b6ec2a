import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { siteInspectionEventSchemas, type SiteInspectionEvent } from '@machines/site-inspection.events';
import { missingForApproval, siteInspectionMachine } from '@machines/site-inspection.machine';

const events: SiteInspectionEvent[] = [
  { type: 'SAVE_DATA', siteName: 'Forum Mall' },
  { type: 'ADD_IMAGE', image: { id: 'img-1', relativePath: 'uploads/a.png', name: 'a.png' } },
  { type: 'REMOVE_IMAGE', imageId: 'img-1' },
  { type: 'SEND_FOR_APPROVAL' },
  { type: 'APPROVE' },
  { type: 'REJECT', reason: 'Blurred photos' },
];
const stateNames = Object.keys(siteInspectionMachine.config.states ?? {});

describe('site inspection machine: every simple path', () => {
  const visitedStates = new Set<string>();
  const takenEvents = new Set<string>();

  for (const missing of [[], ['Coordinates']] as const) {
    const input = { missing: [...missing] };
    const model = createTestModel(siteInspectionMachine, { events, input } as never);
    const paths = model.getSimplePaths();

    it(`walks ${paths.length} paths with ${missing.length === 0 ? 'nothing' : 'something'} missing`, async () => {
      expect(paths.length).toBeGreaterThan(3);
      for (const path of paths) {
        const actor: AnyActorRef = createActor(siteInspectionMachine, { input }).start();
        await path.test({
          states: Object.fromEntries(
            stateNames.map((name) => [
              name,
              (snapshot: { value: unknown; status: string; context: { missing: readonly string[] } }) => {
                visitedStates.add(name);
                // The running actor agrees with the model at every step.
                expect(actor.getSnapshot().value).toBe(name);
                expect(snapshot.value).toBe(name);
                // Invariants: nothing reaches approval with something missing; approval is final.
                if (name === 'SENT_FOR_APPROVAL' || name === 'APPROVED') expect(snapshot.context.missing).toEqual([]);
                expect(snapshot.status).toBe(name === 'APPROVED' ? 'done' : 'active');
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
        });
        actor.stop();
      }
    });
  }

  it('reaches every state and takes every event', () => {
    expect([...visitedStates].sort()).toEqual([...stateNames].sort());
    expect([...takenEvents].sort()).toEqual(Object.keys(siteInspectionEventSchemas).sort());
  });
});

describe('missingForApproval', () => {
  it('names every missing requirement, and two images at least', () => {
    expect(missingForApproval({})).toHaveLength(8);
    const complete = { siteName: 'a', address: 'b', coordinates: { latitude: 1, longitude: 2 }, hostPhone: '9845022222', powerAvailableKw: 7.4, mounting: 'WALL', protection: 'OTHERS' };
    expect(missingForApproval({ ...complete, images: [{}] })).toEqual(['At least 2 site images']);
    expect(missingForApproval({ ...complete, images: [{}, {}] })).toEqual([]);
  });
});
