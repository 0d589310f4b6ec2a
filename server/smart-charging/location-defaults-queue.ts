// A booting charger whose location has default charging profiles gets them after its boot is answered: the boot
// queues a job (smart-charging-service.ts sends them), so the BootNotification answer waits for no command. Kept apart
// from the service so the boot handler imports nothing of the command path (which imports the central system).
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { chargers } from '@server/db/tables/chargers';
import { chargingProfiles } from '@server/db/tables/smart-charging';

/** Job kind: send a charger its location's default profiles. */
export const LOCATION_DEFAULTS_JOB = 'smart-charging.location-defaults';

/** Queues the job for a charger whose location has defaults (one statement; nothing when it has none). */
export async function queueLocationDefaults(db: Database, chargerId: number, now: Date): Promise<void> {
  await db.execute(sql`
    insert into background_jobs (kind, state, payload, dedupe_key, max_attempts, run_after, created_at)
    select ${LOCATION_DEFAULTS_JOB}, 'queued', jsonb_build_object('chargerId', ${chargerId}::bigint), ${`${LOCATION_DEFAULTS_JOB}:${chargerId}`}, 2,
      ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from ${chargers} c
    where c.id = ${chargerId} and exists (select 1 from ${chargingProfiles} p where p.location_id = c.location_id)
    on conflict (dedupe_key) where state in ('queued', 'running') do nothing`);
}
