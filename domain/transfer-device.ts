import { z } from 'zod';
import { indianMobileSchema } from './phone';

/** The transfer device screen (charger-management/transfer-device). */
export const TRANSFER_DEVICE_SCREEN = '/charger-management/transfer-device';

/** Permission of both calls (the Chargers family; granted with it to Super Admin and Operations). */
export const TRANSFER_DEVICE_PERMISSION = 'ROLE_TRANSFER_DEVICE' as const;

/** The API of a transfer (server/chargers/transfer-device-routes.ts). */
export const transferDevicePaths = {
  /** POST { uniqueId, phoneNumber }: the charger, its current host and the receiving host; nothing is written. */
  preview: '/charger-service/transfer-device/preview',
  /** POST { uniqueId, phoneNumber, fromHostId }: moves the charger to the receiving host. */
  transfer: '/charger-service/transfer-device',
};

/** A charger's unique id as staff type it: trimmed and upper-cased ("cz000123" is CZ000123). */
export const chargerUniqueIdSchema = z
  .string({ error: 'This field is required' })
  .trim()
  .min(1, 'This field is required')
  .max(40, 'At most 40 characters')
  .regex(/^[A-Za-z0-9_-]*$/, 'Letters, digits, "-" and "_" only')
  .transform((value) => value.toUpperCase());

/** The transfer device draft: the charger's unique id and the receiving host's mobile number (any common Indian form). */
export const transferDeviceDraftSchema = z.strictObject({ uniqueId: chargerUniqueIdSchema, phoneNumber: indianMobileSchema });
export type TransferDeviceDraft = z.infer<typeof transferDeviceDraftSchema>;

/**
 * What the transfer sends: the draft plus the host the preview showed (null: none). The transfer is refused (409)
 * when the charger's host is no longer that one, so two transfers started from one preview cannot both apply.
 */
export const transferDeviceBodySchema = transferDeviceDraftSchema.extend({
  fromHostId: z.guid('Give the current host of the preview (a user id) or null').nullable(),
});
export type TransferDeviceBody = z.infer<typeof transferDeviceBodySchema>;

/** A host (a user with a host record, or only a user for a charger's current host) as the preview shows it. */
export const transferHostSchema = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  mobileNumber: z.string(),
  businessName: z.string().nullable(),
});
export type TransferHost = z.infer<typeof transferHostSchema>;

/** The answer of a preview (and, after the move, of the transfer with `from` the previous host). */
export const transferDevicePreviewSchema = z.object({
  charger: z.object({
    id: z.number(),
    uniqueId: z.string(),
    chargerType: z.string(),
    isActive: z.boolean(),
    locationId: z.number().nullable(),
    locationName: z.string().nullable(),
    cityName: z.string().nullable(),
  }),
  from: transferHostSchema.nullable(),
  to: transferHostSchema,
});
export type TransferDevicePreview = z.infer<typeof transferDevicePreviewSchema>;

/** Problem types of the refusals, so the console and tests tell them apart. */
export const transferProblemTypes = {
  unknownCharger: '/problems/transfer-device/unknown-charger',
  unknownHost: '/problems/transfer-device/unknown-host',
  inactiveHost: '/problems/transfer-device/inactive-host',
  sameHost: '/problems/transfer-device/same-host',
  hostChanged: '/problems/transfer-device/host-changed',
} as const;

/**
 * What a link to the screen fills in: `?uniqueId=` and `?phoneNumber=` as typed, or `?charger=<id>` (the charger's
 * record id, its unique id loaded by the screen). Unknown or empty parameters are ignored.
 */
export function transferDraftFromQuery(search: string): { uniqueId?: string; phoneNumber?: string; chargerId?: string } {
  const params = new URLSearchParams(search);
  const text = (name: string, max: number) => {
    const value = params.get(name)?.trim();
    return value && value.length <= max ? value : undefined;
  };
  const chargerId = text('charger', 20);
  return {
    ...(text('uniqueId', 40) ? { uniqueId: text('uniqueId', 40) } : {}),
    ...(text('phoneNumber', 20) ? { phoneNumber: text('phoneNumber', 20) } : {}),
    ...(chargerId && /^[1-9][0-9]*$/.test(chargerId) ? { chargerId } : {}),
  };
}

/** The screen's link for a charger (the palette's "Transfer device…" on a charger's page). */
export const transferDeviceLinkFor = (chargerId: string | number) => `${TRANSFER_DEVICE_SCREEN}?charger=${encodeURIComponent(String(chargerId))}`;
