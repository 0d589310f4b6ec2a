// Reserving connectors: a scheduled booking on an OCPP charger has its connector reserved RESERVATION_LEAD_MINUTES
// before its start until RESERVATION_GRACE_MINUTES past it; a cancelled (or failed) booking's reservation is cancelled
// at the charger; a reservation whose expiry passed unused is recorded expired (the charger released the connector
// itself). One pass does all three (runReservations): the reservations job every minute, and at once whenever a
// booking changes or a charger's connectivity moves (reservations-module.ts), so a charger offline at reservation time
// is asked again as soon as it reconnects. Every command goes through sendCommands (a record each, the audit row).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { chargerTypes } from '@domain/resources/chargers/charger';
import { canTestOverOcpp } from '@domain/ocpp';
import type { ReservationCommand } from '@domain/reservations';
import { logLine } from '@server/app-deps';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { bookings } from '@server/db/tables/bookings';
import { chargers, rfidCardHistory } from '@server/db/tables/chargers';
import { ocppChargePoints, ocppCommands } from '@server/db/tables/ocpp';
import { ocppReservations } from '@server/db/tables/reservations';
import { sendCommands, type CommandDeps } from '@server/ocpp/command-service';
import { RETRIED_COMMAND_STATES, UNWANTED_BOOKING_STATES } from './reservation-store';

/** The charger types reservations are sent to. */
const ocppTypes = sql.join(chargerTypes.filter(canTestOverOcpp).map((t) => sql`${t}`), sql`, `);
const retried = sql.join(RETRIED_COMMAND_STATES.map((s) => sql`${s}`), sql`, `);
const unwanted = sql.join(UNWANTED_BOOKING_STATES.map((s) => sql`${s}`), sql`, `);

/** How long before and past a booking's start a reservation is made and lasts, minutes (config.reservations). */
export interface ReservationTiming {
  leadMinutes: number;
  graceMinutes: number;
  /**
   * Minutes after a charger refused a booking's reservation (Occupied, Faulted, Unavailable, Rejected) that it is asked
   * again, until the booking's start (RESERVATION_RETRY_MINUTES); none: a refusal is final.
   */
  retryMinutes?: number;
}

/** Most reservations one pass sends or cancels (the next pass, a minute later, takes the rest). */
const PASS_LIMIT = 200;

/**
 * The connector of a booking: its socket's place among the charger's sockets (the charger's connector ids are 1, 2…
 * in that order), connector 1 when the booking names no socket the charger has.
 */
export function connectorOfSocket(sockets: unknown, socketCode: string | null): number {
  const list = Array.isArray(sockets) ? (sockets as { code?: unknown }[]) : [];
  const index = socketCode === null ? -1 : list.findIndex((s) => s?.code === socketCode);
  return index >= 0 ? index + 1 : 1;
}

/** The customer's active RFID card (the latest card whose latest history event is ADDED), the idTag a reservation holds for. */
export async function activeCardOf(db: Database, userId: string): Promise<string | null> {
  const [row] = rowsOf<{ card_number: string }>(
    await db.execute(sql`
      select h.card_number from ${rfidCardHistory} h
      where h.user_id = ${userId} and h.action = 'ADDED'
        and not exists (select 1 from ${rfidCardHistory} later where later.card_number = h.card_number and (later.acted_at > h.acted_at or (later.acted_at = h.acted_at and later.id > h.id)))
      order by h.acted_at desc, h.id desc limit 1`),
  );
  return row?.card_number ?? null;
}

/**
 * Sends a reservation's command, once across every process: the reservation's command column is moved from what was
 * read to a claim first (another pass that read the same finds it moved and sends nothing), then to the command sent.
 */
