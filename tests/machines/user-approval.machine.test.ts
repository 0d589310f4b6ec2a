// The user approval machine is too small for describeEverySimplePath (it wants more than two paths): its two simple
// paths, what each state accepts, and that the reason of REJECT is required, checked directly.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { userApprovalEventSchemas, type UserApprovalEvent } from '@machines/user-approval.events';
import { userApprovalMachine, userApprovalStates } from '@machines/user-approval.machine';

const events: UserApprovalEvent[] = [{ type: 'APPROVE' }, { type: 'REJECT', reason: 'Duplicate account of an existing driver' }];

describe('userApproval', () => {
  it('has two simple paths from PENDING: approved and rejected', () => {
    const paths = getSimplePaths(userApprovalMachine, { events });
    const ends = paths.map((p) => [p.steps.map((s) => s.event.type).join(' > '), String(p.state.value)]);
    expect(ends).toEqual(expect.arrayContaining([['xstate.init > APPROVE', 'APPROVED'], ['xstate.init > REJECT', 'REJECTED']]));
    for (const path of paths) {
      const actor = createActor(userApprovalMachine).start();
      for (const step of path.steps.slice(1)) actor.send(step.event as UserApprovalEvent);
      expect(actor.getSnapshot().value).toBe(path.state.value);
      actor.stop();
    }
  });

  it.each([
    ['PENDING', ['APPROVE', 'EDIT', 'REJECT'], false],
    ['APPROVED', ['EDIT'], false],
    ['REJECTED', [], true],
  ] as const)('%s accepts %j (final: %s)', (state, accepted, final) => {
    const snapshot = userApprovalMachine.resolveState({ value: state, context: {} });
    const all = [...events, { type: 'EDIT' } as const];
    expect(all.filter((e) => snapshot.can(e)).map((e) => e.type).sort()).toEqual([...accepted]);
    expect(snapshot.status === 'done').toBe(final);
  });

  it('lists its states in the order the CHECK is generated from, and needs a reason to reject', () => {
    expect(userApprovalStates).toEqual(['PENDING', 'APPROVED', 'REJECTED']);
    expect(userApprovalEventSchemas.REJECT.safeParse({ type: 'REJECT' }).success).toBe(false);
    expect(userApprovalEventSchemas.REJECT.safeParse({ type: 'REJECT', reason: 'ok' }).success).toBe(false);
    expect(userApprovalEventSchemas.APPROVE.safeParse({ type: 'APPROVE', reason: 'x' }).success).toBe(false);
  });
});
