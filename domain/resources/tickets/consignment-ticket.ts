import { f } from '@domain/resource/field';
import { kindResource, TM } from './shared';

/** Consignments: goods shipped from a vendor to a warehouse, received there (update-status). */
export const consignmentTicketResource = kindResource({
  kind: 'CONSIGNMENT',
  name: 'consignment-tickets',
  title: 'Consignment ticket',
  plural: 'Consignment tickets',
  path: 'consignment-ticket',
  fields: {
    consignmentNumber: f.code('Consignment number', { required: true, max: 40 }),
    vendor: f.relation('Vendor', 'vendors'),
    warehouse: f.relation('Warehouse', 'warehouses'),
    numberOfUnits: f.int('Number of units', { min: 1, max: 100_000 }),
  },
  columns: ['consignmentNumber', 'vendor', 'warehouse', 'numberOfUnits'],
  hiddenColumns: ['dueDate'],
  exact: ['consignmentNumber'],
  view: 'ROLE_VIEW_CONSIGNMENT_TICKETS',
  create: 'ROLE_ADD_CONSIGNMENT_TICKET',
  update: 'ROLE_UPDATE_CONSIGNMENT_TICKET',
  // The status moves only through the consignment machine (machines/consignment.machine.ts).
  views: [
    { path: `${TM}/consignment-tickets`, title: 'All Consignment Tickets' },
    { path: `${TM}/consignment-tickets/open`, title: 'Open Consignment Tickets', scope: 'open' },
  ],
  createPath: `${TM}/consignment-tickets/add`,
  detailPath: `${TM}/consignment-tickets/:id`,
  related: [{ resource: 'delivery-tickets', field: 'consignmentId', title: 'Deliveries' }],
});
