import type { RecordWorkflow } from './record-workflow';
import { bundleEventSchemas } from './bundle.events';
import { bundleMachine } from './bundle.machine';
import { closePatch, ticketReasonOf } from './ticket-close.events';

const update = 'ROLE_UPDATE_BUNDLE_TICKET' as const;

/** The bundle machine bound to bundle management tickets. */
export const bundleWorkflow: RecordWorkflow = {
  resource: 'bundle-management-tickets',
  stateField: 'status',
  machine: bundleMachine,
  eventSchemas: bundleEventSchemas,
  permissions: { START: update, COMPLETE: update, CANCEL: update, CLOSE: 'ROLE_CLOSE_TICKET' },
  contextOf: () => ({}),
  patchOf: closePatch,
  reasonOf: ticketReasonOf,
};
