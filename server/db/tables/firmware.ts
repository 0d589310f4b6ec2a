// Firmware images staff upload (their bytes in the app file store) and the firmware updates of chargers (OCPP 1.6
// Firmware Management: UpdateFirmware, FirmwareStatusNotification), one row per update of one charger, whose status is
// a state of machines/firmware-update.machine.ts. A campaign (many chargers in waves) names its updates here.
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A firmware image: its version, the vendor and model it is meant for (null: any), its bytes' digest and where they are. */
export const firmwareFiles = pgTable(
  'firmware_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The file's name as uploaded. */
    name: text('name').notNull(),
    /** The firmware version the charger reports in its BootNotification once this image is installed. */
    version: text('version').notNull(),
    vendor: text('vendor'),
    model: text('model'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** SHA-256 of the bytes, hex, computed by the server. */
    sha256: text('sha256').notNull(),
    /** The key of its bytes in the app file store. */
    storeKey: text('store_key').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('firmware_files_store_key').on(t.storeKey), index('firmware_files_created_idx').on(t.createdAt)],
);

/** One firmware update of one charger, from the request to a final state. */
export const firmwareUpdates = pgTable(
  'firmware_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chargerId: bigint('charger_id', { mode: 'number' }).notNull(),
    firmwareFileId: uuid('firmware_file_id')
      .notNull()
      .references(() => firmwareFiles.id),
    /** The campaign it belongs to and the campaign's wave (null: asked for by hand). */
    campaignId: text('campaign_id'),
    wave: integer('wave'),
    /** A state of the firmware update machine. */
    status: text('status').notNull(),
    /** When the charger is to fetch the image (UpdateFirmware retrieveDate). */
    retrieveDate: ts('retrieve_date').notNull(),
    retries: integer('retries'),
    /** Seconds between the charger's download attempts. */
    retryInterval: integer('retry_interval'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The UpdateFirmware command record (null until it is sent). */
    commandId: uuid('command_id'),
    /** The charger's latest FirmwareStatusNotification status for it. */
    lastChargerStatus: text('last_charger_status'),
    /** Why it failed, timed out or was cancelled, in words. */
    error: text('error'),
    /** The firmware version the charger reported when it booted after installing (null until then). */
    installedVersion: text('installed_version'),
    /** When the charger was last heard of for it (the command's answer, a status): the timeout counts from here. */
    lastHeardAt: ts('last_heard_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('firmware_updates_charger_idx').on(t.chargerId, t.createdAt),
    // A campaign's updates by charger, newest first: its members' latest updates read in index order (the counts, a
    // page of its chargers), whatever the statistics say while the campaign's rows change fast.
    index('firmware_updates_campaign_idx').on(t.campaignId, t.chargerId, t.createdAt.desc()).where(sql`${t.campaignId} is not null`),
    index('firmware_updates_open_idx').on(t.status).where(sql`${t.finishedAt} is null`),
    // At most one open update per charger: a charger installs one image at a time.
    uniqueIndex('firmware_updates_one_open_key').on(t.chargerId).where(sql`${t.finishedAt} is null`),
  ],
);
