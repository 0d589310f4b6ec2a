// FirmwareStatusNotification: the charger's firmware update status.
import type { HandlerContext } from '@server/ocpp/message-handler';
import { recordDeviceStatus } from '@server/ocpp/connectivity-store';
import { chargerLiveEvent } from '@server/ocpp/ocpp-messages';
import type { FirmwareStatusNotificationRequest } from '../messages';

export async function firmwareStatusNotification(params: unknown, { charger, db, now, live }: HandlerContext) {
  await recordDeviceStatus(db, charger.id, 'firmware', (params as FirmwareStatusNotificationRequest).status, now());
  live(chargerLiveEvent(charger.id));
  return {};
}
