import { z } from 'zod';
import { chargerServicingTicketResource } from '@domain/resources/tickets/charger-servicing-ticket';
import { closeEventSchema } from './ticket-close.events';

/** SET_AVAILABLE_DATE: the date from which the charger or hardware is available for servicing (any open state). */
export const setAvailableDateEventSchema = z.strictObject({
  type: z.literal('SET_AVAILABLE_DATE'),
  availableDate: chargerServicingTicketResource.allFields.availableDate!.input,
});

/** Every event of the servicing machines (charger and hardware), by type. */
export const servicingEventSchemas = {
  SET_AVAILABLE_DATE: setAvailableDateEventSchema,
  SCHEDULE: z.strictObject({ type: z.literal('SCHEDULE') }),
  START_SERVICE: z.strictObject({ type: z.literal('START_SERVICE') }),
  COMPLETE: z.strictObject({ type: z.literal('COMPLETE') }),
  CLOSE: closeEventSchema,
} as const;

export type ServicingEvent = z.input<(typeof servicingEventSchemas)[keyof typeof servicingEventSchemas]>;
