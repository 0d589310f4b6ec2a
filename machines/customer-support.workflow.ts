import type { RecordWorkflow } from './record-workflow';
import { customerSupportEventSchemas } from './customer-support.events';
import { customerSupportMachine } from './customer-support.machine';
import { closePatch, ticketReasonOf } from './ticket-close.events';

const update = 'ROLE_UPDATE_CUSTOMER_SUPPORT_TICKET' as const;

/** The customer support machine bound to customer support tickets. */
export const customerSupportWorkflow: RecordWorkflow = {
  resource: 'customer-support-tickets',
  stateField: 'status',
  machine: customerSupportMachine,
  eventSchemas: customerSupportEventSchemas,
  permissions: { START_WORK: update, WAIT_ON_CUSTOMER: update, CUSTOMER_REPLIED: update, RESOLVE: update, CLOSE: 'ROLE_CLOSE_TICKET' },
  contextOf: () => ({}),
  patchOf: closePatch,
  reasonOf: ticketReasonOf,
};
