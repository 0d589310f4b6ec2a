// What accepted BootNotifications write, many chargers' at once (the central system gathers them: a firmware
// campaign's last wave reboots thousands of chargers within a minute): each charger's boot (what it says it is, its
// heartbeat interval), the version it now runs on the update that installed it, and the jobs a booted charger needs
// (its local list's sync, its charging profiles). Four statements for a batch instead of four for each boot.
import type { Database } from '@server/db/database';
import { recordBootedVersions } from '@server/firmware/firmware-status';
import { queueProfilesAfterBoots } from '@server/smart-charging/location-defaults-queue';
import { recordBoots, type BootHeard } from './connectivity-store';
import { queueListSyncs } from './local-list-store';

export type { BootHeard };

/** Writes the boots; answers, per boot, whether its version was recorded on an installed firmware update. */
export async function writeBoots(db: Database, boots: readonly BootHeard[]): Promise<boolean[]> {
  if (boots.length === 0) return [];
  await recordBoots(db, boots);
  const recorded = await recordBootedVersions(db, boots.map((b) => ({ chargerId: b.chargerId, version: b.firmwareVersion, at: b.at })));
  const ids = boots.map((b) => b.chargerId);
  const now = new Date(Math.max(...boots.map((b) => b.at.getTime())));
  // A charger holding a local list gets what it missed while away; its own profiles in force and its location's
  // defaults are sent after its answer (jobs, so the answer waits for no command).
  await queueListSyncs(db, ids, now);
  await queueProfilesAfterBoots(db, ids, now);
  // A charger that booted twice in the batch: its version is recorded once, told with its first boot.
  const told = new Set<number>();
  return boots.map((b) => {
    if (!recorded.has(b.chargerId) || told.has(b.chargerId)) return false;
    told.add(b.chargerId);
    return true;
  });
}
