import type { RecordWorkflow } from './record-workflow';
import { chargerApprovalEventSchemas } from './charger-approval.events';
import { chargerApprovalMachine } from './charger-approval.machine';
import { closePatch, ticketReasonOf } from './ticket-close.events';

const update = 'ROLE_UPDATE_CHARGER_APPROVAL_TICKET' as const;

/** The charger approval machine bound to charger approval tickets. */
export const chargerApprovalWorkflow: RecordWorkflow = {
  resource: 'charger-approval-tickets',
  stateField: 'status',
  machine: chargerApprovalMachine,
  eventSchemas: chargerApprovalEventSchemas,
  permissions: { START_REVIEW: update, APPROVE: update, REJECT: update, CLOSE: 'ROLE_CLOSE_TICKET' },
  contextOf: () => ({}),
  patchOf: closePatch,
  reasonOf: ticketReasonOf,
};
