import type { RecordWorkflow } from './record-workflow';
import { cpoAccessRequestEventSchemas } from './cpo-access-request.events';
import { cpoAccessRequestMachine } from './cpo-access-request.machine';

/** The CPO access request machine bound to cpo-access-requests, one permission per outcome. */
export const cpoAccessRequestWorkflow: RecordWorkflow = {
  resource: 'cpo-access-requests',
  stateField: 'status',
  machine: cpoAccessRequestMachine,
  eventSchemas: cpoAccessRequestEventSchemas,
  permissions: { APPROVE: 'ROLE_APPROVE_CPO_ACCESS_REQUEST', REJECT: 'ROLE_REJECT_CPO_ACCESS_REQUEST' },
  contextOf: () => ({}),
};
