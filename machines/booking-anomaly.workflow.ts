import type { RecordWorkflow } from './record-workflow';
import { bookingAnomalyEventSchemas } from './booking-anomaly.events';
import { bookingAnomalyMachine } from './booking-anomaly.machine';
import { closePatch, ticketReasonOf } from './ticket-close.events';

const update = 'ROLE_UPDATE_BOOKING_ANOMALY_TICKET' as const;

/** The booking anomaly machine bound to booking utilization anomaly tickets. */
export const bookingAnomalyWorkflow: RecordWorkflow = {
  resource: 'booking-utilization-tickets',
  stateField: 'status',
  machine: bookingAnomalyMachine,
  eventSchemas: bookingAnomalyEventSchemas,
  permissions: { START_REVIEW: update, MARK_CORRECTED: update, NO_ACTION_NEEDED: update, CLOSE: 'ROLE_CLOSE_TICKET' },
  contextOf: () => ({}),
  patchOf: closePatch,
  reasonOf: ticketReasonOf,
};
