import { setup } from 'xstate';
import type { CustomerSupportEvent } from './customer-support.events';

/**
 * Customer support ticket: work starts, may wait on the customer (and resume when they reply), and is resolved;
 * any unfinished ticket can be closed with a close reason. State names are the record's status values.
 */
export const customerSupportMachine = setup({
  types: { events: {} as CustomerSupportEvent },
}).createMachine({
  id: 'customerSupport',
  initial: 'OPEN',
  states: {
    OPEN: { on: { START_WORK: 'IN_PROGRESS', CLOSE: 'CLOSED' } },
    IN_PROGRESS: { on: { WAIT_ON_CUSTOMER: 'WAITING_ON_CUSTOMER', RESOLVE: 'RESOLVED', CLOSE: 'CLOSED' } },
    WAITING_ON_CUSTOMER: { on: { CUSTOMER_REPLIED: 'IN_PROGRESS', CLOSE: 'CLOSED' } },
    RESOLVED: { type: 'final' },
    CLOSED: { type: 'final' },
  },
});
