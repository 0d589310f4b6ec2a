// A booking's timeline for its page: the machine's transitions (audit rows), the charger's events (its OCPP session:
// start, meter samples, stop) and the money its postings moved (wallet, what the customer owes, revenue, GST), oldest
// first; with the booking's energy and amount as its page shows them (session-reading.ts: the live session's while it
// is open, the booking's own after).
import { sql } from 'drizzle-orm';
import { bookingResource } from '@domain/resources/bookings/booking';
import { bookingTimelineSchema, type BookingTimelineEntry } from '@domain/booking-timeline';
import { humanise } from '@domain/resource/field';
import { problemSchema } from '@domain/problem';
import { rowsOf } from '@server/db/rows';
import type { RouteRegistry } from '@server/http/route-registry';
import { reservationTimeline } from '@server/reservations/reservation-timeline';
import { loadVisibleRecord } from '@server/resources/visible-record';
import { bookingFigures, sessionReadingOf } from './session-reading';
import { bookingIsStale } from './stale-sessions';

const postingTitles: Record<string, string> = {
  BOOKING_PAYMENT: 'Booking payment',
  CANCELLATION_REFUND: 'Cancellation refund',
  UTILIZATION_CORRECTION: 'Utilization correction',
  SETTLEMENT: 'Settlement',
};

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const entry = (e: Partial<BookingTimelineEntry> & Pick<BookingTimelineEntry, 'at' | 'kind' | 'title'>): BookingTimelineEntry => ({
  detail: null, walletAmount: null, owedAmount: null, revenueAmount: null, gstAmount: null, energyWh: null, powerW: null, ...e,
});

/** Registers `GET /booking-service/admin/booking/:id/timeline` (ROLE_VIEW_ALL_BOOKINGS, like the booking itself). */
export function registerBookingTimelineRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'GET',
    path: `${bookingResource.apiPath}/:id/timeline`,
    access: { kind: 'permission', permission: 'ROLE_VIEW_ALL_BOOKINGS' },
    summary: "A booking's timeline, oldest first: its transitions (who, event, reason), its charger session (start, latest meter values, stop) and its ledger postings (wallet, revenue and GST in paise).",
    responses: { 200: { description: 'The timeline', schema: bookingTimelineSchema }, 404: { description: 'No booking has this id', schema: problemSchema } },
    handler: async ({ c, session, deps }) => {
      const booking = await loadVisibleRecord(deps.db, bookingResource, session, c.req.param('id')!, deps.now());
      const id = Number(booking.id);
      const db = deps.db;
      const items: BookingTimelineEntry[] = [];

      const audits = rowsOf<{ created_at: unknown; event: string | null; from_state: string | null; to_state: string | null; reason: string | null; action: string; actor: string | null }>(
        await db.execute(sql`
          select a.created_at, a.event, a.from_state, a.to_state, a.reason, a.action, u.name as actor
          from audit_log a left join users u on u.id = a.actor_user_id
          where a.entity_type = 'bookings' and a.entity_id = ${String(id)} order by a.created_at, a.id limit 200`),
      );
      for (const a of audits) {
        const moved = a.from_state && a.to_state && a.from_state !== a.to_state ? `${humanise(a.from_state)} → ${humanise(a.to_state)}` : null;
        const by = a.actor ? `by ${a.actor}` : 'by the charger';
        items.push(entry({ at: iso(a.created_at), kind: 'transition', title: humanise(a.event ?? a.action), detail: [moved, by, a.reason].filter(Boolean).join(' · ') }));
      }

      const reading = await sessionReadingOf(db, id);
      let live = null;
      if (reading) {
        items.push(entry({ at: reading.startedAt.toISOString(), kind: 'charger', title: `Session started on connector ${reading.connectorId} of ${reading.uniqueId}`, detail: `OCPP transaction ${reading.transactionId}` }));
        if (reading.lastMeterAt) {
          items.push(entry({ at: reading.lastMeterAt.toISOString(), kind: 'charger', title: 'Latest meter values', detail: `${reading.samples} samples`, energyWh: reading.energyWh, powerW: reading.powerW }));
        }
        if (reading.stoppedAt) {
          items.push(entry({ at: reading.stoppedAt.toISOString(), kind: 'charger', title: 'Session stopped', detail: reading.stopReason ? `Reason: ${humanise(reading.stopReason)}` : null, energyWh: reading.energyWh ?? 0 }));
        } else {
          live = {
            transactionId: reading.transactionId,
            chargerId: reading.chargerId,
            connectorId: reading.connectorId,
            energyWh: reading.energyWh,
            powerW: reading.powerW,
            lastMeterAt: reading.lastMeterAt?.toISOString() ?? null,
            stale: await bookingIsStale(db, id, deps.now(), deps.config.staleSessions.afterMinutes),
          };
        }
      }

      const postings = rowsOf<{ created_at: unknown; kind: string; memo: string; wallet: unknown; owed: unknown; revenue: unknown; gst: unknown }>(
        await db.execute(sql`
          select p.created_at, p.kind, p.memo,
                 sum(e.amount) filter (where a.kind = 'WALLET') as wallet,
                 -sum(e.amount) filter (where a.kind = 'RECEIVABLE') as owed,
                 sum(e.amount) filter (where a.kind = 'REVENUE') as revenue,
                 sum(e.amount) filter (where a.kind = 'GST') as gst
          from ledger_postings p join ledger_entries e on e.posting_id = p.id join ledger_accounts a on a.id = e.account_id
          where p.booking_id = ${id} group by p.id order by p.id limit 100`),
      );
      for (const p of postings) {
        items.push(entry({ at: iso(p.created_at), kind: 'money', title: postingTitles[p.kind] ?? humanise(p.kind), detail: p.memo, walletAmount: num(p.wallet), owedAmount: num(p.owed), revenueAmount: num(p.revenue), gstAmount: num(p.gst) }));
      }
      items.push(...(await reservationTimeline(db, id)));
      items.sort((a, b) => a.at.localeCompare(b.at));
      return c.json({ items, live, figures: bookingFigures(booking, reading) }, 200);
    },
  });
}
