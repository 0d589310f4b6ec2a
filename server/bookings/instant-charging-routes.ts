// Instant booking and charging (booking-service `instant`, ROLE_INSTANT_BOOKING_AND_CHARGING): staff start a session
// for a customer on a charger's connector now. The server checks the customer by the session start rule
// (session-start-rule.ts: active, customer operations not locked, a prepaid wallet holding at least
// SESSION_START_MIN_WALLET_PAISE, or postpaid: checked, not held; the session pays the metered amount when it ends;
// the charger's StartTransaction is held to the same rule), the charger (active, OCPP, online) and the connector (reported Available, no open
// session), then sends RemoteStartTransaction with a one-off idTag recorded in instant_charge_requests against the
// customer. The answer is 202 with the command once the charger has accepted it; the booking appears when the
// charger's StartTransaction with that idTag arrives (server/ocpp/authorisation-store.ts resolveIdTag: the customer's WALLET
// booking, moved to charging by the booking machine's START). Every refusal is a 409 in words and sends nothing.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { bookingResource } from '@domain/resources/bookings/booking';
import { canTestOverOcpp } from '@domain/ocpp';
import { problemSchema } from '@domain/problem';
import { writeAudit } from '@server/audit/write-audit';
import { rowsOf } from '@server/db/rows';
import { conflictProblem, validationProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { chargerOfflineProblem } from '@server/ocpp/command-service';
import { connectorCount } from '@server/ocpp/ocpp-checks';
import { INSTANT_ID_TAG_PREFIX } from '@server/ocpp/authorisation-store';
import type { ChargerIdentity } from '@server/ocpp/charger-identity';
import { registerResourceAction } from '@server/resources/resource-actions';
import { sendToCharger } from './live-session';
import { sessionStartRefusal } from './session-start-rule';

/** Registers Start a session now. */
export function registerInstantChargingRoutes(registry: RouteRegistry): void {
  registerResourceAction(registry, bookingResource, 'instant', {
    summary:
      'Start a charging session for a customer now (RemoteStartTransaction on the connector). 202 with the command once the charger accepts; the booking appears when the charger starts the transaction. Refused (409) for an inactive or locked customer, a prepaid wallet below the minimum to start a session (SESSION_START_MIN_WALLET_PAISE, default ₹50), an offline charger or a busy connector.',
    responses: {
      202: { description: 'The charger accepted the start; the booking follows with its StartTransaction' },
      409: { description: 'The customer, wallet, charger or connector does not allow it (nothing was sent), or the charger refused', schema: problemSchema },
    },
    handler: async ({ c, body, session, deps }) => {
      const userId = String(body.userId);
      const chargerId = Number(body.chargerId);
      const connectorId = Number(body.connectorId);
      const db = deps.db;

      const refusal = await sessionStartRefusal(db, userId, deps.config.sessionStart.minWalletPaise);
      if (refusal?.reason === 'unknown') throw validationProblem([{ path: 'userId', message: 'No user has this id.' }]);
      if (refusal) throw conflictProblem(`${refusal.message} Nothing was sent.`, [{ path: 'userId', message: refusal.label }]);

      const [charger] = rowsOf<{ unique_id: string; charger_type: string; is_active: boolean; sockets: unknown; connected_node: string | null }>(
        await db.execute(sql`select c.unique_id, c.charger_type, c.is_active, c.sockets, p.connected_node from chargers c left join ocpp_charge_points p on p.charger_id = c.id where c.id = ${chargerId}`),
      );
      if (!charger) throw validationProblem([{ path: 'chargerId', message: 'No charger has this id.' }]);
      if (!canTestOverOcpp(charger.charger_type)) throw conflictProblem(`${charger.unique_id} is not an OCPP charger: the console cannot start a session on it. Nothing was sent.`, [{ path: 'chargerId', message: 'Not an OCPP charger' }]);
      if (!charger.is_active) throw conflictProblem(`${charger.unique_id} is inactive. Nothing was sent.`, [{ path: 'chargerId', message: 'Inactive charger' }]);
      // The connectors the central system takes from this charger (its sockets, at least one).
      const connectors = connectorCount({ sockets: Array.isArray(charger.sockets) ? (charger.sockets as ChargerIdentity['sockets']) : [] });
      if (connectorId > connectors) throw validationProblem([{ path: 'connectorId', message: `${charger.unique_id} has ${connectors} connector${connectors === 1 ? '' : 's'}.` }]);
      if (charger.connected_node === null) throw chargerOfflineProblem(charger.unique_id, [{ path: 'chargerId', message: 'Offline' }]);
      const [connector] = rowsOf<{ status: string }>(await db.execute(sql`select status from ocpp_connectors where charger_id = ${chargerId} and connector_id = ${connectorId}`));
      const [open] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ocpp_sessions where charger_id = ${chargerId} and connector_id = ${connectorId} and stopped_at is null`));
      if (connector?.status !== 'Available' || Number(open?.n) > 0) {
        const said = connector ? `it reports ${connector.status}` : 'it has not reported its status';
        throw conflictProblem(`Connector ${connectorId} of ${charger.unique_id} is busy (${Number(open?.n) > 0 ? 'a session is open on it' : said}): nothing was sent.`, [{ path: 'connectorId', message: 'Connector not available' }]);
      }

      const idTag = `${INSTANT_ID_TAG_PREFIX}${randomBytes(5).toString('hex').toUpperCase()}`;
      const now = deps.now();
      await db.execute(sql`insert into instant_charge_requests (id_tag, user_id, charger_id, connector_id, requested_by, created_at) values (${idTag}, ${userId}, ${chargerId}, ${connectorId}, ${session.userId}, ${now.toISOString()})`);
      await writeAudit(db, { entityType: 'users', entityId: userId, actorUserId: session.userId, action: 'instant-charging', changes: { chargerId, connectorId, idTag } }, now);
      try {
        const command = await sendToCharger(deps, chargerId, charger.unique_id, session.userId, { action: 'RemoteStartTransaction', payload: { connectorId, idTag } });
        await db.execute(sql`update instant_charge_requests set command_id = ${command.id}::uuid where id_tag = ${idTag}`);
        return c.json({ idTag, command }, 202);
      } catch (error) {
        // The charger did not start it: the tag can never start a session.
        await db.execute(sql`delete from instant_charge_requests where id_tag = ${idTag}`);
        throw error;
      }
    },
  });
}
