// StatusNotification: the connector's status; a fault opens a ticket, a recovery comments it (fault-store.ts).
import type { HandlerContext } from '@server/ocpp/message-handler';
import { recordStatus } from '@server/ocpp/fault-store';
import { checkConnector } from '@server/ocpp/ocpp-checks';
import { chargerLiveEvent, faultLiveEvent } from '@server/ocpp/ocpp-messages';
import type { StatusNotificationRequest } from '../messages';

export async function statusNotification(params: unknown, { charger, db, now, batches, live }: HandlerContext) {
  const p = params as StatusNotificationRequest;
  checkConnector(charger, p.connectorId, { allowZero: true });
  const outcome = await recordStatus(db, charger, p, now(), (row) => batches.plainStatus(row));
  live(chargerLiveEvent(charger.id, { connectivity: true }));
  const ticket = outcome.openedTicketId ?? outcome.recoveredTicketId;
  if (ticket !== null) live(faultLiveEvent(charger.id, ticket));
  return {};
}
