// The actions of RFID cards (user-service `rfid-card`): staff add a card to a user, block or unblock it, and remove it
// with a reason (each change reaches the chargers' local lists: server/ocpp/local-list-service.ts). A
// card is on one account at a time (the unique index on held card numbers, migration 0013, decides between two
// adds at once); each add and remove writes a row in RFID History, which OCPP Authorize reads
// (server/ocpp/authorisation-store.ts), and an audit row, in the same transaction.
import { and, eq, sql } from 'drizzle-orm';
import { normaliseCardNumber, rfidCardResource } from '@domain/resources/rfid/rfid-card';
import { nameWithNumber } from '@domain/phone';
import { problemSchema } from '@domain/problem';
import type { AuthenticatedSession } from '@server/auth/authenticated-session';
import { assertMayChangeStaffMember } from '@server/auth/who-may-change-whom';
import { writeAudit } from '@server/audit/write-audit';
import type { Database } from '@server/db/database';
import { users } from '@server/db/schema';
import { rfidCardHistory, rfidCards } from '@server/db/tables/chargers';
import type { HttpProblem} from '@server/http/problem';
import { conflictProblem, validationProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { queueListPropagation } from '@server/ocpp/local-list-service';
import { lockListVersion } from '@server/ocpp/local-list-store';
import { findRecord } from '@server/resources/resource-query';
import { registerResourceAction } from '@server/resources/resource-actions';

const conflict = (detail: string, path: string, message: string) => conflictProblem(detail, [{ path, message }]);

/** The user holding the card now, or undefined. */
async function holderOf(db: Database, cardNumber: string): Promise<{ userId: string; name: string | null; mobileNumber: string; blocked: boolean } | undefined> {
  const [row] = await db
    .select({ userId: rfidCards.userId, name: users.name, mobileNumber: users.mobileNumber, blocked: rfidCards.blocked })
    .from(rfidCards)
    .innerJoin(users, eq(users.id, rfidCards.userId))
    .where(and(eq(rfidCards.cardNumber, cardNumber), eq(rfidCards.held, true)))
    .limit(1);
  return row ? { ...row, userId: String(row.userId) } : undefined;
}

/** Refuses (403) a card change on a staff member's account by a caller lacking one of their permissions. */
async function assertMayChangeCardsOf(db: Database, session: AuthenticatedSession, userId: string): Promise<void> {
  await assertMayChangeStaffMember(db, session, userId, 'the RFID cards of this staff member');
}

/** 409 naming who holds the card (the same user, or another one). */
function takenProblem(cardNumber: string, holder: { userId: string; name: string | null; mobileNumber: string; blocked: boolean }, userId: string): HttpProblem {
  if (holder.userId === userId) return conflict(`Card ${cardNumber} is already on this user’s account.`, 'cardNumber', 'Already on this account');
  const blocked = holder.blocked ? ' (blocked there)' : '';
  return conflict(
    `Card ${cardNumber} is on the account of ${nameWithNumber(holder)}${blocked}. A card belongs to one user at a time: remove it from that account first.`,
    'cardNumber',
    `Held by ${nameWithNumber(holder)}`,
  );
}

/** Registers Add RFID card and Remove RFID card. */
export function registerRfidCardRoutes(registry: RouteRegistry): void {
  const resource = rfidCardResource;
  const recordAnswer = { description: 'The card as the RFID Cards list shows it', schema: resource.recordSchema };

  registerResourceAction(registry, resource, 'add', {
    summary:
      'Add an RFID card to a user: the card number (4 to 20 letters or digits, stored upper-case) must not be on any account; chargers accept it at once. Writes RFID History (ADDED) and an audit row. A staff member’s cards are changed only by a caller holding every permission they hold.',
    responses: {
      201: recordAnswer,
      409: { description: 'The card is on an account already (the holder named), or the user is inactive', schema: problemSchema },
    },
    handler: async ({ c, body, session, deps }) => {
      const cardNumber = normaliseCardNumber(String(body.cardNumber));
      const userId = String(body.userId);
      const [user] = await deps.db.select({ id: users.id, isActive: users.isActive }).from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw validationProblem([{ path: 'userId', message: 'No user has this id' }]);
      if (!user.isActive) throw conflict('This user is inactive: activate the account before adding a card.', 'userId', 'Inactive user');
      await assertMayChangeCardsOf(deps.db, session, userId);
      const held = await holderOf(deps.db, cardNumber);
      if (held) throw takenProblem(cardNumber, held, userId);
      const now = deps.now();
      const id = await deps.db.transaction(async (tx) => {
        // The unique index on held card numbers: of two adds at once, the second inserts nothing.
        const [row] = await tx
          .insert(rfidCards)
          .values({ cardNumber, userId, held: true, blocked: false, addedAt: now, addedById: session.userId, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: rfidCards.cardNumber, where: sql`${rfidCards.held}` })
          .returning({ id: rfidCards.id });
        if (!row) return undefined;
        // The list version is this row's id: ids are taken one change at a time, so they commit in their order.
        await lockListVersion(tx);
        await tx.insert(rfidCardHistory).values({ cardNumber, userId, action: 'ADDED', actedById: session.userId, actedAt: now, createdAt: now, updatedAt: now });
        await writeAudit(
          tx,
          { entityType: resource.name, entityId: String(row.id), actorUserId: session.userId, action: 'add', changes: { cardNumber: { from: null, to: cardNumber }, userId: { from: null, to: userId } } },
          now,
        );
        return Number(row.id);
      });
      if (id === undefined) {
        const holder = await holderOf(deps.db, cardNumber);
        if (holder) throw takenProblem(cardNumber, holder, userId);
        throw conflict(`Card ${cardNumber} was changed at the same moment. Try again.`, 'cardNumber', 'Changed meanwhile');
      }
      await queueListPropagation(deps.db, deps.bus, now);
      return c.json(await findRecord(deps.db, resource, String(id)), 201);
    },
  });

  registerResourceAction(registry, resource, 'remove', {
    summary:
      'Remove an RFID card from the account holding it, with a reason: chargers refuse it from then on (OCPP Authorize answers Invalid). Writes RFID History (REMOVED, with the reason) and an audit row.',
    responses: { 200: recordAnswer, 409: { description: 'The card is on no account', schema: problemSchema } },
    handler: async ({ c, body, session, deps }) => {
      const cardNumber = normaliseCardNumber(String(body.cardNumber));
      const reason = String(body.reason);
      const holder = await holderOf(deps.db, cardNumber);
      if (!holder) throw conflict(`Card ${cardNumber} is not on any account.`, 'cardNumber', 'Not on any account');
      await assertMayChangeCardsOf(deps.db, session, holder.userId);
      const now = deps.now();
      const id = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .update(rfidCards)
          .set({ held: false, removedAt: now, removedById: session.userId, removeReason: reason, updatedAt: now })
          .where(and(eq(rfidCards.cardNumber, cardNumber), eq(rfidCards.held, true), eq(rfidCards.userId, holder.userId)))
          .returning({ id: rfidCards.id });
        if (!row) return undefined;
        // The list version is this row's id: ids are taken one change at a time, so they commit in their order.
        await lockListVersion(tx);
        await tx.insert(rfidCardHistory).values({ cardNumber, userId: holder.userId, action: 'REMOVED', reason, actedById: session.userId, actedAt: now, createdAt: now, updatedAt: now });
        await writeAudit(
          tx,
          { entityType: resource.name, entityId: String(row.id), actorUserId: session.userId, action: 'remove', reason, changes: { held: { from: true, to: false } } },
          now,
        );
        return Number(row.id);
      });
      if (id === undefined) throw conflict(`Card ${cardNumber} was removed at the same moment.`, 'cardNumber', 'Not on any account');
      await queueListPropagation(deps.db, deps.bus, now);
      return c.json(await findRecord(deps.db, resource, String(id)), 200);
    },
  });

  // Block and Unblock: the card stays on its account, refused (Blocked) or accepted again; each writes RFID History
  // (BLOCKED or UNBLOCKED, with the reason) and an audit row, and reaches the chargers' local lists.
  for (const [name, blocked] of [['block', true], ['unblock', false]] as const) {
    registerResourceAction(registry, resource, name, {
      summary: blocked
        ? 'Block an RFID card on the account holding it, with a reason: chargers refuse it (OCPP Authorize and their local lists answer Blocked) until it is unblocked. Writes RFID History (BLOCKED) and an audit row.'
        : 'Unblock a blocked RFID card, with a reason: chargers accept it again (Authorize and their local lists). Writes RFID History (UNBLOCKED) and an audit row.',
      responses: { 200: recordAnswer, 409: { description: blocked ? 'The card is on no account, or blocked already' : 'The card is on no account, or not blocked', schema: problemSchema } },
      handler: async ({ c, body, session, deps }) => {
        const cardNumber = normaliseCardNumber(String(body.cardNumber));
        const reason = String(body.reason);
        const holder = await holderOf(deps.db, cardNumber);
        if (!holder) throw conflict(`Card ${cardNumber} is not on any account.`, 'cardNumber', 'Not on any account');
        if (holder.blocked === blocked) throw conflict(`Card ${cardNumber} is ${blocked ? 'blocked already' : 'not blocked'}. Nothing changed.`, 'cardNumber', blocked ? 'Blocked already' : 'Not blocked');
        await assertMayChangeCardsOf(deps.db, session, holder.userId);
        const now = deps.now();
        const id = await deps.db.transaction(async (tx) => {
          const [row] = await tx
            .update(rfidCards)
            .set({ blocked, updatedAt: now })
            .where(and(eq(rfidCards.cardNumber, cardNumber), eq(rfidCards.held, true), eq(rfidCards.userId, holder.userId), eq(rfidCards.blocked, !blocked)))
            .returning({ id: rfidCards.id });
          if (!row) return undefined;
          // The list version is this row's id: ids are taken one change at a time, so they commit in their order.
          await lockListVersion(tx);
          await tx.insert(rfidCardHistory).values({ cardNumber, userId: holder.userId, action: blocked ? 'BLOCKED' : 'UNBLOCKED', reason, actedById: session.userId, actedAt: now, createdAt: now, updatedAt: now });
          await writeAudit(tx, { entityType: resource.name, entityId: String(row.id), actorUserId: session.userId, action: name, reason, changes: { blocked: { from: !blocked, to: blocked } } }, now);
          return Number(row.id);
        });
        if (id === undefined) throw conflict(`Card ${cardNumber} was changed at the same moment. Try again.`, 'cardNumber', 'Changed meanwhile');
        await queueListPropagation(deps.db, deps.bus, now);
        return c.json(await findRecord(deps.db, resource, String(id)), 200);
      },
    });
  }
}
