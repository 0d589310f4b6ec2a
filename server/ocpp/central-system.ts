// The OCPP central system: chargers connect over WebSocket at /ocpp/{chargeBoxId} on the server's own port
// (routed from the HTTP server's `upgrade` event), with security profile 1 (basic auth, hashed password), strict
// schema validation of every call and answer (ocpp-rpc), a raw message log, rate limits, connectivity from the
// socket and heartbeats, and the commands staff send, which reach this process through the notification bus.
import type { IncomingMessage } from 'node:http';
import { hostname } from 'node:os';
import type { Duplex } from 'node:stream';
import { randomBytes } from 'node:crypto';
import ocpp from 'ocpp-rpc';
import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from '@server/app-deps';
import { logLine } from '@server/app-deps';
import type { Database } from '@server/db/database';
import type { NotificationBus } from '@server/live/notification-bus';
import { liveEventsOf, publishLive } from '@server/live/live-events';
import { giveWay } from '@server/http/request-gate';
import { nextCommandState, type OcppCommandState } from '@machines/ocpp-command.machine';
import { liveOcppKey, type LiveEvent } from '@domain/live-event';
import { localListActions } from '@domain/local-list';
import { ocppCommandActions } from '@domain/ocpp';
import { reservationCommandActions } from '@domain/reservations';
import { unstorableTextPaths } from '@domain/storable-text';
import { chargerLiveEvent, commandLiveEvent } from './ocpp-messages';
import { createBatchWriter } from '@server/db/batch-writer';
import { loggableError } from '@server/db/database-error';
import { envSchema } from '@server/config';
import { DEFAULT_SESSION_START_MIN_WALLET_PAISE } from '@server/bookings/session-start-rule';
import { MAX_ERROR_TEXT, MAX_MESSAGE_ID_LENGTH, OcppRefusal } from './ocpp-checks';
import type { HandlerBatches, HandlerContext, ProtocolVersion } from './message-handler';
import { protocolVersions, versionOfChargerType, versionOfProtocol } from './protocol-versions';
import { createMessageLog, pruneMessageLog, type LoggedMessage, type MessageLog } from './message-log';
import { verifyChargerPassword } from './charger-password';
import { findChargerByBoxId, type ChargerIdentity } from './charger-identity';
import { markConnected, markDisconnected, markNodeOffline, recordHeartbeats, releaseGoneHolders, type HeartbeatHeard, sweepStaleConnections, touchLastSeen } from './connectivity-store';
import { insertMeterRows, type MeterRow, type SessionMeter, updateSessionMeters } from './meter-store';
import { upsertPlainStatuses, type PlainStatus } from './fault-store';
import { writeBoots, type BootHeard } from './boot-store';
import { applyFirmwareStatuses, type FirmwareStatusHeard } from '@server/firmware/firmware-status';
import type { Moved } from '@server/firmware/firmware-store';
import { COMMAND_ANSWER_UNRECORDED, settleCommands, timeOutCommands, type CommandMove, type MovedCommand } from './command-store';
import { createOcppMetrics } from './ocpp-metrics';

const { RPCServer, createRPCError, TimeoutError } = ocpp as unknown as {
  RPCServer: new (options: Record<string, unknown>) => RpcServer;
  createRPCError: (code: string, message?: string) => Error;
  /** A call the charger did not answer in time (its `name` is Error's: tell it by its class). */
  TimeoutError: abstract new (...args: never[]) => Error;
};

/** The parts of ocpp-rpc's RPCServer used here (its types are loose). */
interface RpcServer {
  auth(cb: (accept: (session?: unknown, protocol?: string) => void, reject: (code?: number, message?: string) => void, handshake: Handshake) => void | Promise<void>): void;
  handleUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => Promise<void>;
  on(event: 'client', cb: (client: RpcClient) => void): void;
  on(event: 'error', cb: (error: Error) => void): void;
  close(options?: { code?: number; reason?: string; force?: boolean }): Promise<void>;
}
interface Handshake {
  identity: string;
  endpoint: string;
  password?: Buffer;
  remoteAddress?: string;
}
/** A connected charger's socket (ocpp-rpc RPCServerClient). */
export interface RpcClient {
  identity: string;
  session: { charger: ChargerIdentity; protocol: string };
  state: number;
  handle(method: string, handler: (call: { params: unknown; messageId: string }) => unknown): void;
  call(method: string, params?: unknown, options?: { callTimeoutMs?: number }): Promise<unknown>;
  close(options?: { code?: number; reason?: string; force?: boolean; awaitPending?: boolean }): Promise<unknown>;
  sendRaw(message: string): void;
  on(event: string, cb: (event: never) => void): void;
  once(event: string, cb: (event: never) => void): void;
}