async function sendClaimed(
  deps: CommandDeps,
  reservation: { id: number; chargerId: number; previous: string | null },
  column: 'reserve_command_id' | 'cancel_command_id',
  command: ReservationCommand,
  userId: string | null,
  wait = false,
): Promise<string | null> {
  const claim = randomUUID();
  const at = deps.now().toISOString();
  const col = sql.raw(column);
  const claimed = rowsOf<{ id: number }>(
    await deps.db.execute(sql`update ${ocppReservations} set ${col} = ${claim}::uuid, updated_at = ${at}
      where id = ${reservation.id} and ${col} is not distinct from ${reservation.previous}::uuid returning id`),
  );
  if (claimed.length === 0) return null;
  try {
    const sent = await sendCommands(deps, { chargerIds: [reservation.chargerId], command, userId, wait });
    const commandId = sent.items[0]?.id ?? null;
    await deps.db.execute(sql`update ${ocppReservations} set ${col} = ${commandId}::uuid, updated_at = ${deps.now().toISOString()} where id = ${reservation.id} and ${col} = ${claim}::uuid`);
    return commandId;
  } catch (error) {
    // Nothing was sent (the charger is gone or no longer speaks OCPP): the claim is let go, the next pass tries again.
    await deps.db.execute(sql`update ${ocppReservations} set ${col} = ${reservation.previous}::uuid where id = ${reservation.id} and ${col} = ${claim}::uuid`);
    throw error;
  }
}

/** The ReserveNow of a reservation. */
export function reserveNowCommand(r: { id: number; connectorId: number; idTag: string; expiresAt: Date }): ReservationCommand {
  return { action: 'ReserveNow', payload: { connectorId: r.connectorId, expiryDate: r.expiresAt.toISOString(), idTag: r.idTag, reservationId: r.id } };
}

/** Sends the CancelReservation of a reservation (claimed: once across processes); answers the command's id, null when another pass sent it. */
export function sendCancel(deps: CommandDeps, r: { id: number; chargerId: number; previous: string | null }, userId: string | null, wait = false): Promise<string | null> {
  return sendClaimed(deps, r, 'cancel_command_id', { action: 'CancelReservation', payload: { reservationId: r.id } }, userId, wait);
}

/** Sends the ReserveNow of a reservation (claimed); answers the command's id, null when another pass sent it. */
export function sendReserve(deps: CommandDeps, r: { id: number; chargerId: number; connectorId: number; idTag: string; expiresAt: Date; previous: string | null }, userId: string | null, wait = false) {
  return sendClaimed(deps, r, 'reserve_command_id', reserveNowCommand(r), userId, wait);
}

/** What one pass did. */
export interface ReservationPass {
  reserved: number;
  cancelled: number;
  expired: number;
}

