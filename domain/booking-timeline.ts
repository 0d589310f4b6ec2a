import { z } from 'zod';

/** Kinds of what happened to a booking: a machine transition, a charger event, money moving on the ledger. */
export const bookingTimelineKinds = ['transition', 'charger', 'money'] as const;

/** One moment of a booking's life. Amounts in paise, energy in Wh, power in W. */
export const bookingTimelineEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(bookingTimelineKinds),
  /** What happened, in words ("Cancelled", "Session started on connector 1"). */
  title: z.string(),
  /** More words (the reason, the memo, the meter reading). */
  detail: z.string().nullable(),
  /** Money entries: what the wallet gained (positive) or paid (negative). */
  walletAmount: z.number().nullable(),
  /** Money entries: what the customer came to owe (positive) or no longer owes (negative), beyond what the wallet paid. */
  owedAmount: z.number().nullable(),
  /** Money entries: the operator's revenue and the GST moved. */
  revenueAmount: z.number().nullable(),
  gstAmount: z.number().nullable(),
  /** Charger entries: the energy so far (Wh) and the power (W) when the charger said. */
  energyWh: z.number().nullable(),
  powerW: z.number().nullable(),
});
export type BookingTimelineEntry = z.infer<typeof bookingTimelineEntrySchema>;

/**
 * A booking's timeline, oldest first; its live session when it is charging (energy and power from the meter, and when
 * the last meter value came: null when none came); and the booking's energy (Wh) and amount (paise), the live session's
 * so far while it is open (`live`), else the booking's own: what its page shows in its details and its timeline alike.
 */
export const bookingTimelineSchema = z.object({
  items: z.array(bookingTimelineEntrySchema),
  live: z
    .object({
      transactionId: z.number(),
      chargerId: z.number(),
      connectorId: z.number(),
      energyWh: z.number().nullable(),
      powerW: z.number().nullable(),
      lastMeterAt: z.string().nullable(),
      /** No meter value came for the stale-session setting: the charger may have lost the session (staff can close it). */
      stale: z.boolean(),
    })
    .nullable(),
  figures: z.object({ energyWh: z.number(), amount: z.number(), live: z.boolean() }),
});
export type BookingTimeline = z.infer<typeof bookingTimelineSchema>;

/** Path of a booking's timeline. */
export function bookingTimelinePath(id: string | number): string {
  return `/booking-service/admin/booking/${encodeURIComponent(String(id))}/timeline`;
}
