import { setup, transition, type SnapshotFrom } from 'xstate';

/**
 * A command to an OCPP charger, as a record: queued when staff send it; refused at once when the charger is not
 * connected (`offline`); sent when the process holding its socket makes the call; then the charger's answer
 * (accepted, or rejected when it answers Rejected / NotSupported / Unlocked-failed and the like), a CALLERROR
 * (failed) or no answer in time (timedOut). State names are the record's status values.
 */
export const ocppCommandMachine = setup({
  types: {
    events: {} as { type: 'SEND' } | { type: 'REFUSE_OFFLINE' } | { type: 'ACCEPTED' } | { type: 'REJECTED' } | { type: 'FAIL' } | { type: 'TIME_OUT' },
  },
}).createMachine({
  id: 'ocppCommand',
  initial: 'queued',
  states: {
    queued: { on: { SEND: 'sent', REFUSE_OFFLINE: 'offline', FAIL: 'failed', TIME_OUT: 'timedOut' } },
    sent: { on: { ACCEPTED: 'accepted', REJECTED: 'rejected', FAIL: 'failed', TIME_OUT: 'timedOut' } },
    accepted: { type: 'final' },
    rejected: { type: 'final' },
    failed: { type: 'final' },
    timedOut: { type: 'final' },
    offline: { type: 'final' },
  },
});

/** Every status a command record can hold (the machine's states). */
export const ocppCommandStates = ['queued', 'sent', 'accepted', 'rejected', 'failed', 'timedOut', 'offline'] as const;
export type OcppCommandState = (typeof ocppCommandStates)[number];
export type OcppCommandEvent = Parameters<typeof ocppCommandMachine.transition>[1];

/** The status after `event` in `from`, or null when the machine does not accept it there (a late or repeated answer). */
export function nextCommandState(from: OcppCommandState, event: OcppCommandEvent['type']): OcppCommandState | null {
  const snapshot = ocppCommandMachine.resolveState({ value: from, context: undefined as never }) as SnapshotFrom<typeof ocppCommandMachine>;
  if (!snapshot.can({ type: event } as never)) return null;
  const [next] = transition(ocppCommandMachine, snapshot, { type: event } as never);
  return next.value as OcppCommandState;
}

/** The statuses of a command still waiting for its charger's answer: the ones it can time out from. */
export const ocppCommandWaitingStates: readonly OcppCommandState[] = ocppCommandStates.filter((s) => nextCommandState(s, 'TIME_OUT') !== null);
