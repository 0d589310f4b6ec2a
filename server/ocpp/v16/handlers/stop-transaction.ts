// StopTransaction: ends the transaction and its booking once, and keeps the meter values it carries. A stop for a
// transaction that ended already (staff closed a session whose stop never came, or whose stop was refused) is accepted
// whatever its readings, so the charger stops sending it, and changes nothing. The answer's idTagInfo is the stop's
// idTag as Authorize would answer it now: the charger keeps it in its authorisation cache, so a card blocked during
// the session is not cached as accepted.
import { queueAfterSession } from '@server/firmware/firmware-status';
import type { HandlerContext } from '@server/ocpp/message-handler';
import { checkMeterRegister, checkMeterValues, checkTransactionId, OcppRefusal } from '@server/ocpp/ocpp-checks';
import { recordMeterValues, type MeterSample } from '@server/ocpp/meter-store';
import { meterSamples, sessionLiveEvent } from '@server/ocpp/ocpp-messages';
import { stopTransaction as stopChargerTransaction, transactionEnded } from '@server/ocpp/transaction-store';
import { resolveIdTag } from '@server/ocpp/authorisation-store';
import type { StopTransactionRequest } from '../messages';

export async function stopTransaction(params: unknown, { charger, db, now, batches, live, sessionStartMinWalletPaise }: HandlerContext) {
  const p = params as StopTransactionRequest;
  checkTransactionId(p.transactionId);
  let samples: MeterSample[];
  try {
    checkMeterRegister('meterStop', p.meterStop);
    samples = meterSamples(0, p.transactionId, (p.transactionData ?? []) as never);
    checkMeterValues(p.transactionData ?? [], samples);
  } catch (refusal) {
    if (refusal instanceof OcppRefusal && (await transactionEnded(db, charger.id, p.transactionId))) return { idTagInfo: { status: 'Accepted' } };
    throw refusal;
  }
  const stopped = await stopChargerTransaction(db, charger.id, p, now());
  if (samples.length > 0 && stopped.known) await recordMeterValues(db, charger.id, samples, batches.meters, batches.sessionMeter);
  live(sessionLiveEvent(charger.id, stopped.bookingId));
  // A firmware update that waits for the charger to finish charging is sent now that this transaction has ended.
  if (stopped.known) await queueAfterSession(db, charger.id, now());
  if (!p.idTag) return { idTagInfo: { status: 'Accepted' } };
  return { idTagInfo: { status: (await resolveIdTag(db, charger.id, p.idTag, sessionStartMinWalletPaise, { at: now() })).status } };
}
