import { z } from 'zod';
import { pinnedItemSchema } from './pinned-item';

/** Global config, loaded once after sign-in from GET /config/secure/czo-app-global. */
export const globalConfigSchema = z.object({
  socketTypeList: z.record(
    z.string(),
    z.object({ displayText: z.string(), imageRelativePath: z.string().nullable(), isActive: z.boolean() }),
  ),
  imageCDNUrl: z.string(),
  cityConfig: z.object({
    defaultCity: z.string().nullable(),
    cityList: z.record(
      z.string(),
      z.object({ cityId: z.string(), name: z.string(), state: z.string(), latitude: z.number(), longitude: z.number() }),
    ),
  }),
  czoUsers: z.array(z.object({ userId: z.string(), name: z.string(), mobileNumber: z.string() })),
  tags: z.array(z.object({ id: z.string(), name: z.string() })),
  chargePointOperators: z.array(z.object({ id: z.string(), name: z.string() })),
  chargePointOperatorId: z.string().nullable(),
  pinnedItems: z.array(pinnedItemSchema),
});
export type GlobalConfig = z.infer<typeof globalConfigSchema>;

/**
 * The text staff know a socket type by ("CCS 2"), from the socket types reference data; a code the data does not
 * know (or no data, outside a session) reads as it is. Chargers and bookings store the code ("CCS_2").
 */
export function socketTypeText(socketTypes: GlobalConfig['socketTypeList'] | undefined, code: string): string {
  return socketTypes?.[code]?.displayText ?? code;
}
