import { setup } from 'xstate';
import type { TopUpRequestEvent } from './top-up-request.events';

/**
 * A customer's request to add money they paid by bank transfer or UPI to their wallet: REQUESTED until staff approve
 * it (the wallet is credited in the same transaction, so approved means credited) or reject it with a reason. Both
 * outcomes are final: a new payment is a new request. Nothing else of a request is edited, so no state accepts EDIT.
 * State names are the request's `status` values.
 */
export const topUpRequestMachine = setup({
  types: { events: {} as TopUpRequestEvent },
}).createMachine({
  id: 'topUpRequest',
  initial: 'REQUESTED',
  states: {
    REQUESTED: { on: { APPROVE: 'APPROVED', REJECT: 'REJECTED' } },
    APPROVED: { type: 'final' },
    REJECTED: { type: 'final' },
  },
});

/** The request states, in the machine's order (the status CHECK is generated from them). */
export const topUpRequestStates = Object.keys(topUpRequestMachine.config.states ?? {}) as ('REQUESTED' | 'APPROVED' | 'REJECTED')[];
