import { setup } from 'xstate';
import { editableIn, type EditEvent } from './edit.event';
import type { BundleEvent } from './bundle.events';

/**
 * Bundle management ticket: started, then completed; cancelled with a reason or closed with a close reason
 * before that. State names are the record's status values.
 */
export const bundleMachine = setup({
  types: { events: {} as BundleEvent | EditEvent },
}).createMachine({
  id: 'bundle',
  initial: 'OPEN',
  states: {
    OPEN: { on: { ...editableIn('OPEN'), START: 'IN_PROGRESS', CANCEL: 'CANCELLED', CLOSE: 'CLOSED' } },
    IN_PROGRESS: { on: { ...editableIn('IN_PROGRESS'), COMPLETE: 'COMPLETED', CANCEL: 'CANCELLED', CLOSE: 'CLOSED' } },
    COMPLETED: { type: 'final' },
    CANCELLED: { type: 'final' },
    CLOSED: { type: 'final' },
  },
});
