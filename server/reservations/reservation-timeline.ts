// A booking's reservation in its history: each ReserveNow and CancelReservation with the charger's answer in words,
// and the reservation's use or expiry (read by the booking's timeline).
import { sql } from 'drizzle-orm';
import type { BookingTimelineEntry } from '@domain/booking-timeline';
import { cancelAnswerLabels, reserveAnswerLabels } from '@domain/reservations';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { ocppCommands } from '@server/db/tables/ocpp';
import { ocppReservations } from '@server/db/tables/reservations';

/** A booking's reservation's entries for its history (kind "charger"): each command and its answer, its use or expiry. */
export async function reservationTimeline(db: Database, bookingId: number): Promise<BookingTimelineEntry[]> {
  const [r] = rowsOf<{ id: number; charger_id: number; connector_id: number; used_at: unknown; transaction_id: number | null; expired_at: unknown }>(
    await db.execute(sql`select id, charger_id, connector_id, used_at, transaction_id, expired_at from ${ocppReservations} where booking_id = ${bookingId}`),
  );
  if (!r) return [];
  const commands = rowsOf<{ action: string; status: string; response: { status?: string } | null; error: string | null; created_at: unknown; answered_at: unknown; payload: { expiryDate?: string } }>(
    await db.execute(sql`select action, status, response, error, created_at, answered_at, payload from ${ocppCommands}
      where charger_id = ${r.charger_id} and action in ('ReserveNow', 'CancelReservation') and payload->>'reservationId' = ${String(r.id)} order by created_at limit 50`),
  );
  const entry = (at: unknown, title: string, detail: string | null): BookingTimelineEntry => ({
    at: new Date(at as string).toISOString(),
    kind: 'charger',
    title,
    detail,
    walletAmount: null,
    owedAmount: null,
    revenueAmount: null,
    gstAmount: null,
    energyWh: null,
    powerW: null,
  });
  const items: BookingTimelineEntry[] = [];
  for (const c of commands) {
    const reserve = c.action === 'ReserveNow';
    const what = reserve ? `Reservation of connector ${r.connector_id}` : `Cancelling the reservation of connector ${r.connector_id}`;
    const answer = c.response?.status;
    const words = answer ? ((reserve ? reserveAnswerLabels : cancelAnswerLabels)[answer] ?? answer) : null;
    let outcome: string;
    if (c.status === 'accepted' || c.status === 'rejected') outcome = `the charger answered ${words ?? 'nothing'}`;
    else if (c.status === 'offline') outcome = 'not sent: the charger is offline (asked again when it reconnects)';
    else if (c.status === 'queued' || c.status === 'sent') outcome = 'waiting for the charger';
    else outcome = `no answer: ${c.error ?? 'the charger did not answer'}`;
    items.push(entry(c.answered_at ?? c.created_at, `${what}: ${outcome}`, reserve && c.payload.expiryDate ? `Reservation ${r.id}, until ${c.payload.expiryDate}` : `Reservation ${r.id}`));
  }
  if (r.used_at) items.push(entry(r.used_at, `Reservation used: charging started on connector ${r.connector_id}`, r.transaction_id === null ? null : `OCPP transaction ${r.transaction_id}`));
  if (r.expired_at) items.push(entry(r.expired_at, `Reservation expired unused: the charger released connector ${r.connector_id}`, `Reservation ${r.id}`));
  return items;
}
