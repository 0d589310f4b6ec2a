import { z } from 'zod';
import { demoTicketResource } from '@domain/resources/tickets/demo-ticket';
import { closeEventSchema, reasonSchema } from './ticket-close.events';

/** Every event of the demo machine, by type (SCHEDULE again reschedules). */
export const demoEventSchemas = {
  SCHEDULE: z.strictObject({ type: z.literal('SCHEDULE'), demoAt: demoTicketResource.allFields.demoAt!.input }),
  COMPLETE: z.strictObject({ type: z.literal('COMPLETE') }),
  CANCEL: z.strictObject({ type: z.literal('CANCEL'), reason: reasonSchema }),
  CLOSE: closeEventSchema,
} as const;

export type DemoEvent = z.input<(typeof demoEventSchemas)[keyof typeof demoEventSchemas]>;
