// Does a command to a charger stop or throttle a customer's charging session? A customer's session ends or changes
// current only through its booking's own actions (Stop charging with a reason, ROLE_STOP_BOOKING; Pause and Resume
// charging; Start and End load balancing, ROLE_LOAD_BALANCED_CHARGING), whichever screen or route asks: the generic
// command route (POST /ccu/charger-command) and test charging's stop (POST /ccu/test-charging/stop) ask this one check
// and answer 409 naming the booking's action, with nothing sent and no command recorded. The booking's actions send
// their commands themselves (./live-session.ts), past this check.
//
// A customer's session: an open OCPP session whose booking is not a staff test charge (test tags, server/ocpp) and is
// in a state its Stop acts on (the booking machine's CHARGING and PAUSED). A booking that has already ended (failed
// on a fault, say, while the charger still holds the session open) has no action left to go through, so its session
// is not held here.
import { sql } from 'drizzle-orm';
import { BOOKING_STATUSES, bookingResource } from '@domain/resources/bookings/booking';
import type { OcppCommand } from '@domain/ocpp';
import { bookingMachine } from '@machines/booking.machine';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { HttpProblem } from '@server/http/problem';
import { TEST_ID_TAG_PREFIX } from '@server/ocpp/authorisation-store';
import { chargingProfiles } from './live-session';

/** Which sessions of a charger a command reaches: one transaction, or a connector's (connector 0: every connector). */
export type SessionReach = { transactionId: number } | { connectorId: number };

/** An open session of a customer's live booking. */
export interface CustomerSession {
  bookingId: number;
  chargerId: number;
  connectorId: number;
  transactionId: number;
}

/** The booking states whose session is the customer's to keep: the ones the booking's Stop acts on. */
export const LIVE_BOOKING_STATES: readonly string[] = BOOKING_STATUSES.filter((status) =>
  bookingMachine.resolveState({ value: status, context: {} }).can({ type: 'STOP' }),
);

/** The ids of the charging profiles the booking's own actions set (pause at 0 A, the load limit). */
const bookingProfileIds = new Set<number>(Object.values(chargingProfiles).map((p) => p.id));

/**
 * The sessions a command would stop or throttle, decided here once:
 * - RemoteStopTransaction: its transaction (it ends the session).
 * - UnlockConnector: its connector's session (OCPP 1.6 §5.18: a charger finishes the transaction on the connector
 *   before it unlocks it, so an unlock is a stop).
 * - SetChargingProfile (a TxProfile, the only purpose the console sends): its connector's session, and its
 *   transaction when it names one. Any limit, not only 0 A: a profile of a higher stack level overrides the booking's
 *   pause or load limit, so the booking would say paused or limited while the charger does something else. Every
 *   connector when it takes the id of a profile a booking's action set: a charger replaces the profile of the same id
 *   wherever it is.
 * - ClearChargingProfile: the session of its connector; every connector when it names none or connector 0, or when it
 *   names the id of a profile a booking's action set (a charger clears a profile by id wherever it is). Clearing a
 *   booking's profile resumes a paused booking or lifts its load limit behind its back.
 * - Every other command: none here (Reset and ChangeAvailability are the charger's upkeep, behind their own confirms).
 */
export function sessionsReachedBy(command: OcppCommand): SessionReach[] {
  switch (command.action) {
    case 'RemoteStopTransaction':
      return [{ transactionId: command.payload.transactionId }];
    case 'UnlockConnector':
      return [{ connectorId: command.payload.connectorId }];
    case 'SetChargingProfile': {
      const { connectorId, csChargingProfiles } = command.payload;
      const everywhere = bookingProfileIds.has(csChargingProfiles.chargingProfileId);
      return [{ connectorId: everywhere ? 0 : connectorId }, ...(csChargingProfiles.transactionId === undefined ? [] : [{ transactionId: csChargingProfiles.transactionId }])];
    }
    case 'ClearChargingProfile': {
      const { id, connectorId } = command.payload;
      const everywhere = connectorId === undefined || connectorId === 0 || (id !== undefined && bookingProfileIds.has(id));
      return [{ connectorId: everywhere ? 0 : connectorId }];
    }
    default:
      return [];
  }
}

/**
 * The check: the first open session of a customer's live booking on these chargers that `reaches` find, or null.
 * One statement whatever the number of chargers (a command goes to up to 500 at once).
 */
export async function customerSessionReached(db: Database, chargerIds: readonly number[], reaches: readonly SessionReach[]): Promise<CustomerSession | null> {
  if (chargerIds.length === 0 || reaches.length === 0) return null;
  const reached = sql.join(
    reaches.map((r) => ('transactionId' in r ? sql`s.transaction_id = ${r.transactionId}` : r.connectorId === 0 ? sql`true` : sql`s.connector_id = ${r.connectorId}`)),
    sql` or `,
  );
  const [row] = rowsOf<{ booking_id: number | string; charger_id: number | string; connector_id: number; transaction_id: number | string }>(
    await db.execute(sql`
      select s.booking_id, s.charger_id, s.connector_id, s.transaction_id
      from ocpp_sessions s join bookings b on b.id = s.booking_id
      where s.charger_id in (${sql.join([...new Set(chargerIds)].map((id) => sql`${id}`), sql`, `)}) and s.stopped_at is null
        and not starts_with(s.id_tag, ${TEST_ID_TAG_PREFIX})
        and b.status in (${sql.join(LIVE_BOOKING_STATES.map((s) => sql`${s}`), sql`, `)})
        and (${reached})
      order by s.started_at, s.transaction_id limit 1`),
  );
  return row ? { bookingId: Number(row.booking_id), chargerId: Number(row.charger_id), connectorId: row.connector_id, transactionId: Number(row.transaction_id) } : null;
}

/** Problem type of a command refused because it would stop or throttle a customer's session. */
export const customerSessionProblemType = '/problems/customer-session';

const actionTitle = (name: string) => bookingResource.actions.find((a) => a.name === name)?.title ?? name;

/** 409 naming the booking and the booking's own action that does what the command would have (nothing was sent). */
export function customerSessionProblem(session: CustomerSession, command: OcppCommand): HttpProblem {
  const stops = command.action === 'RemoteStopTransaction' || command.action === 'UnlockConnector';
  const detail = stops
    ? `This session belongs to booking ${session.bookingId}: stop it with the booking's ${actionTitle('stop-charging')} action (a reason is needed). Nothing was sent.`
    : `This session belongs to booking ${session.bookingId}: change its current with the booking's ${actionTitle('start-load-balancing')} or ${actionTitle('end-load-balancing')} action (${actionTitle('pause-charging')} and ${actionTitle('resume-charging')} for 0 A). Nothing was sent.`;
  return new HttpProblem({
    type: customerSessionProblemType,
    status: 409,
    title: 'Conflict',
    detail,
    bookingId: session.bookingId,
    bookingAction: stops ? 'stop-charging' : 'start-load-balancing',
  } as never);
}

/** Refuses (409, nothing sent) a command to these chargers that would stop or throttle a customer's session. */
export async function refuseCustomerSession(db: Database, chargerIds: readonly number[], command: OcppCommand): Promise<void> {
  const session = await customerSessionReached(db, chargerIds, sessionsReachedBy(command));
  if (session) throw customerSessionProblem(session, command);
}
