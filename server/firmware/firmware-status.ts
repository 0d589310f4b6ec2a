// What a charger says of its firmware moves its own open update only: FirmwareStatusNotification's status becomes the
// machine's event; a status that does not fit the update's state (late, repeated, out of order) moves nothing, and
// the raw message log keeps it. After Installed, the version the charger boots with is recorded on the update.
import { sql } from 'drizzle-orm';
import type { FirmwareChargerStatus } from '@domain/firmware';
import type { FirmwareUpdateEvent } from '@machines/firmware-update.machine';
import type { Database } from '@server/db/database';
import { isFinalFirmwareState, type FirmwareUpdateState } from '@domain/firmware';
import { nextFirmwareState } from '@machines/firmware-update.machine';
import { rowsOf } from '@server/db/rows';
import { roundsByKey } from '@server/db/rounds';
import { ocppChargePoints } from '@server/db/tables/ocpp';
import { firmwareUpdates } from '@server/db/tables/firmware';
import { unnestArray } from '@server/db/unnest-insert';
import { enqueueJob } from '@server/jobs/job-queue';
import { moveUpdate, queueCampaignStep, type Moved } from './firmware-store';

/** Kind of the firmware job: one pass over the open updates (firmware-update-service.ts runFirmwarePass). */
export const FIRMWARE_PASS_JOB = 'firmware.pass';

/** The machine's event of each status a charger reports (Idle moves nothing: the charger has no update going). */
const eventOfStatus: Readonly<Record<FirmwareChargerStatus, FirmwareUpdateEvent['type'] | null>> = {
  Idle: null,
  Downloading: 'DOWNLOADING',
  Downloaded: 'DOWNLOADED',
  DownloadFailed: 'DOWNLOAD_FAILED',
  Installing: 'INSTALLING',
  Installed: 'INSTALLED',
  InstallationFailed: 'INSTALLATION_FAILED',
};

/** Words of the failures a charger reports. */
const failureWords: Partial<Record<FirmwareChargerStatus, string>> = {
  DownloadFailed: 'The charger could not download the image.',
  InstallationFailed: 'The charger could not install the image.',
};

/** Applies a charger's status to its own open update (sent or later); null when nothing moved. */
export async function applyFirmwareStatus(db: Database, chargerId: number, status: string, now: Date): Promise<Moved | null> {
  const event = eventOfStatus[status as FirmwareChargerStatus];
  if (!event) return null;
  const error = failureWords[status as FirmwareChargerStatus];
  // The firmware job may move the same update (taking the charger's answer to UpdateFirmware) between this read and
  // the conditional write: then the status is tried again on the state it has now, so a status is never lost to it.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [open] = rowsOf<{ id: string; status: string }>(
      await db.execute(sql`select id, status from ${firmwareUpdates} where charger_id = ${chargerId} and finished_at is null and status not in ('requested', 'waitingForSession') order by created_at desc limit 1`),
    );
    if (!open) return null;
    const moved = await moveUpdate(db, String(open.id), event, { chargerStatus: status, heard: true, ...(error ? { error } : {}) }, now, open.status as never);
    if (moved) return moved;
    const [current] = rowsOf<{ status: string }>(await db.execute(sql`select status from ${firmwareUpdates} where id = ${open.id}::uuid`));
    // Unchanged: the status does not fit the update's state (late, repeated, out of order) and moves nothing.
    if (!current || current.status === open.status) return null;
  }
  return null;
}

/** A FirmwareStatusNotification heard: the charger, its status and when. */
export interface FirmwareStatusHeard {
  chargerId: number;
  status: string;
  at: Date;
}

/**
 * Many chargers' FirmwareStatusNotifications at once, as the central system gathers them (a campaign's wave of 9,000
 * chargers reports four statuses each within minutes): each charger's status is kept on it and moves its own open
 * update as applyFirmwareStatus would, in a few statements for the whole batch instead of four for each status. A
 * charger's statuses are taken in rounds (its first in the first round, its second in the next), so they apply in the
 * order heard. An update another writer moved between the read and the write (the firmware job taking the charger's
 * answer) is tried again on its own, as applyFirmwareStatus does. Answers what moved, row by row.
 */
