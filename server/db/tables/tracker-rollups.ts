// The progress trackers' daily rollups (server/network/tracker-query.ts): per IST day, city and charge point
// operator, the tracker's figures of days that are over (up to two days before today), so a tracker over months
// reads a few thousand rows instead of a million bookings. Days after `rolled_through` are always counted live.
import { bigint, date, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';

/** One day's figures for one city and operator (either may be null: not known for those rows). */
export const trackerDailyRollups = pgTable(
  'tracker_daily_rollups',
  {
    day: date('day', { mode: 'string' }).notNull(),
    cityId: uuid('city_id'),
    cpoId: uuid('cpo_id'),
    bookings: integer('bookings').notNull().default(0),
    energyWh: bigint('energy_wh', { mode: 'number' }).notNull().default(0),
    revenuePaise: bigint('revenue_paise', { mode: 'number' }).notNull().default(0),
    newChargers: integer('new_chargers').notNull().default(0),
    installations: integer('installations').notNull().default(0),
    ticketsOpened: integer('tickets_opened').notNull().default(0),
    ticketsClosed: integer('tickets_closed').notNull().default(0),
  },
  (t) => [index('tracker_daily_rollups_day_idx').on(t.day), index('tracker_daily_rollups_city_day_idx').on(t.cityId, t.day), index('tracker_daily_rollups_cpo_day_idx').on(t.cpoId, t.day)],
);

/** The last day the rollups hold (one row, id 1); null before the first roll-up. */
export const trackerRollupState = pgTable('tracker_rollup_state', {
  id: integer('id').primaryKey().default(1),
  rolledThrough: date('rolled_through', { mode: 'string' }),
});
