import { z } from 'zod';
import { closeEventSchema } from './ticket-close.events';

/** Every event of the booking utilization anomaly machine, by type. */
export const bookingAnomalyEventSchemas = {
  START_REVIEW: z.strictObject({ type: z.literal('START_REVIEW') }),
  MARK_CORRECTED: z.strictObject({ type: z.literal('MARK_CORRECTED') }),
  NO_ACTION_NEEDED: z.strictObject({ type: z.literal('NO_ACTION_NEEDED') }),
  CLOSE: closeEventSchema,
} as const;

export type BookingAnomalyEvent = z.input<(typeof bookingAnomalyEventSchemas)[keyof typeof bookingAnomalyEventSchemas]>;
