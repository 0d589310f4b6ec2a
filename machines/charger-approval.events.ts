import { z } from 'zod';
import { closeEventSchema, reasonSchema } from './ticket-close.events';

/** Every event of the charger approval machine, by type. */
export const chargerApprovalEventSchemas = {
  START_REVIEW: z.strictObject({ type: z.literal('START_REVIEW') }),
  APPROVE: z.strictObject({ type: z.literal('APPROVE') }),
  REJECT: z.strictObject({ type: z.literal('REJECT'), reason: reasonSchema }),
  CLOSE: closeEventSchema,
} as const;

export type ChargerApprovalEvent = z.input<(typeof chargerApprovalEventSchemas)[keyof typeof chargerApprovalEventSchemas]>;
