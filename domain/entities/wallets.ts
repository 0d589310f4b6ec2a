// The wallet resources besides the wallets themselves (domain/entities/users.ts): customers' top-up requests,
// moved by machines/top-up-request.machine.ts, staff's credit requests waiting for a second staff member
// (machines/credit-request.machine.ts), and a wallet's history, read-only rows of the ledger (server/ledger/ledger.ts)
// through the `wallet_ledger` view.
import { ADD_CREDITS_MAX_ROWS } from '../add-credits';
import { defineResource, type Resource } from '../resource/define-resource';
import { f, type FieldOption } from '../resource/field';

const WM = '/wallet-management';

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
 * The fields of a request a second person decides (maker–checker): its status (waiting, approved, rejected), who
 * decided and when, the reason of a rejection, and the version its workflow's transitions are checked against.
 * `waiting`: the status and label of a request not yet decided.
 */
function decisionFields(waiting: { value: string; label: string }, reasonLabel: string) {
  return {
    status: f.choice(
      'Status',
      [
        { ...waiting, tone: 'warning' },
        { value: 'APPROVED', label: 'Approved', tone: 'success' },
        { value: 'REJECTED', label: 'Rejected', tone: 'danger' },
      ],
      { defaultValue: waiting.value },
    ),
    decidedById: f.relation('Decided by', 'users', { idType: 'uuid' }),
    decidedAt: f.datetime('Decided at'),
    reason: f.longText(reasonLabel, { max: 500 }),
    // Optimistic lock of the request's workflow (every transition sends the version it saw).
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  };
}

/** Who owns the decision fields: the workflow and its two events. */
const decisionOwners = (workflow: string) => ({ status: workflow, decidedById: 'Approve and Reject', decidedAt: 'Approve and Reject', reason: 'Reject' });

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

/** The wallet resources of this module, in menu order. */
export const walletResources: readonly Resource[] = [topUpRequestResource, creditRequestResource, walletLedgerResource];
