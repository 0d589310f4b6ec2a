// Running firmware campaigns. A campaign moves only through machines/firmware-campaign.machine.ts, each move a
// conditional update on the row's version (two moves read from the same version: one wins, the other changes nothing),
// so a wave is never started twice however many advances run at once. A wave's chargers are claimed (pending → sent)
// in one statement before their updates are asked for (requestFirmwareUpdates of server/firmware), so two advances
// never send one charger twice. Advancing runs as the job firmware-campaigns.advance, queued by the firmware updates
// when one of a campaign's ends, and for every running campaign by a sweep each minute (a lost job stalls nothing).
// Within a wave, chargers are sent at most FIRMWARE_CAMPAIGN_SENDS_PER_MINUTE: an advance sends what the pace allows
// since the wave's first send and queues the next one a few seconds later.
import { sql } from 'drizzle-orm';
import { eitherAudience, type LiveEvent } from '@domain/live-event';
import {
  RUN_FIRMWARE_CAMPAIGN_PERMISSION,
  VIEW_FIRMWARE_CAMPAIGNS_PERMISSION,
  waveSizes,
  type CreateCampaignBody,
  type FirmwareCampaignState,
} from '@domain/firmware-campaigns';
import { nextCampaign, type FirmwareCampaignEvent, type FirmwareCampaignSnapshot } from '@machines/firmware-campaign.machine';
import { logLine } from '@server/app-deps';
import { writeAudit } from '@server/audit/write-audit';
import type { AppConfig } from '@server/config';
import type { Database } from '@server/db/database';
import { loggableError } from '@server/db/database-error';
import { rowsOf } from '@server/db/rows';
import { users } from '@server/db/schema';
import { firmwareCampaignMembers, firmwareCampaigns } from '@server/db/tables/firmware-campaigns';
import { firmwareFiles } from '@server/db/tables/firmware';
import { FIRMWARE_CAMPAIGN_ADVANCE_JOB, queueCampaignStep } from '@server/firmware/firmware-store';
import { requestFirmwareUpdates, type FirmwareDeps } from '@server/firmware/firmware-update-service';
import { conflictProblem, notFoundProblem, validationProblem } from '@server/http/problem';
import { announceJob } from '@server/jobs/announce-job';
import { enqueueJob } from '@server/jobs/job-queue';
import { publishLive } from '@server/live/live-events';
import { campaignById, matchingChargers, memberCounts, snapshotOf, waveCountsOf, type CampaignRow } from './campaign-store';

/** What the service needs: the firmware service's dependencies and the campaign settings. */
export type CampaignDeps = FirmwareDeps & { config: FirmwareDeps['config'] & Pick<AppConfig, 'firmwareCampaigns'> };

/** The audit rows' entity type. */
export const CAMPAIGN_ENTITY = 'firmware-campaign';

/** Chargers asked for in one request to the firmware service (a wave of thousands goes in several). */
const SEND_CHUNK = 500;

/** A wave may send this much of its pace at once, from its first send: 5 s worth (50 chargers at 600 a minute). */
const PACE_HEAD_START_MS = 5_000;

/**
 * Most chargers a staff request (start, resume) sends itself; the rest of a large wave is sent by the advance job
 * queued at once, so the request answers in seconds whatever the wave's size.
 */
export const REQUEST_SEND_LIMIT = 500;

/** Who hears of a campaign's change: whoever may view or run campaigns. */
export const campaignLiveEvent: LiveEvent = { keys: [['firmware-campaigns']], permission: eitherAudience(VIEW_FIRMWARE_CAMPAIGNS_PERMISSION, RUN_FIRMWARE_CAMPAIGN_PERMISSION) };

export function announceCampaigns(deps: Pick<CampaignDeps, 'bus'>): void {
  publishLive(deps.bus, campaignLiveEvent);
}

