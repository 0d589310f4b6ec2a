// Asking chargers for their diagnostics: a request per charger (its own one-use upload location, signed and bound to
// that request and charger), the GetDiagnostics commands through sendCommands (a command record each, the batch's
// audit row, the answer live), then the answers, statuses, file and timeouts moving each request along its machine.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { canTestOverOcpp } from '@domain/ocpp';
import type { DiagnosticsCommand, RequestDiagnosticsBody } from '@domain/diagnostics';
import { chargerFileUrl, type AppConfig } from '@server/config';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { chargers } from '@server/db/tables/chargers';
import { ocppDiagnosticsRequests } from '@server/db/tables/diagnostics';
import { ocppChargePoints } from '@server/db/tables/ocpp';
import { HttpProblem, notFoundProblem } from '@server/http/problem';
import { publishLive } from '@server/live/live-events';
import { chargerOfflineProblem, notOcppMessage, sendCommands, type CommandDeps } from '@server/ocpp/command-service';
import { chargerLiveEvent } from '@server/ocpp/ocpp-messages';
import { signChargerFileToken } from '@server/uploads/charger-file-tokens';
import { applyReportedStatus, moveRequests, openStatesSql, readRequests, takeCommandAnswers, type DiagnosticsRow } from './diagnostics-store';

/** The path chargers upload a request's file to (below the server's address): `PUT` or `POST`, raw or multipart. */
export const DIAGNOSTICS_UPLOAD_PREFIX = '/ocpp-files/diagnostics';

/** What the diagnostics need of the settings. */
export interface DiagnosticsSettings {
  maxBytes: number;
  linkMinutes: number;
  timeoutMinutes: number;
}

/** Tells the consoles showing these chargers that their diagnostics moved. */
export function announceDiagnostics(deps: Pick<CommandDeps, 'bus'>, chargerIds: Iterable<number>): void {
  for (const id of new Set(chargerIds)) publishLive(deps.bus, chargerLiveEvent(id));
}

/**
 * Sends GetDiagnostics to the chargers, each with its own location below CHARGER_FILES_URL (the address chargers reach
 * this server's files at, whichever address staff asked on). One charger alone that is offline or not OCPP is a 409 and nothing is written; in a batch each such
 * charger gets its request ended at once (offline, failed) and the others go.
 */
