import type { RecordWorkflow } from './record-workflow';
import { creditRequestEventSchemas } from './credit-request.events';
import { creditRequestMachine } from './credit-request.machine';

/**
 * The credit request machine bound to credit-requests (Wallet Management → Credit requests), one permission per
 * outcome. The server's effect (server/wallets/credit-request-effects.ts) refuses the staff member who made the
 * request, posts the credits on approval, and writes who decided and when.
 */
export const creditRequestWorkflow: RecordWorkflow = {
  resource: 'credit-requests',
  stateField: 'status',
  machine: creditRequestMachine,
  eventSchemas: creditRequestEventSchemas,
  permissions: { APPROVE: 'ROLE_APPROVE_CREDIT_REQUEST', REJECT: 'ROLE_REJECT_CREDIT_REQUEST' },
  contextOf: () => ({}),
  patchOf: (event) => (event.type === 'REJECT' ? { reason: event.reason } : {}),
  asks: { APPROVE: 'Approve {total} of credits to {count} wallets ({message})?' },
  confirms: { APPROVE: 'Every wallet in the request is credited now, and the credits cannot be taken back from here.' },
};