/** Bus channel of commands to route to the process holding the charger's socket. */
export const OCPP_COMMAND_CHANNEL = 'ocpp_commands';
/** What a settled command's live event carries (topic OCPP_COMMAND_TOPIC). */
export interface CommandSettled {
  commandId: string;
  chargerId: number;
  status: OcppCommandState;
}
/** Topic of the live event of a command that was answered, refused, failed or timed out. */
export const OCPP_COMMAND_TOPIC = 'ocpp-command';

/** The live event of a settled command: the consoles refresh it, and the request that sent it may be waiting for it. */
export function commandSettledEvent(settled: CommandSettled): LiveEvent {
  return { keys: [liveOcppKey(settled.chargerId), ['ocpp-commands']], permission: 'ROLE_EXECUTE_COMMAND', topic: OCPP_COMMAND_TOPIC, data: { ...settled } };
}

/** The settled commands a notification on the live channel carries (none when it carries other events). */
export function settledCommandsOf(payload: unknown): CommandSettled[] {
  return liveEventsOf(payload).flatMap((event) => {
    const e = event as { topic?: unknown; data?: { commandId?: unknown; chargerId?: unknown; status?: unknown } } | null;
    if (e?.topic !== OCPP_COMMAND_TOPIC || typeof e.data?.commandId !== 'string' || typeof e.data.status !== 'string') return [];
    return [{ commandId: e.data.commandId, chargerId: Number(e.data.chargerId), status: e.data.status as OcppCommandState }];
  });
}

/** A command to announce to the process (`node`) holding its charger's socket. */
export interface CommandToAnnounce {
  commandId: string;
  chargerId: number;
  node: string;
}
/** Commands in one announcement at most: ~60 bytes each, well under NOTIFY's payload limit. */
const COMMANDS_PER_ANNOUNCEMENT = 80;

/** The announcements of a batch of commands: one per process holding some of their chargers (split past the limit). */
export function commandAnnouncements(commands: readonly CommandToAnnounce[]): { node: string; commands: { commandId: string; chargerId: number }[] }[] {
  const byNode = new Map<string, { commandId: string; chargerId: number }[]>();
  for (const { node, commandId, chargerId } of commands) {
    const list = byNode.get(node) ?? [];
    list.push({ commandId, chargerId });
    byNode.set(node, list);
  }
  const out: { node: string; commands: { commandId: string; chargerId: number }[] }[] = [];
  for (const [node, list] of byNode) {
    for (let i = 0; i < list.length; i += COMMANDS_PER_ANNOUNCEMENT) out.push({ node, commands: list.slice(i, i + COMMANDS_PER_ANNOUNCEMENT) });
  }
  return out;
}

/**
 * commandAnnouncements as a query for a statement of the sender's (PostgreSQL): from `source`, a relation of the
 * statement with the columns command_id, charger_id and node, one notification per node and COMMANDS_PER_ANNOUNCEMENT
 * commands, each sent by `notify` (the bus's notifyJsonExpression) when the statement commits. Its rows' `sent` is
 * true; a statement that selects from it (count(sent), say) makes PostgreSQL evaluate it.
 */
export function commandAnnouncementsQuery(source: SQL, notify: (channel: string, json: SQL) => SQL): SQL {
  const payload = sql`json_build_object('node', node, 'commands', json_agg(json_build_object('commandId', command_id, 'chargerId', charger_id) order by n))`;
  return sql`select ${notify(OCPP_COMMAND_CHANNEL, payload)} is not null as sent
    from (select command_id, charger_id, node, row_number() over (partition by node order by command_id) - 1 as n from ${source}) c
    group by node, n / ${COMMANDS_PER_ANNOUNCEMENT}`;
}

/** The commands an announcement gives this process (`node`); anything malformed is left out. */
function announcedTo(node: string, payload: unknown): { commandId: string; chargerId: number }[] {
  const p = payload as { node?: unknown; commands?: unknown } | null;
  if (!p || p.node !== node || !Array.isArray(p.commands)) return [];
  return (p.commands as { commandId?: unknown; chargerId?: unknown }[]).filter(
    (c): c is { commandId: string; chargerId: number } => typeof c?.commandId === 'string' && typeof c.chargerId === 'number',
  );
}

