import type { RecordWorkflow } from './record-workflow';
import { payoutEventSchemas } from './payout.events';
import { payoutMachine } from './payout.machine';

/** The payout machine bound to payouts (every step needs ROLE_UPDATE_PAYOUT). */
export const payoutWorkflow: RecordWorkflow = {
  resource: 'payouts',
  stateField: 'status',
  machine: payoutMachine,
  eventSchemas: payoutEventSchemas,
  permissions: {
    START_PROCESSING: 'ROLE_UPDATE_PAYOUT',
    MARK_PAID: 'ROLE_UPDATE_PAYOUT',
    MARK_FAILED: 'ROLE_UPDATE_PAYOUT',
    RETRY: 'ROLE_UPDATE_PAYOUT',
    CANCEL: 'ROLE_UPDATE_PAYOUT',
  },
  contextOf: () => ({}),
  patchOf: (event) => {
    if (event.type === 'MARK_PAID') return { reference: event.reference };
    if (event.type === 'RETRY') return { reference: null };
    return {};
  },
};
