// StopTransaction: ends the transaction and its booking once, and keeps the meter values it carries.
import type { HandlerContext } from '@server/ocpp/message-handler';
import { recordMeterValues } from '@server/ocpp/meter-store';
import { checkMeterRegister, checkMeterValues, checkTransactionId } from '@server/ocpp/ocpp-checks';
import { meterSamples, sessionLiveEvent } from '@server/ocpp/ocpp-messages';
import { stopTransaction as stopChargerTransaction } from '@server/ocpp/transaction-store';
import type { StopTransactionRequest } from '../messages';

export async function stopTransaction(params: unknown, { charger, db, now, batches, live }: HandlerContext) {
  const p = params as StopTransactionRequest;
  checkTransactionId(p.transactionId);
  checkMeterRegister('meterStop', p.meterStop);
  const samples = meterSamples(0, p.transactionId, (p.transactionData ?? []) as never);
  checkMeterValues(p.transactionData ?? [], samples);
  const stopped = await stopChargerTransaction(db, charger.id, p, now());
  if (samples.length > 0 && stopped.known) await recordMeterValues(db, charger.id, samples, batches.meters, batches.sessionMeter);
  live(sessionLiveEvent(charger.id, stopped.bookingId));
  return { idTagInfo: { status: 'Accepted' } };
}