/** Options of the central system (defaults in brackets). */
export interface CentralSystemOptions {
  db: Database;
  /**
   * Database of the commands' records, which staff wait on [db]: on PostgreSQL the console's own connections, so a
   * command's two updates never queue behind the batches of charger messages on the chargers' connections.
   */
  commandDb?: Database;
  bus: NotificationBus;
  logger: Logger;
  /** Clock of stored times [new Date()]. */
  now?: () => Date;
  /** Heartbeat interval given to chargers at boot, seconds [300]. */
  heartbeatIntervalSeconds?: number;
  /** How long past its heartbeat interval a silent charger stays online, seconds [120]. */
  graceSeconds?: number;
  /** How long a command waits for the charger's answer, ms [30,000]. */
  callTimeoutMs?: number;
  /** Messages a charger may send per second on average [10], and in a burst [60]; past that it is disconnected. */
  ratePerSecond?: number;
  rateBurst?: number;
  /** Days the raw message log is kept [14]. */
  logRetentionDays?: number;
  /** How often the central system pings each charger's socket, ms [30,000]. */
  pingIntervalMs?: number;
  /** How often "last seen" is written for the chargers heard from meanwhile, ms [10,000]. */
  lastSeenEveryMs?: number;
  /**
   * How often silent chargers are disconnected, chargers of a dead process marked offline, and commands past their
   * deadline marked timed out, ms [30,000].
   */
  watchEveryMs?: number;
  /** Id of this process among the servers on one database [host:pid:random]. */
  nodeId?: string;
  /** Largest frame a charger may send, bytes; a larger one closes its socket (1009) unread [OCPP_MAX_FRAME_BYTES's default, 64 KiB]. */
  maxFrameBytes?: number;
  /** Wallet balance a prepaid customer needs to start a session, paise [SESSION_START_MIN_WALLET_PAISE's default, ₹50]. */
  sessionStartMinWalletPaise?: number;
  /** Its metrics include the process's own (memory, CPU, event loop), as ocpp_process_… [false: it shares a process]. */
  processMetrics?: boolean;
}

/** OCPP_MAX_FRAME_BYTES's default (a central system made without a configuration: tests). */
const DEFAULT_MAX_FRAME_BYTES: number = envSchema.shape.OCPP_MAX_FRAME_BYTES.parse(undefined);

/** A running central system. */
export interface CentralSystem {
  nodeId: string;
  /** Handles an HTTP upgrade to /ocpp/{chargeBoxId}. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Chargers connected to this process. */
  connectedCount(): number;
  stats(): { connected: number; stored: number; lost: number; pending: number; inbound: number; rateLimited: number; oversized: number };
  /** Its metrics in the Prometheus text format (server/ocpp/ocpp-metrics.ts). */
  metrics(): Promise<string>;
  /** Writes pending log rows now (tests, benchmarks). */
  flushLog(): Promise<void>;
  close(): Promise<void>;
}

/** The property of a charger's socket that holds its link. */
const LINK = Symbol('link');

interface Link {
  client: RpcClient;
  charger: ChargerIdentity;
  /** Settles once the charger is marked connected to this process (or that write failed and was logged). */
  connected: Promise<void>;
  lastInbound: number;
  tokens: number;
  tokensAt: number;
  interval: number;
  actions: Map<string, string>;
  /** Its calls' message-log rows being written, by message id: a call is answered once its row is stored. */
  logged: Map<string, Promise<void>>;
  /** The protocol version the charger speaks. */
  version: ProtocolVersion;
}

/** A charger's CALLERROR details as kept in the message log: small ones as they are, else their size. */
function keptDetails(details: unknown): unknown {
  const text = JSON.stringify(details ?? null) ?? 'null';
  return text.length <= MAX_ERROR_TEXT ? (details ?? null) : { truncated: true, characters: text.length };
}

/**
 * Whether the process of a node id (`host:pid:random`, the default) is gone: a process of this host whose pid no longer
 * runs. Another host's process, this process itself, or a node id of another shape cannot be told from here: the
 * watch's sweep takes their chargers offline once they are silent past their heartbeat interval.
 */
