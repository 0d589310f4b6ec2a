// FirmwareStatusNotification: the charger's firmware update status, kept on the charger, and moving the charger's own
// open firmware update (server/firmware/firmware-status.ts, many chargers' statuses in one batch); a status that fits
// no update moves nothing. Answered once written.
import type { HandlerContext } from '@server/ocpp/message-handler';
import { chargerLiveEvent } from '@server/ocpp/ocpp-messages';
import { firmwareLiveEvents } from '@server/firmware/firmware-store';
import type { FirmwareStatusNotificationRequest } from '../messages';

export async function firmwareStatusNotification(params: unknown, { charger, now, live, batches }: HandlerContext) {
  const { status } = params as FirmwareStatusNotificationRequest;
  const moved = await batches.firmwareStatus({ chargerId: charger.id, status, at: now() });
  live(moved ? firmwareLiveEvents(charger.id) : chargerLiveEvent(charger.id));
  return {};
}
