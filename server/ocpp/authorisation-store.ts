// Who an idTag is and whether it may charge: test charges, sessions staff start for a customer, RFID cards and the
// session start rule; each Authorize is kept in Authorize History.
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { rfidAuthorizeRequests, rfidCardHistory } from '@server/db/tables/chargers';
import { ocppCommands, ocppSessions } from '@server/db/tables/ocpp';
import { DEFAULT_SESSION_START_MIN_WALLET_PAISE, sessionStartRefusal, type SessionStartRefusal } from '@server/bookings/session-start-rule';

/** idTag prefix of test charges started from the console (accepted without an RFID card). */
export const TEST_ID_TAG_PREFIX = 'CZOTEST';

/** idTag prefix of sessions staff start for a customer (instant booking and charging; instant_charge_requests). */
export const INSTANT_ID_TAG_PREFIX = 'CZOINST';

/**
 * Which start of the console's own an idTag is, whatever its case (OCPP 1.6 idTags are case-insensitive): a test
 * charge's (free, the staff member's) or a session started for a customer's (on their wallet); null for any other
 * tag. Such a tag charges as its record says, so the command route holds it to its own permission (command-service
 * senders: ocpp-routes.ts).
 */
export function consoleIdTagKind(idTag: string): 'test' | 'instant' | null {
  const tag = idTag.trim().toUpperCase();
  if (tag.startsWith(TEST_ID_TAG_PREFIX)) return 'test';
  if (tag.startsWith(INSTANT_ID_TAG_PREFIX)) return 'instant';
  return null;
}

const iso = (d: Date) => d.toISOString();

/** OCPP idTagInfo status. */
export type IdTagStatus = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid' | 'ConcurrentTx';

/**
 * A known customer that the session start rule refuses, in OCPP 1.6's terms. 1.6 has no status for "not enough
 * credit" (2.0.1 added NoCredit): Invalid means an identifier the central system does not know, and Expired one
 * whose validity ended, both untrue of a valid card whose wallet is short; Blocked, "not allowed for charging", is
 * the one that fits a known card refused for now, and the one this central system already gives a locked or inactive
 * customer. A charger that caches it asks again (Authorize) when the card is next presented online, so a top-up
 * counts from then. CitrineOS, for one, answers its 2.0.1 NoCredit as Invalid on 1.6, a fallback for statuses 1.6
 * cannot say rather than a choice of meaning.
 */
const refusedCustomer = (userId: string, refusal: SessionStartRefusal) => ({ status: 'Blocked' as const, userId, reason: refusal.message });

/**
 * How long a one-off tag of the console's (a test charge's, a session's started for a customer) may start its session
 * after it was made (the first RemoteStartTransaction carrying it to the charger; the instant charging request): a
 * start not begun by then is stale, and the tag is refused.
 */
export const ONE_OFF_TAG_LIFETIME_MS = 10 * 60_000;

/**
 * Where and when an idTag is presented. A StartTransaction gives its connector, its own timestamp (a transaction
 * started in time and sent after an outage is judged by when it started) and its start key (a resend of the same
 * transaction is not a second use of a one-off tag); an Authorize is judged now, on no connector.
 */
export interface IdTagPresentation {
  at: Date;
  connectorId?: number;
  startKey?: string;
}

/**
 * Whether a transaction has been started at the charger with this idTag before the one `startKey` is of (any
 * transaction, the refused ones too): a one-off tag starts one transaction, its first. A StartTransaction the charger
 * sends again for a transaction already recorded (its start key) is judged as it was, whatever came after it.
 * Shared by Authorize, StartTransaction and the command route's check of a test tag before it is sent.
 */
export async function oneOffTagUsed(db: Database, chargerId: number, idTag: string, startKey?: string): Promise<boolean> {
  const [used] = rowsOf<{ one: number }>(
    await db.execute(sql`
      select 1 as one from ${ocppSessions} s
      where s.charger_id = ${chargerId} and s.id_tag = ${idTag}
        and s.transaction_id < coalesce((select own.transaction_id from ${ocppSessions} own where own.charger_id = ${chargerId} and own.start_key = ${startKey ?? ''}), 9223372036854775807)
      limit 1`),
  );
  return used !== undefined;
}

/**
 * The console's one-off tags (test charges, sessions started for a customer): accepted once, for the charger (and the
 * connector) they were made for, within ONE_OFF_TAG_LIFETIME_MS of being made; the reason in words when not.
 */
async function oneOffRefusal(
  db: Database,
  chargerId: number,
  idTag: string,
  kind: 'Test' | 'Instant charging',
  madeAt: Date,
  presented: IdTagPresentation,
): Promise<string | null> {
  if (await oneOffTagUsed(db, chargerId, idTag, presented.startKey)) return `${kind} tag already used`;
  if (presented.at.getTime() - madeAt.getTime() > ONE_OFF_TAG_LIFETIME_MS) return `${kind} tag expired`;
  return null;
}

