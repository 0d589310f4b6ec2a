// Heartbeat: the charger's last heartbeat, written with other chargers' in one statement.
import type { HandlerContext } from '@server/ocpp/message-handler';
import { chargerLiveEvent } from '@server/ocpp/ocpp-messages';

export async function heartbeat(_params: unknown, { charger, now, batches, live }: HandlerContext) {
  await batches.heartbeat({ chargerId: charger.id, at: now() });
  live(chargerLiveEvent(charger.id));
  return { currentTime: now().toISOString() };
}
