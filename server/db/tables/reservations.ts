// Reservations of a charger's connector (OCPP 1.6 Reservation profile: ReserveNow, CancelReservation), made ahead of
// a scheduled booking or by staff by hand (server/reservations). The row's id is the reservationId the charger is
// given, so it stays the same for a booking however often the reservation is sent again; what the charger answered is
// its commands' (ocpp_commands, the latest ReserveNow and CancelReservation named here).
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const ocppReservations = pgTable(
  'ocpp_reservations',
  {
    /** The OCPP reservationId. */
    id: serial('id').primaryKey(),
    /** The scheduled booking it holds the connector for (null: reserved by staff by hand). */
    bookingId: bigint('booking_id', { mode: 'number' }),
    chargerId: bigint('charger_id', { mode: 'number' }).notNull(),
    connectorId: integer('connector_id').notNull(),
    /** The only idTag (or one whose parentIdTag is this) the charger lets start on the reserved connector. */
    idTag: text('id_tag').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** The latest ReserveNow and CancelReservation sent for it. */
    reserveCommandId: uuid('reserve_command_id'),
    cancelCommandId: uuid('cancel_command_id'),
    /** When its booking was cancelled or staff asked to cancel it (a CancelReservation is then due). */
    cancelWantedAt: ts('cancel_wanted_at'),
    /** A StartTransaction naming it: the reserved idTag started, and the charger ended the reservation. */
    usedAt: ts('used_at'),
    transactionId: bigint('transaction_id', { mode: 'number' }),
    /** Recorded once its expiry passed unused (the charger released the connector itself). */
    expiredAt: ts('expired_at'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ocpp_reservations_booking_key').on(t.bookingId).where(sql`${t.bookingId} is not null`),
    index('ocpp_reservations_charger_idx').on(t.chargerId, t.expiresAt),
  ],
);
