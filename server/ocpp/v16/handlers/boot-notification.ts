// BootNotification: what the charger says it is; an inactive charger is rejected.
import type { HandlerContext } from '@server/ocpp/message-handler';
import { recordBootedVersion } from '@server/firmware/firmware-status';
import { firmwareLiveEvents } from '@server/firmware/firmware-store';
import { recordBoot } from '@server/ocpp/connectivity-store';
import { queueListSync } from '@server/ocpp/local-list-store';
import { chargerLiveEvent } from '@server/ocpp/ocpp-messages';
import { queueProfilesAfterBoot } from '@server/smart-charging/location-defaults-queue';
import type { BootNotificationRequest } from '../messages';

export async function bootNotification(params: unknown, { charger, db, now, connected, live, heartbeatIntervalSeconds: interval }: HandlerContext) {
  const p = params as BootNotificationRequest;
  if (!charger.isActive) return { status: 'Rejected', currentTime: now().toISOString(), interval };
  // Accepted only once the charger is marked connected here: a command sent to it from then on finds it online,
  // not "offline" because that write was still queued behind other chargers' (1,000 connecting at once).
  await connected;
  await recordBoot(db, charger.id, { vendor: p.chargePointVendor, model: p.chargePointModel, serialNumber: p.chargePointSerialNumber ?? p.chargeBoxSerialNumber, firmwareVersion: p.firmwareVersion }, interval, now());
  // After an installed firmware update, the version the charger now runs is recorded on that update.
  if (await recordBootedVersion(db, charger.id, p.firmwareVersion, now())) live(firmwareLiveEvents(charger.id));
  live(chargerLiveEvent(charger.id, { connectivity: true }));
  // A charger holding a local list gets what it missed while away (its version read, then the changes or the whole list).
  await queueListSync(db, charger.id, now());
  // The charger's own charging profiles in force and its location's defaults are sent after this answer (a job).
  await queueProfilesAfterBoot(db, charger.id, now());
  return { status: 'Accepted', currentTime: now().toISOString(), interval };
}
