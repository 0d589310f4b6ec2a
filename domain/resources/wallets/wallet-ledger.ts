import { defineResource } from '@domain/resource/define-resource';
import { type FieldOption, f } from '@domain/resource/field';
import { WM } from './shared';

/**
 * Kinds of ledger posting as staff read them, in the order of server/ledger/ledger.ts `postingKinds` (a test keeps
 * the two lists equal).
 */
export const walletEntryKinds: readonly FieldOption[] = [
  { value: 'OPENING_BALANCE', label: 'Opening balance', tone: 'neutral' },
  { value: 'ADD_CREDITS', label: 'Credits added', tone: 'success' },
  { value: 'TOP_UP', label: 'Top-up', tone: 'success' },
  { value: 'BOOKING_PAYMENT', label: 'Booking payment', tone: 'info' },
  { value: 'CANCELLATION_REFUND', label: 'Cancellation refund', tone: 'warning' },
  { value: 'UTILIZATION_CORRECTION', label: 'Utilization correction', tone: 'warning' },
  { value: 'SETTLEMENT', label: 'Settlement', tone: 'neutral' },
  { value: 'PAYOUT', label: 'Payout to a host', tone: 'neutral' },
];

/**
 * A wallet's history: one row per ledger entry on a wallet (the `wallet_ledger` view over the ledger's entries,
 * postings and accounts), newest first, with the balance after it. Read-only by construction: the database refuses
 * to change or remove ledger entries, and the view cannot be written.
 */
export const walletLedgerResource = defineResource({
  name: 'wallet-ledger',
  title: 'Wallet entry',
  plural: 'Wallet ledger',
  service: '/pw-service',
  path: 'wallet-ledger',
  table: 'wallet_ledger',
  labelField: 'memo',
  fields: {
    walletId: f.relation('Wallet', 'wallets', { idType: 'uuid', required: true }),
    userId: f.relation('User', 'users', { idType: 'uuid', required: true }),
    kind: f.choice('Kind', walletEntryKinds, { required: true, display: 'badge' }),
    memo: f.text('Note', { required: true, max: 500 }),
    amount: f.money('Amount', { required: true, signed: true }),
    balanceAfter: f.money('Balance after'),
    reference: f.text('Reference', { max: 200 }),
    bookingId: f.relation('Booking', 'bookings'),
    postingId: f.int('Posting', { required: true }),
  },
  list: {
    columns: [
      // Date, kind, note, amount and balance after first: a wallet's History section shows the first five.
      { field: 'createdAt' },
      { field: 'kind' },
      { field: 'memo' },
      { field: 'amount' },
      { field: 'balanceAfter' },
      { field: 'userId' },
      { field: 'reference', hidden: true },
      { field: 'bookingId', hidden: true },
      { field: 'id', hidden: true },
    ],
    filters: [
      { field: 'kind', kind: 'select' },
      { field: 'createdAt', kind: 'dateRange' },
      { field: 'userId', kind: 'relation' },
      { field: 'walletId', kind: 'relation', label: 'Wallet' },
      { field: 'amount', kind: 'numberRange' },
    ],
    defaultSort: { field: 'createdAt', dir: 'desc' },
  },
  search: { exact: ['id', 'reference', 'bookingId'] },
  permissions: { view: 'ROLE_VIEW_WALLET_LEDGER' },
  views: [{ path: `${WM}/wallet-ledger`, title: 'Wallet ledger' }],
  readOnly: true,
});
