import { z } from 'zod';
import { reasonSchema } from './ticket-close.events';

/** Every event of the CPO lead machine (its status update), by type; a lost lead says why. */
export const cpoLeadEventSchemas = {
  CONTACT: z.strictObject({ type: z.literal('CONTACT') }),
  SCHEDULE_DEMO: z.strictObject({ type: z.literal('SCHEDULE_DEMO') }),
  NEGOTIATE: z.strictObject({ type: z.literal('NEGOTIATE') }),
  ONBOARD: z.strictObject({ type: z.literal('ONBOARD') }),
  MARK_LOST: z.strictObject({ type: z.literal('MARK_LOST'), reason: reasonSchema }),
} as const;

export type CpoLeadEvent = z.input<(typeof cpoLeadEventSchemas)[keyof typeof cpoLeadEventSchemas]>;
