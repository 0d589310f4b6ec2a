import { setup } from 'xstate';
import type { BundleEvent } from './bundle.events';

/**
 * Bundle management ticket: started, then completed; cancelled with a reason or closed with a close reason
 * before that. State names are the record's status values.
 */
export const bundleMachine = setup({
  types: { events: {} as BundleEvent },
}).createMachine({
  id: 'bundle',
  initial: 'OPEN',
  states: {
    OPEN: { on: { START: 'IN_PROGRESS', CANCEL: 'CANCELLED', CLOSE: 'CLOSED' } },
    IN_PROGRESS: { on: { COMPLETE: 'COMPLETED', CANCEL: 'CANCELLED', CLOSE: 'CLOSED' } },
    COMPLETED: { type: 'final' },
    CANCELLED: { type: 'final' },
    CLOSED: { type: 'final' },
  },
});
