import { setup } from 'xstate';
import { editableIn, type EditEvent } from './edit.event';
import type { BookingAnomalyEvent } from './booking-anomaly.events';

/**
 * Booking utilization anomaly: reviewed, then marked corrected or as needing no action; closed with a close
 * reason at any point before. State names are the record's status values.
 */
export const bookingAnomalyMachine = setup({
  types: { events: {} as BookingAnomalyEvent | EditEvent },
}).createMachine({
  id: 'bookingAnomaly',
  initial: 'OPEN',
  states: {
    OPEN: { on: { ...editableIn('OPEN'), START_REVIEW: 'UNDER_REVIEW', CLOSE: 'CLOSED' } },
    UNDER_REVIEW: { on: { ...editableIn('UNDER_REVIEW'), MARK_CORRECTED: 'CORRECTED', NO_ACTION_NEEDED: 'NO_ACTION_NEEDED', CLOSE: 'CLOSED' } },
    CORRECTED: { type: 'final' },
    NO_ACTION_NEEDED: { type: 'final' },
    CLOSED: { type: 'final' },
  },
});
