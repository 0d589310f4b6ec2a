import { z } from 'zod';
import { ticketCloseReasons } from '@domain/resources/tickets/shared';

const closeReasonValues = ticketCloseReasons.map((r) => r.value) as [string, ...string[]];

/** CLOSE: ends a ticket of any small machine with one of the close reasons and an optional note. */
export const closeEventSchema = z.strictObject({
  type: z.literal('CLOSE'),
  closeReason: z.enum(closeReasonValues, { error: 'Choose a close reason' }),
  note: z.string().trim().max(500, 'At most 500 characters').optional(),
});
export type CloseEvent = z.input<typeof closeEventSchema>;

/** A cancel or reject reason: free text of at least 3 characters. */
export const reasonSchema = z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500);

/** The field changes of CLOSE: the close reason is stored on the ticket. */
export function closePatch(event: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return event.type === 'CLOSE' ? { closeReason: event.closeReason } : {};
}

/** The audit reason of an event: the close reason's words (and note) for CLOSE, else the event's `reason`. */
export function ticketReasonOf(event: Readonly<Record<string, unknown>>): string | undefined {
  if (event.type === 'CLOSE') {
    const label = ticketCloseReasons.find((r) => r.value === event.closeReason)?.label ?? String(event.closeReason);
    return typeof event.note === 'string' && event.note !== '' ? `${label}: ${event.note}` : label;
  }
  return typeof event.reason === 'string' ? event.reason : undefined;
}
