// Diagnostics requests (OCPP 1.6 GetDiagnostics, server/diagnostics): one row per charger asked, its state the state
// of machines/diagnostics-request.machine.ts, the GetDiagnostics command record that carried it, what the charger
// reported (DiagnosticsStatusNotification) and the file it uploaded to the request's own one-use location, until it is
// deleted after DIAGNOSTICS_RETENTION_DAYS.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { diagnosticsRequestStates, openDiagnosticsStates } from '@domain/diagnostics';
import { users } from '../schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const listed = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const ocppDiagnosticsRequests = pgTable(
  'ocpp_diagnostics_requests',
  {
    id: uuid('id').primaryKey(),
    chargerId: bigint('charger_id', { mode: 'number' }).notNull(),
    /** The command batch it went out in, and its GetDiagnostics command record. */
    batchId: uuid('batch_id'),
    commandId: uuid('command_id'),
    state: text('state').notNull(),
    /** The period of the log asked for, retries and their interval (null: the charger's own choice). */
    startTime: ts('start_time'),
    stopTime: ts('stop_time'),
    retries: integer('retries'),
    retryInterval: integer('retry_interval'),
    /** Why it ended as it did, in words (the command's error, an upload that never came). */
    note: text('note'),
    /** The file name the charger answered GetDiagnostics with. */
    fileName: text('file_name'),
    /** The latest DiagnosticsStatusNotification status reported for it, and when. */
    lastStatus: text('last_status'),
    lastStatusAt: ts('last_status_at'),
    /** Until when its upload location takes a file. */
    linkExpiresAt: ts('link_expires_at').notNull(),
    /** An upload to its location is being received (a second one meanwhile is refused). */
    uploadStartedAt: ts('upload_started_at'),
    /** The file received: its key in the app's file store, size, sha256 (hex) and when it was stored. */
    fileKey: text('file_key'),
    fileSize: bigint('file_size', { mode: 'number' }),
    fileSha256: text('file_sha256'),
    uploadedAt: ts('uploaded_at'),
    /**
     * The file deleted after DIAGNOSTICS_RETENTION_DAYS (its key then null, its name, size and sha256 kept): when, and
     * the days it was kept for (the setting then).
     */
    fileDeletedAt: ts('file_deleted_at'),
    fileRetentionDays: integer('file_retention_days'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('ocpp_diagnostics_requests_state_check', sql`${t.state} in (${listed(diagnosticsRequestStates)})`),
    index('ocpp_diagnostics_requests_charger_idx').on(t.chargerId, t.createdAt),
    index('ocpp_diagnostics_requests_command_idx').on(t.commandId),
    index('ocpp_diagnostics_requests_open_idx').on(t.createdAt).where(sql`${t.state} in (${listed(openDiagnosticsStates)})`),
    // The files still kept, oldest first (the retention job's).
    index('ocpp_diagnostics_requests_kept_files_idx').on(t.uploadedAt).where(sql`${t.fileKey} is not null`),
  ],
);
