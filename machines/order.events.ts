import { z } from 'zod';
import { reasonSchema } from './ticket-close.events';

/** Every event of the order machine (its status update), by type. */
export const orderEventSchemas = {
  CONFIRM: z.strictObject({ type: z.literal('CONFIRM') }),
  PACK: z.strictObject({ type: z.literal('PACK') }),
  SHIP: z.strictObject({ type: z.literal('SHIP') }),
  MARK_DELIVERED: z.strictObject({ type: z.literal('MARK_DELIVERED') }),
  CANCEL: z.strictObject({ type: z.literal('CANCEL'), reason: reasonSchema }),
} as const;

export type OrderEvent = z.input<(typeof orderEventSchemas)[keyof typeof orderEventSchemas]>;
