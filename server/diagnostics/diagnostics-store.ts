// Diagnostics requests as stored: reading them, and every move of one along machines/diagnostics-request.machine.ts
// as one conditional update (the states the event leaves from, each to the state the machine says), so whoever moves
// a request (the request route, the answer's listener, the charger's status, the upload, the sweep), in whichever
// process, moves it at most once. Used by the central system's DiagnosticsStatusNotification handler too.
import { sql, type SQL } from 'drizzle-orm';
import {
  diagnosticsFileDeletedLabel,
  diagnosticsRequestStates,
  diagnosticsStateLabels,
  openDiagnosticsStates,
  type DiagnosticsRequestState,
  type DiagnosticsRequestView,
} from '@domain/diagnostics';
import { diagnosticsStatesAccepting, nextDiagnosticsState, type DiagnosticsRequestEvent } from '@machines/diagnostics-request.machine';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { users } from '@server/db/schema';
import { chargers } from '@server/db/tables/chargers';
import { ocppDiagnosticsRequests } from '@server/db/tables/diagnostics';
import { ocppCommands } from '@server/db/tables/ocpp';

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** A request row as requestSelect reads it. */
export interface DiagnosticsRow {
  id: string;
  charger_id: number;
  charger_unique_id: string | null;
  batch_id: string | null;
  command_id: string | null;
  state: DiagnosticsRequestState;
  note: string | null;
  start_time: unknown;
  stop_time: unknown;
  file_name: string | null;
  file_key: string | null;
  file_size: number | string | null;
  file_sha256: string | null;
  uploaded_at: unknown;
  file_deleted_at: unknown;
  file_retention_days: number | string | null;
  last_status: string | null;
  requested_by_name: string | null;
  created_at: unknown;
  updated_at: unknown;
}

/** The columns and joins of a request (`r`). */
export const requestSelect = sql`
  select r.id, r.charger_id, ch.unique_id as charger_unique_id, r.batch_id, r.command_id, r.state, r.note, r.start_time, r.stop_time,
    r.file_name, r.file_key, r.file_size, r.file_sha256, r.uploaded_at, r.file_deleted_at, r.file_retention_days, r.last_status, u.name as requested_by_name, r.created_at, r.updated_at
  from ${ocppDiagnosticsRequests} r
  join ${chargers} ch on ch.id = r.charger_id
  left join ${users} u on u.id = r.requested_by`;

