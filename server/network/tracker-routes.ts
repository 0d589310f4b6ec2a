// The progress trackers (daily and monthly, the lms service's tracker routes) and today's charging figures for home.
import { sql } from 'drizzle-orm';
import { problemSchema } from '@domain/problem';
import { chargingTodaySchema, dailyTrackerQuerySchema, monthlyTrackerQuerySchema, trackerResultSchema } from '@domain/trackers';
import type { RouteRegistry } from '@server/http/route-registry';
import { istDate } from '@server/resources/resource-query';
import { rowsOf } from '@server/db/rows';
import { sessionCounts } from '@server/bookings/stale-sessions';
import { trackerAggregates } from './tracker-query';

const problems = { 400: { description: 'Invalid input', schema: problemSchema }, 401: { description: 'Not signed in', schema: problemSchema }, 403: { description: 'Missing permission', schema: problemSchema } };

/** Registers the tracker endpoints. */
export function registerTrackerRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'GET',
    path: '/lms/tracker/daily',
    access: { kind: 'permission', permission: 'ROLE_VIEW_DAILY_TRACKER' },
    query: dailyTrackerQuerySchema,
    summary:
      'Daily tracker: bookings, energy (Wh), revenue (paise), new chargers, installations, tickets opened and closed per IST day from `from` to `to` (YYYY-MM-DD, at most 92 days), empty days as 0, with the totals of the same number of days before; optional city and operator filters and a per-city or per-operator breakdown.',
    responses: { 200: { description: 'The tracker', schema: trackerResultSchema }, ...problems },
    handler: async ({ c, query, deps }) => c.json(await trackerAggregates(deps.db, 'day', query.from, query.to, query, deps.now()), 200),
  });

  registry.route({
    method: 'GET',
    path: '/lms/tracker/monthly',
    access: { kind: 'permission', permission: 'ROLE_VIEW_MONTHLY_TRACKER' },
    query: monthlyTrackerQuerySchema,
    summary:
      'Monthly tracker: the daily tracker\'s figures per IST calendar month from `from` to `to` (YYYY-MM, at most 24 months), empty months as 0, with the totals of the same number of months before.',
    responses: { 200: { description: 'The tracker', schema: trackerResultSchema }, ...problems },
    handler: async ({ c, query, deps }) => c.json(await trackerAggregates(deps.db, 'month', query.from, query.to, query, deps.now()), 200),
  });

  registry.route({
    method: 'GET',
    path: '/booking-service/admin/booking-summary/today',
    access: { kind: 'permission', permission: 'ROLE_VIEW_ALL_BOOKINGS' },
    summary:
      'Bookings charging now on a live session (a meter value within STALE_SESSION_MINUTES), stale sessions (charging or paused bookings whose session went quiet or that have none), and the energy (Wh) of sessions started today in IST (cancelled and scheduled ones left out).',
    responses: { 200: { description: "Today's figures", schema: chargingTodaySchema }, ...problems },
    handler: async ({ c, deps }) => {
      const now = deps.now();
      const day = istDate(now);
      const [row] = rowsOf<{ energy: number }>(
        await deps.db.execute(sql`
          select coalesce(sum(energy_wh), 0)::float8 as energy from bookings
          where status not in ('CANCELLED', 'SCHEDULED')
            and started_at >= (${day}::date::timestamp at time zone 'Asia/Kolkata')
            and started_at < ((${day}::date + 1)::timestamp at time zone 'Asia/Kolkata')`),
      );
      const sessions = await sessionCounts(deps.db, now, deps.config.staleSessions.afterMinutes);
      return c.json({ day, chargingNow: sessions.chargingNow, staleSessions: sessions.stale, energyTodayWh: Number(row?.energy ?? 0) }, 200);
    },
  });
}
