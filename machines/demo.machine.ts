import { setup } from 'xstate';
import { editableIn, type EditEvent } from './edit.event';
import type { DemoEvent } from './demo.events';

/**
 * Demo ticket: scheduled (and rescheduled) for a date and time, then completed; it can be cancelled with a reason
 * or closed with a close reason before that. State names are the record's status values.
 */
export const demoMachine = setup({
  types: { events: {} as DemoEvent | EditEvent },
}).createMachine({
  id: 'demo',
  initial: 'OPEN',
  states: {
    OPEN: { on: { ...editableIn('OPEN'), SCHEDULE: 'SCHEDULED', CANCEL: 'CANCELLED', CLOSE: 'CLOSED' } },
    SCHEDULED: { on: { ...editableIn('SCHEDULED'), SCHEDULE: 'SCHEDULED', COMPLETE: 'COMPLETED', CANCEL: 'CANCELLED', CLOSE: 'CLOSED' } },
    COMPLETED: { type: 'final' },
    CANCELLED: { type: 'final' },
    CLOSED: { type: 'final' },
  },
});