export async function applyFirmwareStatuses(db: Database, rows: readonly FirmwareStatusHeard[]): Promise<(Moved | null)[]> {
  const results: (Moved | null)[] = rows.map(() => null);
  for (const round of roundsByKey(rows, (r) => r.chargerId)) {
    round.sort((a, b) => a.row.chargerId - b.row.chargerId);
    const col = <V>(value: (r: FirmwareStatusHeard) => V) => round.map(({ row }) => value(row));
    // The chargers' rows locked in charger order first, as the other statements over many chargers' rows do.
    await db.execute(sql`
      with v as (select * from unnest(${unnestArray(col((r) => r.chargerId), 'bigint')}, ${unnestArray(col((r) => r.status), 'text')}, ${unnestArray(col((r) => r.at), 'timestamptz')}) as v(charger_id, status, at)),
        locked as materialized (select p.charger_id from ${ocppChargePoints} p where p.charger_id in (select charger_id from v) order by p.charger_id for update)
      update ${ocppChargePoints} p set firmware_status = v.status, updated_at = v.at from v where p.charger_id = v.charger_id and p.charger_id in (select charger_id from locked)`);
    const moving = round.filter(({ row }) => eventOfStatus[row.status as FirmwareChargerStatus]);
    if (moving.length > 0) {
      const open = new Map(
        rowsOf<{ id: string; charger_id: number | string; status: FirmwareUpdateState; campaign_id: string | null }>(
          await db.execute(sql`select distinct on (charger_id) id, charger_id, status, campaign_id from ${firmwareUpdates}
            where charger_id = any(${unnestArray(moving.map(({ row }) => row.chargerId), 'bigint')}) and finished_at is null and status not in ('requested', 'waitingForSession')
            order by charger_id, created_at desc`),
        ).map((u) => [Number(u.charger_id), u]),
      );
      const moves = moving.flatMap((item) => {
        const update = open.get(item.row.chargerId);
        const to = update ? nextFirmwareState(update.status, eventOfStatus[item.row.status as FirmwareChargerStatus]!) : null;
        return update && to ? [{ item, update, to }] : [];
      });
      if (moves.length > 0) {
        const m = <V>(value: (x: (typeof moves)[number]) => V) => moves.map(value);
        const moved = new Set(
          rowsOf<{ id: string }>(
            await db.execute(sql`update ${firmwareUpdates} f set status = v.to_status, updated_at = v.at, last_charger_status = v.charger_status,
                error = coalesce(v.error, f.error), last_heard_at = v.at, finished_at = case when v.final = 1 then v.at else f.finished_at end
              from unnest(${unnestArray(m((x) => x.update.id), 'text')}, ${unnestArray(m((x) => x.update.status), 'text')}, ${unnestArray(m((x) => x.to), 'text')},
                ${unnestArray(m((x) => x.item.row.status), 'text')}, ${unnestArray(m((x) => failureWords[x.item.row.status as FirmwareChargerStatus] ?? null), 'text')},
                ${unnestArray(m((x) => x.item.row.at), 'timestamptz')}, ${unnestArray(m((x) => (isFinalFirmwareState(x.to) ? 1 : 0)), 'integer')})
                as v(id, from_status, to_status, charger_status, error, at, final)
              where f.id = v.id::uuid and f.status = v.from_status returning f.id`),
          ).map((r) => String(r.id)),
        );
        const campaigns = new Map<string, Date>();
        for (const { item, update, to } of moves) {
          if (moved.has(String(update.id))) {
            results[item.index] = { id: String(update.id), chargerId: item.row.chargerId, from: update.status, to, campaignId: update.campaign_id };
            if (isFinalFirmwareState(to) && update.campaign_id !== null) campaigns.set(update.campaign_id, item.row.at);
          } else {
            // Moved by another writer since it was read: this status on the state it has now, on its own.
            results[item.index] = await applyFirmwareStatus(db, item.row.chargerId, item.row.status, item.row.at);
          }
        }
        for (const [campaignId, at] of campaigns) await queueCampaignStep(db, campaignId, at);
      }
    }
  }
  return results;
}

/** A charger's boot with the firmware version it reports. */
export interface BootedVersion {
  chargerId: number;
  version: string | undefined;
  at: Date;
}

/**
 * Chargers booted: the version each reports is recorded on its latest installed update that has none yet (within a
 * day), one statement for a batch of boots. Answers the chargers whose update was recorded.
 */
export async function recordBootedVersions(db: Database, boots: readonly BootedVersion[]): Promise<Set<number>> {
  const latest = new Map<number, BootedVersion & { version: string }>();
  for (const b of boots) if (b.version) latest.set(b.chargerId, { ...b, version: b.version });
  if (latest.size === 0) return new Set();
  const rows = [...latest.values()];
  const recorded = rowsOf<{ charger_id: number | string }>(
    await db.execute(sql`update ${firmwareUpdates} f set installed_version = v.version, updated_at = v.at
      from (select v.version, v.at, (select u.id from ${firmwareUpdates} u where u.charger_id = v.charger_id and u.status = 'installed' and u.installed_version is null
          and u.finished_at > v.at - interval '1 day' order by u.finished_at desc limit 1) as update_id
        from unnest(${unnestArray(rows.map((b) => b.chargerId), 'bigint')}, ${unnestArray(rows.map((b) => b.version), 'text')}, ${unnestArray(rows.map((b) => b.at), 'timestamptz')}) as v(charger_id, version, at)) v
      where f.id = v.update_id returning f.charger_id`),
  );
  return new Set(recorded.map((r) => Number(r.charger_id)));
}

/** A charger's session ended (its StopTransaction): when an update of it waits for that, a pass is queued at once. */
export async function queueAfterSession(db: Database, chargerId: number, now: Date): Promise<void> {
  const [waiting] = rowsOf<{ id: string }>(await db.execute(sql`select id from ${firmwareUpdates} where charger_id = ${chargerId} and status = 'waitingForSession' limit 1`));
  if (waiting) await enqueueJob(db, { kind: FIRMWARE_PASS_JOB, dedupeKey: `${FIRMWARE_PASS_JOB}:session-ended`, maxAttempts: 1 }, now);
}
