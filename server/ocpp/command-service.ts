// Sending a command to OCPP chargers, for every sender (the console's command and test-charging routes, the booking's
// live actions, instant charging): a record per charger whose life is machines/ocpp-command.machine.ts, written with
// the batch's audit row in one statement and routed to the process holding each charger's socket, the answer awaited
// when asked. A shared service, not a route: the senders hold their own checks (who may send what to whom).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { chargerTypes } from '@domain/resources/chargers/charger';
import { LIVE_CHANNEL } from '@domain/live-event';
import type { FirmwareCommand } from '@domain/firmware';
import type { DiagnosticsCommand } from '@domain/diagnostics';
import type { LocalListCommand } from '@domain/local-list';
import type { ReservationCommand } from '@domain/reservations';
import type { SmartChargingCommand } from '@domain/smart-charging';
import { canTestOverOcpp, type OcppCommand, type OcppCommandView } from '@domain/ocpp';
import { nextCommandState, ocppCommandMachine, type OcppCommandState } from '@machines/ocpp-command.machine';
import type { ResolvedDeps } from '@server/app-deps';
import { auditInsertFrom, isAudited } from '@server/audit/write-audit';
import { users } from '@server/db/schema';
import { chargers } from '@server/db/tables/chargers';
import { ocppChargePoints, ocppCommands } from '@server/db/tables/ocpp';
import { rowsOf } from '@server/db/rows';
import { HttpProblem } from '@server/http/problem';
import { publishLive } from '@server/live/live-events';
import { listeningWithin } from '@server/live/notification-bus';
import { noteRecordChange } from '@server/live/record-changes';
import { commandAnnouncements, commandAnnouncementsQuery, OCPP_COMMAND_CHANNEL, settledCommandsOf } from './central-system';
import { COMMAND_DEADLINE_MS, timeOutCommands } from './command-store';
import { commandLiveEvent } from './ocpp-messages';

/** The status a command record is made in: the command machine's initial state. */
const MADE: OcppCommandState = ocppCommandMachine.config.initial as OcppCommandState;
/** The status of a command refused at once because its charger is not connected: the machine's REFUSE_OFFLINE from MADE. */
const REFUSED_OFFLINE: OcppCommandState = (() => {
  const to = nextCommandState(MADE, 'REFUSE_OFFLINE');
  if (!to) throw new Error(`The command machine does not refuse a command for an offline charger from ${MADE}.`);
  return to;
})();

/** The status of a command to a charger that does not speak OCPP: the machine's FAIL from MADE, with words why. */
const REFUSED_NOT_OCPP: OcppCommandState = (() => {
  const to = nextCommandState(MADE, 'FAIL');
  if (!to) throw new Error(`The command machine does not fail a command from ${MADE}.`);
  return to;
})();

/** Why a command to a charger that does not speak OCPP is refused (a record's error, a route's 409). */
export function notOcppMessage(uniqueId?: string): string {
  return `${uniqueId ? `${uniqueId} is` : 'This charger is'} not an OCPP charger: commands to it need its own link, which the console does not have yet. Nothing was sent.`;
}

/** How long a waited command waits for the bus to listen for its answer before it goes out anyway, ms. */
const LISTEN_WAIT_MS = 2_000;

/** The charger types commands go to (the ones the console reaches over OCPP). */
const ocppChargerTypes = chargerTypes.filter(canTestOverOcpp);

/**
 * What a command to a charger with no open socket is told, wherever it is refused (a record's error, a route's 409):
 * nothing was sent. The record belongs to its charger, so it needs no name; a route's answer names the charger.
 */
export function chargerOfflineMessage(uniqueId?: string): string {
  return `The charger${uniqueId ? ` ${uniqueId}` : ''} is offline: nothing was sent. Try again when it reconnects.`;
}

/** 409: the charger has no open socket, so nothing was sent (`errors` name the field that chose it, if any). */
export function chargerOfflineProblem(uniqueId: string, errors: { path: string; message: string }[] = []): HttpProblem {
  return new HttpProblem({ type: '/problems/charger-offline', status: 409, title: 'Conflict', detail: chargerOfflineMessage(uniqueId), ...(errors.length > 0 ? { errors } : {}) });
}

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** The columns of a command record as commandView reads them (`c`: the command, `u`: who asked, `ch`: its charger; commandJoins). */
export const commandColumns = sql`c.id, c.charger_id, c.batch_id, c.action, c.payload, c.status, c.response, c.error, c.requested_by, u.name as requested_by_name,
  ch.unique_id as charger_unique_id, ch.charger_box_id, c.created_at, c.sent_at, c.answered_at`;

/** The tables commandColumns reads besides the command (`c`): who asked and the charger. */
export const commandJoins = sql`left join ${users} u on u.id = c.requested_by left join ${chargers} ch on ch.id = c.charger_id`;

