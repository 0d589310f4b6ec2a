// The OCPP API of the console: a charger's live state, meter values and message log; commands to one or many
// chargers (records whose life is machines/ocpp-command.machine.ts, routed to the process holding each socket);
// test charging; the charger's OCPP password.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LIVE_CHANNEL } from '@domain/live-event';
import {
  canTestOverOcpp,
  chargerLiveSchema,
  meterSamplesSchema,
  ocppCommandPageSchema,
  ocppMessagePageSchema,
  ocppMessageQuerySchema,
  ocppPaths,
  sendCommandAnswerSchema,
  sendCommandBodySchema,
  testChargeStartSchema,
  testChargeStopSchema,
  type OcppCommand,
  type OcppCommandView,
} from '@domain/ocpp';
import { problemSchema } from '@domain/problem';
import type { ResolvedDeps } from '@server/app-deps';
import { auditInsertFrom, isAudited, writeAudit } from '@server/audit/write-audit';
import { noteRecordChange } from '@server/live/record-changes';
import { chargerTypes } from '@domain/entities/chargers';
import { chargers } from '@server/db/tables/chargers';
import { ocppChargePoints, ocppCommands, ocppConnectors, ocppMeterValues, ocppMessages, ocppSessions } from '@server/db/tables/ocpp';
import { users } from '@server/db/schema';
import { conflictProblem, HttpProblem, notFoundProblem } from '@server/http/problem';
import type { RouteRegistry } from '@server/http/route-registry';
import { publishLive } from '@server/live/live-events';
import { listeningWithin } from '@server/live/notification-bus';
import { rowsOf } from '@server/db/rows';
import { generateChargerPassword, hashChargerPassword } from './charger-password';
import { commandAnnouncements, commandAnnouncementsQuery, OCPP_COMMAND_CHANNEL, settledCommandsOf } from './central-system';
import { COMMAND_DEADLINE_MS, resolveIdTag, setChargerPasswordHash, TEST_ID_TAG_PREFIX, timeOutCommands } from './ocpp-store';
import { commandLiveEvent } from './ocpp-messages';
import { simulatableChargers } from './ocpp-runtime';

/** How long a waited command waits for the bus to listen for its answer before it goes out anyway, ms. */
const LISTEN_WAIT_MS = 2_000;

/** The charger types commands go to (the ones the console reaches over OCPP). */
const ocppChargerTypes = chargerTypes.filter(canTestOverOcpp);

/** The error of a command to a charger with no open socket (refused at once, nothing sent). */
const OFFLINE_ERROR = 'The charger is offline: nothing was sent. Try again when it reconnects.';

const idParam = z.coerce.number().int().positive();
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function chargerIdOf(raw: string | undefined): number {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw notFoundProblem('No charger has this id.');
  return parsed.data;
}

const commandColumns = sql`c.id, c.charger_id, c.batch_id, c.action, c.payload, c.status, c.response, c.error, c.requested_by, u.name as requested_by_name, c.created_at, c.sent_at, c.answered_at`;

function commandView(row: Record<string, unknown>): OcppCommandView {
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
    createdAt: iso(row.created_at)!,
    sentAt: iso(row.sent_at),
    answeredAt: iso(row.answered_at),
  };
}

async function commandsByIds(deps: ResolvedDeps, ids: string[]): Promise<OcppCommandView[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`select ${commandColumns} from ${ocppCommands} c left join ${users} u on u.id = c.requested_by
      where c.id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`),
  );
  const byId = new Map(rows.map((r) => [String(r.id), commandView(r)]));
  return ids.map((id) => byId.get(id)).filter((v): v is OcppCommandView => v !== undefined);
}

/** Options of sendCommands. */
export interface SendCommandsInput {
  chargerIds: readonly number[];
  command: OcppCommand;
  userId: string | null;
  /** Wait for every answer (at most COMMAND_DEADLINE_MS). */
  wait?: boolean;
}

/**
 * Writes one command record per charger and routes each to the process holding the charger's socket. A charger
 * that is not connected gets its record refused at once (`offline`); an unknown or non-OCPP charger answers 409.
 */
