// Firmware updates of one charger or many (OCPP 1.6 UpdateFirmware), for staff and campaigns alike: one record per
// charger (firmware-store.ts), the command sent through sendCommands (its record, live answer and audit row), the
// charger's download a signed link to the image (firmware-files.ts). A charger charging when asked waits: its update is
// sent once its session ends (the StopTransaction queues a pass). The pass (the firmware job every minute, and at once
// after a command is answered or a session ends) follows the commands' answers, sends the waiting updates and times
// out the updates whose charger went silent.
import { sql } from 'drizzle-orm';
import { firmwareUpdateStates, type FirmwareCommand, type FirmwareUpdateView } from '@domain/firmware';
import { chargerTypes } from '@domain/resources/chargers/charger';
import { canTestOverOcpp } from '@domain/ocpp';
import { firmwareWaitingStates, nextFirmwareState } from '@machines/firmware-update.machine';
import type { AppConfig } from '@server/config';
import { rowsOf } from '@server/db/rows';
import { chargers } from '@server/db/tables/chargers';
import { firmwareFiles, firmwareUpdates } from '@server/db/tables/firmware';
import { ocppCommands, ocppSessions } from '@server/db/tables/ocpp';
import { writeAudit } from '@server/audit/write-audit';
import { conflictProblem, HttpProblem, notFoundProblem } from '@server/http/problem';
import { publishLive } from '@server/live/live-events';
import { notOcppMessage, sendCommands, type CommandDeps } from '@server/ocpp/command-service';
import { firmwareLink } from './firmware-files';
import { firmwareLiveEvents, moveUpdate, queueCampaignStep, readUpdates } from './firmware-store';

export { FIRMWARE_PASS_JOB } from './firmware-status';


/** What the service needs: the command service's dependencies and the firmware settings and link secret. */
export type FirmwareDeps = CommandDeps & { config: Pick<AppConfig, 'firmware' | 'uploadLinks' | 'chargerFilesUrl'> };

/** An update asked for: by staff (requestedBy) or a campaign (campaignId, wave). */
export interface FirmwareUpdateRequest {
  chargerIds: readonly number[];
  firmwareFileId: string;
  /** When the chargers fetch the image (default now); a later date is sent at once and the charger waits for it. */
  retrieveDate?: Date;
  retries?: number;
  retryInterval?: number;
  campaignId?: string | null;
  wave?: number | null;
  requestedBy: string | null;
}

/** Why a charger's update is refused before anything is sent to it. */
const BUSY = 'Another firmware update of this charger is in progress.';

/** Most waiting or overdue updates one pass takes (the next pass takes the rest). */
const PASS_LIMIT = 200;

/** Command statuses after which an update that was sent has failed, with the words used when the record has none. */
const FAILED_COMMAND_STATES: Readonly<Record<string, string>> = {
  rejected: 'The charger refused the update.',
  failed: 'The charger answered with an error.',
  timedOut: 'The charger did not answer the update in time.',
  offline: 'The charger was offline: nothing was sent.',
};

const ocppTypes = new Set(chargerTypes.filter(canTestOverOcpp));

/** The states an update may be sent from (the machine's SEND), all of which it leaves for sent. */
const SEND_FROM = firmwareUpdateStates.filter((s) => nextFirmwareState(s, 'SEND') === 'sent');

/**
 * Asks each charger for the firmware update: one record per charger, then the UpdateFirmware of every charger that is
 * not charging in one send. A charger with an update in progress gets a failed record saying so; an unknown charger or
 * firmware file is a 404 and nothing is written. Answers the records, in the chargers' order.
 */
