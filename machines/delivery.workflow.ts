import { deliveryItemFields, deliveryTypeDataIssues } from '@domain/resources/tickets/delivery-ticket';
import type { RecordWorkflow } from './record-workflow';
import { deliveryEventSchemas } from './delivery.events';
import { deliveryMachine, type DeliveryContext } from './delivery.machine';

const itemsOf = (record: Readonly<Record<string, unknown>>): Record<string, unknown>[] =>
  Array.isArray(record.items) ? (record.items as Record<string, unknown>[]) : [];

/** The machine's context for a stored delivery ticket. */
export function deliveryContextOf(record: Readonly<Record<string, unknown>>): DeliveryContext {
  return { hasItems: itemsOf(record).length > 0, typeDataProblems: deliveryTypeDataIssues(record).map((i) => i.message) };
}

/** The delivery machine bound to delivery tickets (each event names the permission it needs). */
export const deliveryWorkflow: RecordWorkflow = {
  resource: 'delivery-tickets',
  stateField: 'status',
  machine: deliveryMachine,
  eventSchemas: deliveryEventSchemas,
  permissions: {
    ADD_ITEM: 'ROLE_ADD_DELIVERY_TICKET',
    PACK: 'ROLE_UPDATE_DELIVERY_TICKET',
    DISPATCH: 'ROLE_UPDATE_DELIVERY_TICKET',
    MARK_DELIVERED: 'ROLE_UPDATE_DELIVERY_TICKET',
    MARK_FAILED: 'ROLE_UPDATE_DELIVERY_TICKET',
    RETRY_DELIVERY: 'ROLE_UPDATE_DELIVERY_TICKET',
    RETURN: 'ROLE_UPDATE_DELIVERY_TICKET',
    CANCEL: 'ROLE_UPDATE_DELIVERY_TICKET',
  },
  eventFields: deliveryItemFields,
  contextOf: deliveryContextOf,
  patchOf: (event, record) => {
    switch (event.type) {
      case 'ADD_ITEM': {
        const { type: _type, ...item } = event;
        return { items: [...itemsOf(record), { serialNumber: null, ...item }] };
      }
      case 'DISPATCH':
        return { courier: event.courier, awbNumber: event.awbNumber };
      default:
        return {};
    }
  },
  refusal: (eventType, record) => {
    if (eventType !== 'PACK' || String(record.status) !== 'OPEN') return undefined;
    const context = deliveryContextOf(record);
    const problems = [...(context.hasItems ? [] : ['Add at least one item before packing']), ...context.typeDataProblems];
    return problems.length > 0 ? `${problems.join('. ')}.` : undefined;
  },
};
