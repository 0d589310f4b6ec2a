import { setup } from 'xstate';
import type { CreditRequestEvent } from './credit-request.events';

/**
 * A batch of wallet credits a staff member asked for above the approval limit (server/config.ts
 * ADD_CREDITS_APPROVAL_ABOVE_PAISE): PENDING until another staff member approves it (the wallets are credited in the
 * same transaction, so approved means credited) or rejects it with a reason. Both outcomes are final: a changed list is
 * a new request. Nothing of a request is edited, so no state accepts EDIT. State names are the request's `status` values.
 */
export const creditRequestMachine = setup({
  types: { events: {} as CreditRequestEvent },
}).createMachine({
  id: 'creditRequest',
  initial: 'PENDING',
  states: {
    PENDING: { on: { APPROVE: 'APPROVED', REJECT: 'REJECTED' } },
    APPROVED: { type: 'final' },
    REJECTED: { type: 'final' },
  },
});

/** The request states, in the machine's order (the status CHECK is generated from them). */
export const creditRequestStates = Object.keys(creditRequestMachine.config.states ?? {}) as ('PENDING' | 'APPROVED' | 'REJECTED')[];