/** One pass over the reservations: expiries recorded, unwanted ones cancelled at the charger, due ones reserved. */
export async function runReservations(deps: CommandDeps, timing: ReservationTiming): Promise<ReservationPass> {
  const now = deps.now();
  const at = now.toISOString();
  const { db } = deps;
  const pass: ReservationPass = { reserved: 0, cancelled: 0, expired: 0 };

  // Accepted reservations whose expiry passed unused: the charger released the connector; recorded once.
  const expired = rowsOf<{ id: number }>(
    await db.execute(sql`
      update ${ocppReservations} r set expired_at = r.expires_at, updated_at = ${at}
      from ${ocppCommands} rc
      where rc.id = r.reserve_command_id and rc.status = 'accepted' and r.expired_at is null and r.used_at is null and r.expires_at <= ${at}
      returning r.id`),
  );
  pass.expired = expired.length;

  // Held at the charger, not used nor expired, but no longer wanted: a CancelReservation (again, when the last one
  // could not reach the charger and it is online now).
  const toCancel = rowsOf<{ id: number; charger_id: number; cancel_command_id: string | null }>(
    await db.execute(sql`
      select r.id, r.charger_id, r.cancel_command_id from ${ocppReservations} r
      join ${ocppCommands} rc on rc.id = r.reserve_command_id and rc.status = 'accepted'
      left join ${bookings} b on b.id = r.booking_id
      left join ${ocppCommands} cc on cc.id = r.cancel_command_id
      left join ${ocppChargePoints} p on p.charger_id = r.charger_id
      where r.used_at is null and r.expired_at is null and r.expires_at > ${at}
        and (r.cancel_wanted_at is not null or b.status in (${unwanted}))
        and (r.cancel_command_id is null or (cc.status in (${retried}) and p.connected_node is not null))
      order by r.id limit ${PASS_LIMIT}`),
  );
  for (const r of toCancel) {
    if (await sendCancel(deps, { id: Number(r.id), chargerId: Number(r.charger_id), previous: r.cancel_command_id }, null)) pass.cancelled += 1;
  }

  // Scheduled bookings on OCPP chargers within the lead time, not yet reserved (or whose ReserveNow could not reach
  // the charger, which is online now, or was refused at least retryMinutes ago and the booking has not started yet:
  // the connector may be free by now). Each answer is a command record of its own, which the booking's history lists.
  const retryRefused =
    timing.retryMinutes === undefined
      ? sql`false`
      : sql`(rc.status = 'rejected' and b.started_at > ${at} and rc.answered_at <= ${new Date(now.getTime() - timing.retryMinutes * 60_000).toISOString()})`;
  const due = rowsOf<{
    booking_id: number;
    user_id: string;
    charger_id: number;
    socket_code: string | null;
    sockets: unknown;
    started_at: unknown;
    reservation_id: number | null;
    connector_id: number | null;
    id_tag: string | null;
    expires_at: unknown;
    reserve_command_id: string | null;
  }>(
    await db.execute(sql`
      select b.id as booking_id, b.user_id, b.charger_id, b.socket_code, ch.sockets, b.started_at,
        r.id as reservation_id, r.connector_id, r.id_tag, r.expires_at, r.reserve_command_id
      from ${bookings} b
      join ${chargers} ch on ch.id = b.charger_id and ch.charger_type in (${ocppTypes})
      left join ${ocppChargePoints} p on p.charger_id = ch.id
      left join ${ocppReservations} r on r.booking_id = b.id
      left join ${ocppCommands} rc on rc.id = r.reserve_command_id
      where b.status = 'SCHEDULED'
        and b.started_at <= ${new Date(now.getTime() + timing.leadMinutes * 60_000).toISOString()}
        and b.started_at > ${new Date(now.getTime() - timing.graceMinutes * 60_000).toISOString()}
        and (r.id is null or (r.used_at is null and r.cancel_wanted_at is null and r.expires_at > ${at} and (rc.status in (${retried}) or ${retryRefused}) and p.connected_node is not null))
      order by b.started_at limit ${PASS_LIMIT}`),
  );
  for (const d of due) {
    let reservation = d.reservation_id === null ? null : { id: Number(d.reservation_id), connectorId: Number(d.connector_id), idTag: d.id_tag!, expiresAt: new Date(d.expires_at as string), previous: d.reserve_command_id };
    if (!reservation) {
      const idTag = await activeCardOf(db, d.user_id);
      // No card to hold the connector for: the booking says so (reservation-routes.ts), nothing is sent.
      if (idTag === null) continue;
      const connectorId = connectorOfSocket(d.sockets, d.socket_code);
      const expiresAt = new Date(new Date(d.started_at as string).getTime() + timing.graceMinutes * 60_000);
      const [made] = rowsOf<{ id: number }>(
        await db.execute(sql`
          insert into ${ocppReservations} (booking_id, charger_id, connector_id, id_tag, expires_at, created_at, updated_at)
          values (${d.booking_id}, ${d.charger_id}, ${connectorId}, ${idTag}, ${expiresAt.toISOString()}, ${at}, ${at})
          on conflict (booking_id) where booking_id is not null do nothing returning id`),
      );
      // Another pass made it at the same moment: that pass sends it.
      if (!made) continue;
      reservation = { id: Number(made.id), connectorId, idTag, expiresAt, previous: null };
    }
    try {
      if (await sendReserve(deps, { ...reservation, chargerId: Number(d.charger_id) }, null)) pass.reserved += 1;
    } catch (error) {
      deps.logger.warn(logLine('reservation-send-failed', { reservationId: reservation.id, message: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }));
    }
  }
  return pass;
}
