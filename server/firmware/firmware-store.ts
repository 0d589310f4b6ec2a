// Reading and moving firmware updates. An update moves only along machines/firmware-update.machine.ts, and only from
// the state it was read in (the statement checks it), so two processes hearing about the same update (a status and the
// command's answer at once) never move it twice; reaching a final state stamps it finished and, for an update of a
// campaign, queues the campaign's next step on the job queue.
import { sql, type SQL } from 'drizzle-orm';
import { FIRMWARE_PERMISSION, firmwareUpdateStateLabels, isFinalFirmwareState, type FirmwareUpdateState, type FirmwareUpdateView } from '@domain/firmware';
import type { LiveEvent } from '@domain/live-event';
import { liveOcppKey } from '@domain/live-event';
import { nextFirmwareState, type FirmwareUpdateEvent } from '@machines/firmware-update.machine';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { users } from '@server/db/schema';
import { chargers } from '@server/db/tables/chargers';
import { firmwareFiles, firmwareUpdates } from '@server/db/tables/firmware';
import { enqueueJob } from '@server/jobs/job-queue';
import { chargerLiveEvent } from '@server/ocpp/ocpp-messages';

/** The job a campaign's update reaching a final state queues (registered by the campaigns' module). */
export const FIRMWARE_CAMPAIGN_ADVANCE_JOB = 'firmware-campaigns.advance';

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** The columns and joins of an update as updateView reads it (`f`: the update). */
export const updateSelect = sql`
  select f.id, f.charger_id, ch.unique_id as charger_unique_id, f.firmware_file_id, ff.name as firmware_name, ff.version as firmware_version,
    f.campaign_id, f.wave, f.status, f.retrieve_date, f.retries, f.retry_interval, u.name as requested_by_name, f.command_id,
    f.last_charger_status, f.error, f.installed_version, f.created_at, f.updated_at, f.finished_at
  from ${firmwareUpdates} f
  join ${firmwareFiles} ff on ff.id = f.firmware_file_id
  left join ${chargers} ch on ch.id = f.charger_id
  left join ${users} u on u.id = f.requested_by`;

/** An update as the API answers it. */
export function updateView(row: Record<string, unknown>): FirmwareUpdateView {
  const status = String(row.status) as FirmwareUpdateState;
  const error = (row.error as string | null) ?? null;
  return {
    id: String(row.id),
    chargerId: Number(row.charger_id),
    chargerUniqueId: (row.charger_unique_id as string | null) ?? null,
    firmwareFileId: String(row.firmware_file_id),
    firmwareName: String(row.firmware_name),
    firmwareVersion: String(row.firmware_version),
    campaignId: (row.campaign_id as string | null) ?? null,
    wave: row.wave === null || row.wave === undefined ? null : Number(row.wave),
    status,
    summary: error ? `${firmwareUpdateStateLabels[status]}: ${error}` : firmwareUpdateStateLabels[status],
    retrieveDate: iso(row.retrieve_date)!,
    retries: row.retries === null || row.retries === undefined ? null : Number(row.retries),
    retryInterval: row.retry_interval === null || row.retry_interval === undefined ? null : Number(row.retry_interval),
    requestedByName: (row.requested_by_name as string | null) ?? null,
    commandId: (row.command_id as string | null) ?? null,
    lastChargerStatus: (row.last_charger_status as string | null) ?? null,
    error,
    installedVersion: (row.installed_version as string | null) ?? null,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    finishedAt: iso(row.finished_at),
  };
}

/** The updates `where` selects (on `f`), newest first. */
export async function readUpdates(db: Database, where: SQL, limit = 50): Promise<FirmwareUpdateView[]> {
  const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`${updateSelect} where ${where} order by f.created_at desc, f.id desc limit ${limit}`));
  return rows.map(updateView);
}

/** The live events of a change to a charger's firmware update: its page, and the firmware lists of those who may update. */
export function firmwareLiveEvents(chargerId: number): LiveEvent[] {
  return [...chargerLiveEvent(chargerId), { keys: [liveOcppKey(chargerId), ['firmware-updates']], permission: FIRMWARE_PERMISSION }];
}

/** What a move writes besides the state. */
export interface MoveFields {
  chargerStatus?: string;
  error?: string | null;
  commandId?: string;
  /** The charger was heard of (its answer, a status): the silence timeout counts from now. */
  heard?: boolean;
}

/** A move that happened: the update's charger and campaign. */
export interface Moved {
  id: string;
  chargerId: number;
  from: FirmwareUpdateState;
  to: FirmwareUpdateState;
  campaignId: string | null;
}

/**
 * Moves an update by a machine event from the state it is in (read here), once: null when the machine does not take
 * the event there or another writer moved it first. A final state stamps finished_at and queues the campaign's step.
 */
export async function moveUpdate(db: Database, id: string, event: FirmwareUpdateEvent['type'], fields: MoveFields, now: Date, expected?: FirmwareUpdateState): Promise<Moved | null> {
  const [current] = rowsOf<{ status: string; charger_id: number; campaign_id: string | null }>(await db.execute(sql`select status, charger_id, campaign_id from ${firmwareUpdates} where id = ${id}::uuid`));
  if (!current) return null;
  const from = current.status as FirmwareUpdateState;
  if (expected && from !== expected) return null;
  const to = nextFirmwareState(from, event);
  if (!to) return null;
  const at = now.toISOString();
  const final = isFinalFirmwareState(to);
  const moved = rowsOf<{ id: string }>(
    await db.execute(sql`update ${firmwareUpdates} set status = ${to}, updated_at = ${at},
        last_charger_status = coalesce(${fields.chargerStatus ?? null}, last_charger_status),
        error = ${fields.error === undefined ? sql`error` : sql`${fields.error}`},
        command_id = coalesce(${fields.commandId ?? null}::uuid, command_id),
        last_heard_at = ${fields.heard ? sql`${at}::timestamptz` : sql`last_heard_at`},
        finished_at = ${final ? sql`${at}::timestamptz` : sql`finished_at`}
      where id = ${id}::uuid and status = ${from} returning id`),
  );
  if (moved.length === 0) return null;
  const result: Moved = { id, chargerId: Number(current.charger_id), from, to, campaignId: current.campaign_id };
  if (final) await queueCampaignStep(db, result.campaignId, now);
  return result;
}

/** An update of a campaign ended: the campaign's next step is queued (once while one is waiting). */
export async function queueCampaignStep(db: Database, campaignId: string | null, now: Date): Promise<void> {
  if (campaignId === null) return;
  await enqueueJob(db, { kind: FIRMWARE_CAMPAIGN_ADVANCE_JOB, payload: { campaignId }, subject: campaignId, dedupeKey: `${FIRMWARE_CAMPAIGN_ADVANCE_JOB}:${campaignId}` }, now);
}
