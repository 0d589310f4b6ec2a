import { z } from 'zod';
import { reasonSchema } from './ticket-close.events';

/** Every event of the opportunity lead machine, by type; an investor who is not interested says why. */
export const opportunityLeadEventSchemas = {
  CONTACT: z.strictObject({ type: z.literal('CONTACT') }),
  MARK_INTERESTED: z.strictObject({ type: z.literal('MARK_INTERESTED') }),
  REQUEST_KYC: z.strictObject({ type: z.literal('REQUEST_KYC') }),
  MARK_INVESTED: z.strictObject({ type: z.literal('MARK_INVESTED') }),
  MARK_NOT_INTERESTED: z.strictObject({ type: z.literal('MARK_NOT_INTERESTED'), reason: reasonSchema }),
} as const;

export type OpportunityLeadEvent = z.input<(typeof opportunityLeadEventSchemas)[keyof typeof opportunityLeadEventSchemas]>;
