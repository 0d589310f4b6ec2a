// FirmwareStatusNotification: the charger's firmware update status, kept on the charger, and moving the charger's own
// open firmware update (server/firmware/firmware-status.ts); a status that fits no update moves nothing.
import type { HandlerContext } from '@server/ocpp/message-handler';
import { recordDeviceStatus } from '@server/ocpp/connectivity-store';
import { chargerLiveEvent } from '@server/ocpp/ocpp-messages';
import { applyFirmwareStatus } from '@server/firmware/firmware-status';
import { firmwareLiveEvents } from '@server/firmware/firmware-store';
import type { FirmwareStatusNotificationRequest } from '../messages';

export async function firmwareStatusNotification(params: unknown, { charger, db, now, live }: HandlerContext) {
  const { status } = params as FirmwareStatusNotificationRequest;
  await recordDeviceStatus(db, charger.id, 'firmware', status, now());
  const moved = await applyFirmwareStatus(db, charger.id, status, now());
  live(moved ? firmwareLiveEvents(charger.id) : chargerLiveEvent(charger.id));
  return {};
}