/**
 * Who an idTag is: the card's holder and the answer to give (blocked, removed or unknown cards are refused, and a
 * holder the session start rule refuses: server/bookings/session-start-rule.ts, with `minWalletPaise`). The
 * console's one-off tags are held to oneOffRefusal (`presented`: where and when; an Authorize's by default).
 */
export async function resolveIdTag(
  db: Database,
  chargerId: number,
  idTag: string,
  minWalletPaise = DEFAULT_SESSION_START_MIN_WALLET_PAISE,
  presented: IdTagPresentation = { at: new Date() },
): Promise<{ status: IdTagStatus; userId: string | null; reason: string }> {
  const kind = consoleIdTagKind(idTag);
  if (kind === 'test') {
    // Made by the first RemoteStartTransaction that carried it to this charger.
    const [command] = rowsOf<{ requested_by: string | null; created_at: string | Date }>(
      await db.execute(
        sql`select requested_by, created_at from ${ocppCommands} where charger_id = ${chargerId} and action = 'RemoteStartTransaction' and payload->>'idTag' = ${idTag} order by created_at limit 1`,
      ),
    );
    if (!command) return { status: 'Invalid', userId: null, reason: 'Unknown test tag' };
    const refused = await oneOffRefusal(db, chargerId, idTag, 'Test', new Date(command.created_at), presented);
    if (refused) return { status: 'Invalid', userId: command.requested_by, reason: refused };
    return { status: 'Accepted', userId: command.requested_by, reason: 'Test charge started from the console' };
  }
  if (kind === 'instant') {
    const [request] = rowsOf<{ user_id: string; connector_id: number; created_at: string | Date }>(
      await db.execute(sql`select user_id, connector_id, created_at from instant_charge_requests where id_tag = ${idTag} and charger_id = ${chargerId}`),
    );
    if (!request) return { status: 'Invalid', userId: null, reason: 'Unknown instant charging tag' };
    if (presented.connectorId !== undefined && presented.connectorId !== Number(request.connector_id)) {
      return { status: 'Invalid', userId: request.user_id, reason: `Instant charging tag made for connector ${request.connector_id}` };
    }
    const refused = await oneOffRefusal(db, chargerId, idTag, 'Instant charging', new Date(request.created_at), presented);
    if (refused) return { status: 'Invalid', userId: request.user_id, reason: refused };
    // Checked when staff sent the start, and again now: the wallet may have been spent meanwhile.
    const refusal = await sessionStartRefusal(db, request.user_id, minWalletPaise);
    if (refusal) return refusedCustomer(request.user_id, refusal);
    return { status: 'Accepted', userId: request.user_id, reason: 'Session started by staff for the customer' };
  }
  const [card] = rowsOf<{ action: string; user_id: string }>(
    await db.execute(sql`select action, user_id from ${rfidCardHistory} where card_number = ${idTag} order by acted_at desc, id desc limit 1`),
  );
  if (!card) return { status: 'Invalid', userId: null, reason: 'Unknown card' };
  if (card.action === 'BLOCKED') return { status: 'Blocked', userId: card.user_id, reason: 'Card blocked' };
  if (card.action === 'REMOVED') return { status: 'Invalid', userId: card.user_id, reason: 'Card removed from the account' };
  // The holder: active, operations not locked by staff (Lock customer operations on a booking), enough in the wallet.
  const refusal = await sessionStartRefusal(db, card.user_id, minWalletPaise);
  if (refusal) return refusal.reason === 'unknown' ? { status: 'Invalid', userId: null, reason: 'The card’s holder no longer exists' } : refusedCustomer(card.user_id, refusal);
  return { status: 'Accepted', userId: card.user_id, reason: 'Card active' };
}

/** Authorize: the answer, and a row in Authorize History (with the reason in words). */
export async function authorize(db: Database, chargerId: number, idTag: string, now: Date, minWalletPaise = DEFAULT_SESSION_START_MIN_WALLET_PAISE): Promise<{ status: IdTagStatus }> {
  const resolved = await resolveIdTag(db, chargerId, idTag, minWalletPaise, { at: now });
  await db.execute(sql`
    insert into ${rfidAuthorizeRequests} (card_number, charger_id, user_id, result, reason, requested_at, created_at, updated_at)
    values (${idTag}, ${chargerId}, ${resolved.userId}, ${resolved.status === 'Accepted' ? 'ACCEPTED' : resolved.status === 'Expired' ? 'EXPIRED' : 'REJECTED'},
      ${resolved.reason}, ${iso(now)}, ${iso(now)}, ${iso(now)})`);
  return { status: resolved.status };
}
