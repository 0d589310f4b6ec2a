import { setup } from 'xstate';
import type { BookingEvent } from './booking.events';

/**
 * A charging booking: scheduled, then charging (⇄ paused) until it completes, is stopped by staff (a remote stop the
 * charger carried out) or fails; a scheduled booking can be cancelled. Staff send CANCEL, CLOSE_SESSION (a charging or
 * paused session the charger will not end: completed with its last meter value or the energy staff enter) and
 * CORRECT_UTILIZATION (a completed booking's energy or amount, which stays completed); the charger's side sends START, PAUSE, RESUME,
 * COMPLETE, STOP and FAIL (server/ocpp). State names are the record's status values.
 */
export const bookingMachine = setup({
  types: { events: {} as BookingEvent },
}).createMachine({
  id: 'booking',
  initial: 'SCHEDULED',
  states: {
    SCHEDULED: { on: { START: 'CHARGING', CANCEL: 'CANCELLED', FAIL: 'FAILED' } },
    CHARGING: { on: { PAUSE: 'PAUSED', COMPLETE: 'COMPLETED', STOP: 'STOPPED_BY_ADMIN', FAIL: 'FAILED', CLOSE_SESSION: 'COMPLETED' } },
    PAUSED: { on: { RESUME: 'CHARGING', COMPLETE: 'COMPLETED', STOP: 'STOPPED_BY_ADMIN', FAIL: 'FAILED', CLOSE_SESSION: 'COMPLETED' } },
    COMPLETED: { on: { CORRECT_UTILIZATION: 'COMPLETED' } },
    CANCELLED: { type: 'final' },
    FAILED: { type: 'final' },
    STOPPED_BY_ADMIN: { type: 'final' },
  },
});
