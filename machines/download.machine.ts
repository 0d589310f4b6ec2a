import { setup } from 'xstate';
import type { DownloadEvent } from './download.events';

/**
 * A download (a list or report exported to a file in the background): queued, running (a worker writes the file,
 * counting rows), then ready with its file, failed, or cancelled; a ready file is deleted after the retention
 * period (expired). Cancel (waiting or running) and retry (failed, cancelled or expired: the same request again)
 * are the user's events (a requester may cancel or retry their download); the others are the job queue's. A running
 * export whose worker died goes back to queued. State names are the record's status values.
 */
export const downloadMachine = setup({
  types: { events: {} as DownloadEvent },
}).createMachine({
  id: 'download',
  initial: 'QUEUED',
  states: {
    QUEUED: { on: { START: 'RUNNING', CANCEL: 'CANCELLED', FAIL: 'FAILED' } },
    RUNNING: { on: { FINISH: 'READY', FAIL: 'FAILED', REQUEUE: 'QUEUED', CANCEL: 'CANCELLED' } },
    READY: { on: { EXPIRE: 'EXPIRED' } },
    FAILED: { on: { RETRY: 'QUEUED' } },
    CANCELLED: { on: { RETRY: 'QUEUED' } },
    EXPIRED: { on: { RETRY: 'QUEUED' } },
  },
});
