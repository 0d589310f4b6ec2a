// A booking's timeline for its page: the machine's transitions (audit rows), the charger's events (its OCPP session:
// start, meter samples, stop) and the money its postings moved (wallet, what the customer owes, revenue, GST), oldest first.
import { sql } from 'drizzle-orm';
import { bookingResource } from '@domain/resources/bookings/booking';
import { bookingTimelineSchema, type BookingTimelineEntry } from '@domain/booking-timeline';
import { humanise } from '@domain/resource/field';
import { problemSchema } from '@domain/problem';
import { rowsOf } from '@server/db/rows';
import type { RouteRegistry } from '@server/http/route-registry';
import { loadVisibleRecord } from '@server/resources/visible-record';

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

      const [ocpp] = rowsOf<{ transaction_id: unknown; charger_id: unknown; connector_id: number; started_at: unknown; stopped_at: unknown; meter_start_wh: unknown; last_energy_wh: unknown; last_power_w: unknown; unique_id: string; stop_reason: string | null }>(
        await db.execute(sql`
          select s.transaction_id, s.charger_id, s.connector_id, s.started_at, s.stopped_at, s.meter_start_wh, s.last_energy_wh, s.last_power_w, c.unique_id, t.stop_reason
          from ocpp_sessions s join chargers c on c.id = s.charger_id left join charger_transactions t on t.id = s.transaction_id
          where s.booking_id = ${id} order by s.started_at limit 1`),
      );
      let live = null;
      if (ocpp) {
        const start = Number(ocpp.meter_start_wh);
        items.push(entry({ at: iso(ocpp.started_at), kind: 'charger', title: `Session started on connector ${ocpp.connector_id} of ${ocpp.unique_id}`, detail: `OCPP transaction ${String(ocpp.transaction_id)}` }));
        const [sample] = rowsOf<{ sampled_at: unknown; energy_wh: unknown; power_w: unknown; n: unknown }>(
          await db.execute(sql`
            select sampled_at, energy_wh, power_w, count(*) over () as n from ocpp_meter_values
            where transaction_id = ${Number(ocpp.transaction_id)} and charger_id = ${Number(ocpp.charger_id)} order by id desc limit 1`),
        );
        if (sample) {
          const energy = num(sample.energy_wh);
          items.push(entry({ at: iso(sample.sampled_at), kind: 'charger', title: 'Latest meter values', detail: `${String(sample.n)} samples`, energyWh: energy === null ? null : Math.max(0, Math.round(energy - start)), powerW: num(sample.power_w) }));
        }
        if (ocpp.stopped_at) {
          items.push(entry({ at: iso(ocpp.stopped_at), kind: 'charger', title: 'Session stopped', detail: ocpp.stop_reason ? `Reason: ${humanise(ocpp.stop_reason)}` : null, energyWh: Math.max(0, Math.round(Number(ocpp.last_energy_wh ?? start) - start)) }));
        } else {
          const energy = num(ocpp.last_energy_wh);
          live = { transactionId: Number(ocpp.transaction_id), chargerId: Number(ocpp.charger_id), connectorId: ocpp.connector_id, energyWh: energy === null ? null : Math.max(0, Math.round(energy - start)), powerW: num(ocpp.last_power_w) };
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
      items.sort((a, b) => a.at.localeCompare(b.at));
      return c.json({ items, live }, 200);
    },
  });
}
