// BootNotification: what the charger says it is; an inactive charger is rejected.
import type { HandlerContext } from '@server/ocpp/message-handler';
import { firmwareLiveEvents } from '@server/firmware/firmware-store';
import { chargerLiveEvent } from '@server/ocpp/ocpp-messages';
import type { BootNotificationRequest } from '../messages';

export async function bootNotification(params: unknown, { charger, now, connected, live, batches, heartbeatIntervalSeconds: interval }: HandlerContext) {
  const p = params as BootNotificationRequest;
  if (!charger.isActive) return { status: 'Rejected', currentTime: now().toISOString(), interval };
  // Accepted only once the charger is marked connected here: a command sent to it from then on finds it online,
  // not "offline" because that write was still queued behind other chargers' (1,000 connecting at once).
  await connected;
  // What it says it is, its heartbeat, the version it now runs on the update that installed it, and the jobs that send
  // it what it missed (its local list's changes, its charging profiles, after this answer): written with other
  // chargers' boots (server/ocpp/boot-store.ts).
  const at = now();
  const versionRecorded = await batches.boot({ chargerId: charger.id, vendor: p.chargePointVendor, model: p.chargePointModel, serialNumber: p.chargePointSerialNumber ?? p.chargeBoxSerialNumber, firmwareVersion: p.firmwareVersion, interval, at });
  if (versionRecorded) live(firmwareLiveEvents(charger.id));
  live(chargerLiveEvent(charger.id, { connectivity: true }));
  return { status: 'Accepted', currentTime: at.toISOString(), interval };
}
