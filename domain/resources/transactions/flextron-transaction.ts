import { defineResource } from '@domain/resource/define-resource';
import { CM } from '../chargers/shared';
import { transactionBase, transactionFields, transactionList } from './shared';

/** Flextron transactions (the shared transaction table, protocol FLEXTRON). */
export const flextronTransactionResource = defineResource({
  ...transactionBase,
  name: 'flextron-transactions',
  title: 'Flextron transaction',
  plural: 'Flextron transactions',
  path: 'flextron-transaction',
  fields: transactionFields(true),
  fixed: { protocol: 'FLEXTRON' },
  list: transactionList(false),
  views: [{ path: `${CM}/flextron-transactions`, title: 'Flextron Transactions' }],
});
