// The local authorization list of each OCPP charger that holds one (server/ocpp/local-list-store.ts): the version it
// holds, the version it should hold, its state and the charger's last answer, what its configuration allows.
import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One row per charger holding a local list (made when a full list is first sent to it). */
export const ocppLocalLists = pgTable(
  'ocpp_local_lists',
  {
    chargerId: bigint('charger_id', { mode: 'number' }).primaryKey(),
    /** The version the charger holds, as it last answered (null: not known, the whole list is sent). */
    heldVersion: integer('held_version'),
    /** The version it should hold: the RFID cards' latest change. */
    wantedVersion: integer('wanted_version').notNull(),
    /** inSync, behind or failed (domain/local-list.ts). */
    state: text('state').notNull(),
    /** The charger's answer to the last update that failed (Failed, NotSupported, VersionMismatch…), or null. */
    answer: text('answer'),
    /** LocalAuthListEnabled, SendLocalListMaxLength and LocalAuthListMaxLength as the charger last said (null: not known). */
    enabled: boolean('enabled'),
    sendMaxLength: integer('send_max_length'),
    maxLength: integer('max_length'),
    lastSentAt: ts('last_sent_at'),
    /**
     * Who is sending this charger its list now, and since when: one sender at a time per charger, so two card changes
     * never send it versions out of order (a claim older than a few minutes is of a process that died).
     */
    sendClaim: uuid('send_claim'),
    sendClaimedAt: ts('send_claimed_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('ocpp_local_lists_state_idx').on(t.state)],
);
