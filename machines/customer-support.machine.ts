import { setup } from 'xstate';
import { editableIn, type EditEvent } from './edit.event';
import type { CustomerSupportEvent } from './customer-support.events';

/**
 * Customer support ticket: work starts, may wait on the customer (and resume when they reply), and is resolved;
 * any unfinished ticket can be closed with a close reason. State names are the record's status values.
 */
export const customerSupportMachine = setup({
  types: { events: {} as CustomerSupportEvent | EditEvent },
}).createMachine({
  id: 'customerSupport',
  initial: 'OPEN',
  states: {
    OPEN: { on: { ...editableIn('OPEN'), START_WORK: 'IN_PROGRESS', CLOSE: 'CLOSED' } },
    IN_PROGRESS: { on: { ...editableIn('IN_PROGRESS'), WAIT_ON_CUSTOMER: 'WAITING_ON_CUSTOMER', RESOLVE: 'RESOLVED', CLOSE: 'CLOSED' } },
    WAITING_ON_CUSTOMER: { on: { ...editableIn('WAITING_ON_CUSTOMER'), CUSTOMER_REPLIED: 'IN_PROGRESS', CLOSE: 'CLOSED' } },
    RESOLVED: { type: 'final' },
    CLOSED: { type: 'final' },
  },
});