export async function requestFirmwareUpdates(deps: FirmwareDeps, input: FirmwareUpdateRequest): Promise<FirmwareUpdateView[]> {
  const { db } = deps;
  const now = deps.now();
  const at = now.toISOString();
  const ids = [...new Set(input.chargerIds)];
  if (ids.length === 0) return [];
  const [file] = rowsOf<{ id: string; name: string; version: string }>(await db.execute(sql`select id, name, version from ${firmwareFiles} where id = ${input.firmwareFileId}::uuid`));
  if (!file) throw notFoundProblem('No firmware file has this id.');
  const found = rowsOf<{ id: number; unique_id: string; charger_type: string; charging: boolean }>(
    await db.execute(sql`select c.id, c.unique_id, c.charger_type,
        exists (select 1 from ${ocppSessions} s where s.charger_id = c.id and s.stopped_at is null) as charging
      from ${chargers} c where c.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`),
  );
  const byId = new Map(found.map((r) => [Number(r.id), r]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw notFoundProblem(`No charger has the id ${missing}.`);
  if (!found.some((r) => ocppTypes.has(r.charger_type as never))) {
    throw new HttpProblem({ type: '/problems/not-an-ocpp-charger', status: 409, title: 'Conflict', detail: ids.length === 1 ? notOcppMessage(found[0]!.unique_id) : `None of these ${ids.length} chargers speaks OCPP. Nothing was sent.` });
  }
  const retrieveDate = input.retrieveDate && input.retrieveDate.getTime() > now.getTime() ? input.retrieveDate : now;
  const later = retrieveDate.getTime() > now.getTime() + 60_000;

  // One record per charger; the one-open-update-per-charger index turns a second one into nothing here.
  const made = rowsOf<{ id: string; charger_id: number }>(
    await db.execute(sql`
      insert into ${firmwareUpdates} (charger_id, firmware_file_id, campaign_id, wave, status, retrieve_date, retries, retry_interval, requested_by, created_at, updated_at)
      select v.charger_id, ${file.id}::uuid, ${input.campaignId ?? null}, ${input.wave ?? null}::int, 'requested', ${retrieveDate.toISOString()}::timestamptz,
        ${input.retries ?? null}::int, ${input.retryInterval ?? null}::int, ${input.requestedBy}::uuid, ${at}::timestamptz, ${at}::timestamptz
      from (values ${sql.join(ids.map((id) => sql`(${id}::bigint)`), sql`, `)}) as v (charger_id)
      on conflict (charger_id) where finished_at is null do nothing
      returning id, charger_id`),
  );
  const updateOf = new Map(made.map((r) => [Number(r.charger_id), String(r.id)]));
  const busy = ids.filter((id) => !updateOf.has(id));
  if (busy.length > 0) {
    const refused = rowsOf<{ id: string; charger_id: number }>(
      await db.execute(sql`
        insert into ${firmwareUpdates} (charger_id, firmware_file_id, campaign_id, wave, status, retrieve_date, retries, retry_interval, requested_by, error, created_at, updated_at, finished_at)
        select v.charger_id, ${file.id}::uuid, ${input.campaignId ?? null}, ${input.wave ?? null}::int, 'failed', ${retrieveDate.toISOString()}::timestamptz,
          ${input.retries ?? null}::int, ${input.retryInterval ?? null}::int, ${input.requestedBy}::uuid, ${BUSY}, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
        from (values ${sql.join(busy.map((id) => sql`(${id}::bigint)`), sql`, `)}) as v (charger_id)
        returning id, charger_id`),
    );
    for (const r of refused) updateOf.set(Number(r.charger_id), String(r.id));
    await queueCampaignStep(db, input.campaignId ?? null, now);
  }
  await writeAudit(
    db,
    {
      entityType: 'firmware-update',
      entityId: file.id,
      actorUserId: input.requestedBy,
      action: 'request',
      changes: { chargers: ids.length, version: file.version, retrieveDate: retrieveDate.toISOString(), ...(input.campaignId ? { campaignId: input.campaignId, wave: input.wave ?? null } : {}) },
    },
    now,
  );

  const fresh = ids.filter((id) => !busy.includes(id));
  const deferred = later ? [] : fresh.filter((id) => byId.get(id)!.charging && ocppTypes.has(byId.get(id)!.charger_type as never));
  for (const id of deferred) await moveUpdate(db, updateOf.get(id)!, 'DEFER', {}, now);
  const toSend = fresh.filter((id) => !deferred.includes(id));
  await sendUpdates(deps, toSend.map((id) => ({ id: updateOf.get(id)!, chargerId: id })), { fileId: file.id, retrieveDate, retries: input.retries, retryInterval: input.retryInterval }, input.requestedBy);
  for (const id of ids) publishLive(deps.bus, firmwareLiveEvents(id));
  const views = await readUpdates(db, sql`f.id in (${sql.join([...updateOf.values()].map((id) => sql`${id}::uuid`), sql`, `)})`, ids.length);
  const viewOf = new Map(views.map((v) => [v.chargerId, v]));
  return ids.map((id) => viewOf.get(id)!);
}

/** The UpdateFirmware of an image. */
export function updateFirmwareCommand(deps: Pick<FirmwareDeps, 'config'>, fileId: string, options: { retrieveDate: Date; retries?: number | null; retryInterval?: number | null }, now: Date): FirmwareCommand {
  return {
    action: 'UpdateFirmware',
    payload: {
      location: firmwareLink(deps.config, fileId, now).url,
      retrieveDate: options.retrieveDate.toISOString(),
      ...(options.retries === null || options.retries === undefined ? {} : { retries: options.retries }),
      ...(options.retryInterval === null || options.retryInterval === undefined ? {} : { retryInterval: options.retryInterval }),
    },
  };
}

/**
 * Sends the UpdateFirmware of the same image to these updates' chargers in one batch. Each update is marked sent
 * first (a charger may report Downloading before its answer to the command is recorded), then given its command;
 * one whose command could not go (offline, not OCPP) or that nothing could be sent for fails with why.
 */
async function sendUpdates(
  deps: FirmwareDeps,
  updates: readonly { id: string; chargerId: number }[],
  image: { fileId: string; retrieveDate: Date; retries?: number | null; retryInterval?: number | null },
  userId: string | null,
): Promise<void> {
  if (updates.length === 0) return;
  const { db } = deps;
  const now = deps.now();
  // Every update marked sent in one statement, and every command's id recorded in one (one statement per charger was
  // 1,500 commits for a campaign's chunk of 500: at 10,000 chargers its last wave took 14 minutes to send).
  const marked = new Set(
    rowsOf<{ id: string }>(
      await db.execute(sql`update ${firmwareUpdates} set status = 'sent', updated_at = ${now.toISOString()}
        where id = any(${`{${updates.map((u) => u.id).join(',')}}`}::uuid[]) and status in (${sql.join(SEND_FROM.map((s) => sql`${s}`), sql`, `)}) returning id`),
    ).map((r) => String(r.id)),
  );
  const sending = updates.filter((u) => marked.has(u.id));
  if (sending.length === 0) return;
  let items: { id: string; chargerId: number; status: string; error: string | null }[];
  try {
    ({ items } = await sendCommands(deps, { chargerIds: sending.map((u) => u.chargerId), command: updateFirmwareCommand(deps, image.fileId, image, now), userId }));
  } catch (error) {
    const why = error instanceof HttpProblem ? (error.problem.detail ?? error.problem.title) : 'The command could not be sent.';
    for (const u of sending) await moveUpdate(db, u.id, 'FAIL', { error: why }, deps.now(), 'sent');
    if (!(error instanceof HttpProblem)) throw error;
    return;
  }
  const commandOf = new Map(items.map((c) => [c.chargerId, c]));
  const recorded = sending.filter((u) => commandOf.has(u.chargerId));
  if (recorded.length > 0) {
    await db.execute(sql`update ${firmwareUpdates} f set command_id = v.command_id, updated_at = ${deps.now().toISOString()}
      from unnest(${`{${recorded.map((u) => u.id).join(',')}}`}::uuid[], ${`{${recorded.map((u) => commandOf.get(u.chargerId)!.id).join(',')}}`}::uuid[]) as v (id, command_id)
      where f.id = v.id and f.command_id is null`);
  }
  for (const u of recorded) {
    const command = commandOf.get(u.chargerId)!;
    if (command.status in FAILED_COMMAND_STATES) await moveUpdate(db, u.id, 'FAIL', { error: command.error ?? FAILED_COMMAND_STATES[command.status]! }, deps.now(), 'sent');
  }
}

/** What one pass did. */
export interface FirmwarePass {
  accepted: number;
  failed: number;
  sent: number;
  timedOut: number;
}

/** The sent updates whose command has been answered (`commandIds`: only these; default every one). */
export async function followCommandAnswers(deps: Pick<FirmwareDeps, 'db' | 'now' | 'bus'>, commandIds?: readonly string[]): Promise<{ accepted: number; failed: number }> {
  const only = commandIds ? (commandIds.length === 0 ? null : sql`and f.command_id in (${sql.join(commandIds.map((id) => sql`${id}::uuid`), sql`, `)})`) : sql``;
  const done = { accepted: 0, failed: 0 };
  if (only === null) return done;
  const answered = rowsOf<{ id: string; charger_id: number; status: string; error: string | null }>(
    await deps.db.execute(sql`select f.id, f.charger_id, c.status, c.error from ${firmwareUpdates} f join ${ocppCommands} c on c.id = f.command_id
      where f.status = 'sent' and c.status not in ('queued', 'sent') ${only} limit ${PASS_LIMIT}`),
  );
  for (const a of answered) {
    const accepted = a.status === 'accepted';
    const moved = await moveUpdate(deps.db, String(a.id), accepted ? 'ACCEPTED' : 'FAIL', accepted ? { heard: true } : { error: a.error ?? FAILED_COMMAND_STATES[a.status] ?? 'The command failed.' }, deps.now(), 'sent');
    if (!moved) continue;
    if (accepted) done.accepted += 1;
    else done.failed += 1;
    publishLive(deps.bus, firmwareLiveEvents(Number(a.charger_id)));
  }
  return done;
}

/** One pass: answers followed, the updates of chargers whose session ended sent, the silent ones timed out. */
export async function runFirmwarePass(deps: FirmwareDeps): Promise<FirmwarePass> {
  const { db } = deps;
  const pass: FirmwarePass = { accepted: 0, failed: 0, sent: 0, timedOut: 0 };
  Object.assign(pass, await followCommandAnswers(deps));

  const waiting = rowsOf<{ id: string; charger_id: number; firmware_file_id: string; retrieve_date: unknown; retries: number | null; retry_interval: number | null; requested_by: string | null }>(
    await db.execute(sql`select f.id, f.charger_id, f.firmware_file_id, f.retrieve_date, f.retries, f.retry_interval, f.requested_by from ${firmwareUpdates} f
      where f.status = 'waitingForSession' and not exists (select 1 from ${ocppSessions} s where s.charger_id = f.charger_id and s.stopped_at is null)
      order by f.created_at limit ${PASS_LIMIT}`),
  );
  for (const w of waiting) {
    const now = deps.now();
    const retrieveDate = new Date(Math.max(now.getTime(), new Date(w.retrieve_date as string).getTime()));
    await sendUpdates(deps, [{ id: String(w.id), chargerId: Number(w.charger_id) }], { fileId: String(w.firmware_file_id), retrieveDate, retries: w.retries, retryInterval: w.retry_interval }, w.requested_by);
    publishLive(deps.bus, firmwareLiveEvents(Number(w.charger_id)));
    pass.sent += 1;
  }

  const now = deps.now();
  const minutes = deps.config.firmware.statusTimeoutMinutes;
  const cutoff = new Date(now.getTime() - minutes * 60_000).toISOString();
  const overdue = rowsOf<{ id: string; charger_id: number }>(
    await db.execute(sql`select f.id, f.charger_id from ${firmwareUpdates} f
      where f.finished_at is null and f.status in (${sql.join(firmwareWaitingStates.map((s) => sql`${s}`), sql`, `)})
        and greatest(f.retrieve_date, coalesce(f.last_heard_at, f.updated_at)) < ${cutoff}::timestamptz
      order by f.updated_at limit ${PASS_LIMIT}`),
  );
  for (const o of overdue) {
    if (await moveUpdate(db, String(o.id), 'TIME_OUT', { error: `No word from the charger for ${minutes} min.` }, now)) {
      pass.timedOut += 1;
      publishLive(deps.bus, firmwareLiveEvents(Number(o.charger_id)));
    }
  }
  return pass;
}

/** Cancels an update not yet sent (staff); answers it, or throws 404/409. */
export async function cancelFirmwareUpdate(deps: Pick<FirmwareDeps, 'db' | 'now' | 'bus'>, id: string, userId: string | null): Promise<FirmwareUpdateView> {
  const [view] = await readUpdates(deps.db, sql`f.id = ${id}::uuid`, 1);
  if (!view) throw notFoundProblem('No firmware update has this id.');
  const now = deps.now();
  const moved = await moveUpdate(deps.db, id, 'CANCEL', { error: null }, now);
  if (!moved) {
    throw conflictProblem(`This update is ${view.summary.charAt(0).toLowerCase()}${view.summary.slice(1)}: only one not yet sent to the charger can be cancelled.`);
  }
  await writeAudit(deps.db, { entityType: 'firmware-update', entityId: id, actorUserId: userId, action: 'cancel', fromState: moved.from, toState: moved.to }, now);
  publishLive(deps.bus, firmwareLiveEvents(view.chargerId));
  return (await readUpdates(deps.db, sql`f.id = ${id}::uuid`, 1))[0]!;
}
