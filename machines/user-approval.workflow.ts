import type { RecordWorkflow } from './record-workflow';
import { userApprovalEventSchemas } from './user-approval.events';
import { userApprovalMachine } from './user-approval.machine';

/** The user approval machine bound to users (approve or reject pending users, one permission each). */
export const userApprovalWorkflow: RecordWorkflow = {
  resource: 'users',
  stateField: 'approvalStatus',
  machine: userApprovalMachine,
  eventSchemas: userApprovalEventSchemas,
  permissions: { APPROVE: 'ROLE_APPROVE_PENDING_USER', REJECT: 'ROLE_REJECT_PENDING_USER' },
  contextOf: () => ({}),
};
