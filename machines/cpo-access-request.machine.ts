import { setup } from 'xstate';
import type { CpoAccessRequestEvent } from './cpo-access-request.events';

/**
 * An operator staff member's request for console access: PENDING until staff approve it or reject it with a reason;
 * both outcomes are final (a new request is a new record). The request is read-only otherwise, so no state accepts
 * EDIT. State names are the request's `status` values.
 */
export const cpoAccessRequestMachine = setup({
  types: { events: {} as CpoAccessRequestEvent },
}).createMachine({
  id: 'cpoAccessRequest',
  initial: 'PENDING',
  states: {
    PENDING: { on: { APPROVE: 'APPROVED', REJECT: 'REJECTED' } },
    APPROVED: { type: 'final' },
    REJECTED: { type: 'final' },
  },
});
