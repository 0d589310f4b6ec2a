import { z } from 'zod';
import { reasonSchema } from './ticket-close.events';

/** Most a corrected booking's energy may be (Wh): 500 kWh, far above any session a socket delivers. */
export const MAX_CORRECTED_ENERGY_WH = 500_000;
/** Most a corrected booking's amount may be (paise): ₹50,000. */
export const MAX_CORRECTED_AMOUNT_PAISE = 5_000_000;

/**
 * Events staff send to a booking (the transition route): cancel a scheduled booking with a reason (what was paid for it
 * is refunded to the wallet), close a session the charger will not end with a reason (completed with the session's
 * last meter value, or the energy staff enter, and paid as a session the charger ended), and correct a completed booking's energy and/or amount with a reason (utilization
 * correction; the difference is posted to the wallet).
 */
export const bookingEventSchemas = {
  CANCEL: z.strictObject({ type: z.literal('CANCEL'), reason: reasonSchema }),
  // Without energy: the session's last meter value (the server reads it).
  CLOSE_SESSION: z.strictObject({
    type: z.literal('CLOSE_SESSION'),
    energyWh: z.number({ error: 'Energy is a whole number of Wh' }).int('Energy is a whole number of Wh').min(0, 'Energy cannot be negative').max(MAX_CORRECTED_ENERGY_WH, 'At most 500 kWh').optional(),
    reason: reasonSchema,
  }),
  // At least one of energy and amount, and a change: checked by the server's effect (a refinement here would stop
  // the transition route extending the schema with the version).
  CORRECT_UTILIZATION: z.strictObject({
    type: z.literal('CORRECT_UTILIZATION'),
    energyWh: z.number({ error: 'Energy is a whole number of Wh' }).int('Energy is a whole number of Wh').min(0, 'Energy cannot be negative').max(MAX_CORRECTED_ENERGY_WH, 'At most 500 kWh').optional(),
    amount: z.number({ error: 'Amount is a whole number of paise' }).int('Amount is a whole number of paise').min(0, 'Amount cannot be negative').max(MAX_CORRECTED_AMOUNT_PAISE, 'At most ₹50,000').optional(),
    reason: reasonSchema,
  }),
} as const;

/**
 * Events the charger's side sends (the OCPP central system, never the transition route): a session started, paused
 * (a 0 A charging profile accepted), resumed (the profile cleared), completed, stopped by staff (a remote stop the
 * charger carried out) or failed.
 */
export type BookingChargerEvent = { type: 'START' } | { type: 'PAUSE' } | { type: 'RESUME' } | { type: 'COMPLETE' } | { type: 'STOP' } | { type: 'FAIL' };

export type BookingStaffEvent = z.input<(typeof bookingEventSchemas)[keyof typeof bookingEventSchemas]>;

/** Every event of the booking machine. */
export type BookingEvent = BookingStaffEvent | BookingChargerEvent;
