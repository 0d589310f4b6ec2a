import type { RecordWorkflow } from './record-workflow';
import { orderEventSchemas } from './order.events';
import { orderMachine } from './order.machine';

const update = 'ROLE_UPDATE_ORDER_STATUS' as const;

/** The order machine bound to orders (status update and tags, one permission). */
export const orderWorkflow: RecordWorkflow = {
  resource: 'orders',
  stateField: 'status',
  machine: orderMachine,
  eventSchemas: orderEventSchemas,
  permissions: { CONFIRM: update, PACK: update, SHIP: update, MARK_DELIVERED: update, CANCEL: update },
  contextOf: () => ({}),
};
