import { defineResource } from '@domain/resource/define-resource';
import { CM } from '../chargers/shared';
import { transactionBase, transactionFields, transactionList } from './shared';

/** Charging transactions reported by chargers, all protocols (read-only). */
export const transactionResource = defineResource({
  ...transactionBase,
  name: 'transactions',
  plural: 'Transactions',
  path: 'transaction',
  fields: transactionFields(false),
  list: transactionList(true),
  views: [{ path: `${CM}/transaction`, title: 'Transactions' }],
});
