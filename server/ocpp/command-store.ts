// Commands whose charger never answered: marked timed out past their deadline.
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';
import { ocppCommands, waitingCommandStatuses } from '@server/db/tables/ocpp';
import type { OcppCommandState } from '@machines/ocpp-command.machine';

const iso = (d: Date) => d.toISOString();

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
  const rows = rowsOf<{ charger_id: number }>(
    await db.execute(sql`update ${ocppCommands} set status = ${'timedOut' satisfies OcppCommandState}, answered_at = ${iso(now)}, error = 'No answer from the charger in time.'
      where ${which} and status in (${waitingCommandStatuses}) returning charger_id`),
  );
  return rows.map((r) => Number(r.charger_id));
}
