import { z } from 'zod';
import { closeEventSchema, reasonSchema } from './ticket-close.events';

/** Every event of the bundle management machine, by type. */
export const bundleEventSchemas = {
  START: z.strictObject({ type: z.literal('START') }),
  COMPLETE: z.strictObject({ type: z.literal('COMPLETE') }),
  CANCEL: z.strictObject({ type: z.literal('CANCEL'), reason: reasonSchema }),
  CLOSE: closeEventSchema,
} as const;

export type BundleEvent = z.input<(typeof bundleEventSchemas)[keyof typeof bundleEventSchemas]>;
