import { setup, transition, type SnapshotFrom } from 'xstate';
import type { DiagnosticsRequestState } from '@domain/diagnostics';

/**
 * A request for a charger's diagnostics, as a record: requested when staff ask; sent with its GetDiagnostics command
 * (or offline / failed at once); accepted when the charger answers with the name of its file (nothing to upload when
 * it answers none); uploading once it reports Uploading or its file starts arriving; uploaded when the file has been
 * received and the charger reports Uploaded; upload failed when it reports UploadFailed (or Uploaded with no file
 * received); timed out when no file arrived in time. The charger may report a status before its answer to the
 * command is recorded (both travel separately), so the statuses are taken from `sent` too. State names are the
 * record's `state` values.
 */
export const diagnosticsRequestMachine = setup({
  types: {
    events: {} as
      | { type: 'SEND' }
      | { type: 'REFUSE_OFFLINE' }
      | { type: 'ACCEPT' }
      | { type: 'NO_FILE' }
      | { type: 'REJECT' }
      | { type: 'FAIL' }
      | { type: 'UPLOADING' }
      | { type: 'UPLOADED' }
      | { type: 'UPLOAD_FAILED' }
      | { type: 'TIME_OUT' },
  },
}).createMachine({
  id: 'diagnosticsRequest',
  initial: 'requested',
  states: {
    requested: { on: { SEND: 'sent', REFUSE_OFFLINE: 'offline', FAIL: 'failed', TIME_OUT: 'timedOut' } },
    sent: {
      on: {
        ACCEPT: 'accepted',
        NO_FILE: 'nothingToUpload',
        REJECT: 'rejected',
        FAIL: 'failed',
        UPLOADING: 'uploading',
        UPLOADED: 'uploaded',
        UPLOAD_FAILED: 'uploadFailed',
        TIME_OUT: 'timedOut',
      },
    },
    accepted: { on: { UPLOADING: 'uploading', UPLOADED: 'uploaded', UPLOAD_FAILED: 'uploadFailed', TIME_OUT: 'timedOut' } },
    uploading: { on: { UPLOADED: 'uploaded', UPLOAD_FAILED: 'uploadFailed', TIME_OUT: 'timedOut' } },
    nothingToUpload: { type: 'final' },
    uploaded: { type: 'final' },
    uploadFailed: { type: 'final' },
    rejected: { type: 'final' },
    failed: { type: 'final' },
    offline: { type: 'final' },
    timedOut: { type: 'final' },
  },
});

export type DiagnosticsRequestEvent = Parameters<typeof diagnosticsRequestMachine.transition>[1];

/** The state after `event` in `from`, or null when the machine does not accept it there (a late or repeated report). */
export function nextDiagnosticsState(from: DiagnosticsRequestState, event: DiagnosticsRequestEvent['type']): DiagnosticsRequestState | null {
  const snapshot = diagnosticsRequestMachine.resolveState({ value: from, context: undefined as never }) as SnapshotFrom<typeof diagnosticsRequestMachine>;
  if (!snapshot.can({ type: event } as never)) return null;
  const [next] = transition(diagnosticsRequestMachine, snapshot, { type: event } as never);
  return next.value as DiagnosticsRequestState;
}

/** The states in which `event` moves a request (where the server may apply it with one conditional update). */
export function diagnosticsStatesAccepting(event: DiagnosticsRequestEvent['type'], states: readonly DiagnosticsRequestState[]): DiagnosticsRequestState[] {
  return states.filter((s) => nextDiagnosticsState(s, event) !== null);
}
