import { z } from 'zod';

const reason = z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500);

/** Every event of the consignment machine (its update-status), by type. */
export const consignmentEventSchemas = {
  DISPATCH: z.strictObject({ type: z.literal('DISPATCH') }),
  MARK_RECEIVED: z.strictObject({ type: z.literal('MARK_RECEIVED') }),
  CANCEL: z.strictObject({ type: z.literal('CANCEL'), reason }),
} as const;

export type ConsignmentEvent = z.input<(typeof consignmentEventSchemas)[keyof typeof consignmentEventSchemas]>;
