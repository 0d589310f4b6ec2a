import { setup, transition, type SnapshotFrom } from 'xstate';
import { firmwareUpdateStates, type FirmwareUpdateState } from '@domain/firmware';

/**
 * One firmware update of one charger (OCPP 1.6 Firmware Management), as its record: requested when staff (or a
 * campaign) ask for it; waitingForSession while the charger is charging (sent once its session ends); sent with the
 * UpdateFirmware command; accepted when the charger answers it; then the charger's FirmwareStatusNotifications move it
 * through downloading, downloaded and installing to installed, or to failed (DownloadFailed, InstallationFailed, the
 * command refused, failed or sent to an offline charger). timedOut when the charger says nothing for too long;
 * cancelled by staff before it was sent. A charger that reports a status early (Downloading before its answer to the
 * command is recorded) is followed; one that does not fit the state is ignored. State names are the record's status.
 */
export const firmwareUpdateMachine = setup({
  types: {
    events: {} as
      | { type: 'DEFER' }
      | { type: 'SEND' }
      | { type: 'ACCEPTED' }
      | { type: 'FAIL' }
      | { type: 'DOWNLOADING' }
      | { type: 'DOWNLOADED' }
      | { type: 'DOWNLOAD_FAILED' }
      | { type: 'INSTALLING' }
      | { type: 'INSTALLED' }
      | { type: 'INSTALLATION_FAILED' }
      | { type: 'TIME_OUT' }
      | { type: 'CANCEL' },
  },
}).createMachine({
  id: 'firmwareUpdate',
  initial: 'requested',
  states: {
    requested: { on: { DEFER: 'waitingForSession', SEND: 'sent', FAIL: 'failed', CANCEL: 'cancelled' } },
    waitingForSession: { on: { SEND: 'sent', FAIL: 'failed', CANCEL: 'cancelled' } },
    sent: { on: { ACCEPTED: 'accepted', FAIL: 'failed', DOWNLOADING: 'downloading', DOWNLOADED: 'downloaded', DOWNLOAD_FAILED: 'failed', TIME_OUT: 'timedOut' } },
    accepted: { on: { DOWNLOADING: 'downloading', DOWNLOADED: 'downloaded', DOWNLOAD_FAILED: 'failed', TIME_OUT: 'timedOut' } },
    // A charger retrying its download may say Downloading again.
    downloading: { on: { DOWNLOADING: 'downloading', DOWNLOADED: 'downloaded', DOWNLOAD_FAILED: 'failed', TIME_OUT: 'timedOut' } },
    downloaded: { on: { INSTALLING: 'installing', INSTALLED: 'installed', INSTALLATION_FAILED: 'failed', TIME_OUT: 'timedOut' } },
    installing: { on: { INSTALLED: 'installed', INSTALLATION_FAILED: 'failed', TIME_OUT: 'timedOut' } },
    installed: { type: 'final' },
    failed: { type: 'final' },
    timedOut: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type FirmwareUpdateEvent = Parameters<typeof firmwareUpdateMachine.transition>[1];

/** The status after `event` in `from`, or null when the machine does not take it there (a status out of order). */
export function nextFirmwareState(from: FirmwareUpdateState, event: FirmwareUpdateEvent['type']): FirmwareUpdateState | null {
  // The machine has no context: a state and an event always give the same answer, asked once (a campaign's wave of
  // 9,000 chargers asks it tens of thousands of times).
  const key = `${from}:${event}`;
  if (!nextStates.has(key)) nextStates.set(key, resolveNext(from, event));
  return nextStates.get(key)!;
}
const nextStates = new Map<string, FirmwareUpdateState | null>();
function resolveNext(from: FirmwareUpdateState, event: FirmwareUpdateEvent['type']): FirmwareUpdateState | null {
  const snapshot = firmwareUpdateMachine.resolveState({ value: from, context: undefined as never }) as SnapshotFrom<typeof firmwareUpdateMachine>;
  if (!snapshot.can({ type: event } as never)) return null;
  const [next] = transition(firmwareUpdateMachine, snapshot, { type: event } as never);
  return next.value as FirmwareUpdateState;
}

/** The statuses from which an update can end (every state that is not final). */
export const firmwareOpenStates: readonly FirmwareUpdateState[] = firmwareUpdateStates.filter((s) => firmwareUpdateMachine.config.states?.[s]?.type !== 'final');

/** The statuses in which the charger is expected to report (the timeout counts in them). */
export const firmwareWaitingStates: readonly FirmwareUpdateState[] = firmwareUpdateStates.filter((s) => nextFirmwareState(s, 'TIME_OUT') !== null);