/** A command record as the API answers it. */
export function commandView(row: Record<string, unknown>): OcppCommandView {
  return {
    id: String(row.id),
    chargerId: Number(row.charger_id),
    batchId: (row.batch_id as string | null) ?? null,
    action: String(row.action),
    payload: row.payload,
    status: String(row.status),
    response: row.response ?? null,
    error: (row.error as string | null) ?? null,
    requestedBy: (row.requested_by as string | null) ?? null,
    requestedByName: (row.requested_by_name as string | null) ?? null,
    chargerUniqueId: (row.charger_unique_id as string | null) ?? null,
    chargeBoxId: (row.charger_box_id as string | null) ?? null,
    createdAt: iso(row.created_at)!,
    sentAt: iso(row.sent_at),
    answeredAt: iso(row.answered_at),
  };
}

async function commandsByIds(deps: CommandDeps, ids: string[]): Promise<OcppCommandView[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`select ${commandColumns} from ${ocppCommands} c ${commandJoins}
      where c.id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`),
  );
  const byId = new Map(rows.map((r) => [String(r.id), commandView(r)]));
  return ids.map((id) => byId.get(id)).filter((v): v is OcppCommandView => v !== undefined);
}

/** What sendCommands uses of the app's dependencies (a job handler has these too). */
export type CommandDeps = Pick<ResolvedDeps, 'db' | 'bus' | 'now' | 'logger'>;

/** Options of sendCommands. */
export interface SendCommandsInput {
  chargerIds: readonly number[];
  /**
   * A command of the command form, of the local list (sent by its own routes and propagation: local-list-service.ts),
   * a reservation's (server/reservations) or a charging profile's (server/smart-charging).
   */
  command: OcppCommand | LocalListCommand | ReservationCommand | FirmwareCommand | SmartChargingCommand | DiagnosticsCommand;
  userId: string | null;
  /** The payload of each charger's record when they differ (a diagnostics request's own upload location); else the command's. */
  payloadOf?: (chargerId: number) => unknown;
  /** Wait for every answer (at most COMMAND_DEADLINE_MS). */
  wait?: boolean;
}

/**
 * Writes one command record per charger and routes each to the process holding the charger's socket. A charger
 * that is not connected gets its record refused at once (`offline`), and one that does not speak OCPP its record
 * failed with why, so one such charger in a selection holds back none of the others. An unknown charger answers 404,
 * and a send where no charger speaks OCPP 409 (nothing to send at all).
 */
