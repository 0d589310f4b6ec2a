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
