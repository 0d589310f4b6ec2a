import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { UM } from '../users/shared';

/** Credits wallets, one per user (read-only here; credits move through the wallet workflows): the foundation's wallets table. */
export const walletResource = defineResource({
  name: 'wallets',
  title: 'Wallet',
  plural: 'Wallets',
  service: '/pw-service',
  path: 'admin/wallet',
  table: 'wallets',
  id: { type: 'uuid' },
  labelField: 'userId',
  fields: {
    userId: f.relation('User', 'users', { idType: 'uuid', required: true, unique: true }),
    credits: f.money('Credits', { defaultValue: 0 }),
    // What the customer owes: a delivered session the wallet could not pay in full; the next credit settles it.
    owed: f.money('Owed', { defaultValue: 0, help: 'Charging the wallet could not pay; settled from the next credit' }),
  },
  list: {
    columns: [{ field: 'userId' }, { field: 'credits' }, { field: 'owed' }, { field: 'updatedAt' }],
    filters: [{ field: 'userId', kind: 'relation' }],
  },
  search: { exact: ['id', 'userId'] },
  permissions: { view: 'ROLE_GET_WALLET' },
  views: [{ path: `${UM}/wallets`, title: 'Wallets' }],
  related: [{ resource: 'wallet-ledger', field: 'walletId', title: 'Wallet ledger' }],
  readOnly: true,
});
