// The top-up request machine is too small for describeEverySimplePath (it wants more than two paths): its two simple
// paths walked against a running actor, what each state accepts (never EDIT: a request is not edited), and the
// reason REJECT needs.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { topUpRequestEventSchemas, type TopUpRequestEvent } from '@machines/top-up-request.events';
import { topUpRequestMachine, topUpRequestStates } from '@machines/top-up-request.machine';
import { topUpRequestWorkflow } from '@machines/top-up-request.workflow';

const reason = 'No payment with this UTR reached our account';
const events: TopUpRequestEvent[] = [{ type: 'APPROVE' }, { type: 'REJECT', reason }];

describe('topUpRequest', () => {
  it('has two simple paths from REQUESTED, approved and rejected, each the shortest to its state', () => {
    const paths = getSimplePaths(topUpRequestMachine, { events });
    const ends = paths.map((p) => [p.steps.map((s) => s.event.type).join(' > '), String(p.state.value)]);
    expect(ends).toEqual(expect.arrayContaining([['xstate.init > APPROVE', 'APPROVED'], ['xstate.init > REJECT', 'REJECTED']]));
    expect(getShortestPaths(topUpRequestMachine, { events }).map((p) => String(p.state.value)).sort()).toEqual(['APPROVED', 'REJECTED', 'REQUESTED']);
    for (const path of paths) {
      const actor = createActor(topUpRequestMachine).start();
      for (const step of path.steps.slice(1)) actor.send(step.event as TopUpRequestEvent);
      expect(actor.getSnapshot().value).toBe(path.state.value);
      expect(actor.getSnapshot().status).toBe(path.state.value === 'REQUESTED' ? 'active' : 'done');
      actor.stop();
    }
  });

  it.each([
    ['REQUESTED', ['APPROVE', 'REJECT'], false],
    ['APPROVED', [], true],
    ['REJECTED', [], true],
  ] as const)('%s accepts %j (final: %s), never EDIT', (state, accepted, final) => {
    const snapshot = topUpRequestMachine.resolveState({ value: state, context: {} });
    const all = [...events, { type: 'EDIT' }] as const;
    expect(all.filter((e) => snapshot.can(e as never)).map((e) => e.type)).toEqual([...accepted]);
    expect(snapshot.status === 'done').toBe(final);
  });

  it('lists its states for the CHECK, needs a reason to reject, keeps it on the record, and names a permission per event', () => {
    expect(topUpRequestStates).toEqual(['REQUESTED', 'APPROVED', 'REJECTED']);
    expect(topUpRequestEventSchemas.REJECT.safeParse({ type: 'REJECT' }).success).toBe(false);
    expect(topUpRequestEventSchemas.REJECT.safeParse({ type: 'REJECT', reason: 'no' }).success).toBe(false);
    expect(topUpRequestEventSchemas.APPROVE.safeParse({ type: 'APPROVE', reason }).success).toBe(false);
    expect(topUpRequestWorkflow.patchOf?.({ type: 'REJECT', reason }, {})).toEqual({ reason });
    expect(topUpRequestWorkflow.patchOf?.({ type: 'APPROVE' }, {})).toEqual({});
    expect(topUpRequestWorkflow.permissions).toEqual({ APPROVE: 'ROLE_APPROVE_TOP_UP_REQUEST', REJECT: 'ROLE_REJECT_TOP_UP_REQUEST' });
  });
});
