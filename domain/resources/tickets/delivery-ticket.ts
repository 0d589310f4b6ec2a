import { f, optionsOf } from '@domain/resource/field';
import { kindResource, TM } from './shared';

/** Delivery ticket types. */
export const deliveryTicketTypes = ['ORDER_DELIVERY', 'CONSIGNMENT_DELIVERY', 'CHARGER_SERVICING_DELIVERY'] as const;
/** The one type-data field (deliveryTicketTypeData) each delivery type needs, with its words. */
export const deliveryTypeData: Readonly<Record<(typeof deliveryTicketTypes)[number], { field: string; label: string }>> = {
  ORDER_DELIVERY: { field: 'orderId', label: 'order' },
  CONSIGNMENT_DELIVERY: { field: 'consignmentId', label: 'consignment' },
  CHARGER_SERVICING_DELIVERY: { field: 'chargerServicingTicketId', label: 'charger servicing ticket' },
};
const typeLabel = (type: string) => type.replaceAll('_', ' ').toLowerCase();

/** A delivery's type decides which of order, consignment or charger servicing ticket it holds: the one it needs, never the others. */
export function deliveryTypeDataIssues(record: Readonly<Record<string, unknown>>): { path: string; message: string }[] {
  const type = record.deliveryTicketType as (typeof deliveryTicketTypes)[number] | undefined;
  const needed = type ? deliveryTypeData[type] : undefined;
  if (!needed) return [];
  const issues: { path: string; message: string }[] = [];
  const empty = (v: unknown) => v === null || v === undefined;
  if (empty(record[needed.field])) issues.push({ path: needed.field, message: `This ${typeLabel(type!)} needs its ${needed.label}` });
  for (const other of Object.values(deliveryTypeData)) {
    if (other.field !== needed.field && !empty(record[other.field])) {
      issues.push({ path: other.field, message: `This ${typeLabel(type!)} has no ${other.label}: leave it empty` });
    }
  }
  return issues;
}
/** The fields of one delivered item. */
export const deliveryItemFields = {
  name: f.text('Item', { required: true, max: 120 }),
  quantity: f.int('Quantity', { required: true, min: 1, max: 10_000 }),
  serialNumber: f.code('Serial number', { max: 64 }),
};
/** Couriers that carry deliveries. */
export const couriers = ['BLUE_DART', 'DELHIVERY', 'DTDC', 'ECOM_EXPRESS', 'XPRESSBEES', 'OWN_FLEET'] as const;

/** Delivery: goods on their way (an order, a consignment or a serviced charger). */
export const deliveryTicketResource = kindResource({
  kind: 'DELIVERY',
  owned: { courier: 'the Dispatch event', awbNumber: 'the Dispatch event' },
  name: 'delivery-tickets',
  title: 'Delivery ticket',
  plural: 'Delivery tickets',
  path: 'delivery-ticket',
  fields: {
    deliveryTicketType: f.choice('Delivery type', optionsOf(deliveryTicketTypes), { required: true, display: 'badge' }),
    orderId: f.relation('Order', 'orders'),
    consignmentId: f.relation('Consignment', 'consignment-tickets'),
    chargerServicingTicketId: f.relation('Charger servicing ticket', 'charger-servicing-tickets'),
    courier: f.choice('Courier', optionsOf(couriers), { display: 'text' }),
    awbNumber: f.code('AWB number', { max: 40 }),
    /** Goods on the delivery, added by the workflow's ADD_ITEM (machines/delivery.machine.ts). */
    items: f.items('Items', deliveryItemFields, { readOnly: true, maxItems: 100 }),
  },
  columns: ['deliveryTicketType', 'orderId', 'courier', 'awbNumber'],
  hiddenColumns: ['orderId', 'courier'],
  exact: ['awbNumber'],
  view: 'ROLE_VIEW_DELIVERY_TICKETS',
  create: 'ROLE_ADD_DELIVERY_TICKET',
  update: 'ROLE_UPDATE_DELIVERY_TICKET',
  // The status moves only through the delivery machine; the courier and AWB number are set by DISPATCH.
  filters: [
    { field: 'deliveryTicketType', kind: 'select' },
    { field: 'orderId', kind: 'relation' },
    { field: 'consignmentId', kind: 'relation' },
    { field: 'chargerServicingTicketId', kind: 'relation' },
  ],
  check: deliveryTypeDataIssues,
  scopes: { inTransit: { title: 'In transit', where: [{ field: 'status', op: 'eq', value: 'IN_TRANSIT' }] } },
  views: [
    { path: `${TM}/delivery-tickets/all-tickets`, title: 'All Delivery Tickets' },
    { path: `${TM}/delivery-tickets/in-transit-tickets`, title: 'In Transit Delivery Tickets', scope: 'inTransit' },
  ],
  detailPath: `${TM}/delivery-tickets/:id`,
});
