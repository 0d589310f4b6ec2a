// The OCPP API of the console: a charger's live state, meter values and message log; commands to one or many
// chargers (records whose life is machines/ocpp-command.machine.ts, sent through ./command-service.ts); test charging;
// the charger's OCPP password.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  canTestOverOcpp,
  chargerLiveSchema,
  MAX_COMMAND_CHARGERS,
  meterSamplesSchema,
  ocppCommandPageSchema,
  ocppMessagePageSchema,
  ocppMessageQuerySchema,
  ocppPaths,
  sendCommandAnswerSchema,
  sendCommandBodySchema,
  testChargeStartSchema,
  testChargeStopSchema,
} from '@domain/ocpp';
import { ocppCommandBatchListSchema } from '@domain/ocpp-batches';
import { hasPermission, type Permission } from '@domain/permissions';
import { problemSchema } from '@domain/problem';
import { ocppCommandWaitingStates } from '@machines/ocpp-command.machine';
import type { ResolvedDeps } from '@server/app-deps';
import { writeAudit } from '@server/audit/write-audit';
import { bookings } from '@server/db/tables/bookings';
import { chargers } from '@server/db/tables/chargers';
import { ocppChargePoints, ocppCommands, ocppConnectors, ocppMeterValues, ocppMessages, ocppSessions } from '@server/db/tables/ocpp';
import { users } from '@server/db/schema';
import { conflictProblem, forbiddenProblem, HttpProblem, notFoundProblem, validationProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { refuseCustomerSession } from '@server/bookings/customer-session';
import { rowsOf } from '@server/db/rows';
import { generateChargerPassword, hashChargerPassword } from './charger-password';
import { chargerOfflineProblem, commandColumns, commandJoins, commandView, sendCommands } from './command-service';
import { consoleIdTagKind, INSTANT_ID_TAG_PREFIX, resolveIdTag, TEST_ID_TAG_PREFIX } from './authorisation-store';
import { setChargerPasswordHash } from './charger-identity';
import { requireCommandPermission } from './data-transfer-access';
import { keepListSetting } from './local-list-service';
import { simulatableChargers } from './ocpp-runtime';

const idParam = z.coerce.number().int().positive();
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function chargerIdOf(raw: string | undefined): number {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw notFoundProblem('No charger has this id.');
  return parsed.data;
}

/**
 * A RemoteStartTransaction staff send for a customer's idTag (their RFID card) is held to what the charger's
 * StartTransaction will be (resolveIdTag: the card, then the session start rule, server/bookings/session-start-rule.ts)
 * and refused (409, the same words, nothing sent) when it would be refused. A tag of no customer goes as it is. A tag
 * of the console's own (consoleIdTagKind) is held to its own right: a test tag (a free test charge, taken as the
 * sender's) needs ROLE_TEST_DEVICE, as Test charging does (403 without it; with it, many chargers can be started at
 * once, as the benchmarks and the cluster test do), and one already used at the charger or past its lifetime is
 * refused as the charger would refuse it (409: a one-off tag, authorisation-store.ts oneOffRefusal); a tag of a
 * session started for a customer is never sent from here (400): it starts a session on that customer's wallet, and
 * only Start a session now (ROLE_INSTANT_BOOKING_AND_CHARGING) makes one.
 */
async function checkRemoteStart(deps: ResolvedDeps, granted: readonly Permission[], chargerId: number, idTag: string): Promise<void> {
  const kind = consoleIdTagKind(idTag);
  if (kind === 'test' && !hasPermission(granted, 'ROLE_TEST_DEVICE')) {
    throw forbiddenProblem(`Starting a test charge (a tag starting ${TEST_ID_TAG_PREFIX}) needs the permission ROLE_TEST_DEVICE. Nothing was sent.`);
  }
  if (kind === 'instant') {
    throw validationProblem(
      [{ path: 'command.payload.idTag', message: `Tags starting ${INSTANT_ID_TAG_PREFIX} are the console’s own` }],
      `Tags starting ${INSTANT_ID_TAG_PREFIX} start a session on a customer's wallet: start one with the bookings' Start a session now. Nothing was sent.`,
    );
  }
  const resolved = await resolveIdTag(deps.db, chargerId, idTag, deps.config.sessionStart.minWalletPaise, { at: deps.now() });
  if (resolved.userId === null || resolved.status === 'Accepted') return;
  throw conflictProblem(`${resolved.reason.replace(/\.?$/, '.')} Nothing was sent.`, [{ path: 'command.payload.idTag', message: resolved.reason }]);
}

/** Whether the transaction is an open session of the charger that test charging started (its test tag, testStart). */
async function isOpenTestCharge(deps: ResolvedDeps, chargerId: number, transactionId: number): Promise<boolean> {
  const [row] = rowsOf<{ id_tag: string }>(
    await deps.db.execute(sql`select id_tag from ${ocppSessions} where charger_id = ${chargerId} and transaction_id = ${transactionId} and stopped_at is null`),
  );
  return row !== undefined && row.id_tag.startsWith(TEST_ID_TAG_PREFIX);
}

/** The live state of a charger. */
export async function chargerLive(deps: ResolvedDeps, chargerId: number) {
  const [row] = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      select c.id, c.unique_id, c.charger_type, c.charger_box_id, c.is_active, c.usage_type, c.ccu_id, c.connectivity_status, c.last_heartbeat_at, c.sockets,
        p.connected_node, p.last_seen_at, p.connected_at, p.heartbeat_interval, p.vendor, p.model, p.serial_number, p.firmware_version, p.firmware_status,
        p.password_hash is not null as has_password
      from ${chargers} c left join ${ocppChargePoints} p on p.charger_id = c.id where c.id = ${chargerId}`),
  );
  if (!row) throw notFoundProblem('No charger has this id.');
  const connectors = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`select connector_id, status, error_code, info, fault_ticket_id, updated_at from ${ocppConnectors} where charger_id = ${chargerId} order by connector_id`),
  );
  const sessions = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`select s.transaction_id, s.connector_id, s.id_tag, s.booking_id, b.status as booking_status, s.started_at, s.meter_start_wh, s.last_energy_wh, s.last_power_w
      from ${ocppSessions} s left join ${bookings} b on b.id = s.booking_id where s.charger_id = ${chargerId} and s.stopped_at is null order by s.started_at desc limit 10`),
  );
  return chargerLiveSchema.parse({
    chargerId: Number(row.id),
    uniqueId: row.unique_id,
    chargerType: row.charger_type,
    chargeBoxId: row.charger_box_id ?? null,
    isActive: Boolean(row.is_active),
    usageType: row.usage_type ?? null,
    ccuId: row.ccu_id ?? null,
    isOnline: row.connected_node !== null && row.connected_node !== undefined,
    connectivityStatus: row.connectivity_status,
    lastSeenAt: iso(row.last_seen_at),
    lastHeartbeatAt: iso(row.last_heartbeat_at),
    connectedAt: iso(row.connected_at),
    heartbeatInterval: num(row.heartbeat_interval),
    vendor: row.vendor ?? null,
    model: row.model ?? null,
    serialNumber: row.serial_number ?? null,
    firmwareVersion: row.firmware_version ?? null,
    firmwareStatus: row.firmware_status ?? null,
    hasPassword: Boolean(row.has_password),
    sockets: row.sockets ?? [],
    connectors: connectors.map((k) => ({
      connectorId: Number(k.connector_id),
      status: k.status,
      errorCode: k.error_code,
      info: k.info ?? null,
      faultTicketId: num(k.fault_ticket_id),
      updatedAt: iso(k.updated_at),
    })),
    sessions: sessions.map((s) => ({
      transactionId: Number(s.transaction_id),
      connectorId: Number(s.connector_id),
      idTag: s.id_tag,
      bookingId: num(s.booking_id),
      bookingStatus: (s.booking_status as string | null) ?? null,
      startedAt: iso(s.started_at),
      energyWh: Math.max(0, Math.round(Number(s.last_energy_wh ?? s.meter_start_wh) - Number(s.meter_start_wh))),
      powerW: num(s.last_power_w),
      isTest: String(s.id_tag).startsWith(TEST_ID_TAG_PREFIX),
    })),
  });
}

/** Registers the OCPP routes. */
export function registerOcppRoutes(registry: RouteRegistry): void {
  registry.route({
    method: 'GET',
    path: '/ocpp/dev/simulator-chargers',
    access: { kind: 'public' },
    query: z.object({ limit: z.coerce.number().int().min(1).max(20_000).default(25) }),
    summary:
      'Development and test only (404 in production): the seeded OCPP chargers `npm run simulate` plays (charge box id, connectors, rated power); their password is the seed\'s development password.',
    responses: { 200: { description: 'Chargers to simulate', schema: z.object({ items: z.array(z.object({ chargerId: z.number(), identity: z.string(), connectors: z.number(), powerKw: z.number() })) }) } },
    handler: async ({ c, deps, query }) => {
      if (deps.config.appEnv === 'production') throw notFoundProblem('No route answers this in production.');
      return c.json({ items: await simulatableChargers(deps.db, query.limit) });
    },
  });

  registry.route({
    method: 'GET',
    path: '/ccu/charger/:chargerId/live',
    access: { kind: 'permission', permission: 'ROLE_SEARCH_CHARGER' },
    summary: "A charger's live OCPP state: online (a server process holds its socket), last seen and heartbeat, boot information, each connector's status and the open sessions with their energy and power.",
    responses: { 200: { description: 'The live state', schema: chargerLiveSchema }, 404: { description: 'No such charger', schema: problemSchema } },
    handler: async ({ c, deps }) => c.json(await chargerLive(deps, chargerIdOf(c.req.param('chargerId')))),
  });

  registry.route({
    method: 'GET',
    path: '/ccu/charger/:chargerId/meter-values',
    access: { kind: 'permission', permission: 'ROLE_VIEW_TELEMETRY' },
    query: z.object({ transactionId: z.coerce.number().int().optional(), limit: z.coerce.number().int().min(1).max(500).default(120) }),
    summary: 'Meter values of a charger (or of one of its transactions), oldest first: energy (Wh), power (W), current (A), voltage (V), state of charge (%).',
    responses: { 200: { description: 'Samples', schema: meterSamplesSchema } },
    handler: async ({ c, deps, query }) => {
      const chargerId = chargerIdOf(c.req.param('chargerId'));
      const rows = rowsOf<Record<string, unknown>>(
        await deps.db.execute(sql`select * from (select sampled_at, connector_id, transaction_id, energy_wh, power_w, current_a, voltage_v, soc, id from ${ocppMeterValues}
          where charger_id = ${chargerId} ${query.transactionId === undefined ? sql`` : sql`and transaction_id = ${query.transactionId}`}
          order by id desc limit ${query.limit}) recent order by id`),
      );
      return c.json({
        items: rows.map((r) => ({
          sampledAt: iso(r.sampled_at),
          connectorId: Number(r.connector_id),
          transactionId: num(r.transaction_id),
          energyWh: num(r.energy_wh),
          powerW: num(r.power_w),
          currentA: num(r.current_a),
          voltageV: num(r.voltage_v),
          soc: num(r.soc),
        })),
      });
    },
  });

  registry.route({
    method: 'GET',
    path: '/ocpp/chargepoint-log/:chargerId',
    access: { kind: 'permission', permission: 'ROLE_VIEW_HARDWARE_ACTIVITY_LOGS' },
    query: ocppMessageQuerySchema,
    summary: "A charger's raw OCPP message log, newest first: direction, message type, action, payload, error code. `q` searches the action, error code and payload text.",
    responses: { 200: { description: 'A page of frames', schema: ocppMessagePageSchema } },
    handler: async ({ c, deps, query }) => {
      const chargerId = chargerIdOf(c.req.param('chargerId'));
      const where = sql.join(
        [
          sql`charger_id = ${chargerId}`,
          ...(query.direction ? [sql`direction = ${query.direction}`] : []),
          ...(query.q ? [sql`(action ilike ${`%${query.q}%`} or error_code ilike ${`%${query.q}%`} or payload::text ilike ${`%${query.q}%`})`] : []),
        ],
        sql` and `,
      );
      const [counted] = rowsOf<{ n: number }>(await deps.db.execute(sql`select count(*)::int as n from (select 1 from ${ocppMessages} where ${where} limit 10000) capped`));
      const rows = rowsOf<Record<string, unknown>>(
        await deps.db.execute(sql`select id, direction, message_type, message_id, action, payload, error_code, created_at from ${ocppMessages}
          where ${where} order by id desc limit ${query.size} offset ${query.page * query.size}`),
      );
      return c.json({
        items: rows.map((r) => ({
          id: Number(r.id),
          direction: r.direction,
          messageType: r.message_type,
          messageId: r.message_id ?? null,
          action: r.action ?? null,
          payload: r.payload ?? null,
          errorCode: r.error_code ?? null,
          createdAt: iso(r.created_at),
        })),
        count: counted?.n ?? 0,
        page: query.page,
        size: query.size,
      });
    },
  });

  registry.route({
    method: 'GET',
    path: ocppPaths.batches,
    access: { kind: 'permission', permission: 'ROLE_EXECUTE_COMMAND' },
    query: z.object({ size: z.coerce.number().int().min(1).max(50).default(20) }),
    summary: 'The latest batches of commands (one send to one or many chargers), newest first: the command, when and by whom, how many chargers, how many accepted and how many still wait for their answer.',
    responses: { 200: { description: 'The latest batches', schema: ocppCommandBatchListSchema } },
    handler: async ({ c, deps, query }) => {
      const rows = rowsOf<Record<string, unknown>>(
        await deps.db.execute(sql`select c.batch_id, min(c.action) as action, min(c.created_at) as created_at, min(u.name) as requested_by_name, count(*)::int as chargers,
            (count(*) filter (where c.status = 'accepted'))::int as accepted,
            (count(*) filter (where c.status in (${sql.join(ocppCommandWaitingStates.map((st) => sql`${st}`), sql`, `)})))::int as pending
          from ${ocppCommands} c left join ${users} u on u.id = c.requested_by
          where c.batch_id in (select batch_id from ${ocppCommands} where batch_id is not null group by batch_id order by max(created_at) desc limit ${query.size})
          group by c.batch_id order by min(c.created_at) desc`),
      );
      return c.json({
        items: rows.map((r) => ({
          batchId: String(r.batch_id),
          action: String(r.action),
          createdAt: iso(r.created_at),
          requestedByName: (r.requested_by_name as string | null) ?? null,
          chargers: Number(r.chargers),
          accepted: Number(r.accepted),
          pending: Number(r.pending),
        })),
      });
    },
  });

  registry.route({
    method: 'GET',
    path: ocppPaths.command,
    access: { kind: 'permission', permission: 'ROLE_EXECUTE_COMMAND' },
    query: z.object({
      chargerId: z.coerce.number().int().positive().optional(),
      batchId: z.uuid().optional(),
      page: z.coerce.number().int().min(0).max(10_000).default(0),
      // A batch's every record in one page: a batch holds at most MAX_COMMAND_CHARGERS.
      size: z.coerce.number().int().min(1).max(MAX_COMMAND_CHARGERS).default(20),
    }),
    summary: 'Commands sent to chargers, newest first, with their status (queued, sent, accepted, rejected, failed, timed out, offline) and the charger answer; by charger or by batch.',
    responses: { 200: { description: 'A page of commands', schema: ocppCommandPageSchema } },
    handler: async ({ c, deps, query }) => {
      const where = sql.join(
        [sql`true`, ...(query.chargerId ? [sql`c.charger_id = ${query.chargerId}`] : []), ...(query.batchId ? [sql`c.batch_id = ${query.batchId}::uuid`] : [])],
        sql` and `,
      );
      const [counted] = rowsOf<{ n: number }>(await deps.db.execute(sql`select count(*)::int as n from ${ocppCommands} c where ${where}`));
      const rows = rowsOf<Record<string, unknown>>(
        await deps.db.execute(sql`select ${commandColumns} from ${ocppCommands} c ${commandJoins}
          where ${where} order by c.created_at desc, c.id limit ${query.size} offset ${query.page * query.size}`),
      );
      return c.json({ items: rows.map(commandView), count: counted?.n ?? 0, page: query.page, size: query.size });
    },
  });

  registry.route({
    method: 'POST',
    path: ocppPaths.command,
    access: { kind: 'permission', permission: 'ROLE_EXECUTE_COMMAND' },
    body: sendCommandBodySchema,
    summary:
      "Send one command to one or many OCPP chargers: a record per charger, routed to the server process holding its socket; a charger that is offline is refused at once. Answers 202 with the records (200 after their answers with `wait: true`). A DataTransfer (a vendor's own message; its answer's status and data in the record's response) also needs ROLE_DATA_TRANSFER, a ChangeConfiguration of the local list's settings ROLE_MANAGE_LOCAL_LIST (kept on the charger's list when taken), and a RemoteStartTransaction with a test tag (CZOTEST…) ROLE_TEST_DEVICE (403 without it, nothing written). Not taken (400, nothing written): a Set/ClearChargingProfile beyond a session's own TxProfile (a clear without chargingProfilePurpose TxProfile, or an id from 100,000: the charger's Smart charging panel's), a ChangeConfiguration of HeartbeatInterval or AuthorizationKey (the central system's), a RemoteStartTransaction with a tag of a session started for a customer (CZOINST…). A RemoteStartTransaction with a customer's card is refused (409, nothing sent) when the card or the customer may not start a session (the session start rule: active, not locked, a prepaid wallet holding the minimum). A RemoteStopTransaction or UnlockConnector of a customer's session, and a SetChargingProfile or ClearChargingProfile that would change one's current, are refused (409 naming the booking and its own action: Stop charging, load balancing, pause or resume; nothing sent).",
    responses: {
      200: { description: 'Answered', schema: sendCommandAnswerSchema },
      202: { description: 'Queued', schema: sendCommandAnswerSchema },
      400: { description: 'Bad input, or a command that is another route\'s (a charging profile of the Smart charging panel, a key the central system sets, a tag of a session started for a customer)', schema: problemSchema },
      403: { description: 'A command needing a permission of its own the caller lacks (DataTransfer: ROLE_DATA_TRANSFER; the local list\'s settings: ROLE_MANAGE_LOCAL_LIST; a test tag: ROLE_TEST_DEVICE)', schema: problemSchema },
      409: { description: "No OCPP charger among them (one that is not OCPP among others gets its record refused with why), a remote start the customer may not have, or a stop or charging profile reaching a customer's session", schema: problemSchema },
    },
    handler: async ({ c, deps, body, session }) => {
      requireCommandPermission(session.permissions, body.command);
      if (body.command.action === 'RemoteStartTransaction') await checkRemoteStart(deps, session.permissions, body.chargerIds[0]!, body.command.payload.idTag);
      await refuseCustomerSession(deps.db, body.chargerIds, body.command);
      const answer = await sendCommands(deps, { chargerIds: body.chargerIds, command: body.command, userId: session.userId, wait: body.wait });
      await keepListSetting(deps, body.command, answer.items);
      return c.json(answer, body.wait ? 200 : 202);
    },
  });

  registry.route({
    method: 'POST',
    path: ocppPaths.testStart,
    access: { kind: 'permission', permission: 'ROLE_TEST_DEVICE' },
    body: testChargeStartSchema,
    summary: 'Start a test charge on a socket of an OCPP charger (RemoteStartTransaction with a test tag); answers with the command once the charger has answered.',
    responses: { 200: { description: 'The command and its answer', schema: sendCommandAnswerSchema }, 409: { description: 'Offline or not OCPP', schema: problemSchema } },
    handler: async ({ c, deps, body, session }) => {
      const live = await chargerLive(deps, body.chargerId);
      if (!canTestOverOcpp(live.chargerType)) {
        throw new HttpProblem({ type: '/problems/not-an-ocpp-charger', status: 409, title: 'Conflict', detail: 'Test charging this charger type needs its own link, which the console does not have yet.' });
      }
      if (!live.isOnline) throw chargerOfflineProblem(live.uniqueId);
      const idTag = `${TEST_ID_TAG_PREFIX}${randomBytes(4).toString('hex').toUpperCase()}`.slice(0, 20);
      const answer = await sendCommands(deps, { chargerIds: [body.chargerId], command: { action: 'RemoteStartTransaction', payload: { connectorId: body.connectorId, idTag } }, userId: session.userId, wait: true });
      return c.json(answer);
    },
  });

  registry.route({
    method: 'POST',
    path: ocppPaths.testStop,
    access: { kind: 'permission', permission: 'ROLE_TEST_DEVICE' },
    body: testChargeStopSchema,
    summary:
      "Stop a test charge (a session test charging started, with its test tag) on an OCPP charger (RemoteStopTransaction); answers with the command once the charger has answered. A customer's session is refused (409 naming its booking, nothing sent): it stops with the booking's Stop charging action, with a reason; any other session is refused too.",
    responses: {
      200: { description: 'The command and its answer', schema: sendCommandAnswerSchema },
      409: { description: "Offline, a customer's session (stopped from its booking) or no open test charge", schema: problemSchema },
    },
    handler: async ({ c, deps, body, session }) => {
      const live = await chargerLive(deps, body.chargerId);
      const command = { action: 'RemoteStopTransaction', payload: { transactionId: body.transactionId } } as const;
      await refuseCustomerSession(deps.db, [body.chargerId], command);
      if (!(await isOpenTestCharge(deps, body.chargerId, body.transactionId))) {
        throw conflictProblem(`Transaction ${body.transactionId} is not an open test charge on ${live.uniqueId}: only a test charge stops here. Nothing was sent.`, [
          { path: 'transactionId', message: 'Not a test charge' },
        ]);
      }
      if (!live.isOnline) throw chargerOfflineProblem(live.uniqueId);
      const answer = await sendCommands(deps, { chargerIds: [body.chargerId], command, userId: session.userId, wait: true });
      return c.json(answer);
    },
  });

  registry.route({
    method: 'POST',
    path: '/charger-service/admin/charger/:chargerId/ocpp-password',
    access: { kind: 'permission', permission: 'ROLE_UPDATE_CHARGER' },
    summary: "Set a new random OCPP password (security profile 1) for an OCPP charger; the answer shows it once (only its hash is stored). The charger's next connection must use it.",
    responses: { 200: { description: 'The new password, shown once', schema: z.object({ password: z.string() }) }, 409: { description: 'Not an OCPP charger', schema: problemSchema } },
    handler: async ({ c, deps, session }) => {
      const chargerId = chargerIdOf(c.req.param('chargerId'));
      const live = await chargerLive(deps, chargerId);
      if (!canTestOverOcpp(live.chargerType)) throw new HttpProblem({ type: '/problems/not-an-ocpp-charger', status: 409, title: 'Conflict', detail: 'Only OCPP chargers have an OCPP password.' });
      const password = generateChargerPassword();
      await setChargerPasswordHash(deps.db, chargerId, hashChargerPassword(password), deps.now());
      await writeAudit(deps.db, { entityType: 'chargers', entityId: String(chargerId), actorUserId: session.userId, action: 'rotate-ocpp-password' }, deps.now());
      return c.json({ password });
    },
  });
}
