// A booting charger gets the charging profiles it should hold after its boot is answered: its own ChargePointMax and
// TxDefault profiles still in force (a charger that lost them keeps no limit otherwise) and its location's defaults.
// The boot queues a job (smart-charging-service.ts sends them), so the BootNotification answer waits for no command.
// Kept apart from the service so the boot handler imports nothing of the command path (which imports the central system).
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { unnestArray } from '@server/db/unnest-insert';
import { chargers } from '@server/db/tables/chargers';
import { chargerChargingProfiles, chargingProfiles } from '@server/db/tables/smart-charging';

/** Job kind: send a booted charger its own profiles in force and its location's defaults. */
export const LOCATION_DEFAULTS_JOB = 'smart-charging.location-defaults';

/**
 * Queues the job for each booted charger that has profiles of its own in force or whose location has defaults (one
 * statement for a batch of boots; nothing for one that has neither).
 */
export async function queueProfilesAfterBoots(db: Database, chargerIds: readonly number[], now: Date): Promise<void> {
  if (chargerIds.length === 0) return;
  await db.execute(sql`
    insert into background_jobs (kind, state, payload, dedupe_key, max_attempts, run_after, created_at)
    select ${LOCATION_DEFAULTS_JOB}, 'queued', jsonb_build_object('chargerId', c.id), ${`${LOCATION_DEFAULTS_JOB}:`}::text || c.id::text, 2,
      ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from ${chargers} c
    where c.id = any(${unnestArray([...new Set(chargerIds)], 'bigint')}) and (exists (select 1 from ${chargingProfiles} p where p.location_id = c.location_id)
      or exists (select 1 from ${chargingProfiles} p join ${chargerChargingProfiles} s on s.profile_id = p.id and s.charger_id = p.charger_id
        where p.charger_id = c.id and s.state = 'accepted'))
    on conflict (dedupe_key) where state in ('queued', 'running') do nothing`);
}
