// DiagnosticsStatusNotification: the status of the diagnostics upload staff asked for.
import type { HandlerContext } from '@server/ocpp/message-handler';
import { recordDeviceStatus } from '@server/ocpp/connectivity-store';
import { chargerLiveEvent } from '@server/ocpp/ocpp-messages';
import type { DiagnosticsStatusNotificationRequest } from '../messages';

export async function diagnosticsStatusNotification(params: unknown, { charger, db, now, live }: HandlerContext) {
  await recordDeviceStatus(db, charger.id, 'diagnostics', (params as DiagnosticsStatusNotificationRequest).status, now());
  live(chargerLiveEvent(charger.id));
  return {};
}