export async function sendCommands(deps: CommandDeps, input: SendCommandsInput): Promise<{ batchId: string; items: OcppCommandView[] }> {
  const ids = [...new Set(input.chargerIds)];
  const commandIdOf = new Map(ids.map((id) => [id, randomUUID()]));
  const batchId = randomUUID();
  const now = deps.now();
  const at = now.toISOString();
  const entry = { entityType: 'ocpp-command-batch', actorUserId: input.userId, action: input.command.action, changes: { chargers: ids.length } };
  const audited = await isAudited(deps.db, entry);
  // A waited command's answer comes as the live event of its settling (central-system.ts commandSettledEvent), from
  // whichever process holds the socket, possibly within milliseconds of the command going out: listened for first.
  // At most LISTEN_WAIT_MS: a bus whose connection is down must not hold the request (its answer is still recorded).
  const unanswered = new Set<string>(commandIdOf.values());
  let heard = () => {};
  const stop = input.wait
    ? deps.bus.subscribe(LIVE_CHANNEL, (payload) => {
        for (const settled of settledCommandsOf(payload)) if (unanswered.delete(settled.commandId)) heard();
      })
    : () => {};
  try {
    if (input.wait) await listeningWithin(deps.bus, LIVE_CHANNEL, LISTEN_WAIT_MS);
    // On PostgreSQL the announcements (one notification per process holding some of the chargers) leave with the
    // statement that writes the records, without a round trip of their own; in process they are published after it.
    const notify = deps.bus.notifyJsonExpression;
    // One statement on the command's way: the chargers are looked up, and only when every one is known and speaks
    // OCPP are a record per charger (queued, or offline at once), the batch's audit row and the announcements written.
    const found = rowsOf<{ command_id: string; id: number; unique_id: string; charger_type: string; connected_node: string | null; written: boolean }>(
      await deps.db.execute(sql`
        with wanted (charger_id, command_id, payload) as (values ${sql.join(
          ids.map((id) => sql`(${id}::bigint, ${commandIdOf.get(id)!}::uuid, ${JSON.stringify(input.payloadOf ? input.payloadOf(id) : input.command.payload)}::jsonb)`),
          sql`, `,
        )}),
        found as (
          select w.command_id, w.payload, c.id, c.unique_id, c.charger_type, p.connected_node
          from wanted w join ${chargers} c on c.id = w.charger_id left join ${ocppChargePoints} p on p.charger_id = c.id),
        typed as (
          select command_id, payload, id, unique_id, charger_type, connected_node, charger_type in (${sql.join(ocppChargerTypes.map((t) => sql`${t}`), sql`, `)}) as ocpp from found),
        fit as (select count(*) = ${ids.length} and coalesce(bool_or(ocpp), false) as ok from typed),
        made as (
          insert into ${ocppCommands} (id, charger_id, batch_id, action, payload, status, error, requested_by, created_at, answered_at)
          select command_id, id, ${batchId}::uuid, ${input.command.action}, payload,
            case when not ocpp then ${REFUSED_NOT_OCPP} when connected_node is null then ${REFUSED_OFFLINE} else ${MADE} end,
            case when not ocpp then ${notOcppMessage()} when connected_node is null then ${chargerOfflineMessage()} end,
            ${input.userId}::uuid, ${at}::timestamptz, case when not ocpp or connected_node is null then ${at}::timestamptz end
          from typed where (select ok from fit)
          returning id),
        batch as (select ${batchId}::uuid as id where (select ok from fit)),
        audit as (${auditInsertFrom('batch', entry, now, audited)})${
          notify
            ? sql`,
        announced as (${commandAnnouncementsQuery(
          sql`(select command_id, id as charger_id, connected_node as node from typed where ocpp and connected_node is not null and (select ok from fit)) queued`,
          notify,
        )})`
            : sql``
        }
        select command_id, id, unique_id, charger_type, connected_node, (select ok from fit) as written${notify ? sql`, (select count(sent) from announced) as announcements` : sql``}
        from typed`),
    );
    const byId = new Map(found.map((r) => [Number(r.id), r]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length > 0) throw new HttpProblem({ type: 'about:blank', status: 404, title: 'Not Found', detail: `No charger has the id ${missing[0]}.` });
    if (!found.some((r) => canTestOverOcpp(r.charger_type))) {
      const first = found[0]!;
      throw new HttpProblem({
        type: '/problems/not-an-ocpp-charger',
        status: 409,
        title: 'Conflict',
        detail: found.length === 1 ? notOcppMessage(first.unique_id) : `None of these ${found.length} chargers speaks OCPP: commands to them need their own link, which the console does not have yet. Nothing was sent.`,
      });
    }
    // Every charger found and one speaking OCPP means the statement wrote the records: a mismatch is a bug, not bad input.
    if (!found.every((r) => r.written)) throw new Error('The command records were not written although every charger was found');
    noteRecordChange({ ...entry, entityId: batchId });
    const rows = ids.map((id) => {
      const charger = byId.get(id)!;
      return { id: String(charger.command_id), chargerId: id, node: canTestOverOcpp(charger.charger_type) ? charger.connected_node : null };
    });
    const queued = rows.filter((r): r is typeof r & { node: string } => r.node !== null);
    for (const r of rows) if (r.node === null) unanswered.delete(r.id);
    if (!notify) {
      for (const announcement of commandAnnouncements(queued.map((r) => ({ commandId: r.id, chargerId: r.chargerId, node: r.node })))) {
        await deps.bus.publish(OCPP_COMMAND_CHANNEL, announcement);
      }
    }
    // Whatever happens to the process holding the socket, a command never stays queued or sent for ever (the timer is
    // cleared once every answer has come, when the request waits for them; should this process die first, the
    // central systems' sweep marks it: central-system.ts).
    let deadline: ReturnType<typeof setTimeout> | undefined;
    if (queued.length > 0) {
      deadline = setTimeout(() => {
        void timeOutCommands(deps.db, deps.now(), queued.map((r) => r.id))
          .then((chargerIds) => chargerIds.forEach((id) => publishLive(deps.bus, commandLiveEvent(id))))
          .catch((error: unknown) => deps.logger.warn('[ocpp] command deadline update failed', error));
      }, COMMAND_DEADLINE_MS);
      deadline.unref();
    }
    for (const r of rows) if (r.node === null) publishLive(deps.bus, commandLiveEvent(r.chargerId));
    if (input.wait) {
      let giveUp: ReturnType<typeof setTimeout> | undefined;
      const answered =
        unanswered.size === 0 ||
        (await Promise.race([
          new Promise<true>((resolve) => (heard = () => unanswered.size === 0 && resolve(true))),
          new Promise<false>((resolve) => (giveUp = setTimeout(() => resolve(false), COMMAND_DEADLINE_MS).unref())),
        ]));
      clearTimeout(giveUp);
      if (answered) clearTimeout(deadline);
    }
    return { batchId, items: await commandsByIds(deps, rows.map((r) => r.id)) };
  } finally {
    stop();
  }
}