/** Makes a draft campaign; answers its id. A firmware file that does not exist is a 400 on its field. */
export async function createCampaign(deps: CampaignDeps, body: CreateCampaignBody, userId: string): Promise<string> {
  const now = deps.now();
  const [file] = rowsOf<{ id: string }>(await deps.db.execute(sql`select id from ${firmwareFiles} where id = ${body.firmwareFileId}::uuid`));
  if (!file) throw validationProblem([{ path: 'firmwareFileId', message: 'No firmware file has this id' }], 'No firmware file has this id.');
  const waves = body.waves ?? deps.config.firmwareCampaigns.waves;
  const threshold = body.failureThresholdPercent ?? deps.config.firmwareCampaigns.pauseFailurePercent;
  const id = await deps.db.transaction(async (tx) => {
    const [made] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into ${firmwareCampaigns} (name, firmware_file_id, filters, waves, failure_threshold_percent, retrieve_date, created_by, created_at, updated_at)
        values (${body.name}, ${body.firmwareFileId}::uuid, ${JSON.stringify(body.filters)}::jsonb, ${JSON.stringify(waves)}::jsonb, ${threshold},
          ${body.retrieveDate ?? null}::timestamptz, ${userId}::uuid, ${now.toISOString()}, ${now.toISOString()}) returning id`),
    );
    await writeAudit(tx, { entityType: CAMPAIGN_ENTITY, entityId: made!.id, actorUserId: userId, action: 'create', toState: 'draft', changes: { name: body.name, firmwareFileId: body.firmwareFileId, filters: body.filters, waves, failureThresholdPercent: threshold } }, now);
    return made!.id;
  });
  announceCampaigns(deps);
  return id;
}

/** The campaign, or a 404. */
export async function loadCampaign(db: Database, id: string): Promise<CampaignRow> {
  const row = await campaignById(db, id);
  if (!row) throw notFoundProblem('No firmware campaign has this id.');
  return row;
}

const refused = (row: CampaignRow, what: string) => conflictProblem(`The campaign “${row.name}” is ${row.state}: it cannot be ${what}.`);
const stale = () => conflictProblem('The campaign changed meanwhile. Reload it and try again.');

/** Writes a move of the machine if the row is still at the version read; answers whether it was written. */
async function writeMove(tx: Database, row: CampaignRow, next: FirmwareCampaignSnapshot, now: Date, extra = sql``): Promise<boolean> {
  const at = now.toISOString();
  const ended = next.state === 'completed' || next.state === 'cancelled';
  const moved = rowsOf<{ id: string }>(
    await tx.execute(sql`update ${firmwareCampaigns} set state = ${next.state}, current_wave = ${next.context.wave}, accepted_failures = ${next.context.acceptedFailures},
        paused_reason = ${next.context.pausedReason}, version = version + 1, updated_at = ${at}, finished_at = ${ended ? sql`${at}::timestamptz` : sql`finished_at`} ${extra}
      where id = ${row.id}::uuid and version = ${row.version} returning id`),
  );
  return moved.length > 0;
}

/**
 * Starts a draft: its chargers are the ones its filters match now, in a fixed shuffled order (spread over sites and
 * operators, the same for the same campaign), cut into its waves; then the first wave is sent. No matching charger is
 * a 409 and nothing changes.
 */
export async function startCampaign(deps: CampaignDeps, id: string, userId: string): Promise<void> {
  const now = deps.now();
  const row = await loadCampaign(deps.db, id);
  if (row.state !== 'draft') throw refused(row, 'started');
  const started = await deps.db.transaction(async (tx) => {
    const [counted] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n ${matchingChargers(row.filters)}`));
    const sizes = waveSizes(Number(counted?.n ?? 0), row.waves);
    const next = nextCampaign(snapshotOf(row, sizes.length), { type: 'START' });
    if (!next) throw conflictProblem(`No charger matches the filters of “${row.name}”: there is nothing to update.`);
    if (!(await writeMove(tx, row, next, now, sql`, wave_sizes = ${JSON.stringify(sizes)}::jsonb, started_at = ${now.toISOString()}::timestamptz`))) throw stale();
    // Cumulative ends of the waves: row n of the shuffled order is in the first wave whose end reaches it.
    const ends: number[] = [];
    sizes.reduce((sum, size) => (ends.push(sum + size), sum + size), 0);
    const waveOf = sql.join(ends.map((end, i) => sql`when r.n <= ${end}::bigint then ${i}::int`), sql` `);
    await tx.execute(sql`
      insert into ${firmwareCampaignMembers} (campaign_id, charger_id, wave, status)
      select ${id}::uuid, r.id, case ${waveOf} end, 'pending'
      from (select c.id, row_number() over (order by md5(c.id::text || ${id}), c.id) as n ${matchingChargers(row.filters)}) r`);
    await writeAudit(tx, { entityType: CAMPAIGN_ENTITY, entityId: id, actorUserId: userId, action: 'start', fromState: 'draft', toState: 'running', event: 'START', changes: { waveSizes: sizes } }, now);
    return true;
  });
  if (started) {
    announceCampaigns(deps);
    await advanceCampaign(deps, id, userId, REQUEST_SEND_LIMIT);
  }
}

/** The staff name of a user, for a pause's reason. */
async function nameOf(db: Database, userId: string): Promise<string> {
  const [row] = rowsOf<{ name: string | null }>(await db.execute(sql`select name from ${users} where id = ${userId}::uuid`));
  return row?.name ?? 'staff';
}

