import { z } from 'zod';
import { reasonSchema } from './ticket-close.events';

/** Every event of the top-up request machine, by type: approve as is (the money is credited), reject with a reason. */
export const topUpRequestEventSchemas = {
  APPROVE: z.strictObject({ type: z.literal('APPROVE') }),
  REJECT: z.strictObject({ type: z.literal('REJECT'), reason: reasonSchema }),
} as const;

export type TopUpRequestEvent = z.input<(typeof topUpRequestEventSchemas)[keyof typeof topUpRequestEventSchemas]>;
