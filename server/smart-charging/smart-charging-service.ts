// Charging profiles staff manage (OCPP 1.6 Smart Charging): a charger's own ChargePointMax or TxDefault profile, a
// location's defaults sent to each of its chargers (when staff change them), a booted charger sent its own profiles in
// force and its location's defaults again (the job LOCATION_DEFAULTS_JOB), clearing, and the composite schedule.
// Every command goes through sendCommands (a record each, the batch's audit row); what each charger made of a profile
// is kept per charger (charger_charging_profiles).
import { sql, type SQL } from 'drizzle-orm';
import type { OcppCommandView } from '@domain/ocpp';
import {
  csChargingProfileOf,
  type ChargerProfileState,
  type ChargerProfileView,
  type ChargerResult,
  type ChargingProfileInput,
  type ClearProfilesBody,
  type CompositeScheduleBody,
  type CompositeScheduleView,
  type CsChargingProfile,
  type LocationProfileView,
} from '@domain/smart-charging';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { chargers } from '@server/db/tables/chargers';
import { ocppChargePoints } from '@server/db/tables/ocpp';
import { chargerChargingProfiles, chargingProfiles } from '@server/db/tables/smart-charging';
import type { JobHandler } from '@server/jobs/job-worker';
import { publishLive } from '@server/live/live-events';
import { createInProcessBus } from '@server/live/notification-bus';
import { sendCommands, type CommandDeps } from '@server/ocpp/command-service';
import { chargerLiveEvent } from '@server/ocpp/ocpp-messages';
import { LOCATION_DEFAULTS_JOB } from './location-defaults-queue';

/** Chargers one send reaches at most (a location's chargers; one statement writes a batch's records). */
const CHARGERS_PER_BATCH = 500;

const iso = (v: unknown) => new Date(v as string).toISOString();
const statusOf = (item: OcppCommandView): string | null => {
  const status = (item.response as { status?: unknown } | null)?.status;
  return typeof status === 'string' ? status : null;
};

/** A profile's state at a charger after its SetChargingProfile's record, with the answer or why. */
export function stateOfCommand(item: OcppCommandView): { state: ChargerProfileState; answer: string | null } {
  if (item.status === 'accepted') return { state: 'accepted', answer: null };
  if (item.status === 'rejected') return { state: 'rejected', answer: statusOf(item) };
  if (item.status === 'queued' || item.status === 'sent') return { state: 'sent', answer: null };
  return { state: 'failed', answer: item.error ?? 'The charger did not answer' };
}

interface ProfileRow {
  id: number;
  charger_id: number | null;
  location_id: number | null;
  connector_id: number;
  purpose: string;
  stack_level: number;
  profile: CsChargingProfile;
  created_at: unknown;
}

/** Makes a profile (of a charger or of a location) from staff's input: its id is the chargingProfileId. */
export async function createProfile(db: Database, owner: { chargerId: number } | { locationId: number }, input: ChargingProfileInput, userId: string | null, now: Date): Promise<ProfileRow> {
  const chargerId = 'chargerId' in owner ? owner.chargerId : null;
  const locationId = 'locationId' in owner ? owner.locationId : null;
  const [made] = rowsOf<ProfileRow>(
    await db.execute(sql`
      insert into ${chargingProfiles} (charger_id, location_id, connector_id, purpose, stack_level, profile, created_by, created_at)
      values (${chargerId}, ${locationId}, ${input.connectorId}, ${input.purpose}, ${input.stackLevel}, '{}'::jsonb, ${userId}::uuid, ${now.toISOString()})
      returning id, charger_id, location_id, connector_id, purpose, stack_level, profile, created_at`),
  );
  const profile = csChargingProfileOf(Number(made!.id), input, now);
  await db.execute(sql`update ${chargingProfiles} set profile = ${JSON.stringify(profile)}::jsonb where id = ${made!.id}`);
  return { ...made!, id: Number(made!.id), profile };
}

