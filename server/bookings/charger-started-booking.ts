// A booking a charger starts: a customer's card (or a session staff started for them, or a test charge) began a
// session on the charger itself, so the booking is made already started by the booking machine (its START), with
// that event's audit row when the audit configuration keeps one. The bookings feature owns how that booking is
// written; the OCPP side places it in the one statement that also makes the charger transaction and the session
// (10,000 chargers starting sessions make many of these: one round trip each, not four).
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { bookings } from '@server/db/tables/bookings';
import { chargers } from '@server/db/tables/chargers';
import { users } from '@server/db/schema';
import { auditInsertFrom, isAudited } from '@server/audit/write-audit';
import { noteRecordChange } from '@server/live/record-changes';
import { startedBooking } from './booking-transition';

/** Tariff of test and RFID sessions started through OCPP (paise per kWh) when nothing else says. */
export const DEFAULT_TARIFF_PAISE_PER_KWH = 1_800;

/** What a charger's session start tells of the booking to make. */
export interface ChargerStartedBookingInput {
  /** The customer (or, for a test charge, the staff member) the session is for; null or not accepted: no booking. */
  userId: string | null;
  accepted: boolean;
  chargerId: number;
  /** The charger's city as its identity holds it. */
  cityId: string | null;
  socketCode: string | null;
  /** When the charger says the session started (ISO). */
  startedAt: string;
  /** A test charge from the console: no tariff, billed to no wallet. */
  test: boolean;
  /** The audit row's reason. */
  reason: string;
}

/** The booking's part of the statement that starts a session, and what to do once that statement ran. */
export interface ChargerStartedBookingSteps {
  /** Steps of a `with`: `b` makes the booking (its `id`, none when no booking is due), `a` its audit row. */
  steps: SQL;
  /** The booking's id in the statement (null when none was made). */
  bookingId: SQL;
  /** Tells the consoles of the booking the statement made (none: nothing). */
  made(bookingId: number | null): void;
}

/**
 * The booking of a session a charger started, as steps of the caller's one statement (the machine's START: status
 * and version from startedBooking). The user row is read by the insert itself, so a holder who no longer exists
 * makes no booking.
 */
export async function chargerStartedBooking(db: Database, input: ChargerStartedBookingInput, now: Date): Promise<ChargerStartedBookingSteps> {
  const booked = startedBooking();
  const at = now.toISOString();
  const audited = input.accepted && input.userId !== null && (await isAudited(db, { entityType: 'bookings', action: 'transition' }));
  const steps = sql`b as (
        insert into ${bookings} (user_id, user_phone, charger_id, socket_code, status, version, started_at, energy_wh, amount, tariff_per_kwh, payment_mode, city_id,
          charge_point_operator_id, created_at, updated_at)
        select u.id, u.mobile_number, ${input.chargerId}, ${input.socketCode}, ${booked.to}, ${booked.version}, ${input.startedAt}, 0, 0, ${input.test ? 0 : DEFAULT_TARIFF_PAISE_PER_KWH},
          ${input.test ? 'POSTPAID' : 'WALLET'}, ${input.cityId},
          -- The charger's operator now (the identity is kept while the socket is open; staff may have moved it since).
          (select charge_point_operator_id from ${chargers} where id = ${input.chargerId}), ${at}, ${at}
        from ${users} u where ${input.accepted} and u.id = ${input.userId}
        returning id),
      a as (${auditInsertFrom('b', { entityType: 'bookings', actorUserId: null, action: 'transition', fromState: booked.from, toState: booked.to, event: booked.event, reason: input.reason }, now, audited)})`;
  return {
    steps,
    bookingId: sql`(select id from b)`,
    made(bookingId) {
      if (bookingId !== null) noteRecordChange({ entityType: 'bookings', entityId: String(bookingId), action: 'transition' });
    },
  };
}
