import { setup } from 'xstate';
import { editableIn, type EditEvent } from './edit.event';
import type { ConsignmentEvent } from './consignment.events';

/**
 * Consignment ticket: goods leave the vendor (dispatched) and are received at the warehouse; an open or dispatched
 * consignment can be cancelled with a reason. State names are the record's status values.
 */
export const consignmentMachine = setup({
  types: { events: {} as ConsignmentEvent | EditEvent },
}).createMachine({
  id: 'consignment',
  initial: 'OPEN',
  states: {
    OPEN: { on: { ...editableIn('OPEN'), DISPATCH: 'DISPATCHED', CANCEL: 'CANCELLED' } },
    DISPATCHED: { on: { ...editableIn('DISPATCHED'), MARK_RECEIVED: 'RECEIVED', CANCEL: 'CANCELLED' } },
    RECEIVED: { type: 'final' },
    CANCELLED: { type: 'final' },
  },
});
