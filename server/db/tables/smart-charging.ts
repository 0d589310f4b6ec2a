// Charging profiles staff manage (OCPP 1.6 Smart Charging, server/smart-charging): a ChargePointMaxProfile or
// TxDefaultProfile of one charger, or a default of a location sent to each of its chargers. A profile's id is the
// chargingProfileId chargers are given (one sequence for both owners, far above the ids a booking's own TxProfiles
// use), and what each charger made of it is a row of its own.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { FIRST_MANAGED_PROFILE_ID } from '@domain/smart-charging';
import { users } from '../schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A profile: owned by one charger or by one location (its default for every charger there). */
export const chargingProfiles = pgTable(
  'charging_profiles',
  {
    /** The OCPP chargingProfileId. */
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: FIRST_MANAGED_PROFILE_ID }),
    chargerId: bigint('charger_id', { mode: 'number' }),
    locationId: bigint('location_id', { mode: 'number' }),
    connectorId: integer('connector_id').notNull(),
    purpose: text('purpose').notNull(),
    stackLevel: integer('stack_level').notNull(),
    /** The csChargingProfiles sent (domain/smart-charging.ts chargingProfileSchema). */
    profile: jsonb('profile').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('charging_profiles_charger_idx').on(t.chargerId),
    index('charging_profiles_location_idx').on(t.locationId),
    check('charging_profiles_owner', sql`(${t.chargerId} is null) <> (${t.locationId} is null)`),
  ],
);

/** What one charger made of a profile: sent, accepted, rejected or failed, with its answer and the command. */
export const chargerChargingProfiles = pgTable(
  'charger_charging_profiles',
  {
    chargerId: bigint('charger_id', { mode: 'number' }).notNull(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => chargingProfiles.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    /** The charger's answer (Rejected, NotSupported) or why it failed, null when accepted or waiting. */
    answer: text('answer'),
    commandId: uuid('command_id'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.chargerId, t.profileId] }),
    index('charger_charging_profiles_profile_idx').on(t.profileId),
    check('charger_charging_profiles_state', sql`${t.state} in ('sent', 'accepted', 'rejected', 'failed')`),
  ],
);
