// DiagnosticsStatusNotification: the status of the diagnostics upload staff asked for. Kept as the charger's device
// status, and on its open diagnostics request, which it moves (Uploading, Uploaded, UploadFailed); a status with no
// request open (or one the request cannot take, Idle among them) is logged and changes no request.
import { logLine } from '@server/app-deps';
import { recordDiagnosticsStatus } from '@server/diagnostics/diagnostics-store';
import type { HandlerContext } from '@server/ocpp/message-handler';
import { keepDiagnosticsStatus } from '@server/ocpp/connectivity-store';
import { chargerLiveEvent } from '@server/ocpp/ocpp-messages';
import type { DiagnosticsStatusNotificationRequest } from '../messages';

export async function diagnosticsStatusNotification(params: unknown, { charger, db, now, live }: HandlerContext) {
  const { status } = params as DiagnosticsStatusNotificationRequest;
  const at = now();
  await keepDiagnosticsStatus(db, charger.id, status, at);
  const request = await recordDiagnosticsStatus(db, charger.id, status, at);
  if (request === null) console.info(logLine('diagnostics-status-without-request', { chargerId: charger.id, status }));
  live(chargerLiveEvent(charger.id));
  return {};
}
