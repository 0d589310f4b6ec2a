import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { UM } from './shared';

/** Verification states of a host's bank account. */
export const BANK_VERIFICATION_STATUSES = ['PENDING', 'VERIFIED', 'REJECTED'] as const;

/** Bank accounts hosts are paid out to. */
export const bankDetailResource = defineResource({
  name: 'bank-details',
  title: 'Bank detail',
  plural: 'Bank details',
  service: '/user-service',
  path: 'bank-details',
  table: 'host_bank_details',
  labelField: 'accountHolderName',
  fields: {
    hostId: f.relation('Host', 'hosts', { required: true }),
    accountHolderName: f.text('Account holder', { required: true, max: 120 }),
    bankName: f.text('Bank', { required: true, max: 120 }),
    ifsc: f.code('IFSC', { required: true, max: 11 }),
    accountNumber: f.code('Account number', { required: true, max: 20, digitsOnly: true }),
    verificationStatus: f.choice('Verification', optionsOf(BANK_VERIFICATION_STATUSES, { PENDING: 'warning', VERIFIED: 'success', REJECTED: 'danger' }), { defaultValue: 'PENDING' }),
  },
  list: {
    columns: [{ field: 'id' }, { field: 'hostId' }, { field: 'accountHolderName' }, { field: 'bankName' }, { field: 'ifsc' }, { field: 'accountNumber' }, { field: 'verificationStatus' }, { field: 'createdAt' }],
    filters: [{ field: 'verificationStatus', kind: 'select' }, { field: 'hostId', kind: 'relation' }],
  },
  search: { exact: ['id', 'ifsc', 'accountNumber'], text: ['accountHolderName'] },
  form: [{ title: 'Bank account', fields: ['hostId', 'accountHolderName', 'bankName', 'ifsc', 'accountNumber', 'verificationStatus'] }],
  permissions: { view: 'ROLE_VIEW_BANK_DETAILS', create: 'ROLE_UPDATE_BANK_DETAILS', update: 'ROLE_UPDATE_BANK_DETAILS' },
  views: [{ path: `${UM}/bank-details`, title: 'Host Bank Details' }],
});
