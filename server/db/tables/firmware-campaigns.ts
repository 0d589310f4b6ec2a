// Firmware campaigns (server/firmware-campaigns): one firmware image rolled out to many chargers in waves. The campaign
// row holds its filters, waves and state (machines/firmware-campaign.machine.ts); its members are the chargers fixed at
// the start, each with its wave. What became of a member's update is its firmware_updates row (campaign_id, charger_id),
// so a charger's progress has one record.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { firmwareCampaignStates } from '@domain/firmware-campaigns';
import { users } from '../schema';
import { firmwareFiles } from './firmware';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const firmwareCampaigns = pgTable(
  'firmware_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    firmwareFileId: uuid('firmware_file_id')
      .notNull()
      .references(() => firmwareFiles.id),
    /** Which chargers it updates (domain/firmware-campaigns.ts campaignFiltersSchema). */
    filters: jsonb('filters').notNull(),
    /** Cumulative percentages of the chargers, the last 100. */
    waves: jsonb('waves').notNull(),
    /** Chargers in each wave, fixed at the start (null before). */
    waveSizes: jsonb('wave_sizes'),
    failureThresholdPercent: integer('failure_threshold_percent').notNull(),
    /** When the chargers are to fetch the image (null: when their wave starts). */
    retrieveDate: ts('retrieve_date'),
    state: text('state').notNull().default('draft'),
    /** The wave under way, 0-based (-1 before the start). */
    currentWave: integer('current_wave').notNull().default(-1),
    /** Failures of the current wave staff accepted by resuming (the machine's acceptedFailures). */
    acceptedFailures: integer('accepted_failures').notNull().default(0),
    pausedReason: text('paused_reason'),
    /** Moved on by every change of state or wave: a change made from a stale read changes nothing. */
    version: integer('version').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('firmware_campaigns_created_idx').on(t.createdAt),
    // The sweep reads the running ones.
    index('firmware_campaigns_running_idx').on(t.state).where(sql`${t.state} = 'running'`),
    check('firmware_campaigns_state', sql.raw(`state in (${firmwareCampaignStates.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/** The chargers of a campaign with their wave (0-based): pending until their wave is sent, or cancelled with the campaign. */
export const firmwareCampaignMembers = pgTable(
  'firmware_campaign_members',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => firmwareCampaigns.id, { onDelete: 'cascade' }),
    chargerId: bigint('charger_id', { mode: 'number' }).notNull(),
    wave: integer('wave').notNull(),
    status: text('status').notNull().default('pending'),
    sentAt: ts('sent_at'),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.chargerId] }),
    index('firmware_campaign_members_wave_idx').on(t.campaignId, t.wave, t.status),
    check('firmware_campaign_members_status', sql`${t.status} in ('pending', 'sent', 'cancelled')`),
  ],
);
