import type { RecordWorkflow } from './record-workflow';
import { downloadEventSchemas } from './download.events';
import { downloadMachine } from './download.machine';

/**
 * The download machine bound to downloads. Whoever requested a download may cancel and retry it; anyone else needs
 * ROLE_MANAGE_DOWNLOADS. A retry starts the same request again from nothing.
 */
export const downloadWorkflow: RecordWorkflow = {
  resource: 'downloads',
  stateField: 'status',
  machine: downloadMachine,
  eventSchemas: downloadEventSchemas,
  permissions: { CANCEL: 'ROLE_MANAGE_DOWNLOADS', RETRY: 'ROLE_MANAGE_DOWNLOADS' },
  ownerField: 'requestedBy',
  contextOf: () => ({}),
  patchOf: (event) => (event.type === 'RETRY' ? { rowsWritten: 0, rowCount: null, filePath: null, error: null, finishedAt: null } : {}),
};