export async function sendCommands(deps: ResolvedDeps, input: SendCommandsInput): Promise<{ batchId: string; items: OcppCommandView[] }> {
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
        with wanted (charger_id, command_id) as (values ${sql.join(
          ids.map((id) => sql`(${id}::bigint, ${commandIdOf.get(id)!}::uuid)`),
          sql`, `,
        )}),
        found as (
          select w.command_id, c.id, c.unique_id, c.charger_type, p.connected_node
          from wanted w join ${chargers} c on c.id = w.charger_id left join ${ocppChargePoints} p on p.charger_id = c.id),
        fit as (
          select count(*) = ${ids.length} and coalesce(bool_and(charger_type in (${sql.join(ocppChargerTypes.map((t) => sql`${t}`), sql`, `)})), false) as ok from found),
        made as (
          insert into ${ocppCommands} (id, charger_id, batch_id, action, payload, status, error, requested_by, created_at, answered_at)
          select command_id, id, ${batchId}::uuid, ${input.command.action}, ${JSON.stringify(input.command.payload)}::jsonb,
            case when connected_node is null then 'offline' else 'queued' end,
            case when connected_node is null then ${OFFLINE_ERROR} end,
            ${input.userId}::uuid, ${at}::timestamptz, case when connected_node is null then ${at}::timestamptz end
          from found where (select ok from fit)
          returning id),
        batch as (select ${batchId}::uuid as id where (select ok from fit)),
        audit as (${auditInsertFrom('batch', entry, now, audited)})${
          notify
            ? sql`,
        announced as (${commandAnnouncementsQuery(
          sql`(select command_id, id as charger_id, connected_node as node from found where connected_node is not null and (select ok from fit)) queued`,
          notify,
        )})`
            : sql``
        }
        select command_id, id, unique_id, charger_type, connected_node, (select ok from fit) as written${notify ? sql`, (select count(sent) from announced) as announcements` : sql``}
        from found`),
    );
    const byId = new Map(found.map((r) => [Number(r.id), r]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length > 0) throw new HttpProblem({ type: 'about:blank', status: 404, title: 'Not Found', detail: `No charger has the id ${missing[0]}.` });
    const notOcpp = found.find((r) => !canTestOverOcpp(r.charger_type));
    if (notOcpp) {
      throw new HttpProblem({
        type: '/problems/not-an-ocpp-charger',
        status: 409,
        title: 'Conflict',
        detail: `${notOcpp.unique_id} is not an OCPP charger: commands to it need its own link, which the console does not have yet.`,
      });
    }
    // Every charger found and speaking OCPP means the statement wrote the records: a mismatch is a bug, not bad input.
    if (!found.every((r) => r.written)) throw new Error('The command records were not written although every charger was found');
    noteRecordChange({ ...entry, entityId: batchId });
    const rows = ids.map((id) => {
      const charger = byId.get(id)!;
      return { id: String(charger.command_id), chargerId: id, node: charger.connected_node };
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

/**
 * A RemoteStartTransaction staff send for a customer's idTag (their RFID card) is held to what the charger's
 * StartTransaction will be (resolveIdTag: the card, then the session start rule, server/bookings/session-start-rule.ts)
 * and refused (409, the same words, nothing sent) when it would be refused. A tag of no customer goes as it is.
 */
async function checkRemoteStart(deps: ResolvedDeps, chargerId: number, idTag: string): Promise<void> {
  const resolved = await resolveIdTag(deps.db, chargerId, idTag, deps.config.sessionStart.minWalletPaise);
  if (resolved.userId === null || resolved.status === 'Accepted') return;
  throw conflictProblem(`${resolved.reason.replace(/\.?$/, '.')} Nothing was sent.`, [{ path: 'command.payload.idTag', message: resolved.reason }]);
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
    await deps.db.execute(sql`select transaction_id, connector_id, id_tag, booking_id, started_at, meter_start_wh, last_energy_wh, last_power_w
      from ${ocppSessions} where charger_id = ${chargerId} and stopped_at is null order by started_at desc limit 10`),
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
    path: ocppPaths.command,
    access: { kind: 'permission', permission: 'ROLE_EXECUTE_COMMAND' },
    query: z.object({
      chargerId: z.coerce.number().int().positive().optional(),
      batchId: z.uuid().optional(),
      page: z.coerce.number().int().min(0).max(10_000).default(0),
      size: z.coerce.number().int().min(1).max(100).default(20),
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
        await deps.db.execute(sql`select ${commandColumns} from ${ocppCommands} c left join ${users} u on u.id = c.requested_by
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
      "Send one command to one or many OCPP chargers: a record per charger, routed to the server process holding its socket; a charger that is offline is refused at once. Answers 202 with the records (200 after their answers with `wait: true`). A RemoteStartTransaction with a customer's card is refused (409, nothing sent) when the card or the customer may not start a session (the session start rule: active, not locked, a prepaid wallet holding the minimum).",
    responses: {
      200: { description: 'Answered', schema: sendCommandAnswerSchema },
      202: { description: 'Queued', schema: sendCommandAnswerSchema },
      409: { description: 'Not an OCPP charger, or a remote start the customer may not have', schema: problemSchema },
    },
    handler: async ({ c, deps, body, session }) => {
      if (body.command.action === 'RemoteStartTransaction') await checkRemoteStart(deps, body.chargerIds[0]!, body.command.payload.idTag);
      const answer = await sendCommands(deps, { chargerIds: body.chargerIds, command: body.command, userId: session.userId, wait: body.wait });
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
      if (!live.isOnline) throw new HttpProblem({ type: '/problems/charger-offline', status: 409, title: 'Conflict', detail: `${live.uniqueId} is offline: nothing was sent.` });
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
    summary: 'Stop a session on an OCPP charger (RemoteStopTransaction); answers with the command once the charger has answered.',
    responses: { 200: { description: 'The command and its answer', schema: sendCommandAnswerSchema }, 409: { description: 'Offline', schema: problemSchema } },
    handler: async ({ c, deps, body, session }) => {
      const live = await chargerLive(deps, body.chargerId);
      if (!live.isOnline) throw new HttpProblem({ type: '/problems/charger-offline', status: 409, title: 'Conflict', detail: `${live.uniqueId} is offline: nothing was sent.` });
      const answer = await sendCommands(deps, { chargerIds: [body.chargerId], command: { action: 'RemoteStopTransaction', payload: { transactionId: body.transactionId } }, userId: session.userId, wait: true });
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
