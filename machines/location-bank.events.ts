import { z } from 'zod';
import { reasonSchema } from './ticket-close.events';

/** Every event of the location bank machine, by type; a rejected site says why. */
export const locationBankEventSchemas = {
  RECORD_SITE_VISIT: z.strictObject({ type: z.literal('RECORD_SITE_VISIT') }),
  NEGOTIATE: z.strictObject({ type: z.literal('NEGOTIATE') }),
  APPROVE: z.strictObject({ type: z.literal('APPROVE') }),
  ALLOCATE: z.strictObject({ type: z.literal('ALLOCATE') }),
  REJECT: z.strictObject({ type: z.literal('REJECT'), reason: reasonSchema }),
} as const;

export type LocationBankEvent = z.input<(typeof locationBankEventSchemas)[keyof typeof locationBankEventSchemas]>;
