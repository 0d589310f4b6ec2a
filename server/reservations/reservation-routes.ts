// The reservations API: a charger's reservations, reserving a connector and cancelling a reservation by hand
// (ROLE_RESERVE_CONNECTOR), and a booking's reservation (or why it has none) with its entries in the booking's history.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { canTestOverOcpp } from '@domain/ocpp';
import { problemSchema } from '@domain/problem';
import { bookingResource } from '@domain/resources/bookings/booking';
import {
  bookingReservationSchema,
  currentReservationStates,
  RESERVE_CONNECTOR_PERMISSION,
  reservationViewSchema,
  reserveConnectorBodySchema,
  type BookingReservation,
} from '@domain/reservations';
import type { ResolvedDeps } from '@server/app-deps';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { chargers } from '@server/db/tables/chargers';
import { ocppChargePoints, ocppConnectors } from '@server/db/tables/ocpp';
import { ocppReservations } from '@server/db/tables/reservations';
import { conflictProblem, HttpProblem, notFoundProblem, validationProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { chargerOfflineProblem, notOcppMessage } from '@server/ocpp/command-service';
import { loadVisibleRecord } from '@server/resources/visible-record';
import { activeCardOf, sendCancel, sendReserve } from './reservation-service';
import { readReservations, reservationSelect, reservationView, type ReservationRow } from './reservation-store';

const idParam = z.coerce.number().int().positive();
const idOf = (raw: string | undefined, what: string) => {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw notFoundProblem(`No ${what} has this id.`);
  return parsed.data;
};

async function reservationById(db: Database, id: number, now: Date) {
  const [row] = rowsOf<ReservationRow>(await db.execute(sql`${reservationSelect} where r.id = ${id}`));
  return row ? { row, view: reservationView(row, now) } : undefined;
}

/** Why a booking has no reservation, in words. */
async function noReservationNote(deps: ResolvedDeps, booking: Record<string, unknown>): Promise<string> {
  if (booking.status !== 'SCHEDULED') return 'No reservation: only a scheduled booking has its connector reserved.';
  if (booking.chargerId === null || booking.chargerId === undefined) return 'No reservation: the booking names no charger.';
  const [charger] = rowsOf<{ charger_type: string }>(await deps.db.execute(sql`select charger_type from ${chargers} where id = ${Number(booking.chargerId)}`));
  if (!charger || !canTestOverOcpp(charger.charger_type)) return 'No reservation: its charger does not speak OCPP, so its connector cannot be reserved.';
  const { leadMinutes, graceMinutes } = deps.config.reservations;
  const start = new Date(String(booking.startedAt)).getTime();
  const now = deps.now().getTime();
  if (start - leadMinutes * 60_000 > now) return `Not reserved yet: its connector is reserved ${leadMinutes} min before the start.`;
  if (start + graceMinutes * 60_000 <= now) return 'No reservation: its start and the reservation’s grace have passed.';
  if ((await activeCardOf(deps.db, String(booking.userId))) === null) return 'Not reserved: the customer has no active RFID card to hold the connector for.';
  return 'Not reserved yet: the charger is asked within a minute.';
}

/** Registers the reservations' routes. */
export function registerReservationRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'GET',
    path: '/ccu/charger/:chargerId/reservations',
    access: { kind: 'permission', permission: 'ROLE_SEARCH_CHARGER' },
    summary: "A charger's reservations of the last day and the current ones, newest first: connector, idTag, expiry, their state in words with the charger's answer.",
    responses: { 200: { description: 'The reservations', schema: z.object({ items: z.array(reservationViewSchema) }) }, 404: { description: 'No such charger', schema: problemSchema } },
    handler: async ({ c, deps }) => {
      const chargerId = idOf(c.req.param('chargerId'), 'charger');
      const now = deps.now();
      const since = new Date(now.getTime() - 86_400_000).toISOString();
      return c.json({ items: await readReservations(deps.db, sql`r.charger_id = ${chargerId} and (r.expires_at > ${since} or r.created_at > ${since})`, now) });
    },
  });

  registry.route({
    method: 'POST',
    path: '/ccu/charger/:chargerId/reservations',
    access: { kind: 'permission', permission: RESERVE_CONNECTOR_PERMISSION },
    body: reserveConnectorBodySchema,
    summary:
      "Reserve a connector of an online OCPP charger for an RFID card for some minutes (ReserveNow; only that card may start there until then); answers the reservation once the charger has answered (refused: its answer in words). An offline charger is a 409 and nothing is written.",
    responses: {
      201: { description: 'The reservation and the charger’s answer', schema: reservationViewSchema },
      400: { description: 'Bad input', schema: problemSchema },
      404: { description: 'No such charger', schema: problemSchema },
      409: { description: 'Offline, not OCPP', schema: problemSchema },
    },
    handler: async ({ c, deps, body, session }) => {
      const chargerId = idOf(c.req.param('chargerId'), 'charger');
      const [charger] = rowsOf<{ unique_id: string; charger_type: string; online: boolean }>(
        await deps.db.execute(sql`select c.unique_id, c.charger_type, p.connected_node is not null as online from ${chargers} c left join ${ocppChargePoints} p on p.charger_id = c.id where c.id = ${chargerId}`),
      );
      if (!charger) throw notFoundProblem('No charger has this id.');
      if (!canTestOverOcpp(charger.charger_type)) throw new HttpProblem({ type: '/problems/not-an-ocpp-charger', status: 409, title: 'Conflict', detail: notOcppMessage(charger.unique_id) });
      const connectors = rowsOf<{ connector_id: number }>(await deps.db.execute(sql`select connector_id from ${ocppConnectors} where charger_id = ${chargerId} and connector_id > 0`));
      if (connectors.length > 0 && !connectors.some((k) => Number(k.connector_id) === body.connectorId)) {
        throw validationProblem([{ path: 'connectorId', message: `This charger has no connector ${body.connectorId}` }], `${charger.unique_id} has no connector ${body.connectorId}.`);
      }
      if (!charger.online) throw chargerOfflineProblem(charger.unique_id);
      const now = deps.now();
      const expiresAt = new Date(now.getTime() + body.minutes * 60_000);
      const [made] = rowsOf<{ id: number }>(
        await deps.db.execute(sql`insert into ${ocppReservations} (charger_id, connector_id, id_tag, expires_at, requested_by, created_at, updated_at)
          values (${chargerId}, ${body.connectorId}, ${body.idTag}, ${expiresAt.toISOString()}, ${session.userId}::uuid, ${now.toISOString()}, ${now.toISOString()}) returning id`),
      );
      const id = Number(made!.id);
      await sendReserve(deps, { id, chargerId, connectorId: body.connectorId, idTag: body.idTag, expiresAt, previous: null }, session.userId, true);
      return c.json((await reservationById(deps.db, id, deps.now()))!.view, 201);
    },
  });

  registry.route({
    method: 'POST',
    path: '/ccu/reservations/:reservationId/cancel',
    access: { kind: 'permission', permission: RESERVE_CONNECTOR_PERMISSION },
    summary:
      'Cancel a reservation (CancelReservation when the charger holds it; one it never held is cancelled at once); answers the reservation once the charger has answered. One that ended already (used, expired, cancelled, refused) is a 409; an offline charger holding it is a 409 and nothing changes.',
    responses: {
      200: { description: 'The reservation', schema: reservationViewSchema },
      404: { description: 'No such reservation', schema: problemSchema },
      409: { description: 'Ended already, or the charger is offline', schema: problemSchema },
    },
    handler: async ({ c, deps, session }) => {
      const id = idOf(c.req.param('reservationId'), 'reservation');
      const found = await reservationById(deps.db, id, deps.now());
      if (!found) throw notFoundProblem('No reservation has this id.');
      const { row, view } = found;
      if (!currentReservationStates.includes(view.state) || view.state === 'cancelling') {
        throw conflictProblem(`Reservation ${id} is ${view.summary.charAt(0).toLowerCase()}${view.summary.slice(1)}: there is nothing to cancel.`);
      }
      const held = row.reserve_status === 'accepted';
      if (held && !row.online) throw chargerOfflineProblem(row.charger_unique_id ?? String(row.charger_id));
      const at = deps.now().toISOString();
      await deps.db.execute(sql`update ${ocppReservations} set cancel_wanted_at = coalesce(cancel_wanted_at, ${at}), updated_at = ${at} where id = ${id}`);
      if (held) {
        const [current] = rowsOf<{ cancel_command_id: string | null }>(await deps.db.execute(sql`select cancel_command_id from ${ocppReservations} where id = ${id}`));
        await sendCancel(deps, { id, chargerId: Number(row.charger_id), previous: current?.cancel_command_id ?? null }, session.userId, true);
      }
      return c.json((await reservationById(deps.db, id, deps.now()))!.view, 200);
    },
  });

  registry.route({
    method: 'GET',
    path: '/booking-service/admin/booking/:id/reservation',
    access: { kind: 'permission', permission: 'ROLE_VIEW_ALL_BOOKINGS' },
    summary: "A booking's reservation of its charger's connector (its state in words, the charger's answer), or why it has none.",
    responses: { 200: { description: 'The reservation or why none', schema: bookingReservationSchema }, 404: { description: 'No booking has this id', schema: problemSchema } },
    handler: async ({ c, session, deps }) => {
      const booking = await loadVisibleRecord(deps.db, bookingResource, session, c.req.param('id')!, deps.now());
      const [reservation] = await readReservations(deps.db, sql`r.booking_id = ${Number(booking.id)}`, deps.now(), 1);
      const answer: BookingReservation = reservation ? { reservation, note: null } : { reservation: null, note: await noReservationNote(deps, booking) };
      return c.json(answer, 200);
    },
  });
}