function nodeIsGone(node: string, own: string): boolean {
  const [host, pidText] = node.split(':');
  const pid = Number(pidText);
  if (node === own || host !== hostname() || !Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Creates the central system (it listens to no port: pass upgrades to handleUpgrade). */
export function createCentralSystem(options: CentralSystemOptions): CentralSystem {
  const { db, bus, logger } = options;
  const commandDb = options.commandDb ?? db;
  const now = options.now ?? (() => new Date());
  const nodeId = options.nodeId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const interval = options.heartbeatIntervalSeconds ?? 300;
  const grace = options.graceSeconds ?? 120;
  const callTimeoutMs = options.callTimeoutMs ?? 30_000;
  const ratePerSecond = options.ratePerSecond ?? 10;
  const rateBurst = options.rateBurst ?? 60;
  const retentionDays = options.logRetentionDays ?? 14;
  const links = new Map<number, Link>();
  // Chargers heard from since "last seen" was last written: written for all of them at once every few seconds
  // (10,000 chargers would otherwise be a statement each every time they are heard from).
  let heard = new Set<number>();
  const writeLastSeen = () => {
    if (heard.size === 0) return Promise.resolve();
    const ids = [...heard];
    heard = new Set();
    return touchLastSeen(db, ids, now()).catch((e: unknown) => fail('ocpp-touch-failed', e));
  };
  let inbound = 0;
  let rateLimited = 0;
  let oversized = 0;
  // A database error is logged by its SQLSTATE and names (never drizzle's "Failed query: …" text, which holds the
  // statement and its values); any other error by its name, message (cut short) and stack frames.
  const fail = (event: string, error: unknown, fields: Record<string, unknown> = {}) => {
    const facts = loggableError(error);
    if (typeof facts.message === 'string') facts.message = facts.message.slice(0, MAX_ERROR_TEXT);
    logger.warn(logLine(event, { ...fields, ...facts }));
  };
  // Read at each scrape of the metrics: the writers are made below.
  const backlog: Record<string, { stats(): { pending: number } }> = {};
  const metrics = createOcppMetrics({
    connected: () => links.size,
    backlog: () => Object.fromEntries(Object.entries(backlog).map(([name, w]) => [name, w.stats().pending])),
    knownActions: new Set([...protocolVersions.flatMap((v) => Object.keys(v.handlers)), ...ocppCommandActions, ...localListActions, ...reservationCommandActions]),
    processDefaults: options.processMetrics ?? false,
  });
  const log: MessageLog = createMessageLog(db, (error) => fail('ocpp-log-write-failed', error), 250, (rows, seconds) => metrics.batchWritten('message-log', rows, seconds));
  backlog['message-log'] = log;
  const live = (event: Parameters<typeof publishLive>[1], immediate = false) => publishLive(bus, event, { immediate, onError: (e) => fail('live-publish-failed', e) });

  const maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  const minWalletPaise = options.sessionStartMinWalletPaise ?? DEFAULT_SESSION_START_MIN_WALLET_PAISE;
  const server = new RPCServer({
    // Every version's subprotocol, each call and answer checked against that version's schemas.
    protocols: protocolVersions.map((v) => v.protocol),
    strictMode: protocolVersions.map((v) => v.protocol),
    strictModeValidators: protocolVersions.flatMap((v) => (v.strictValidator ? [v.strictValidator] : [])),
    callTimeoutMs,
    pingIntervalMs: options.pingIntervalMs ?? 30_000,
    maxBadMessages: 20,
    // ws reads a frame's length before its payload: a frame past the limit closes the socket (1009) unread, instead
    // of being buffered whole (ws's own default is 100 MiB per frame).
    wssOptions: { maxPayload: maxFrameBytes },
  });

  server.auth(async (accept, reject, handshake) => {
    // Unknown identity, not an OCPP charger, no password set or a wrong one: all refused alike (no enumeration).
    try {
      if (!/\/ocpp$/.test(handshake.endpoint)) return reject(404, 'Not found');
      const charger = await findChargerByBoxId(db, handshake.identity);
      const version = charger ? versionOfChargerType(charger.chargerType) : undefined;
      if (!charger || !version || !charger.passwordHash || !handshake.password) return reject(401, 'Unauthorized');
      if (!(await verifyChargerPassword(handshake.password, charger.passwordHash))) return reject(401, 'Unauthorized');
      // Spoken to in its type's version (the one it offered or not: chargers that offer none are still answered).
      accept({ charger, protocol: version.protocol }, version.protocol);
    } catch (error) {
      fail('ocpp-auth-failed', error, { identity: handshake.identity.slice(0, 60) });
      reject(503, 'Try again later');
    }
  });

  /** Waits for a call's message-log row (a failed write fails the answer: the charger sends the call again). */
  const loggedCall = async (link: Link, messageId: string) => {
    const written = link.logged.get(messageId);
    link.logged.delete(messageId);
    await written;
  };
  const logFrame = (link: Link, m: Omit<LoggedMessage, 'chargerId' | 'createdAt'>) => {
    metrics.frame(m.direction, m.messageType, m.action);
    const written = log.add({ ...m, chargerId: link.charger.id, createdAt: now() });
    if (m.direction === 'IN' && m.messageType === 'CALL' && m.messageId !== null) {
      link.logged.set(m.messageId, written);
      if (link.logged.size > 200) link.logged.delete(link.logged.keys().next().value as string);
    }
  };
  // Rows written a batch at a time, each batch waiting (at most 100 ms) for the console's requests in flight.
  const batched = <T, R = void>(what: string, intervalMs: number, maxRows: number, write: (rows: T[]) => Promise<R[] | void>) => {
    const writer = createBatchWriter<T, R>({
      intervalMs,
      maxRows,
      beforeWrite: () => giveWay(100),
      write,
      onError: (error) => fail(`ocpp-${what}-write-failed`, error),
      onWritten: (rows, seconds) => metrics.batchWritten(what, rows, seconds),
    });
    backlog[what] = writer;
    return writer;
  };
  // Meter values of every charger are inserted together (10,000 chargers each sending a minute are 170 a second); a
  // MeterValues is answered once its samples are stored.
  const meters = batched<MeterRow>('meter', 100, 200, (rows) => insertMeterRows(db, rows));
  const storeMeters = (rows: MeterRow[]) => Promise.all(rows.map((r) => meters.add(r)));
  // Likewise the open sessions' live energy and power, and the chargers' last heartbeats (10,000 chargers send 33
  // a second): a statement each every few hundred ms instead of one per message; each is answered once written.
  const sessionMeters = batched<SessionMeter>('session-meter', 100, 500, (rows) => updateSessionMeters(db, rows));
  const updateSession = (meter: SessionMeter) => sessionMeters.add(meter);
  const heartbeats = batched<HeartbeatHeard>('heartbeat', 250, 1_000, (rows) => recordHeartbeats(db, rows));
  // And connector statuses that are not Faulted (a statement each was a tenth of all statements under 10,000
  // chargers); each is answered once written, or refused because the connector is Faulted (then the recovery's own
  // transaction runs).
  const plainStatuses = batched<PlainStatus, boolean>('status', 100, 500, (rows) => upsertPlainStatuses(db, rows));
  // And FirmwareStatusNotifications: a campaign's wave of thousands of chargers reports four statuses each in minutes.
  const firmwareStatuses = batched<FirmwareStatusHeard, Moved | null>('firmware-status', 100, 500, (rows) => applyFirmwareStatuses(db, rows));
  // And accepted boots: a campaign's last wave reboots thousands of chargers within a minute.
  const boots = batched<BootHeard, boolean>('boot', 100, 500, (rows) => writeBoots(db, rows));
  const batches: HandlerBatches = {
    boot: (boot) => boots.add(boot),
    heartbeat: (beat) => heartbeats.add(beat),
    plainStatus: (row) => plainStatuses.add(row),
    meters: storeMeters,
    sessionMeter: updateSession,
    firmwareStatus: (heard) => firmwareStatuses.add(heard),
  };

  // A charger is online only while a process holds its socket: at start, the chargers of a process that is gone, and
  // OCPP chargers stored online that no process holds, go offline (they show online again when they connect). A
  // connection waits for this, so it is never undone by it.
  const released = releaseGoneHolders(db, protocolVersions.map((v) => v.chargerType), (node) => nodeIsGone(node, nodeId), now())
    .then((ids) => ids.forEach((cid) => live(chargerLiveEvent(cid, { connectivity: true }))))
    .catch((e: unknown) => fail('ocpp-release-failed', e));

  // A charger's connectivity writes in this process run in the order its sockets opened and closed: a socket that
  // closes and a new one that opens at once (a quick reconnect) are two statements that could otherwise land in the
  // other order on two pooled connections, leaving a connected charger stored offline.
  const connectivityWrites = new Map<number, Promise<void>>();
  const inOrder = (chargerId: number, write: () => Promise<void>): Promise<void> => {
    const next = (connectivityWrites.get(chargerId) ?? released).then(write);
    connectivityWrites.set(chargerId, next);
    void next.finally(() => {
      if (connectivityWrites.get(chargerId) === next) connectivityWrites.delete(chargerId);
    });
    return next;
  };

  // What is done for every charger is made once here and shared: the listeners below find their charger's link on the
  // socket they are called on (an EventEmitter calls a listener with `this` set to it), and one function per socket
  // answers every message of its version. Closures made per socket would be a few dozen more objects per charger.
  const linkOf = (client: RpcClient): Link => (client as unknown as { [LINK]: Link })[LINK];
  // Outgoing frames as the charger's version wants them (error codes and sizes of its CALLERROR).
  let librarySendRaw: RpcClient['sendRaw'] | undefined;
  function sendRaw(this: RpcClient, message: string) {
    librarySendRaw!.call(this, typeof message === 'string' ? linkOf(this).version.errorFrame(message) : message);
  }
  function onMessage(this: RpcClient, event: { outbound: boolean }) {
    if (event.outbound) return;
    const link = linkOf(this);
    inbound += 1;
    const t = Date.now();
    link.lastInbound = t;
    link.tokens = Math.min(rateBurst, link.tokens + ((t - link.tokensAt) / 1000) * ratePerSecond);
    link.tokensAt = t;
    link.tokens -= 1;
    if (link.tokens < 0) {
      rateLimited += 1;
      logger.warn(logLine('ocpp-rate-limited', { chargerId: link.charger.id }));
      link.tokens = rateBurst; // one warning per episode
      void this.close({ code: 1008, reason: 'Too many messages', force: true }).catch(() => {});
    }
    heard.add(link.charger.id);
  }
  // The charger answered our WebSocket ping: it is alive, though it may send no OCPP message for a whole heartbeat
  // interval. "Last seen" moves on as for a message, so no process's sweep takes it offline while its socket answers.
  function onPing(this: RpcClient) {
    const link = linkOf(this);
    link.lastInbound = Date.now();
    heard.add(link.charger.id);
  }
  function onCall(this: RpcClient, event: { outbound: boolean; payload: unknown[] }) {
    const link = linkOf(this);
    const [, messageId, action, params] = event.payload as [number, string, string, unknown];
    link.actions.set(messageId, action);
    if (link.actions.size > 200) link.actions.delete(link.actions.keys().next().value as string);
    logFrame(link, { direction: event.outbound ? 'OUT' : 'IN', messageType: 'CALL', messageId, action, payload: params ?? null, errorCode: null });
  }
  function onResponse(this: RpcClient, event: { outbound: boolean; payload: unknown[] }) {
    const link = linkOf(this);
    const [type, messageId] = event.payload as [number, string];
    const action = link.actions.get(messageId) ?? null;
    link.actions.delete(messageId);
    if (type === 3) {
      logFrame(link, { direction: event.outbound ? 'OUT' : 'IN', messageType: 'RESULT', messageId, action, payload: event.payload[2] ?? null, errorCode: null });
      return;
    }
    // An error is kept as short as it is sent (the version's errorFrame): ours without the details ocpp-rpc fills with the call.
    const sent = event.outbound ? (JSON.parse(link.version.errorFrame(JSON.stringify(event.payload))) as unknown[]) : event.payload;
    logFrame(link, {
      direction: event.outbound ? 'OUT' : 'IN',
      messageType: 'ERROR',
      messageId: String(messageId).slice(0, MAX_MESSAGE_ID_LENGTH),
      action,
      payload: { description: String(sent[3] ?? '').slice(0, MAX_ERROR_TEXT), details: keptDetails(sent[4]) },
      errorCode: String(sent[2]).slice(0, 60),
    });
  }
  function onBadMessage(this: RpcClient, event: { buffer: Buffer; error: Error; response: unknown[] | null }) {
    const link = linkOf(this);
    // The start of the frame only (a frame may be up to maxFrameBytes).
    const text = event.buffer.subarray(0, MAX_ERROR_TEXT * 4).toString('utf8').slice(0, MAX_ERROR_TEXT);
    const code = event.response ? link.version.errorFrame(JSON.stringify(event.response)) : null;
    logFrame(link, {
      direction: 'IN',
      messageType: 'BAD',
      messageId: null,
      action: null,
      payload: { frame: text, bytes: event.buffer.length, error: event.error.message.slice(0, MAX_ERROR_TEXT) },
      errorCode: code ? String((JSON.parse(code) as unknown[])[2]) : null,
    });
  }
  // A frame past maxFrameBytes: ws closed the socket (1009) without reading it.
  function onSocketError(this: RpcClient, error: { code?: string }) {
    if (error.code !== 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') return;
    const link = linkOf(this);
    oversized += 1;
    logger.warn(logLine('ocpp-frame-too-large', { chargerId: link.charger.id, maxFrameBytes }));
    logFrame(link, { direction: 'IN', messageType: 'BAD', messageId: null, action: null, payload: { error: `A frame over ${maxFrameBytes} bytes: the connection was closed (1009) without reading it.` }, errorCode: null });
  }
  function onStrictValidationFailure(this: RpcClient, event: { method: string; outbound: boolean; isCall: boolean; error: Error }) {
    logger.warn(logLine('ocpp-schema-violation', { chargerId: linkOf(this).charger.id, method: event.method, outbound: event.outbound, isCall: event.isCall, error: event.error.message.slice(0, 200) }));
  }
  function onClose(this: RpcClient) {
    const link = linkOf(this);
    const { charger } = link;
    // A socket replaced by the charger's newer one in this process: the newer one holds the charger.
    if (links.get(charger.id) !== link) return;
    links.delete(charger.id);
    void inOrder(charger.id, () =>
      markDisconnected(db, charger.id, nodeId, now())
        .then(() => live(chargerLiveEvent(charger.id, { connectivity: true })))
        .catch((e: unknown) => fail('ocpp-disconnect-write-failed', e, { chargerId: charger.id })),
    );
  }
  const liveFromHandler = (event: LiveEvent | readonly LiveEvent[]) => live(event);

  server.on('client', (client) => {
    const charger = client.session.charger;
    const version = versionOfProtocol(client.session.protocol)!;
    const previous = links.get(charger.id);
    if (previous) void previous.client.close({ code: 4001, reason: 'Replaced by a newer connection' }).catch(() => {});
    const connected = inOrder(charger.id, () =>
      markConnected(db, charger.id, nodeId, now())
        .then(() => live(chargerLiveEvent(charger.id, { connectivity: true })))
        .catch((e: unknown) => fail('ocpp-connect-write-failed', e, { chargerId: charger.id })),
    );
    const link: Link = { client, charger, connected, lastInbound: Date.now(), tokens: rateBurst, tokensAt: Date.now(), interval, actions: new Map(), logged: new Map(), version };
    links.set(charger.id, link);
    (client as unknown as { [LINK]: Link })[LINK] = link;
    librarySendRaw ??= client.sendRaw;
    client.sendRaw = sendRaw;

    client.on('message', onMessage as (event: never) => void);
    client.on('ping', onPing as (event: never) => void);
    client.on('call', onCall as (event: never) => void);
    client.on('response', onResponse as (event: never) => void);
    client.on('badMessage', onBadMessage as (event: never) => void);
    client.on('socketError', onSocketError as (event: never) => void);
    client.on('strictValidationFailure', onStrictValidationFailure as (event: never) => void);
    client.once('close', onClose as (event: never) => void);

    registerHandlers(link);
  });

  // Each message of the charger's version goes to its handler, with a context of what handlers may use: one function
  // per socket answers them all (ocpp-rpc names the message in the call).
  function registerHandlers(link: Link): void {
    const { charger } = link;
    const id = charger.id;
    const context: HandlerContext = {
      charger,
      db,
      now,
      connected: link.connected,
      batches,
      live: liveFromHandler,
      heartbeatIntervalSeconds: interval,
      sessionStartMinWalletPaise: minWalletPaise,
    };
    const handlers = link.version.handlers;
    // What chargers send waits (at most 100 ms) while the console's requests are being answered: on PGlite every
    // statement runs one after another in this process, and a charger does not mind an answer 100 ms later.
    const answer = async (call: { method: string; params: unknown; messageId: string }) => {
      if (call.messageId.length > MAX_MESSAGE_ID_LENGTH) throw createRPCError('FormationViolation', `The message id is longer than ${MAX_MESSAGE_ID_LENGTH} characters.`);
      // Text no column can hold (NUL, a broken surrogate) would fail the statement that writes it.
      const [unstorable] = unstorableTextPaths(call.params, 1);
      if (unstorable) throw createRPCError('PropertyConstraintViolation', `${unstorable.path.slice(0, 60) || 'A value'} holds a NUL or broken character.`);
      const received = performance.now();
      await giveWay(100);
      try {
        const result = await handlers[call.method]!(call.params, context);
        // Answered once the call's row is in the message log (written in batches): whatever happens to this process
        // next (a kill -9), a call the charger was answered for is never missing from the log.
        await loggedCall(link, call.messageId);
        return result;
      } catch (error) {
        // A value the charger cannot mean: its own CALLERROR, nothing stored.
        if (error instanceof OcppRefusal) throw createRPCError(error.code, error.message.slice(0, MAX_ERROR_TEXT));
        // Logged here; the charger gets an InternalError that says nothing of our database or code.
        fail('ocpp-handler-failed', error, { chargerId: id, method: call.method });
        throw createRPCError('InternalError', 'The central system could not handle this message. Send it again.');
      } finally {
        metrics.callAnswered(call.method, (performance.now() - received) / 1000);
      }
    };
    for (const method of Object.keys(handlers)) link.client.handle(method, answer as (call: { params: unknown; messageId: string }) => unknown);
  }

  // Commands: the sender wrote a queued record and announced it; the process holding the socket sends it.
  // Settling moves a record from one state to the next only if it is still in the first (so a command is sent at
  // most once), and answers the record's action and payload: undefined when it was not in that state. The moves of
  // every command in this process are gathered for a few milliseconds and written by one statement a batch
  // (command-store.ts settleCommands): 10,000 chargers answering a command are a few dozen commits, not 20,000.
  // A settled command's event is the one notification of its answer (the consoles refresh the command, and the
  // request waiting for it, in whichever process, learns it is settled: command-service.ts sendCommands). On
  // PostgreSQL the statement that settles a batch sends them, as few notifications as fit NOTIFY's payload, at its
  // commit; in process they are published after it.
  const settles = createBatchWriter<CommandMove & { chargerId: number }, MovedCommand | undefined>({
    intervalMs: 10,
    maxRows: 500,
    write: async (moves) => {
      const { results, published } = await settleCommands(commandDb, moves, bus.notifyJsonExpression);
      const settledEvents: LiveEvent[] = [];
      moves.forEach((move, i) => {
        if (!results[i]) return;
        if (move.event) settledEvents.push(move.event);
        else live(commandLiveEvent(move.chargerId));
      });
      if (!published && settledEvents.length > 0) live(settledEvents, true);
      return results;
    },
    onError: (error) => fail('ocpp-command-write-failed', error),
    onWritten: (rows, seconds) => metrics.batchWritten('command', rows, seconds),
  });
  backlog.command = settles;
  const settle = (commandId: string, chargerId: number, from: OcppCommandState, event: 'SEND' | 'ACCEPTED' | 'REJECTED' | 'FAIL' | 'TIME_OUT', fields: { response?: unknown; error?: string }) => {
    const to = nextCommandState(from, event);
    if (!to) return Promise.resolve(undefined);
    // Once settled (any state but sent) the move carries its event.
    const settledEvent = to === 'sent' ? undefined : commandSettledEvent({ commandId, chargerId, status: to });
    return settles.add({ commandId, chargerId, from, to, at: now(), response: fields.response, error: fields.error, event: settledEvent });
  };

  // The record is read by the statement that marks it sent (one round trip on the command's way, not two).
  const execute = async (commandId: string, chargerId: number) => {
    const link = links.get(chargerId);
    if (!link || link.client.state !== 1) {
      await settle(commandId, chargerId, 'queued', 'FAIL', { error: 'The charger disconnected before the command was sent.' });
      return;
    }
    const command = await settle(commandId, chargerId, 'queued', 'SEND', {});
    if (!command) return;
    const sent = performance.now();
    const answered = (result: string) => metrics.commandAnswered(command.action, result, (performance.now() - sent) / 1000);
    let result: unknown;
    try {
      result = await link.client.call(command.action, command.payload, { callTimeoutMs });
    } catch (error) {
      // The charger's own words (its CALLERROR) or the socket's: nothing of our database.
      const err = error as { rpcErrorCode?: string; message?: string };
      const timedOut = error instanceof TimeoutError;
      answered(timedOut ? 'timedOut' : 'failed');
      if (timedOut) await settle(commandId, chargerId, 'sent', 'TIME_OUT', { error: `The charger did not answer within ${Math.round(callTimeoutMs / 1000)} s.` });
      else await settle(commandId, chargerId, 'sent', 'FAIL', { error: `${err.rpcErrorCode ?? 'Error'}: ${(err.message ?? '').slice(0, 300)}` });
      return;
    }
    const accepted = link.version.answerAccepts(command.action, result);
    answered(accepted ? 'accepted' : 'rejected');
    try {
      await settle(commandId, chargerId, 'sent', accepted ? 'ACCEPTED' : 'REJECTED', { response: result });
    } catch (error) {
      // The answer could not be written (text no column can hold, a lost connection): the command fails in words of
      // our own. The database's message stays out of the record, as it holds the statement and its values; the log
      // says what failed (loggableError: its code and statement, never its values).
      fail('ocpp-command-answer-write-failed', error, { commandId, chargerId, action: command.action });
      await settle(commandId, chargerId, 'sent', 'FAIL', { error: COMMAND_ANSWER_UNRECORDED });
    }
  };

  const stopCommands = bus.subscribe(OCPP_COMMAND_CHANNEL, (payload) => {
    for (const { commandId, chargerId } of announcedTo(nodeId, payload)) {
      void execute(commandId, chargerId).catch((e: unknown) => fail('ocpp-command-failed', e, { commandId }));
    }
  });

  // Connectivity: a charger silent past its interval plus the grace is disconnected (pongs count: the socket is
  // alive); chargers of a process that died are swept by whichever process runs this.
  const watch = setInterval(() => {
    const limit = (interval + grace) * 1000;
    for (const link of links.values()) {
      if (Date.now() - link.lastInbound > limit) void link.client.close({ code: 4000, reason: 'Heartbeat timeout', force: true }).catch(() => {});
    }
    void sweepStaleConnections(db, now(), grace + 60)
      .then((ids) => ids.forEach((cid) => live(chargerLiveEvent(cid, { connectivity: true }))))
      .catch((e: unknown) => fail('ocpp-sweep-failed', e));
    // Commands past their deadline whose request's process died before it could mark them (command-service.ts).
    void timeOutCommands(commandDb, now())
      .then((ids) => ids.forEach((cid) => live(commandLiveEvent(cid))))
      .catch((e: unknown) => fail('ocpp-command-sweep-failed', e));
  }, options.watchEveryMs ?? 30_000);
  watch.unref();
  const lastSeen = setInterval(() => void writeLastSeen(), options.lastSeenEveryMs ?? 10_000);
  lastSeen.unref();
  const prune = setInterval(() => void pruneMessageLog(db, now(), retentionDays).catch((e: unknown) => fail('ocpp-prune-failed', e)), 3_600_000);
  prune.unref();
  server.on('error', (error) => fail('ocpp-server-error', error));

  return {
    nodeId,
    handleUpgrade(request, socket, head) {
      void server.handleUpgrade(request, socket, head);
    },
    connectedCount: () => links.size,
    stats: () => ({ connected: links.size, ...log.stats(), inbound, rateLimited, oversized }),
    metrics: () => metrics.render(),
    flushLog: () => log.flush(),
    async close() {
      clearInterval(watch);
      clearInterval(prune);
      clearInterval(lastSeen);
      await writeLastSeen();
      stopCommands();
      await server.close({ code: 1001, reason: 'Server shutting down', force: true }).catch(() => {});
      await meters.close();
      await sessionMeters.close();
      await heartbeats.close();
      await plainStatuses.close();
      await settles.close();
      await log.close();
      await markNodeOffline(db, nodeId, now()).catch((e: unknown) => fail('ocpp-offline-write-failed', e));
    },
  };
}