/** Pause, resume or cancel by staff; a move the machine refuses in the campaign's state is a 409 and changes nothing. */
export async function moveByStaff(deps: CampaignDeps, id: string, type: 'PAUSE' | 'RESUME' | 'CANCEL', userId: string, reason?: string): Promise<void> {
  const now = deps.now();
  const row = await loadCampaign(deps.db, id);
  const snapshot = snapshotOf(row);
  let event: FirmwareCampaignEvent;
  if (type === 'PAUSE') event = { type, reason: `Paused by ${await nameOf(deps.db, userId)}${reason ? `: ${reason}` : ''}` };
  else if (type === 'RESUME') {
    const counts = (await memberCounts(deps.db, [id], now)).get(id)?.get(Math.max(0, snapshot.context.wave));
    event = { type, failed: waveCountsOf(counts).failed };
  } else event = { type };
  const next = nextCampaign(snapshot, event);
  if (!next) throw refused(row, { PAUSE: 'paused', RESUME: 'resumed', CANCEL: 'cancelled' }[type]);
  await deps.db.transaction(async (tx) => {
    if (!(await writeMove(tx, row, next, now))) throw stale();
    // Cancelled: the chargers not yet sent are not sent; updates already sent are left to finish.
    if (next.state === 'cancelled') await tx.execute(sql`update ${firmwareCampaignMembers} set status = 'cancelled' where campaign_id = ${id}::uuid and status = 'pending'`);
    await writeAudit(
      tx,
      { entityType: CAMPAIGN_ENTITY, entityId: id, actorUserId: userId, action: type.toLowerCase(), fromState: row.state, toState: next.state, event: type, reason: reason ?? null },
      now,
    );
  });
  announceCampaigns(deps);
  if (next.state === 'running') await advanceCampaign(deps, id, userId, REQUEST_SEND_LIMIT);
}

/**
 * How many of the current wave's chargers the pace lets go now: FIRMWARE_CAMPAIGN_SENDS_PER_MINUTE for the time since
 * the wave's first send (plus a head start), less those already sent; and how many are still to send.
 */
async function paceOf(deps: CampaignDeps, row: CampaignRow): Promise<{ budget: number; pending: number }> {
  const [wave] = rowsOf<{ sent: number; pending: number; first: unknown }>(
    await deps.db.execute(sql`select count(*) filter (where status <> 'pending')::int as sent, count(*) filter (where status = 'pending')::int as pending, min(sent_at) as first
      from ${firmwareCampaignMembers} where campaign_id = ${row.id}::uuid and wave = ${row.current_wave}`),
  );
  const perMinute = deps.config.firmwareCampaigns.sendsPerMinute;
  const elapsed = wave?.first ? Math.max(0, deps.now().getTime() - new Date(wave.first as string).getTime()) : 0;
  const allowed = Math.ceil((perMinute * (elapsed + PACE_HEAD_START_MS)) / 60_000);
  return { budget: Math.max(0, allowed - Number(wave?.sent ?? 0)), pending: Number(wave?.pending ?? 0) };
}

/**
 * Sends the current wave's chargers not yet sent, as many as the pace lets go now (and at most `limit`), a chunk at a
 * time: each chunk is claimed (pending → sent) in one statement just before its updates are asked for, so a second
 * advance finds none of it to claim, and a chunk's records follow its claim within seconds however large the wave.
 * Answers how many were sent, and whether the pace held some back.
 */
async function sendCurrentWave(deps: CampaignDeps, row: CampaignRow, userId: string | null, limit: number | null): Promise<{ sent: number; paced: boolean }> {
  const retrieveDate = row.retrieve_date ? new Date(row.retrieve_date as string) : undefined;
  const pace = await paceOf(deps, row);
  const most = Math.min(pace.budget, limit ?? Infinity);
  let sent = 0;
  for (;;) {
    const size = Math.min(SEND_CHUNK, most - sent);
    if (size <= 0) break;
    const chargerIds = rowsOf<{ charger_id: number }>(
      await deps.db.execute(sql`
        update ${firmwareCampaignMembers} m set status = 'sent', sent_at = ${deps.now().toISOString()}
        where m.campaign_id = ${row.id}::uuid and m.charger_id in (
            select p.charger_id from ${firmwareCampaignMembers} p
            where p.campaign_id = ${row.id}::uuid and p.wave = ${row.current_wave} and p.status = 'pending' order by p.charger_id limit ${size})
          and m.status = 'pending'
          and exists (select 1 from ${firmwareCampaigns} k where k.id = m.campaign_id and k.state = 'running' and k.current_wave = ${row.current_wave})
        returning m.charger_id`),
    ).map((r) => Number(r.charger_id));
    if (chargerIds.length === 0) return { sent, paced: false };
    sent += chargerIds.length;
    try {
      await requestFirmwareUpdates(deps, { chargerIds, firmwareFileId: row.firmware_file_id, retrieveDate, campaignId: row.id, wave: Number(row.current_wave) + 1, requestedBy: userId });
    } catch (error) {
      // Nothing was recorded for these chargers (one was deleted, none speaks OCPP any more): they count as failed
      // once UNRECORDED_SEND_MS has passed, and the sweep then moves the campaign on.
      deps.logger.warn(logLine('firmware-campaign-send-failed', { campaignId: row.id, chargers: chargerIds.length, ...loggableError(error) }));
    }
  }
  return { sent, paced: sent >= pace.budget && pace.pending > sent };
}

