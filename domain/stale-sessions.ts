import { z } from 'zod';

/** Path of the stale sessions list (the API's and the console's page's). */
export const staleSessionsApiPath = '/booking-service/admin/stale-sessions';
export const staleSessionsPagePath = '/booking-management/all-bookings/stale-sessions';

/**
 * A charging or paused booking whose session has gone quiet: no meter value (nor a stop) for the server's setting, or
 * no open charger session at all. Times are ISO strings; energy in Wh.
 */
export const staleSessionSchema = z.object({
  bookingId: z.number(),
  status: z.string(),
  userName: z.string().nullable(),
  userPhone: z.string(),
  chargerId: z.number().nullable(),
  chargerName: z.string().nullable(),
  bookingStartedAt: z.string(),
  /** The open OCPP session's transaction, or null when the booking has none. */
  transactionId: z.number().nullable(),
  /** When the last meter value came (null: none came, or no session). */
  lastMeterAt: z.string().nullable(),
  /** The session's energy so far by its last meter value (null: no reading). */
  energyWh: z.number().nullable(),
});
export type StaleSession = z.infer<typeof staleSessionSchema>;

/** The stale sessions, quietest first, with the setting they were found by. */
export const staleSessionsSchema = z.object({ staleAfterMinutes: z.number().int(), count: z.number().int(), items: z.array(staleSessionSchema) });
export type StaleSessions = z.infer<typeof staleSessionsSchema>;
