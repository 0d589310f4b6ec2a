import { z } from 'zod';
import { reasonSchema } from './ticket-close.events';

/** A resolution note: what was done for the host, at least 3 characters. */
export const resolutionSchema = z.string().trim().min(3, 'Say how it was resolved (at least 3 characters)').max(2000, 'At most 2,000 characters');

/**
 * Every event of the host support request machine, by type: start as is, resolve with a resolution note (stored on
 * the request), reopen and close with a reason (kept in the audit row).
 */
export const hostSupportRequestEventSchemas = {
  START: z.strictObject({ type: z.literal('START') }),
  RESOLVE: z.strictObject({ type: z.literal('RESOLVE'), resolution: resolutionSchema }),
  REOPEN: z.strictObject({ type: z.literal('REOPEN'), reason: reasonSchema }),
  CLOSE: z.strictObject({ type: z.literal('CLOSE'), reason: reasonSchema }),
} as const;

export type HostSupportRequestEvent = z.input<(typeof hostSupportRequestEventSchemas)[keyof typeof hostSupportRequestEventSchemas]>;
