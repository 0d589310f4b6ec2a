// StartTransaction: the transaction, the session and, for a known customer, the booking (transaction-store.ts).
import type { HandlerContext } from '@server/ocpp/message-handler';
import { checkConnector, checkMeterRegister } from '@server/ocpp/ocpp-checks';
import { sessionLiveEvent } from '@server/ocpp/ocpp-messages';
import { startTransaction as startChargerTransaction } from '@server/ocpp/transaction-store';
import { markReservationUsed } from '@server/reservations/reservation-store';
import type { StartTransactionRequest } from '../messages';

export async function startTransaction(params: unknown, { charger, db, now, live, sessionStartMinWalletPaise }: HandlerContext) {
  const p = params as StartTransactionRequest;
  checkConnector(charger, p.connectorId, { allowZero: false });
  checkMeterRegister('meterStart', p.meterStart);
  const started = await startChargerTransaction(db, charger, p, now(), sessionStartMinWalletPaise);
  // A start on a reservation (its reserved idTag): the charger ended the reservation; recorded on it.
  if (p.reservationId !== undefined && started.status === 'Accepted' && !started.replayed) await markReservationUsed(db, charger.id, p.reservationId, started.transactionId, now());
  live(sessionLiveEvent(charger.id, started.bookingId));
  return { transactionId: started.transactionId, idTagInfo: { status: started.status } };
}
