// Transfer device (the /charger-management/transfer-device screen, draft phoneNumber + uniqueId): a charger moves to
// the host with that mobile number. The preview names the charger, its current host and the receiving host and
// writes nothing; the transfer locks the charger's row, refuses when its host is no longer the one the preview
// showed (two transfers from one preview cannot both apply), changes the host and writes the audit row in one
// transaction. The charger's host is owned by this action: the generic charger update does not write it.
import { formatIndianMobile } from '@domain/phone';
import { problemSchema } from '@domain/problem';
import {
  TRANSFER_DEVICE_PERMISSION,
  transferDeviceBodySchema,
  transferDeviceDraftSchema,
  transferDevicePaths,
  transferDevicePreviewSchema,
  transferProblemTypes,
  type TransferDevicePreview,
} from '@domain/transfer-device';
import type { Database } from '@server/db/database';
import type { RouteRegistry } from '@server/http/route-registry';
import { currentHost, loadCharger, receivingHost, refusal, setChargerHost, type ChargerRow } from './charger-host';

/** The preview of moving the charger to the host: refused when the host already has it. */
async function previewOf(db: Database, charger: ChargerRow, phoneNumber: string): Promise<TransferDevicePreview> {
  const to = await receivingHost(db, { phoneNumber }, 'phoneNumber');
  if (charger.host_id === to.userId) {
    const message = `${charger.unique_id} already belongs to ${to.businessName ?? to.name ?? formatIndianMobile(to.mobileNumber)}`;
    throw refusal(409, transferProblemTypes.sameHost, 'phoneNumber', message, `${message}: give the number of another host.`);
  }
  return {
    charger: {
      id: charger.id,
      uniqueId: charger.unique_id,
      chargerType: charger.charger_type,
      isActive: charger.is_active,
      locationId: charger.location_id,
      locationName: charger.location_name,
      cityName: charger.city_name,
    },
    from: await currentHost(db, charger.host_id),
    to,
  };
}

const problems = {
  400: { description: 'Invalid input, with field paths', schema: problemSchema },
  403: { description: `Missing ${TRANSFER_DEVICE_PERMISSION}`, schema: problemSchema },
  404: { description: 'No charger has the unique id (path uniqueId), or no host has the number (path phoneNumber)', schema: problemSchema },
  409: { description: 'The host is inactive or already has the charger (path phoneNumber)', schema: problemSchema },
};

/** Registers the preview and the transfer of a charger to another host. */
export function registerTransferDeviceRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'POST',
    path: transferDevicePaths.preview,
    access: { kind: 'permission', permission: TRANSFER_DEVICE_PERMISSION },
    body: transferDeviceDraftSchema,
    summary: 'Preview a transfer device: the charger (unique id, type, location), its current host and the host with the given mobile number (any common Indian form). Writes nothing.',
    responses: { 200: { description: 'The charger, from (current host or null) and to', schema: transferDevicePreviewSchema }, ...problems },
    handler: async ({ c, body, deps }) => {
      const charger = await loadCharger(deps.db, { uniqueId: body.uniqueId }, false);
      return c.json(await previewOf(deps.db, charger, body.phoneNumber), 200);
    },
  });

  registry.route({
    method: 'POST',
    path: transferDevicePaths.transfer,
    access: { kind: 'permission', permission: TRANSFER_DEVICE_PERMISSION },
    body: transferDeviceBodySchema,
    summary:
      'Transfer a device: the charger moves to the host with the given mobile number. fromHostId is the current host the preview showed (null: none); 409 when the charger has another host by now. The change and its audit row (from and to) are one transaction.',
    responses: {
      ...problems,
      200: { description: 'The transfer as done: the charger, from (the previous host) and to', schema: transferDevicePreviewSchema },
      409: { description: 'The host is inactive or already has the charger (path phoneNumber), or the charger’s host changed since the preview (path fromHostId)', schema: problemSchema },
    },
    handler: async ({ c, body, session, deps }) => {
      const now = deps.now();
      const done = await deps.db.transaction(async (tx) => {
        // The row lock makes a concurrent transfer of the same charger wait here, then see the host this one wrote.
        const charger = await loadCharger(tx, { uniqueId: body.uniqueId }, true);
        if (charger.host_id !== body.fromHostId) {
          const current = await currentHost(tx, charger.host_id);
          const now = current ? `${current.businessName ?? current.name ?? ''} (${formatIndianMobile(current.mobileNumber)})`.trim() : 'no host';
          throw refusal(
            409,
            transferProblemTypes.hostChanged,
            'fromHostId',
            `The charger's host changed since the preview: it is now ${now}`,
            `The charger's host changed since the preview: it is now ${now}. Preview again.`,
          );
        }
        const preview = await previewOf(tx, charger, body.phoneNumber);
        await setChargerHost(tx, { charger, from: preview.from, to: preview.to, actorUserId: session.userId, action: 'transfer-device', now });
        return preview;
      });
      return c.json(done, 200);
    },
  });
}
