import type { RecordWorkflow } from './record-workflow';
import { consignmentEventSchemas } from './consignment.events';
import { consignmentMachine } from './consignment.machine';

/** The consignment machine bound to consignment tickets (one permission: update). */
export const consignmentWorkflow: RecordWorkflow = {
  resource: 'consignment-tickets',
  stateField: 'status',
  machine: consignmentMachine,
  eventSchemas: consignmentEventSchemas,
  permissions: {
    DISPATCH: 'ROLE_UPDATE_CONSIGNMENT_TICKET',
    MARK_RECEIVED: 'ROLE_UPDATE_CONSIGNMENT_TICKET',
    CANCEL: 'ROLE_UPDATE_CONSIGNMENT_TICKET',
  },
  contextOf: () => ({}),
};
