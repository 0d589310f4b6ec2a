import { ADD_CREDITS_MAX_ROWS } from '@domain/add-credits';
import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { decisionFields, decisionOwners, WM } from './shared';

/** Credit request states (machines/credit-request.machine.ts). */
export const creditRequestStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const;

/**
 * A batch of add-credits whose total is above the approval limit (server/config.ts ADD_CREDITS_APPROVAL_ABOVE_PAISE):
 * stored instead of posted by Add Credits To Wallet, and credited only when another staff member approves it. Made by
 * that page alone, so staff neither add nor edit requests here: they approve or reject them (the maker cannot).
 */
export const creditRequestResource = defineResource({
  name: 'credit-requests',
  title: 'Credit request',
  plural: 'Credit requests',
  service: '/user-service',
  path: 'credit-requests',
  table: 'credit_requests',
  labelField: 'message',
  fields: {
    message: f.text('Reason', { required: true, max: 200, help: 'The note each credited wallet’s history shows.' }),
    count: f.int('Numbers', { required: true }),
    total: f.money('Total', { required: true }),
    rows: f.items(
      'Credits',
      {
        mobileNumber: f.phone('Mobile number', { required: true }),
        userId: f.relation('User', 'users', { idType: 'uuid', required: true }),
        amount: f.money('Amount', { required: true }),
      },
      { readOnly: true, maxItems: ADD_CREDITS_MAX_ROWS },
    ),
    requestedById: f.relation('Requested by', 'users', { idType: 'uuid', required: true }),
    requestedAt: f.datetime('Requested at', { required: true }),
    ...decisionFields({ value: 'PENDING', label: 'Awaiting approval' }, 'Reason for rejecting'),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'requestedAt' },
      { field: 'requestedById' },
      { field: 'count' },
      { field: 'total' },
      { field: 'message' },
      { field: 'status' },
      { field: 'decidedById', hidden: true },
      { field: 'decidedAt', hidden: true },
      { field: 'reason', hidden: true },
    ],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'requestedById', kind: 'relation' },
      { field: 'requestedAt', kind: 'dateRange' },
      { field: 'total', kind: 'numberRange' },
    ],
    defaultSort: { field: 'requestedAt', dir: 'desc' },
    sortable: ['total'],
  },
  search: { exact: ['id'] },
  permissions: { view: 'ROLE_VIEW_CREDIT_REQUEST' },
  owned: decisionOwners('the credit request workflow'),
  views: [{ path: `${WM}/credit-requests`, title: 'Credit Requests' }],
  readOnly: true,
});
