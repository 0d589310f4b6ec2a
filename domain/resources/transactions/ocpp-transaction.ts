import { defineResource } from '@domain/resource/define-resource';
import { CM } from '../chargers/shared';
import { transactionBase, transactionFields, transactionList } from './shared';

/** OCPP transactions (the shared transaction table, protocol OCPP). */
export const ocppTransactionResource = defineResource({
  ...transactionBase,
  name: 'ocpp-transactions',
  title: 'OCPP transaction',
  plural: 'OCPP transactions',
  path: 'ocpp-transaction',
  fields: transactionFields(true),
  fixed: { protocol: 'OCPP' },
  list: transactionList(false),
  views: [{ path: `${CM}/ocpp-transactions`, title: 'OCPP Transactions' }],
});
