// What the transition route and the generic update (an EDIT event) share on the server: the next state and the 409.
import { getNextSnapshot, type AnyMachineSnapshot } from 'xstate';
import type { RecordWorkflow } from '@machines/record-workflow';
import { HttpProblem } from '@server/http/problem';

/** Problem type of a transition the current state does not accept, or a stale version. */
export const transitionConflictType = '/problems/transition-conflict';

/** The state an accepted event leads to. */
export function nextStateOf(workflow: RecordWorkflow, snapshot: AnyMachineSnapshot, event: { type: string }): string {
  return String(getNextSnapshot(workflow.machine, snapshot, event as never).value);
}

/** 409 with the record's current state, the events it accepts and its version. */
export function transitionConflict(detail: string, currentState: unknown, accepted: string[], version: unknown): HttpProblem {
  return new HttpProblem({ type: transitionConflictType, status: 409, title: 'Conflict', detail, currentState, acceptedEvents: accepted, version } as never);
}
