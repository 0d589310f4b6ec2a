// The local authorization list's routes: a charger's list state, and staff's Send full list and Read list version to
// one charger or many (ROLE_MANAGE_LOCAL_LIST), each a command record per charger through sendCommands.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { localListBodySchema, localListPaths, localListViewSchema, MANAGE_LOCAL_LIST_PERMISSION } from '@domain/local-list';
import { canTestOverOcpp, ocppCommandViewSchema } from '@domain/ocpp';
import { problemSchema } from '@domain/problem';
import type { ResolvedDeps } from '@server/app-deps';
import { chargers } from '@server/db/tables/chargers';
import { ocppChargePoints } from '@server/db/tables/ocpp';
import { rowsOf } from '@server/db/rows';
import { HttpProblem, notFoundProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { chargerOfflineProblem, notOcppMessage } from './command-service';
import { localListView } from './local-list-store';
import { readListVersions, sendFullList, type ListSendResult } from './local-list-service';
import { OCPP_LIVE_PERMISSION } from './ocpp-messages';

const answerSchema = z.object({ batchIds: z.array(z.string()), items: z.array(ocppCommandViewSchema), lists: z.array(localListViewSchema) });

/**
 * The chargers a list command goes to, refused before anything is written or sent: an unknown charger 404, no OCPP
 * charger among them 409, and one charger alone that is offline 409 (among many, an offline one gets its record
 * refused and its list stays behind). Answers the OCPP ones (another type's record is failed by sendCommands).
 */
async function listTargets(deps: ResolvedDeps, chargerIds: readonly number[]): Promise<number[]> {
  const ids = [...new Set(chargerIds)];
  const rows = rowsOf<{ id: number; unique_id: string; charger_type: string; online: boolean }>(
    await deps.db.execute(sql`select c.id, c.unique_id, c.charger_type, p.connected_node is not null as online
      from ${chargers} c left join ${ocppChargePoints} p on p.charger_id = c.id where c.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`),
  );
  const found = new Set(rows.map((r) => Number(r.id)));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw notFoundProblem(`No charger has the id ${missing}.`);
  const ocpp = rows.filter((r) => canTestOverOcpp(r.charger_type));
  if (ocpp.length === 0) {
    throw new HttpProblem({
      type: '/problems/not-an-ocpp-charger',
      status: 409,
      title: 'Conflict',
      detail: rows.length === 1 ? notOcppMessage(rows[0]!.unique_id) : `None of these ${rows.length} chargers speaks OCPP: a local list is an OCPP charger's. Nothing was sent.`,
    });
  }
  if (rows.length === 1 && !rows[0]!.online) throw chargerOfflineProblem(rows[0]!.unique_id);
  return ids;
}

async function answerOf(deps: ResolvedDeps, chargerIds: readonly number[], sent: ListSendResult) {
  // The list states of the first 50 chargers (a page's worth; the rest are on their pages and in the lists).
  const lists = [];
  for (const id of chargerIds.slice(0, 50)) lists.push(await localListView(deps.db, id));
  return { batchIds: sent.batchIds, items: sent.items, lists };
}

/** Registers the local list's routes. */
export function registerLocalListRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'GET',
    path: localListPaths.ofCharger(':chargerId'),
    access: { kind: 'permission', permission: OCPP_LIVE_PERMISSION },
    summary:
      "A charger's local authorization list: whether it holds one, the version it holds and the version it should hold (the RFID cards' latest change), its state (in sync, behind, update failed, with the charger's answer), the cards on the list, what its configuration allows and when a list was last sent.",
    responses: { 200: { description: 'The list state', schema: localListViewSchema }, 404: { description: 'No such charger', schema: problemSchema } },
    handler: async ({ c, deps }) => {
      const parsed = z.coerce.number().int().positive().safeParse(c.req.param('chargerId'));
      if (!parsed.success) throw notFoundProblem('No charger has this id.');
      const [exists] = rowsOf<{ id: number }>(await deps.db.execute(sql`select id from ${chargers} where id = ${parsed.data}`));
      if (!exists) throw notFoundProblem('No charger has this id.');
      return c.json(await localListView(deps.db, parsed.data));
    },
  });

  registry.route({
    method: 'POST',
    path: localListPaths.sendFull,
    access: { kind: 'permission', permission: MANAGE_LOCAL_LIST_PERMISSION },
    body: localListBodySchema,
    summary:
      'Send the whole local authorization list (SendLocalList Full: every RFID card on an account, Accepted or Blocked) to one OCPP charger or many, after reading what their configuration allows (LocalAuthListEnabled, SendLocalListMaxLength, LocalAuthListMaxLength). A charger holds a list from then on: every card change reaches it. Answers once the chargers have answered, with the command records and the list states.',
    responses: {
      200: { description: 'The commands and the list states', schema: answerSchema },
      404: { description: 'An unknown charger', schema: problemSchema },
      409: { description: 'No OCPP charger among them, or the one charger is offline (nothing sent)', schema: problemSchema },
    },
    handler: async ({ c, deps, body, session }) => {
      const ids = await listTargets(deps, body.chargerIds);
      const sent = await sendFullList(deps, ids, session.userId);
      return c.json(await answerOf(deps, ids, sent));
    },
  });

  registry.route({
    method: 'POST',
    path: localListPaths.readVersion,
    access: { kind: 'permission', permission: MANAGE_LOCAL_LIST_PERMISSION },
    body: localListBodySchema,
    summary:
      'Read the version of the local authorization list one OCPP charger or many hold (GetLocalListVersion), keeping it on their list states (in sync when it is the version they should hold, else behind; -1, no list support, is failed). Answers once the chargers have answered.',
    responses: {
      200: { description: 'The commands and the list states', schema: answerSchema },
      404: { description: 'An unknown charger', schema: problemSchema },
      409: { description: 'No OCPP charger among them, or the one charger is offline (nothing sent)', schema: problemSchema },
    },
    handler: async ({ c, deps, body, session }) => {
      const ids = await listTargets(deps, body.chargerIds);
      const sent = await readListVersions(deps, ids, session.userId);
      return c.json(await answerOf(deps, ids, sent));
    },
  });
}
