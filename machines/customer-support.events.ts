import { z } from 'zod';
import { closeEventSchema } from './ticket-close.events';

/** Every event of the customer support machine, by type. */
export const customerSupportEventSchemas = {
  START_WORK: z.strictObject({ type: z.literal('START_WORK') }),
  WAIT_ON_CUSTOMER: z.strictObject({ type: z.literal('WAIT_ON_CUSTOMER') }),
  CUSTOMER_REPLIED: z.strictObject({ type: z.literal('CUSTOMER_REPLIED') }),
  RESOLVE: z.strictObject({ type: z.literal('RESOLVE') }),
  CLOSE: closeEventSchema,
} as const;

export type CustomerSupportEvent = z.input<(typeof customerSupportEventSchemas)[keyof typeof customerSupportEventSchemas]>;
