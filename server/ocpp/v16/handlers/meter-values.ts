// MeterValues: the samples as telemetry and the open session's live energy and power, batched with other chargers'.
import type { HandlerContext } from '@server/ocpp/message-handler';
import { recordMeterValues } from '@server/ocpp/meter-store';
import { checkConnector, checkMeterValues, checkTransactionId } from '@server/ocpp/ocpp-checks';
import { chargerLiveEvent, meterSamples } from '@server/ocpp/ocpp-messages';
import type { MeterValuesRequest } from '../messages';

export async function meterValues(params: unknown, { charger, db, batches, live }: HandlerContext) {
  const p = params as MeterValuesRequest;
  checkConnector(charger, p.connectorId, { allowZero: true });
  checkTransactionId(p.transactionId);
  const samples = meterSamples(p.connectorId, p.transactionId ?? null, p.meterValue as never);
  checkMeterValues(p.meterValue, samples);
  await recordMeterValues(db, charger.id, samples, batches.meters, batches.sessionMeter);
  live(chargerLiveEvent(charger.id));
  return {};
}
