// What a charger says of its firmware moves its own open update only: FirmwareStatusNotification's status becomes the
// machine's event; a status that does not fit the update's state (late, repeated, out of order) moves nothing, and
// the raw message log keeps it. After Installed, the version the charger boots with is recorded on the update.
import { sql } from 'drizzle-orm';
import type { FirmwareChargerStatus } from '@domain/firmware';
import type { FirmwareUpdateEvent } from '@machines/firmware-update.machine';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { firmwareUpdates } from '@server/db/tables/firmware';
import { enqueueJob } from '@server/jobs/job-queue';
import { moveUpdate, type Moved } from './firmware-store';

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

/** A charger booted: the version it reports is recorded on its latest installed update that has none yet (within a day). */
export async function recordBootedVersion(db: Database, chargerId: number, version: string | undefined, now: Date): Promise<boolean> {
  if (!version) return false;
  const since = new Date(now.getTime() - 86_400_000).toISOString();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`update ${firmwareUpdates} set installed_version = ${version}, updated_at = ${now.toISOString()}
      where id = (select id from ${firmwareUpdates} where charger_id = ${chargerId} and status = 'installed' and installed_version is null and finished_at > ${since}::timestamptz
        order by finished_at desc limit 1) returning id`),
  );
  return rows.length > 0;
}

/** A charger's session ended (its StopTransaction): when an update of it waits for that, a pass is queued at once. */
export async function queueAfterSession(db: Database, chargerId: number, now: Date): Promise<void> {
  const [waiting] = rowsOf<{ id: string }>(await db.execute(sql`select id from ${firmwareUpdates} where charger_id = ${chargerId} and status = 'waitingForSession' limit 1`));
  if (waiting) await enqueueJob(db, { kind: FIRMWARE_PASS_JOB, dedupeKey: `${FIRMWARE_PASS_JOB}:session-ended`, maxAttempts: 1 }, now);
}
