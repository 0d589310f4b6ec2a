import { z } from 'zod';
import { reasonSchema } from './ticket-close.events';

/** Every event of the credit request machine, by type: approve as is (the wallets are credited), reject with a reason. */
export const creditRequestEventSchemas = {
  APPROVE: z.strictObject({ type: z.literal('APPROVE') }),
  REJECT: z.strictObject({ type: z.literal('REJECT'), reason: reasonSchema }),
} as const;

export type CreditRequestEvent = z.input<(typeof creditRequestEventSchemas)[keyof typeof creditRequestEventSchemas]>;