/** What one advance did. */
export interface Advance {
  state: FirmwareCampaignState | null;
  sent: number;
  moves: number;
}

/**
 * Moves a running campaign on as far as its updates allow: sends its current wave's unsent chargers, then feeds the
 * machine the wave's counts — pausing it over the threshold, starting the next wave once every update of this one is
 * final, or completing it. Safe to run many times at once (see the file's head).
 */
export async function advanceCampaign(deps: CampaignDeps, id: string, userId: string | null = null, sendLimit: number | null = null): Promise<Advance> {
  const result: Advance = { state: null, sent: 0, moves: 0 };
  for (let round = 0; round < 20; round += 1) {
    const row = await campaignById(deps.db, id);
    if (!row) return result;
    result.state = row.state;
    if (row.state !== 'running') return result;
    const { sent, paced } = await sendCurrentWave(deps, row, userId, sendLimit);
    result.sent += sent;
    // The pace held chargers back: an advance a few seconds later sends the next of them (the wave's counts are still
    // read below: its failures may pause it meanwhile).
    if (paced) await queuePacedAdvance(deps, id);
    // A request sent its share of a large wave: the advance job sends the rest.
    else if (sendLimit !== null && sent >= sendLimit) {
      await queueAdvance(deps, id);
      return result;
    }
    const now = deps.now();
    const counts = (await memberCounts(deps.db, [id], now)).get(id)?.get(Number(row.current_wave));
    const progress = waveCountsOf(counts);
    const next = nextCampaign(snapshotOf(row), { type: 'PROGRESS', ...progress });
    if (!next) return result;
    const action = next.state === 'paused' ? 'auto-pause' : next.state === 'completed' ? 'complete' : 'next-wave';
    const written = await deps.db.transaction(async (tx) => {
      if (!(await writeMove(tx, row, next, now))) return false;
      await writeAudit(
        tx,
        {
          entityType: CAMPAIGN_ENTITY,
          entityId: id,
          actorUserId: null,
          action,
          fromState: row.state,
          toState: next.state,
          event: 'PROGRESS',
          reason: next.context.pausedReason,
          changes: { wave: Number(row.current_wave) + 1, ...progress },
        },
        now,
      );
      return true;
    });
    // Another advance moved it first: that one carries on.
    if (!written) return result;
    result.moves += 1;
    result.state = next.state;
    announceCampaigns(deps);
  }
  return result;
}

/**
 * Queues the advance that sends a paced wave's next chargers, a few seconds from now (about 50 chargers' worth of the
 * pace, 1 to 5 s), once while one is waiting; under a key of its own, so an advance running now can queue it.
 */
async function queuePacedAdvance(deps: CampaignDeps, id: string): Promise<void> {
  const now = deps.now();
  const delayMs = Math.min(5_000, Math.max(1_000, Math.round((60_000 * 50) / deps.config.firmwareCampaigns.sendsPerMinute)));
  await enqueueJob(
    deps.db,
    { kind: FIRMWARE_CAMPAIGN_ADVANCE_JOB, payload: { campaignId: id }, subject: id, dedupeKey: `${FIRMWARE_CAMPAIGN_ADVANCE_JOB}:${id}:paced`, runAfter: new Date(now.getTime() + delayMs) },
    now,
  );
}

/** Queues the campaign's advance job (once while one is waiting) and wakes the workers. */
export async function queueAdvance(deps: CampaignDeps, id: string): Promise<void> {
  await queueCampaignStep(deps.db, id, deps.now());
  announceJob(deps.bus);
}

/** The running campaigns, for the sweep. */
export async function runningCampaignIds(db: Database): Promise<string[]> {
  return rowsOf<{ id: string }>(await db.execute(sql`select id from ${firmwareCampaigns} where state = 'running' order by started_at limit 500`)).map((r) => r.id);
}

/** One sweep: every running campaign advanced (a lost job or a silent charger stalls nothing). */
export async function sweepCampaigns(deps: CampaignDeps): Promise<number> {
  let moves = 0;
  for (const id of await runningCampaignIds(deps.db)) {
    try {
      moves += (await advanceCampaign(deps, id)).moves;
    } catch (error) {
      deps.logger.warn(logLine('firmware-campaign-advance-failed', { campaignId: id, ...loggableError(error) }));
    }
  }
  return moves;
}
