// The moves of command records: a batch of commands settled by one statement (queued → sent, sent → its answer), and
// the commands whose charger never answered marked timed out past their deadline.
import { sql, type SQL } from 'drizzle-orm';
import { LIVE_CHANNEL, type LiveEvent } from '@domain/live-event';
import type { Database } from '@server/db/database';
import { liveBatchesOf } from '@server/live/live-events';
import { rowsOf } from '@server/db/rows';
import { roundsByKey } from '@server/db/rounds';
import { ocppCommands, waitingCommandStatuses } from '@server/db/tables/ocpp';
import type { OcppCommandState } from '@machines/ocpp-command.machine';

const iso = (d: Date) => d.toISOString();

/**
 * The error of a command whose charger answered but whose answer could not be written (the database's own message
 * is never stored: it holds the statement and its values).
 */
export const COMMAND_ANSWER_UNRECORDED = "The charger's answer could not be recorded.";

/** How long a command may stay queued or sent before it is marked timed out, ms (the call timeout plus a margin). */
export const COMMAND_DEADLINE_MS = 35_000;

/**
 * Marks timed out the commands still queued or sent that are given (`ids`: the request that sent them, at its
 * deadline) or, without ids, every one older than COMMAND_DEADLINE_MS (the central system's sweep, for commands
 * whose request's process died before its deadline). Returns the chargers of the commands it marked.
 */
export async function timeOutCommands(db: Database, now: Date, ids?: readonly string[]): Promise<number[]> {
  if (ids?.length === 0) return [];
  const which = ids
    ? sql`id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`
    : sql`created_at < ${iso(new Date(now.getTime() - COMMAND_DEADLINE_MS))}::timestamptz`;
  // Its rows locked in id order, as settleCommands locks its batch's: two statements moving some of the same
  // commands wait for one another instead of deadlocking.
  const rows = rowsOf<{ charger_id: number }>(
    await db.execute(sql`update ${ocppCommands} set status = ${'timedOut' satisfies OcppCommandState}, answered_at = ${iso(now)}, error = 'No answer from the charger in time.'
      where id in (select id from ${ocppCommands} where ${which} and status in (${waitingCommandStatuses}) order by id for update)
        and status in (${waitingCommandStatuses}) returning charger_id`),
  );
  return rows.map((r) => Number(r.charger_id));
}

/** A command's move from one state to the next, as `settleCommands` writes it. */
export interface CommandMove {
  commandId: string;
  from: OcppCommandState;
  to: OcppCommandState;
  /** When it moved: the sent time of a move to `sent`, else the answered time. */
  at: Date;
  /** The charger's answer (CALLRESULT payload), kept when given. */
  response?: unknown;
  /** Why it failed or timed out, kept when given. */
  error?: string;
  /** The live event its move publishes on the live channel, if any (a settled command's). */
  event?: LiveEvent;
}

/** A moved command, as its move's caller gets it back. */
export interface MovedCommand {
  action: string;
  payload: unknown;
}

/**
 * Moves each command from its `from` state to its `to` state only if it is still in `from` (so a command is sent at
 * most once and answered once), the whole batch in one statement, its rows locked in id order (as timeOutCommands
 * locks them). Answers one result per move, in order: the command's action and payload, or undefined when it was
 * not in that state. The events of the moved commands are published by that same statement when `notify` is given
 * (PostgreSQL: the bus's notifyJsonExpression; a notification per group of liveBatchesOf, each under NOTIFY's
 * payload limit, sent at its commit); without it, the caller publishes them (`published` false). Moves of one command
 * given twice are written in that order, by a statement each.
 */
export async function settleCommands(
  db: Database,
  moves: readonly CommandMove[],
  notify?: (channel: string, json: SQL) => SQL,
): Promise<{ results: (MovedCommand | undefined)[]; published: boolean }> {
  const results: (MovedCommand | undefined)[] = new Array<MovedCommand | undefined>(moves.length).fill(undefined);
  // Rounds of moves with one move per command each (nearly always one round).
  for (const placed of roundsByKey(moves, (m) => m.commandId)) {
    const round = placed.map(({ row, index }) => ({ move: row, i: index }));
    const groupOf = new Map<LiveEvent, number>();
    liveBatchesOf(round.flatMap(({ move }) => (move.event ? [move.event] : []))).forEach((batch, group) => batch.forEach((event) => groupOf.set(event, group)));
    const rows = round.map(({ move, i }) => ({
      i,
      id: move.commandId,
      from: move.from,
      to: move.to,
      at: move.at.toISOString(),
      response: move.response,
      error: move.error,
      grp: move.event ? groupOf.get(move.event) : undefined,
      event: move.event ? JSON.stringify(move.event) : undefined,
    }));
    const notified = notify
      ? sql`, notified as (
          select ${notify(LIVE_CHANNEL, sql`('{"batch":[' || string_agg(event, ',' order by i) || ']}')::json`)} is not null as sent
          from moved where event is not null group by grp)`
      : sql``;
    const moved = rowsOf<{ i: number; action: string; payload: unknown }>(
      await db.execute(sql`
        with moves as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as m (i int, id uuid, "from" text, "to" text, at timestamptz, response jsonb, error text, grp int, event text)),
        locked as (
          select c.id from ${ocppCommands} c join moves m on m.id = c.id where c.status = m."from" order by c.id for update of c),
        moved as (
          update ${ocppCommands} c set status = m."to",
            sent_at = case when m."to" = ${'sent' satisfies OcppCommandState} then m.at else c.sent_at end,
            answered_at = case when m."to" = ${'sent' satisfies OcppCommandState} then c.answered_at else m.at end,
            response = coalesce(m.response, c.response),
            error = coalesce(m.error, c.error)
          from moves m
          where m.id = c.id and c.status = m."from" and c.id in (select id from locked)
          returning m.i, m.grp, m.event, c.action, c.payload)${notified}
        select i, action, payload${notify ? sql`, (select count(sent) from notified) as notifications` : sql``} from moved`),
    );
    for (const row of moved) results[Number(row.i)] = { action: row.action, payload: row.payload };
  }
  return { results, published: notify !== undefined };
}
