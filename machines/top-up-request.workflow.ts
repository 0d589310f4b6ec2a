import type { RecordWorkflow } from './record-workflow';
import { topUpRequestEventSchemas } from './top-up-request.events';
import { topUpRequestMachine } from './top-up-request.machine';

/**
 * The top-up request machine bound to top-up-requests (Wallet Management: Top up Request), one permission
 * per outcome. Approval's ledger posting is its server effect (server/wallets/top-up-effects.ts); who decided and
 * when are written there too, since they come from the session and the clock.
 */
export const topUpRequestWorkflow: RecordWorkflow = {
  resource: 'top-up-requests',
  stateField: 'status',
  machine: topUpRequestMachine,
  eventSchemas: topUpRequestEventSchemas,
  permissions: { APPROVE: 'ROLE_APPROVE_TOP_UP_REQUEST', REJECT: 'ROLE_REJECT_TOP_UP_REQUEST' },
  contextOf: () => ({}),
  patchOf: (event) => (event.type === 'REJECT' ? { reason: event.reason } : {}),
  asks: { APPROVE: 'Approve {amount} top-up for {userId}?', REJECT: 'Reject {amount} top-up for {userId}?' },
  confirms: { APPROVE: 'The wallet is credited now, and the credit cannot be taken back from here.' },
};
