import { z } from 'zod';
import { settlementResource } from '@domain/resources/settlements/settlement';

const reason = z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500);
const utrReference = settlementResource.allFields.utrReference!.input;
/** A booking number (the bookings' bigint id). */
const bookingId = z.number({ error: 'Choose a booking' }).int('Choose a booking').positive('Choose a booking');

/** Every event of the settlement machine, by type. */
export const settlementEventSchemas = {
  SETTLE_BOOKING: z.strictObject({ type: z.literal('SETTLE_BOOKING'), bookingId }),
  SUBMIT: z.strictObject({ type: z.literal('SUBMIT') }),
  NOTIFY: z.strictObject({ type: z.literal('NOTIFY') }),
  MARK_SUCCESS: z.strictObject({ type: z.literal('MARK_SUCCESS'), utrReference }),
  SETTLE_IMMEDIATELY: z.strictObject({ type: z.literal('SETTLE_IMMEDIATELY'), utrReference }),
  REJECT: z.strictObject({ type: z.literal('REJECT'), reason }),
} as const;

export type SettlementEvent = z.input<(typeof settlementEventSchemas)[keyof typeof settlementEventSchemas]>;