/** Charger-owned profiles no charger holds or tried any more (cleared or replaced): removed. */
async function dropOrphans(db: Database, chargerId: number): Promise<void> {
  await db.execute(sql`
    delete from ${chargingProfiles} p where p.charger_id = ${chargerId}
      and not exists (select 1 from ${chargerChargingProfiles} s where s.profile_id = p.id)`);
}

/**
 * Records a charger's answer to a profile. Accepted: it replaces, at that charger, the profiles of the same connector,
 * purpose and stack level (OCPP 1.6 §5.16: the same id is the same row). Any answer: an earlier attempt at that slot
 * that never took hold (rejected, failed) is dropped, the latest attempt being what the panel shows.
 */
async function recordAnswer(db: Database, chargerId: number, profile: ProfileRow, item: OcppCommandView, now: Date): Promise<ChargerResult> {
  const { state, answer } = stateOfCommand(item);
  const at = now.toISOString();
  await db.execute(sql`
    insert into ${chargerChargingProfiles} (charger_id, profile_id, state, answer, command_id, updated_at)
    values (${chargerId}, ${profile.id}, ${state}, ${answer}, ${item.id}::uuid, ${at})
    on conflict (charger_id, profile_id) do update set state = excluded.state, answer = excluded.answer, command_id = excluded.command_id, updated_at = excluded.updated_at`);
  await db.execute(sql`
    delete from ${chargerChargingProfiles} s using ${chargingProfiles} p
    where s.profile_id = p.id and s.charger_id = ${chargerId} and p.id <> ${profile.id}
      and p.connector_id = ${profile.connector_id} and p.purpose = ${profile.purpose} and p.stack_level = ${profile.stack_level}
      and (${state === 'accepted'} or s.state <> 'accepted')`);
  await dropOrphans(db, chargerId);
  return { chargerId, chargerUniqueId: item.chargerUniqueId, state, answer };
}

/** Sends a profile to chargers (in batches), waits for their answers and records each. */
export async function sendProfile(deps: CommandDeps, chargerIds: readonly number[], profile: ProfileRow, userId: string | null): Promise<ChargerResult[]> {
  const results: ChargerResult[] = [];
  for (let i = 0; i < chargerIds.length; i += CHARGERS_PER_BATCH) {
    const part = chargerIds.slice(i, i + CHARGERS_PER_BATCH);
    const sent = await sendCommands(deps, {
      chargerIds: part,
      command: { action: 'SetChargingProfile', payload: { connectorId: profile.connector_id, csChargingProfiles: profile.profile } },
      userId,
      wait: true,
    });
    for (const item of sent.items) results.push(await recordAnswer(deps.db, item.chargerId, profile, item, deps.now()));
  }
  for (const id of new Set(chargerIds)) publishLive(deps.bus, chargerLiveEvent(id, { connectivity: true }));
  return results;
}

const viewColumns = sql`p.id, s.charger_id, p.location_id, p.connector_id, p.purpose, p.stack_level, p.profile, s.state, s.answer, s.updated_at`;

/** A charger's profiles (its own and its location's it was sent), by purpose, stack level and connector. */
export async function chargerProfiles(db: Database, chargerId: number): Promise<ChargerProfileView[]> {
  const rows = rowsOf<ProfileRow & { state: ChargerProfileState; answer: string | null; updated_at: unknown; charger_id: number }>(
    await db.execute(sql`select ${viewColumns} from ${chargerChargingProfiles} s join ${chargingProfiles} p on p.id = s.profile_id
      where s.charger_id = ${chargerId} order by p.purpose, p.stack_level desc, p.connector_id, p.id limit 200`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    chargerId: Number(r.charger_id),
    locationId: r.location_id === null ? null : Number(r.location_id),
    connectorId: Number(r.connector_id),
    purpose: r.purpose as ChargerProfileView['purpose'],
    stackLevel: Number(r.stack_level),
    profile: r.profile,
    state: r.state,
    answer: r.answer,
    updatedAt: iso(r.updated_at),
  }));
}

