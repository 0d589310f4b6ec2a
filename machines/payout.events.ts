import { z } from 'zod';
import { payoutResource } from '@domain/resources/settlements/payout';

const reason = z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500);

/** Every event of the payout machine, by type. */
export const payoutEventSchemas = {
  START_PROCESSING: z.strictObject({ type: z.literal('START_PROCESSING') }),
  MARK_PAID: z.strictObject({ type: z.literal('MARK_PAID'), reference: payoutResource.allFields.reference!.input }),
  MARK_FAILED: z.strictObject({ type: z.literal('MARK_FAILED'), reason }),
  RETRY: z.strictObject({ type: z.literal('RETRY') }),
  CANCEL: z.strictObject({ type: z.literal('CANCEL'), reason }),
} as const;

export type PayoutEvent = z.input<(typeof payoutEventSchemas)[keyof typeof payoutEventSchemas]>;
