// The credit request machine is too small for describeEverySimplePath (it wants more than two paths): its two simple
// paths walked against a running actor, what each state accepts (never EDIT: a request is not edited), and the
// reason REJECT needs.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { creditRequestEventSchemas, type CreditRequestEvent } from '@machines/credit-request.events';
import { creditRequestMachine, creditRequestStates } from '@machines/credit-request.machine';
import { creditRequestWorkflow } from '@machines/credit-request.workflow';

const reason = 'The customers were compensated already';
const events: CreditRequestEvent[] = [{ type: 'APPROVE' }, { type: 'REJECT', reason }];

describe('creditRequest', () => {
  it('has two simple paths from PENDING, approved and rejected, each the shortest to its state', () => {
    const paths = getSimplePaths(creditRequestMachine, { events });
    const ends = paths.map((p) => [p.steps.map((s) => s.event.type).join(' > '), String(p.state.value)]);
    expect(ends).toEqual(expect.arrayContaining([['xstate.init > APPROVE', 'APPROVED'], ['xstate.init > REJECT', 'REJECTED']]));
    expect(getShortestPaths(creditRequestMachine, { events }).map((p) => String(p.state.value)).sort()).toEqual(['APPROVED', 'PENDING', 'REJECTED']);
    for (const path of paths) {
      const actor = createActor(creditRequestMachine).start();
      for (const step of path.steps.slice(1)) actor.send(step.event as CreditRequestEvent);
      expect(actor.getSnapshot().value).toBe(path.state.value);
      expect(actor.getSnapshot().status).toBe(path.state.value === 'PENDING' ? 'active' : 'done');
      actor.stop();
    }
  });

  it.each([
    ['PENDING', ['APPROVE', 'REJECT'], false],
    ['APPROVED', [], true],
    ['REJECTED', [], true],
  ] as const)('%s accepts %j (final: %s), never EDIT', (state, accepted, final) => {
    const snapshot = creditRequestMachine.resolveState({ value: state, context: {} });
    const all = [...events, { type: 'EDIT' }] as const;
    expect(all.filter((e) => snapshot.can(e as never)).map((e) => e.type)).toEqual([...accepted]);
    expect(snapshot.status === 'done').toBe(final);
  });

  it('lists its states for the CHECK, needs a reason to reject, keeps it on the record, and names a permission per event', () => {
    expect(creditRequestStates).toEqual(['PENDING', 'APPROVED', 'REJECTED']);
    expect(creditRequestEventSchemas.REJECT.safeParse({ type: 'REJECT' }).success).toBe(false);
    expect(creditRequestEventSchemas.REJECT.safeParse({ type: 'REJECT', reason: 'no' }).success).toBe(false);
    expect(creditRequestEventSchemas.APPROVE.safeParse({ type: 'APPROVE', reason }).success).toBe(false);
    expect(creditRequestWorkflow.patchOf?.({ type: 'REJECT', reason }, {})).toEqual({ reason });
    expect(creditRequestWorkflow.patchOf?.({ type: 'APPROVE' }, {})).toEqual({});
    expect(creditRequestWorkflow.permissions).toEqual({ APPROVE: 'ROLE_APPROVE_CREDIT_REQUEST', REJECT: 'ROLE_REJECT_CREDIT_REQUEST' });
  });
});
