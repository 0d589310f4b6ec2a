import type { RecordWorkflow } from './record-workflow';
import { bookingEventSchemas } from './booking.events';
import { bookingMachine } from './booking.machine';

/**
 * The booking machine bound to bookings (the Bookings family's permissions). Cancel refunds what the wallet paid, Close
 * session ends the charger session and pays for its energy, and a utilization correction posts the difference: the
 * server's effects (server/bookings/booking-effects.ts), in the transition's transaction.
 */
export const bookingWorkflow: RecordWorkflow = {
  resource: 'bookings',
  stateField: 'status',
  machine: bookingMachine,
  eventSchemas: bookingEventSchemas,
  permissions: { CANCEL: 'ROLE_CANCEL_BOOKING', CLOSE_SESSION: 'ROLE_CLOSE_STUCK_SESSION', CORRECT_UTILIZATION: 'ROLE_UTILIZATION_CORRECTION' },
  contextOf: () => ({}),
  auditBeforeAfter: true,
  confirms: {
    CANCEL: 'The booking is cancelled for good and what the wallet paid for it is refunded to the wallet. This cannot be undone.',
    CLOSE_SESSION:
      'The booking completes now with the energy shown (the last meter value unless you enter another) and is paid like a session the charger ended; its charger session is closed, and a stop the charger sends later changes nothing. This cannot be undone.',
    CORRECT_UTILIZATION: "The booking's energy and amount change, and for a wallet booking the difference is charged to or refunded to the wallet. The reason is kept in its history.",
  },
  patchOf: (event) => {
    if (event.type !== 'CORRECT_UTILIZATION') return {};
    const patch: Record<string, unknown> = {};
    if (typeof event.energyWh === 'number') patch.energyWh = event.energyWh;
    if (typeof event.amount === 'number') patch.amount = event.amount;
    return patch;
  },
};
