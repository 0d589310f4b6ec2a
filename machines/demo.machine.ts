import { setup } from 'xstate';
import type { DemoEvent } from './demo.events';

/**
 * Demo ticket: scheduled (and rescheduled) for a date and time, then completed; it can be cancelled with a reason
 * or closed with a close reason before that. State names are the record's status values.
 */
export const demoMachine = setup({
  types: { events: {} as DemoEvent },
}).createMachine({
  id: 'demo',
  initial: 'OPEN',
  states: {
    OPEN: { on: { SCHEDULE: 'SCHEDULED', CANCEL: 'CANCELLED', CLOSE: 'CLOSED' } },
    SCHEDULED: { on: { SCHEDULE: 'SCHEDULED', COMPLETE: 'COMPLETED', CANCEL: 'CANCELLED', CLOSE: 'CLOSED' } },
    COMPLETED: { type: 'final' },
    CANCELLED: { type: 'final' },
    CLOSED: { type: 'final' },
  },
});