/** A request as the API answers it. */
export function requestView(row: DiagnosticsRow): DiagnosticsRequestView {
  const label = diagnosticsStateLabels[row.state];
  return {
    id: String(row.id),
    chargerId: Number(row.charger_id),
    chargerUniqueId: row.charger_unique_id,
    batchId: row.batch_id,
    commandId: row.command_id,
    state: row.state,
    summary: row.note ? `${label}: ${row.note}` : label,
    startTime: iso(row.start_time),
    stopTime: iso(row.stop_time),
    fileName: row.file_name,
    fileSize: row.file_size === null ? null : Number(row.file_size),
    fileSha256: row.file_sha256,
    uploadedAt: iso(row.uploaded_at),
    fileDeletedAt: iso(row.file_deleted_at),
    fileDeletedLabel: row.file_deleted_at === null || row.file_deleted_at === undefined ? null : diagnosticsFileDeletedLabel(Number(row.file_retention_days)),
    lastStatus: row.last_status,
    requestedByName: row.requested_by_name,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

/** The requests `where` selects (on `r`), newest first. */
export async function readRequests(db: Database, where: SQL, limit = 20): Promise<DiagnosticsRow[]> {
  return rowsOf<DiagnosticsRow>(await db.execute(sql`${requestSelect} where ${where} order by r.created_at desc, r.id desc limit ${limit}`));
}

/** The states the machine may hold, as SQL. */
const statesSql = (states: readonly string[]) => sql.join(states.map((s) => sql`${s}`), sql`, `);

/** Open states, as SQL (a charger's open request; the sweep's). */
export const openStatesSql = statesSql(openDiagnosticsStates);

/**
 * Moves the requests `where` selects (on `r`, with `extra` tables joined by `from`) by `event` from every state the
 * machine takes it in, setting `set` besides; answers the requests moved, with their chargers.
 */
export async function moveRequests(
  db: Database,
  event: DiagnosticsRequestEvent['type'],
  options: { where: SQL; now: Date; set?: SQL; from?: SQL },
): Promise<{ id: string; chargerId: number; state: DiagnosticsRequestState }[]> {
  const from = diagnosticsStatesAccepting(event, diagnosticsRequestStates);
  if (from.length === 0) return [];
  const cases = sql.join(
    from.map((s) => sql`when ${s} then ${nextDiagnosticsState(s, event)!}`),
    sql` `,
  );
  const rows = rowsOf<{ id: string; charger_id: number; state: DiagnosticsRequestState }>(
    await db.execute(sql`update ${ocppDiagnosticsRequests} r set state = case r.state ${cases} end, updated_at = ${options.now.toISOString()}${options.set ? sql`, ${options.set}` : sql``}
      ${options.from ? sql`from ${options.from}` : sql``}
      where r.state in (${statesSql(from)}) and ${options.where}
      returning r.id, r.charger_id, r.state`),
  );
  return rows.map((r) => ({ id: String(r.id), chargerId: Number(r.charger_id), state: r.state }));
}

/**
 * Takes the answers of the GetDiagnostics commands of requests still `sent` (`where` narrows them, on `r`): a file
 * name means accepted, none means nothing to upload (OCPP 1.6: the charger has no diagnostics), a CALLERROR or no
 * answer fails it. Answers the chargers whose requests moved.
 */
export async function takeCommandAnswers(db: Database, now: Date, where: SQL = sql`true`): Promise<number[]> {
  const from = sql`${ocppCommands} c`;
  const joined = sql`c.id = r.command_id and ${where}`;
  const fileName = sql`nullif(c.response->>'fileName', '')`;
  const moved = [
    ...(await moveRequests(db, 'ACCEPT', { where: sql`${joined} and c.status = 'accepted' and ${fileName} is not null`, now, from, set: sql`file_name = ${fileName}` })),
    ...(await moveRequests(db, 'NO_FILE', { where: sql`${joined} and c.status = 'accepted' and ${fileName} is null`, now, from })),
    ...(await moveRequests(db, 'REJECT', { where: sql`${joined} and c.status = 'rejected'`, now, from, set: sql`note = c.error` })),
    ...(await moveRequests(db, 'FAIL', {
      where: sql`${joined} and c.status in ('failed', 'timedOut', 'offline')`,
      now,
      from,
      set: sql`note = coalesce(c.error, case c.status when 'timedOut' then 'the charger did not answer' else 'the command failed' end)`,
    })),
  ];
  // A request the charger's status or file moved on before its answer was recorded still gets the file's name.
  await db.execute(sql`update ${ocppDiagnosticsRequests} r set file_name = ${fileName} from ${from}
    where ${joined} and r.file_name is null and c.status = 'accepted' and ${fileName} is not null`);
  return [...new Set(moved.map((m) => m.chargerId))];
}

/**
 * Applies the status a charger last reported to its request (`where`, on `r`): Uploading moves it to uploading,
 * Uploaded to uploaded when its file was received (upload failed when none reached us), UploadFailed to upload
 * failed. Idle moves nothing. Run again after an answer is taken, since a status may arrive first.
 */
export async function applyReportedStatus(db: Database, now: Date, where: SQL): Promise<number[]> {
  const moved = [
    ...(await moveRequests(db, 'UPLOADING', { where: sql`${where} and r.last_status = 'Uploading'`, now })),
    ...(await moveRequests(db, 'UPLOADED', { where: sql`${where} and r.last_status = 'Uploaded' and r.file_key is not null`, now })),
    ...(await moveRequests(db, 'UPLOAD_FAILED', {
      where: sql`${where} and r.last_status = 'Uploaded' and r.file_key is null and r.upload_started_at is null`,
      now,
      set: sql`note = 'the charger reported Uploaded, but no file reached the server'`,
    })),
    ...(await moveRequests(db, 'UPLOAD_FAILED', { where: sql`${where} and r.last_status = 'UploadFailed'`, now, set: sql`note = 'the charger reported that its upload failed'` })),
  ];
  return [...new Set(moved.map((m) => m.chargerId))];
}

/**
 * A DiagnosticsStatusNotification: kept on the charger's newest open request, then applied (a request whose command
 * is still being written takes it once it is sent).
 * Answers the request's id, or null when the charger has no request open (the status is then only the device's).
 */
export async function recordDiagnosticsStatus(db: Database, chargerId: number, status: string, now: Date): Promise<string | null> {
  const at = now.toISOString();
  const [open] = rowsOf<{ id: string }>(
    await db.execute(sql`update ${ocppDiagnosticsRequests} set last_status = ${status}, last_status_at = ${at}, updated_at = ${at}
      where id = (select id from ${ocppDiagnosticsRequests} where charger_id = ${chargerId} and state in (${openStatesSql})
        order by created_at desc, id desc limit 1)
      returning id`),
  );
  if (!open) return null;
  const mine = sql`r.id = ${open.id}::uuid`;
  await takeCommandAnswers(db, now, mine);
  await applyReportedStatus(db, now, mine);
  return String(open.id);
}