/** A location's default profiles, with how many of its chargers hold each. */
export async function locationProfiles(db: Database, locationId: number, where: SQL = sql`true`): Promise<LocationProfileView[]> {
  const rows = rowsOf<ProfileRow & { accepted: number; not_accepted: number }>(
    await db.execute(sql`select p.id, p.location_id, p.connector_id, p.purpose, p.stack_level, p.profile, p.created_at,
        count(s.charger_id) filter (where s.state = 'accepted') as accepted, count(s.charger_id) filter (where s.state <> 'accepted') as not_accepted
      from ${chargingProfiles} p left join ${chargerChargingProfiles} s on s.profile_id = p.id
      where p.location_id = ${locationId} and ${where}
      group by p.id order by p.purpose, p.stack_level desc, p.connector_id, p.id limit 100`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    locationId: Number(r.location_id),
    connectorId: Number(r.connector_id),
    purpose: r.purpose as LocationProfileView['purpose'],
    stackLevel: Number(r.stack_level),
    profile: r.profile,
    accepted: Number(r.accepted),
    notAccepted: Number(r.not_accepted),
    createdAt: iso(r.created_at),
  }));
}

/** The OCPP chargers of a location that are online now. */
export async function onlineChargersOf(db: Database, locationId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select c.id from ${chargers} c join ${ocppChargePoints} p on p.charger_id = c.id
      where c.location_id = ${locationId} and c.is_active and p.connected_node is not null order by c.id`),
  );
  return rows.map((r) => Number(r.id));
}

/** The profile a location default of `locationId` with this id, if any. */
export async function locationProfileRow(db: Database, locationId: number, id: number): Promise<ProfileRow | undefined> {
  const [row] = rowsOf<ProfileRow>(
    await db.execute(sql`select id, charger_id, location_id, connector_id, purpose, stack_level, profile, created_at from ${chargingProfiles} where id = ${id} and location_id = ${locationId}`),
  );
  return row ? { ...row, id: Number(row.id) } : undefined;
}

/** The ClearChargingProfile of staff's body. */
export function clearCommandOf(body: ClearProfilesBody) {
  if ('id' in body) return { action: 'ClearChargingProfile' as const, payload: { id: body.id } };
  return {
    action: 'ClearChargingProfile' as const,
    payload: {
      ...(body.connectorId === undefined ? {} : { connectorId: body.connectorId }),
      ...(body.purpose === undefined ? {} : { chargingProfilePurpose: body.purpose }),
      ...(body.stackLevel === undefined ? {} : { stackLevel: body.stackLevel }),
    },
  };
}

/** The stored profiles at a charger a clear matches (by id, or every filter given). */
function clearMatch(body: ClearProfilesBody): SQL {
  if ('id' in body) return sql`p.id = ${body.id}`;
  const parts = [sql`true`];
  if (body.connectorId !== undefined) parts.push(sql`p.connector_id = ${body.connectorId}`);
  if (body.purpose !== undefined) parts.push(sql`p.purpose = ${body.purpose}`);
  if (body.stackLevel !== undefined) parts.push(sql`p.stack_level = ${body.stackLevel}`);
  return sql.join(parts, sql` and `);
}

/**
 * Sends ClearChargingProfile to chargers and records what it cleared: Accepted removes the matching profiles held
 * there; Unknown (the charger holds none such) removes only attempts that never took hold (rejected, failed).
 */
export async function clearProfiles(deps: CommandDeps, chargerIds: readonly number[], body: ClearProfilesBody, userId: string | null): Promise<{ items: OcppCommandView[]; removed: number }> {
  const sent = await sendCommands(deps, { chargerIds, command: clearCommandOf(body), userId, wait: true });
  let removed = 0;
  for (const item of sent.items) {
    const unknown = item.status === 'rejected' && statusOf(item) === 'Unknown';
    if (item.status !== 'accepted' && !unknown) continue;
    const gone = rowsOf<{ profile_id: number }>(
      await deps.db.execute(sql`
        delete from ${chargerChargingProfiles} s using ${chargingProfiles} p
        where s.profile_id = p.id and s.charger_id = ${item.chargerId} and ${clearMatch(body)} ${unknown ? sql`and s.state <> 'accepted'` : sql``}
        returning s.profile_id`),
    );
    removed += gone.length;
    await dropOrphans(deps.db, item.chargerId);
    publishLive(deps.bus, chargerLiveEvent(item.chargerId, { connectivity: true }));
  }
  return { items: sent.items, removed };
}

/** Asks a charger for its composite schedule (GetCompositeSchedule) and answers it, or why there is none. */
export async function compositeSchedule(deps: CommandDeps, chargerId: number, body: CompositeScheduleBody, userId: string | null): Promise<CompositeScheduleView> {
  const sent = await sendCommands(deps, {
    chargerIds: [chargerId],
    command: { action: 'GetCompositeSchedule', payload: { connectorId: body.connectorId, duration: body.duration, ...(body.unit ? { chargingRateUnit: body.unit } : {}) } },
    userId,
    wait: true,
  });
  const item = sent.items[0]!;
  const response = (item.response ?? {}) as { status?: string; connectorId?: number; scheduleStart?: string; chargingSchedule?: CompositeScheduleView['chargingSchedule'] };
  if (item.status === 'accepted') {
    return { state: 'accepted', answer: null, connectorId: response.connectorId ?? body.connectorId, scheduleStart: response.scheduleStart ?? null, chargingSchedule: response.chargingSchedule ?? null };
  }
  if (item.status === 'rejected') return { state: 'rejected', answer: response.status ?? 'Rejected', connectorId: body.connectorId, scheduleStart: null, chargingSchedule: null };
  return { state: 'failed', answer: item.error ?? 'The charger did not answer', connectorId: body.connectorId, scheduleStart: null, chargingSchedule: null };
}

/**
 * Sends a booted (online) charger the profiles it should hold, charger maxima first: its own ChargePointMax and
 * TxDefault profiles still in force (accepted there, their validTo not passed), since a charger that lost them (a new
 * controller, a firmware update) would charge without its limit, and re-sending one is safe (the same
 * chargingProfileId replaces it, OCPP 1.6 §5.16); and its location's defaults, except one at the connector, purpose
 * and stack level of a profile of its own, which takes precedence there (as it did when it was set: the last
 * accepted at a place replaces the one there).
 */
export async function sendProfilesAfterBoot(deps: CommandDeps, chargerId: number): Promise<ChargerResult[]> {
  const columns = sql`p.id, p.charger_id, p.location_id, p.connector_id, p.purpose, p.stack_level, p.profile, p.created_at`;
  const rows = rowsOf<ProfileRow>(
    await deps.db.execute(sql`
      with booted as (
        select c.id, c.location_id from ${chargers} c join ${ocppChargePoints} cp on cp.charger_id = c.id and cp.connected_node is not null
        where c.id = ${chargerId}),
      own as (
        select ${columns} from ${chargingProfiles} p
        join ${chargerChargingProfiles} s on s.profile_id = p.id and s.charger_id = p.charger_id and s.state = 'accepted'
        where p.charger_id = ${chargerId} and exists (select 1 from booted)
          and (p.profile->>'validTo' is null or (p.profile->>'validTo')::timestamptz > ${deps.now().toISOString()}::timestamptz))
      select * from own
      union all
      select ${columns} from ${chargingProfiles} p join booted b on b.location_id = p.location_id
      where not exists (select 1 from own o where o.connector_id = p.connector_id and o.purpose = p.purpose and o.stack_level = p.stack_level)
      order by purpose, stack_level, id limit 100`),
  );
  const results: ChargerResult[] = [];
  for (const row of rows) results.push(...(await sendProfile(deps, [chargerId], { ...row, id: Number(row.id) }, null)));
  return results;
}

/** The job handlers of smart charging. */
export function smartChargingJobHandlers(deps: Partial<Pick<CommandDeps, 'bus'>>): Record<string, JobHandler> {
  return {
    [LOCATION_DEFAULTS_JOB]: {
      run: async (ctx) => {
        const chargerId = Number((ctx.job.payload as { chargerId?: unknown }).chargerId);
        if (!Number.isSafeInteger(chargerId)) return;
        await sendProfilesAfterBoot({ db: ctx.db, now: ctx.now, logger: ctx.logger, bus: deps.bus ?? createInProcessBus() }, chargerId);
      },
    },
  };
}
