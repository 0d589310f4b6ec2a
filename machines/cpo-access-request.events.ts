import { z } from 'zod';
import { reasonSchema } from './ticket-close.events';

/** Every event of the CPO access request machine, by type: approve as is, reject with a reason (kept in the audit row). */
export const cpoAccessRequestEventSchemas = {
  APPROVE: z.strictObject({ type: z.literal('APPROVE') }),
  REJECT: z.strictObject({ type: z.literal('REJECT'), reason: reasonSchema }),
} as const;

export type CpoAccessRequestEvent = z.input<(typeof cpoAccessRequestEventSchemas)[keyof typeof cpoAccessRequestEventSchemas]>;
