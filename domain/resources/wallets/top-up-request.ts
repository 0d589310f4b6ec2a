import { defineResource } from '@domain/resource/define-resource';
import { type FieldOption, f } from '@domain/resource/field';
import { decisionFields, decisionOwners, WM } from './shared';

/** Top-up request states (machines/top-up-request.machine.ts). */
export const topUpRequestStatuses = ['REQUESTED', 'APPROVED', 'REJECTED'] as const;

/** How the customer paid the money a top-up request asks to credit. */
export const topUpPaymentModes: readonly FieldOption[] = [
  { value: 'UPI', label: 'UPI' },
  { value: 'IMPS', label: 'IMPS' },
  { value: 'NEFT', label: 'NEFT' },
  { value: 'RTGS', label: 'RTGS' },
];

/**
 * Customers' requests to credit money they paid by bank transfer or UPI (Top up Request). Customers make
 * them in the app, so staff neither add nor edit them here: they approve (the wallet is credited) or reject them
 * with a reason, along the top-up request workflow.
 */
export const topUpRequestResource = defineResource({
  name: 'top-up-requests',
  title: 'Top-up request',
  plural: 'Top-up requests',
  service: '/pw-service',
  path: 'top-up',
  table: 'top_up_requests',
  labelField: 'paymentReference',
  fields: {
    userId: f.relation('User', 'users', { idType: 'uuid', required: true }),
    amount: f.money('Amount', { required: true }),
    mode: f.choice('Paid by', topUpPaymentModes, { required: true, display: 'badge' }),
    paymentReference: f.code('Payment reference (UTR)', { required: true, max: 30 }),
    requestedAt: f.datetime('Requested at', { required: true }),
    ...decisionFields({ value: 'REQUESTED', label: 'Requested' }, 'Reason'),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'userId' },
      { field: 'amount' },
      { field: 'mode' },
      { field: 'paymentReference' },
      { field: 'requestedAt' },
      { field: 'status' },
      { field: 'decidedById', hidden: true },
      { field: 'decidedAt', hidden: true },
      { field: 'reason', hidden: true },
    ],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'mode', kind: 'select' },
      { field: 'userId', kind: 'relation' },
      { field: 'requestedAt', kind: 'dateRange' },
      { field: 'amount', kind: 'numberRange' },
    ],
    defaultSort: { field: 'requestedAt', dir: 'desc' },
    sortable: ['amount'],
  },
  search: { exact: ['id', 'paymentReference'] },
  permissions: { view: 'ROLE_VIEW_TOP_UP_REQUEST' },
  owned: decisionOwners('the top-up request workflow'),
  views: [{ path: `${WM}/top-up-request`, title: 'Top up Request' }],
  readOnly: true,
});
