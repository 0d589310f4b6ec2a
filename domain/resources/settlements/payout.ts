import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { FM } from './shared';

/** Payout states (ours). */
export const payoutStatuses = ['SCHEDULED', 'PROCESSING', 'PAID', 'FAILED', 'CANCELLED'] as const;
/** Bank transfer modes of a payout. */
export const payoutModes = ['NEFT', 'IMPS', 'UPI'] as const;

/** Bank transfers to hosts (scheduled payouts). */
export const payoutResource = defineResource({
  name: 'payouts',
  title: 'Payout',
  plural: 'Payouts',
  service: '/pw-service',
  path: 'payout',
  table: 'payouts',
  labelField: 'id',
  fields: {
    beneficiaryId: f.relation('Beneficiary host', 'users', { idType: 'uuid', required: true }),
    amount: f.money('Amount', { required: true }),
    mode: f.choice('Mode', optionsOf(payoutModes), { required: true, display: 'badge' }),
    scheduledDate: f.date('Scheduled date', { required: true }),
    status: f.choice('Status', optionsOf(payoutStatuses, { SCHEDULED: 'info', PROCESSING: 'warning', PAID: 'success', FAILED: 'danger', CANCELLED: 'neutral' }), {
      defaultValue: 'SCHEDULED',
    }),
    reference: f.code('Bank reference (UTR)', { max: 22 }),
    notes: f.longText('Notes', { max: 1000 }),
    isActive: f.boolean('Active', { defaultValue: true }),
    // Optimistic lock of the payout workflow (every transition sends the version it saw).
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'beneficiaryId' },
      { field: 'amount' },
      { field: 'mode' },
      { field: 'scheduledDate' },
      { field: 'status' },
      { field: 'reference' },
      { field: 'isActive' },
      { field: 'createdAt', hidden: true },
    ],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'mode', kind: 'select' },
      { field: 'beneficiaryId', kind: 'relation' },
      { field: 'scheduledDate', kind: 'dateRange' },
      { field: 'amount', kind: 'numberRange' },
      { field: 'isActive', kind: 'boolean' },
    ],
    defaultSort: { field: 'scheduledDate', dir: 'desc' },
    sortable: ['amount', 'createdAt'],
  },
  search: { exact: ['id', 'reference'] },
  form: [
    { title: 'Payout', fields: ['beneficiaryId', 'amount', 'mode', 'scheduledDate'] },
    { title: 'Notes', fields: ['notes'] },
  ],
  create: ['beneficiaryId', 'amount', 'mode', 'scheduledDate', 'notes'],
  // Status and bank reference move only through the payout workflow (machines/payout.machine.ts); the other fields
  // are edited by its EDIT event, only while the payout waits.
  update: ['amount', 'mode', 'scheduledDate', 'notes'],
  owned: { status: 'the payout workflow', reference: 'Mark paid' },
  permissions: { view: 'ROLE_VIEW_PAYOUTS', create: 'ROLE_CREATE_PAYOUT', update: 'ROLE_UPDATE_PAYOUT', activate: 'ROLE_UPDATE_PAYOUT' },
  activeField: 'isActive',
  views: [{ path: `${FM}/payouts`, title: 'Payouts' }],
  createPath: `${FM}/payouts/add`,
});
