// The smart charging API: a charger's charging profiles (read; set a ChargePointMax or TxDefault profile; clear by id
// or by purpose, stack level and connector), its composite schedule, and a location's default profiles (read; add or
// replace one, sent to the location's online chargers; remove one, cleared at them). Changes need
// ROLE_MANAGE_CHARGING_PROFILES; each answer comes once the chargers have answered.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { canTestOverOcpp } from '@domain/ocpp';
import { problemSchema } from '@domain/problem';
import {
  chargerProfileViewSchema,
  chargerResultSchema,
  chargingProfileInputSchema,
  clearProfilesBodySchema,
  compositeScheduleBodySchema,
  compositeScheduleViewSchema,
  locationProfileViewSchema,
  MANAGE_CHARGING_PROFILES_PERMISSION,
  smartChargingPaths,
  type ChargingProfileInput,
} from '@domain/smart-charging';
import type { ResolvedDeps } from '@server/app-deps';
import { writeAudit } from '@server/audit/write-audit';
import { customerSessionProblem, customerSessionReached } from '@server/bookings/customer-session';
import { rowsOf } from '@server/db/rows';
import { chargers, locations } from '@server/db/tables/chargers';
import { ocppChargePoints, ocppConnectors } from '@server/db/tables/ocpp';
import { chargerChargingProfiles, chargingProfiles as chargingProfilesTable } from '@server/db/tables/smart-charging';
import { HttpProblem, notFoundProblem, validationProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { chargerOfflineProblem, notOcppMessage } from '@server/ocpp/command-service';
import {
  chargerProfiles,
  clearProfiles,
  compositeSchedule,
  createProfile,
  locationProfileRow,
  locationProfiles,
  onlineChargersOf,
  sendProfile,
} from './smart-charging-service';

const idParam = z.coerce.number().int().positive().max(2_147_483_647);
const idOf = (raw: string | undefined, what: string) => {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw notFoundProblem(`No ${what} has this id.`);
  return parsed.data;
};
const perm = { kind: 'permission', permission: MANAGE_CHARGING_PROFILES_PERMISSION } as const;

/** The charger (404), an OCPP one (409); online (409) when `online`; the connector named must be one it has (400). */
async function chargerFor(deps: ResolvedDeps, chargerId: number, options: { online: boolean; connectorId?: number }) {
  const [charger] = rowsOf<{ unique_id: string; charger_type: string; online: boolean }>(
    await deps.db.execute(sql`select c.unique_id, c.charger_type, p.connected_node is not null as online from ${chargers} c left join ${ocppChargePoints} p on p.charger_id = c.id where c.id = ${chargerId}`),
  );
  if (!charger) throw notFoundProblem('No charger has this id.');
  if (!canTestOverOcpp(charger.charger_type)) throw new HttpProblem({ type: '/problems/not-an-ocpp-charger', status: 409, title: 'Conflict', detail: notOcppMessage(charger.unique_id) });
  if (options.connectorId !== undefined && options.connectorId > 0) {
    const connectors = rowsOf<{ connector_id: number }>(await deps.db.execute(sql`select connector_id from ${ocppConnectors} where charger_id = ${chargerId} and connector_id > 0`));
    if (connectors.length > 0 && !connectors.some((k) => Number(k.connector_id) === options.connectorId)) {
      throw validationProblem([{ path: 'connectorId', message: `This charger has no connector ${options.connectorId}` }], `${charger.unique_id} has no connector ${options.connectorId}.`);
    }
  }
  if (options.online && !charger.online) throw chargerOfflineProblem(charger.unique_id);
  return charger;
}

async function locationFor(deps: ResolvedDeps, raw: string | undefined) {
  const locationId = idOf(raw, 'location');
  const [location] = rowsOf<{ id: number }>(await deps.db.execute(sql`select id from ${locations} where id = ${locationId}`));
  if (!location) throw notFoundProblem('No location has this id.');
  return locationId;
}

const profileAudit = (deps: ResolvedDeps, id: number, action: string, userId: string, changes: Record<string, unknown>) =>
  writeAudit(deps.db, { entityType: 'charging-profile', entityId: String(id), actorUserId: userId, action, changes }, deps.now());

const summaryOf = (p: ChargingProfileInput) => ({ connectorId: p.connectorId, purpose: p.purpose, stackLevel: p.stackLevel, kind: p.kind, unit: p.schedule.unit });

/** Registers the smart charging routes. */
export function registerSmartChargingRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'GET',
    path: smartChargingPaths.ofCharger(':chargerId'),
    access: { kind: 'permission', permission: 'ROLE_SEARCH_CHARGER' },
    summary: "A charger's charging profiles staff set (its own and its location's defaults), by purpose and stack level, each with its state there (sent, in force, rejected, not set) and the charger's answer.",
    responses: { 200: { description: 'The profiles', schema: z.object({ items: z.array(chargerProfileViewSchema) }) }, 404: { description: 'No such charger', schema: problemSchema } },
    handler: async ({ c, deps }) => {
      const chargerId = idOf(c.req.param('chargerId'), 'charger');
      const [known] = rowsOf(await deps.db.execute(sql`select 1 from ${chargers} where id = ${chargerId}`));
      if (!known) throw notFoundProblem('No charger has this id.');
      return c.json({ items: await chargerProfiles(deps.db, chargerId) });
    },
  });

  registry.route({
    method: 'POST',
    path: smartChargingPaths.ofCharger(':chargerId'),
    access: perm,
    body: chargingProfileInputSchema,
    summary:
      'Set a ChargePointMaxProfile (connector 0) or TxDefaultProfile on an online OCPP charger (SetChargingProfile; a TxProfile belongs to a session and is refused here). It replaces the profile of the same connector, purpose and stack level once accepted. Answers the profile with its state once the charger has answered.',
    responses: {
      201: { description: 'The profile and its state', schema: chargerProfileViewSchema },
      400: { description: 'Bad input', schema: problemSchema },
      404: { description: 'No such charger', schema: problemSchema },
      409: { description: 'Offline, not OCPP', schema: problemSchema },
    },
    handler: async ({ c, deps, body, session }) => {
      const chargerId = idOf(c.req.param('chargerId'), 'charger');
      await chargerFor(deps, chargerId, { online: true, connectorId: body.connectorId });
      const profile = await createProfile(deps.db, { chargerId }, body, session.userId, deps.now());
      await profileAudit(deps, profile.id, 'set-charging-profile', session.userId, { chargerId, ...summaryOf(body) });
      await sendProfile(deps, [chargerId], profile, session.userId);
      const view = (await chargerProfiles(deps.db, chargerId)).find((p) => p.id === profile.id);
      if (!view) throw new Error('The profile just sent is not stored');
      return c.json(view, 201);
    },
  });

  registry.route({
    method: 'POST',
    path: smartChargingPaths.clear(':chargerId'),
    access: perm,
    body: clearProfilesBodySchema,
    summary:
      "Clear charging profiles on an online OCPP charger (ClearChargingProfile): one by its id, or every one matching a purpose, stack level and connector. Accepted removes them from the charger's profiles; Unknown means it held none such. A clear without a purpose would reach a customer's session's own limit and is refused then (409).",
    responses: {
      200: { description: "The command's record and how many stored profiles it removed", schema: z.object({ status: z.string(), answer: z.string().nullable(), removed: z.number() }) },
      400: { description: 'Bad input', schema: problemSchema },
      404: { description: 'No such charger or profile', schema: problemSchema },
      409: { description: 'Offline, not OCPP, a customer’s session', schema: problemSchema },
    },
    handler: async ({ c, deps, body, session }) => {
      const chargerId = idOf(c.req.param('chargerId'), 'charger');
      await chargerFor(deps, chargerId, { online: false, connectorId: 'id' in body ? undefined : body.connectorId });
      if ('id' in body) {
        const [held] = rowsOf(await deps.db.execute(sql`select 1 from ${chargerChargingProfiles} where charger_id = ${chargerId} and profile_id = ${body.id}`));
        if (!held) throw notFoundProblem(`This charger has no charging profile ${body.id} set from the console.`);
      } else if (body.purpose === undefined) {
        const reached = await customerSessionReached(deps.db, [chargerId], [{ connectorId: body.connectorId ?? 0 }]);
        if (reached) throw customerSessionProblem(reached, { action: 'ClearChargingProfile', payload: { chargingProfilePurpose: 'TxProfile' } });
      }
      await chargerFor(deps, chargerId, { online: true });
      const { items, removed } = await clearProfiles(deps, [chargerId], body, session.userId);
      const item = items[0]!;
      const answer = (item.response as { status?: string } | null)?.status ?? item.error;
      return c.json({ status: item.status, answer: answer ?? null, removed }, 200);
    },
  });

  registry.route({
    method: 'POST',
    path: smartChargingPaths.composite(':chargerId'),
    access: perm,
    body: compositeScheduleBodySchema,
    summary:
      "Ask an online OCPP charger what it will deliver on a connector (0: the whole charger) for the coming seconds (GetCompositeSchedule), in A or W; answers the schedule's periods, or the charger's refusal.",
    responses: {
      200: { description: 'The composite schedule, or why there is none', schema: compositeScheduleViewSchema },
      400: { description: 'Bad input', schema: problemSchema },
      404: { description: 'No such charger', schema: problemSchema },
      409: { description: 'Offline, not OCPP', schema: problemSchema },
    },
    handler: async ({ c, deps, body, session }) => {
      const chargerId = idOf(c.req.param('chargerId'), 'charger');
      await chargerFor(deps, chargerId, { online: true, connectorId: body.connectorId });
      return c.json(await compositeSchedule(deps, chargerId, body, session.userId), 200);
    },
  });

  registry.route({
    method: 'GET',
    path: smartChargingPaths.ofLocation(':locationId'),
    access: { kind: 'permission', permission: 'ROLE_VIEW_ALL_LOCATION' },
    summary: "A location's default charging profiles (sent to each of its chargers when it boots), with how many of its chargers hold each.",
    responses: { 200: { description: 'The defaults', schema: z.object({ items: z.array(locationProfileViewSchema), onlineChargers: z.number() }) }, 404: { description: 'No such location', schema: problemSchema } },
    handler: async ({ c, deps }) => {
      const locationId = await locationFor(deps, c.req.param('locationId'));
      return c.json({ items: await locationProfiles(deps.db, locationId), onlineChargers: (await onlineChargersOf(deps.db, locationId)).length });
    },
  });

  registry.route({
    method: 'POST',
    path: smartChargingPaths.ofLocation(':locationId'),
    access: perm,
    body: chargingProfileInputSchema,
    summary:
      "Add a default charging profile to a location (it replaces a default of the same connector, purpose and stack level): kept, sent now to the location's online OCPP chargers and to each charger of the location when it boots. Answers the default and each charger's answer.",
    responses: {
      201: { description: 'The default and the answers of the chargers online now', schema: z.object({ profile: locationProfileViewSchema, results: z.array(chargerResultSchema) }) },
      400: { description: 'Bad input', schema: problemSchema },
      404: { description: 'No such location', schema: problemSchema },
    },
    handler: async ({ c, deps, body, session }) => {
      const locationId = await locationFor(deps, c.req.param('locationId'));
      const profile = await createProfile(deps.db, { locationId }, body, session.userId, deps.now());
      // The default it replaces is sent no more (a charger holding it replaces it itself when this one arrives: same
      // connector, purpose and stack level).
      await deps.db.execute(sql`delete from ${chargingProfilesTable} where location_id = ${locationId} and id <> ${profile.id}
        and connector_id = ${body.connectorId} and purpose = ${body.purpose} and stack_level = ${body.stackLevel}`);
      await profileAudit(deps, profile.id, 'add-location-charging-profile', session.userId, { locationId, ...summaryOf(body) });
      const online = await onlineChargersOf(deps.db, locationId);
      const results = online.length > 0 ? await sendProfile(deps, online, profile, session.userId) : [];
      const [view] = await locationProfiles(deps.db, locationId, sql`p.id = ${profile.id}`);
      return c.json({ profile: view!, results }, 201);
    },
  });

  registry.route({
    method: 'DELETE',
    path: smartChargingPaths.locationProfile(':locationId', ':profileId'),
    access: perm,
    summary:
      "Remove a location's default charging profile: no longer sent at boot, and cleared (ClearChargingProfile by its id) at the location's online chargers holding it. Answers each charger's answer.",
    responses: {
      200: { description: 'The answers of the chargers cleared', schema: z.object({ results: z.array(chargerResultSchema) }) },
      404: { description: 'No such location or default', schema: problemSchema },
    },
    handler: async ({ c, deps, session }) => {
      const locationId = await locationFor(deps, c.req.param('locationId'));
      const profileId = idOf(c.req.param('profileId'), 'charging profile');
      const profile = await locationProfileRow(deps.db, locationId, profileId);
      if (!profile) throw notFoundProblem('This location has no default charging profile with this id.');
      const holders = rowsOf<{ charger_id: number }>(
        await deps.db.execute(sql`select s.charger_id from ${chargerChargingProfiles} s join ${ocppChargePoints} p on p.charger_id = s.charger_id and p.connected_node is not null where s.profile_id = ${profileId}`),
      ).map((r) => Number(r.charger_id));
      await profileAudit(deps, profileId, 'remove-location-charging-profile', session.userId, { locationId, connectorId: profile.connector_id, purpose: profile.purpose, stackLevel: profile.stack_level });
      const results = [];
      if (holders.length > 0) {
        const { items } = await clearProfiles(deps, holders, { id: profileId }, session.userId);
        for (const item of items) {
          const answer = (item.response as { status?: string } | null)?.status ?? item.error;
          results.push({ chargerId: item.chargerId, chargerUniqueId: item.chargerUniqueId, state: item.status, answer: answer ?? null });
        }
      }
      // The default and what offline chargers were told of it: an offline charger keeps it until cleared by hand.
      await deps.db.execute(sql`delete from ${chargingProfilesTable} where id = ${profileId} and location_id = ${locationId}`);
      return c.json({ results }, 200);
    },
  });
}
