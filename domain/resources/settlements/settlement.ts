import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { FM } from './shared';

/** Settlement states: a draft is prepared, approved, notified to the host, then paid or rejected. */
export const settlementStatuses = ['DRAFT', 'PENDING_APPROVAL', 'NOTIFIED', 'SUCCESS', 'REJECTED'] as const;

/** Host settlements: what the network owes a host for a period of bookings (the settle workflow is separate). */
export const settlementResource = defineResource({
  name: 'settlements',
  title: 'Settlement',
  plural: 'Settlements',
  service: '/pw-service',
  path: 'settlement',
  table: 'settlements',
  labelField: 'id',
  fields: {
    hostId: f.relation('Host', 'users', { idType: 'uuid', required: true }),
    periodFrom: f.date('Period from', { required: true }),
    periodTo: f.date('Period to', { required: true }),
    bookingsCount: f.int('Bookings', { defaultValue: 0 }),
    grossAmount: f.money('Gross amount', { required: true }),
    commission: f.money('Commission', { required: true }),
    gst: f.money('GST', { required: true }),
    netPayable: f.money('Net payable', { required: true }),
    status: f.choice('Status', optionsOf(settlementStatuses, { DRAFT: 'neutral', PENDING_APPROVAL: 'warning', NOTIFIED: 'info', SUCCESS: 'success', REJECTED: 'danger' }), {
      defaultValue: 'DRAFT',
    }),
    utrReference: f.code('UTR reference', { max: 22 }),
    settledAt: f.datetime('Settled at'),
    notes: f.longText('Notes', { max: 2000 }),
    // Optimistic lock of the settlement workflow (every transition sends the version it saw).
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'hostId' },
      { field: 'periodFrom' },
      { field: 'periodTo' },
      { field: 'bookingsCount' },
      { field: 'grossAmount', hidden: true },
      { field: 'commission', hidden: true },
      { field: 'gst', hidden: true },
      { field: 'netPayable' },
      { field: 'status' },
      { field: 'utrReference' },
      { field: 'settledAt', hidden: true },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'hostId', kind: 'relation' },
      { field: 'periodFrom', kind: 'dateRange' },
      { field: 'netPayable', kind: 'numberRange' },
      { field: 'createdAt', kind: 'dateRange' },
    ],
    sortable: ['periodFrom', 'netPayable'],
  },
  search: { exact: ['id', 'utrReference'] },
  form: [{ title: 'Notes', fields: ['notes'] }],
  // Settlements are made by their own add and upload screens (amounts computed from bookings) and moved through
  // their states by the settlement workflow, not by a generic form.
  create: [],
  update: ['notes'],
  owned: { status: 'the settlement workflow', utrReference: 'Mark success and Settle immediately' },
  permissions: { view: 'ROLE_VIEW_SETTLEMENT', create: 'ROLE_CREATE_SETTLEMENT', update: 'ROLE_UPDATE_SETTLEMENT' },
  views: [{ path: `${FM}/settlement-history`, title: 'Settlement' }],
  createPath: `${FM}/settlement-history/add`,
  otherCreatePaths: [{ path: `${FM}/settlement-history/upload`, title: 'Upload CSV' }],
  related: [{ resource: 'settlement-bookings', field: 'settlementId', title: 'Settled bookings' }],
});
