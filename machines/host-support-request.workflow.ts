import type { RecordWorkflow } from './record-workflow';
import { hostSupportRequestEventSchemas } from './host-support-request.events';
import { hostSupportRequestMachine } from './host-support-request.machine';

const update = 'ROLE_UPDATE_HOST_SUPPORT' as const;

/** The host support request machine bound to host-support-requests (User Management → Host Support), one permission. */
export const hostSupportRequestWorkflow: RecordWorkflow = {
  resource: 'host-support-requests',
  stateField: 'status',
  machine: hostSupportRequestMachine,
  eventSchemas: hostSupportRequestEventSchemas,
  permissions: { START: update, RESOLVE: update, REOPEN: update, CLOSE: update },
  contextOf: () => ({}),
  // The resolution note is stored on the request (shown on its page); a reopened request keeps the last one.
  patchOf: (event) => (event.type === 'RESOLVE' ? { resolution: event.resolution } : {}),
  reasonOf: (event) => (event.type === 'RESOLVE' ? String(event.resolution) : typeof event.reason === 'string' ? event.reason : undefined),
};