export async function requestDiagnostics(
  deps: CommandDeps & { secret: string; settings: DiagnosticsSettings; config: Pick<AppConfig, 'chargerFilesUrl'> },
  body: RequestDiagnosticsBody,
  userId: string,
): Promise<{ batchId: string; items: DiagnosticsRow[] }> {
  const ids = [...new Set(body.chargerIds)];
  const found = rowsOf<{ id: number; unique_id: string; charger_type: string; online: boolean }>(
    await deps.db.execute(sql`select c.id, c.unique_id, c.charger_type, p.connected_node is not null as online from ${chargers} c
      left join ${ocppChargePoints} p on p.charger_id = c.id where c.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`),
  );
  const missing = ids.find((id) => !found.some((r) => Number(r.id) === id));
  if (missing !== undefined) throw notFoundProblem(`No charger has the id ${missing}.`);
  if (ids.length === 1) {
    const only = found[0]!;
    if (!canTestOverOcpp(only.charger_type)) throw new HttpProblem({ type: '/problems/not-an-ocpp-charger', status: 409, title: 'Conflict', detail: notOcppMessage(only.unique_id) });
    if (!only.online) throw chargerOfflineProblem(only.unique_id);
  }
  const now = deps.now();
  const at = now.toISOString();
  const linkExpiresAt = new Date(now.getTime() + deps.settings.linkMinutes * 60_000);
  const requestOf = new Map(ids.map((id) => [id, randomUUID()]));
  await deps.db.execute(sql`insert into ${ocppDiagnosticsRequests}
    (id, charger_id, state, start_time, stop_time, retries, retry_interval, link_expires_at, requested_by, created_at, updated_at)
    values ${sql.join(
      ids.map(
        (id) => sql`(${requestOf.get(id)!}::uuid, ${id}, 'requested', ${body.startTime ?? null}::timestamptz, ${body.stopTime ?? null}::timestamptz,
          ${body.retries ?? null}::int, ${body.retryInterval ?? null}::int, ${linkExpiresAt.toISOString()}, ${userId}::uuid, ${at}, ${at})`,
      ),
      sql`, `,
    )}`);
  const requestIds = sql.join([...requestOf.values()].map((id) => sql`${id}::uuid`), sql`, `);
  const payloadOf = (chargerId: number): DiagnosticsCommand['payload'] => ({
    location: chargerFileUrl(deps.config, `${DIAGNOSTICS_UPLOAD_PREFIX}/${signChargerFileToken(deps.secret, 'diagnostics', requestOf.get(chargerId)!, chargerId, linkExpiresAt)}`),
    ...(body.retries !== undefined ? { retries: body.retries } : {}),
    ...(body.retryInterval !== undefined ? { retryInterval: body.retryInterval } : {}),
    ...(body.startTime !== undefined ? { startTime: new Date(body.startTime).toISOString() } : {}),
    ...(body.stopTime !== undefined ? { stopTime: new Date(body.stopTime).toISOString() } : {}),
  });
  let sent: Awaited<ReturnType<typeof sendCommands>>;
  try {
    sent = await sendCommands(deps, { chargerIds: ids, command: { action: 'GetDiagnostics', payload: payloadOf(ids[0]!) }, payloadOf, userId });
  } catch (error) {
    // Nothing was sent (no charger speaks OCPP): the requests made for it go too.
    await deps.db.execute(sql`delete from ${ocppDiagnosticsRequests} where id in (${requestIds})`);
    throw error;
  }
  const later = deps.now();
  for (const item of sent.items) {
    const where = sql`r.id = ${requestOf.get(item.chargerId)!}::uuid`;
    const set = sql`batch_id = ${sent.batchId}::uuid, command_id = ${item.id}::uuid`;
    if (item.status === 'offline') await moveRequests(deps.db, 'REFUSE_OFFLINE', { where, now: later, set: sql`${set}, note = 'nothing was sent'` });
    else if (item.status === 'failed' && item.sentAt === null) await moveRequests(deps.db, 'FAIL', { where, now: later, set: sql`${set}, note = ${item.error}` });
    else await moveRequests(deps.db, 'SEND', { where, now: later, set });
  }
  // The charger may have answered, reported a status or sent its file while the records were being written.
  const mine = sql`r.id in (${requestIds})`;
  await takeCommandAnswers(deps.db, deps.now(), mine);
  await applyReportedStatus(deps.db, deps.now(), mine);
  announceDiagnostics(deps, ids);
  return { batchId: sent.batchId, items: await readRequests(deps.db, mine, ids.length) };
}

/** Takes the answers of the commands `commandIds` name (a command settled, heard on the live channel). */
export async function takeAnswersOf(deps: Pick<CommandDeps, 'db' | 'bus' | 'now'>, commandIds: readonly string[]): Promise<void> {
  if (commandIds.length === 0) return;
  const where = sql`r.command_id in (${sql.join(commandIds.map((id) => sql`${id}::uuid`), sql`, `)})`;
  const moved = await takeCommandAnswers(deps.db, deps.now(), where);
  const caught = await applyReportedStatus(deps.db, deps.now(), where);
  announceDiagnostics(deps, [...moved, ...caught]);
}

/**
 * The sweep: answers not taken yet (a listener that missed one) are taken, and requests open past the timeout are
 * recorded timed out. Answers how many timed out.
 */
export async function sweepDiagnostics(deps: { db: Database; now: () => Date; bus?: CommandDeps['bus'] }, settings: DiagnosticsSettings): Promise<number> {
  const now = deps.now();
  const open = sql`r.state in (${openStatesSql})`;
  const moved = [...(await takeCommandAnswers(deps.db, now, open)), ...(await applyReportedStatus(deps.db, now, open))];
  const before = new Date(now.getTime() - settings.timeoutMinutes * 60_000).toISOString();
  const timedOut = await moveRequests(deps.db, 'TIME_OUT', {
    where: sql`r.created_at < ${before} and r.upload_started_at is null`,
    now,
    set: sql`note = ${`no file and no final status within ${settings.timeoutMinutes} min`}`,
  });
  if (deps.bus) announceDiagnostics({ bus: deps.bus }, [...moved, ...timedOut.map((t) => t.chargerId)]);
  return timedOut.length;
}
