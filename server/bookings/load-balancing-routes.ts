// Load-balanced charging (booking-service `load-balanced-charging (start, end)`, ROLE_LOAD_BALANCED_CHARGING): a
// charging booking's session is limited to a chosen current by a TxProfile (SetChargingProfile) and the limit is
// recorded on the booking (`loadLimitA`, owned by these two actions) once the charger accepts; ending it clears the
// profile (ClearChargingProfile) and the field. A booking not charging, without a live session or on an offline
// charger is refused with 409 and nothing is sent. The commands are the pause/resume ones (./live-session.ts).
import { sql } from 'drizzle-orm';
import { bookingResource } from '@domain/resources/bookings/booking';
import { problemSchema } from '@domain/problem';
import type { ResolvedDeps } from '@server/app-deps';
import { writeAudit } from '@server/audit/write-audit';
import { rowsOf } from '@server/db/rows';
import { conflictProblem, notFoundProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { findRecord } from '@server/resources/resource-query';
import { registerResourceAction } from '@server/resources/resource-actions';
import { chargingProfiles, clearTxProfile, liveSessionOf, sendToCharger, setTxProfile } from './live-session';

const answers = {
  200: { description: 'The booking with its load limit, and the command the charger accepted' },
  404: { description: 'No booking has this id', schema: problemSchema },
  409: { description: 'The booking is not charging (or has no load limit to end), has no live charger session, the charger is offline or refused', schema: problemSchema },
};

/** The charging booking (409 in any other state). */
async function chargingBooking(deps: ResolvedDeps, id: number): Promise<Record<string, unknown>> {
  const booking = await findRecord(deps.db, bookingResource, id);
  if (!booking) throw notFoundProblem(`No booking has the id ${id}.`);
  if (booking.status !== 'CHARGING') throw conflictProblem(`Load balancing applies to a charging booking; this one is ${String(booking.status)}. Nothing was sent.`);
  return booking;
}

/** Records the new limit on the booking if it is still charging (the charger has accepted): the version moves on, with an audit row. */
async function recordLimit(deps: ResolvedDeps, id: number, userId: string, action: string, limitA: number | null): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [row] = rowsOf<{ status: string; load_limit_a: number | null }>(await tx.execute(sql`select status, load_limit_a from bookings where id = ${id} for update`));
    if (row?.status !== 'CHARGING') throw conflictProblem('The booking changed while the charger answered (it is no longer charging): the limit was not recorded.');
    await tx.execute(sql`update bookings set load_limit_a = ${limitA}, version = version + 1, updated_at = ${now.toISOString()} where id = ${id}`);
    await writeAudit(tx, { entityType: 'bookings', entityId: String(id), actorUserId: userId, action, changes: { loadLimitA: { from: row.load_limit_a, to: limitA } } }, now);
  });
}

/** Registers Start load balancing and End load balancing. */
export function registerLoadBalancingRoutes(registry: RouteRegistry): void {
  registerResourceAction(registry, bookingResource, 'start-load-balancing', {
    summary: 'Limit a charging booking to a current (6–32 A): a TxProfile (SetChargingProfile) on its session; the booking records the limit once the charger accepts. A new limit replaces the old one.',
    responses: answers,
    handler: async ({ c, body, session, deps }) => {
      const id = Number(body.id);
      const limitA = Number(body.limitA);
      await chargingBooking(deps, id);
      const live = await liveSessionOf(deps, id);
      const sent = await sendToCharger(deps, live.chargerId, live.uniqueId, session.userId, setTxProfile(live, chargingProfiles.loadBalancing, limitA));
      await recordLimit(deps, id, session.userId, 'start-load-balancing', limitA);
      return c.json({ booking: await findRecord(deps.db, bookingResource, id), command: sent }, 200);
    },
  });

  registerResourceAction(registry, bookingResource, 'end-load-balancing', {
    summary: "End a charging booking's load balancing: ClearChargingProfile on its session; the booking's limit is cleared once the charger accepts.",
    responses: answers,
    handler: async ({ c, body, session, deps }) => {
      const id = Number(body.id);
      const booking = await chargingBooking(deps, id);
      if (booking.loadLimitA === null || booking.loadLimitA === undefined) throw conflictProblem('This booking is not load balanced: there is no limit to end. Nothing was sent.');
      const live = await liveSessionOf(deps, id);
      const sent = await sendToCharger(deps, live.chargerId, live.uniqueId, session.userId, clearTxProfile(live, chargingProfiles.loadBalancing));
      await recordLimit(deps, id, session.userId, 'end-load-balancing', null);
      return c.json({ booking: await findRecord(deps.db, bookingResource, id), command: sent }, 200);
    },
  });
}
