// Tables of the bookings resources, exported by name so drizzle-kit writes their migrations.
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../schema';
import { resourceTable } from '../resource-tables';

export const bookings = resourceTable('bookings');
export const promoCodes = resourceTable('promo_codes');

/**
 * Instant booking and charging (booking-service `instant`): staff start a session for a user on a charger's
 * connector with a RemoteStartTransaction whose idTag is this row's; the charger's StartTransaction with that idTag
 * becomes the user's booking (server/ocpp/authorisation-store.ts resolveIdTag).
 */
export const instantChargeRequests = pgTable(
  'instant_charge_requests',
  {
    idTag: text('id_tag').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    chargerId: bigint('charger_id', { mode: 'number' }).notNull(),
    connectorId: integer('connector_id').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    commandId: uuid('command_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('instant_charge_requests_charger_idx').on(t.chargerId, t.createdAt)],
);
