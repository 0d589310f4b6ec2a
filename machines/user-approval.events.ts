import { z } from 'zod';
import { reasonSchema } from './ticket-close.events';

/** Every event of the user approval machine, by type: approve as is, reject with a reason (kept in the audit row). */
export const userApprovalEventSchemas = {
  APPROVE: z.strictObject({ type: z.literal('APPROVE') }),
  REJECT: z.strictObject({ type: z.literal('REJECT'), reason: reasonSchema }),
} as const;

export type UserApprovalEvent = z.input<(typeof userApprovalEventSchemas)[keyof typeof userApprovalEventSchemas]>;
