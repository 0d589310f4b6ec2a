// The OCPP 1.6-J conformance harness: a charge point scripted frame by frame over a real WebSocket (`ws`, raw
// OCPP-J frames, none of the simulator's logic) against the real server (the app on a real HTTP port with its central
// system on the same port), once per database driver: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set.
// `npm run test:ocpp-conformance` runs the files of this folder in a few workers, each sharing one server per driver.
//
// API (a test file per feature profile, each case named `<PROFILE>-<nn> <what the central system does>`):
//
//   describe.each(conformanceDrivers)('Core profile on %s', (driver) => {
//     const cs = useConformanceServer(driver);       // registers beforeAll/afterAll; one server per driver per run
//     it('CORE-01 BootNotification accepted', async () => {
//       const charger = await cs.charger();           // a new OCPP charger of its own: { id, box, password, … }
//       const cp = await cs.connect(charger);         // Basic auth with its password, subprotocol ocpp1.6
//       const answer = await cp.call('BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' });
//       expect(answer).toMatchObject({ type: 'result', payload: { status: 'Accepted' } });
//     });
//   });
//
// The server (ConformanceServer, from useConformanceServer(driver); use it inside tests and hooks):
//   charger({ connectors?, active? })   a new active OCPP 1.6 charger (a copy of a seeded one, its own unique id and
//                                       charge box id) with a random password set through the real API
//                                       (POST …/ocpp-password as staff); `connectors` sockets (default 2)
//   connect(charger, { password?, protocols? })  an open ChargePoint; rejects with ConnectRefused (its HTTP status)
//   connectRefused(box, password)       the HTTP status a refused handshake got (throws when it was accepted)
//   bootedCharger(options?)             charger() + connect() + BootNotification Accepted: { charger, cp }
//   command(chargerId, action, payload) sends a console command through POST /ccu/charger-command (wait: true) as a
//                                       signed-in staff member with ROLE_EXECUTE_COMMAND; resolves with its record
//                                       ({ status: 'accepted' | 'rejected' | 'failed' | 'timedOut' | 'offline', … })
//                                       once the charger answered, errored or the command timed out
//                                       (COMMAND_TIMEOUT_SECONDS here); start it, then `await cp.expectCall(…)`
//   api(method, path, body?)            any API call over HTTP as that staff member: { status, body }
//   rows(sql`…`)                        the database's rows (read what the server stored)
//   card('accepted' | 'blocked' | 'removed' | 'unknown')  an RFID card number the product answers that way (each
//                                       'accepted' card is given once per run, so cases never share a holder)
//   until(read, ok, timeoutMs?)         reads until ok holds (the server writes some rows in batches)
//   flushLog()                          writes the message log's pending rows now
//
// The charge point (ChargePoint):
//   call(action, payload)               sends a CALL, awaits its answer: { type: 'result', payload } or
//                                       { type: 'error', code, description, details }
//   ok(action, payload)                 call() that expects a CALLRESULT and returns its payload
//   send(frame)                         a raw text frame as it is (not JSON, wrong types…)
//   answer(messageId)                   awaits the answer to a CALL sent raw with that message id (the parsed frame)
//   expectCall(action, { timeoutMs? })  awaits a CALL from the server; the IncomingCall answers with
//                                       reply(payload), error(code, description) or nothing (silence)
//   closed                              resolves with { code, reason } when the socket closes
//   close()                             closes the socket (1000) and waits for it
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import WebSocket from 'ws';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { sessionPaths } from '@domain/session';
import type { DatabaseDriver } from '@server/db/database';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import { createInProcessBus, type NotificationBus } from '@server/live/notification-bus';
import type { CentralSystem } from '@server/ocpp/central-system';
import { onOcppUpgrade, startCentral } from '@server/ocpp/ocpp-runtime';
import { resolveIdTag } from '@server/ocpp/authorisation-store';
import { createTestApp, wallClock, type TestApp } from '../server/support/test-app';
import { quiet, until } from '../server/support/live-charger';
import { createTestDatabase, testDrivers } from '../server/support/test-database';

/** The drivers the suite runs on: PGlite, and PostgreSQL when TEST_DATABASE_URL is set. */
export const conformanceDrivers: DatabaseDriver[] = testDrivers;

/** How long a charger has to answer a command in this suite, seconds (OCPP_COMMAND_TIMEOUT_SECONDS; 30 in use). */
export const COMMAND_TIMEOUT_SECONDS = 4;

/** Largest diagnostics file a charger may upload here, bytes (DIAGNOSTICS_MAX_BYTES; 20 MiB by default). */
export const DIAGNOSTICS_MAX_BYTES = 64 * 1024;

/** Heartbeat interval the server gives at boot here, seconds (OCPP_HEARTBEAT_SECONDS; 300 by default). */
export const HEARTBEAT_SECONDS = 300;

/** The staff member who sends commands (the demo Admin: ROLE_EXECUTE_COMMAND, ROLE_UPDATE_CHARGER). */
const STAFF_MOBILE = '9000000001';

/** How long a frame from the server is waited for, ms (the machine is shared: generous, as conditions not sleeps). */
const FRAME_WAIT_MS = 15_000;

/** An OCPP charger made for one case. */
export interface TestCharger {
  id: number;
  uniqueId: string;
  box: string;
  password: string;
  connectors: number;
}

/** A CALLRESULT or CALLERROR. */
export type Answer = { type: 'result'; payload: Record<string, unknown> } | { type: 'error'; code: string; description: string; details: unknown };

/** A CALL the server sent the charge point. */
export interface IncomingCall {
  messageId: string;
  action: string;
  payload: Record<string, unknown>;
  reply(payload: Record<string, unknown>): void;
  error(code: string, description?: string): void;
}

/** A handshake the server refused. */
export class ConnectRefused extends Error {
  constructor(readonly status: number) {
    super(`The server refused the WebSocket handshake with HTTP ${status}`);
  }
}

/** A charge point's socket, scripted frame by frame. */
export class ChargePoint {
  /** Every frame received, parsed when it was JSON (a log for failures' messages). */
  readonly received: unknown[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiting = new Map<string, (frame: unknown[]) => void>();
  private readonly answers = new Map<string, unknown[]>();
  private readonly calls: IncomingCall[] = [];
  private readonly callWaiters: { action: string; resolve: (call: IncomingCall) => void }[] = [];

  constructor(private readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    socket.on('message', (data) => this.receive(data.toString('utf8')));
    socket.on('error', () => {});
  }

  get protocol(): string {
    return this.socket.protocol;
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  private receive(text: string): void {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      this.received.push(text);
      return;
    }
    this.received.push(frame);
    if (!Array.isArray(frame)) return;
    const [type, messageId] = frame as [number, string];
    if (type === 2) {
      const [, , action, payload] = frame as [number, string, string, Record<string, unknown>];
      const call: IncomingCall = {
        messageId,
        action,
        payload,
        reply: (answer) => this.send(JSON.stringify([3, messageId, answer])),
        error: (code, description = '') => this.send(JSON.stringify([4, messageId, code, description, {}])),
      };
      const waiter = this.callWaiters.findIndex((w) => w.action === action);
      if (waiter >= 0) this.callWaiters.splice(waiter, 1)[0]!.resolve(call);
      else this.calls.push(call);
      return;
    }
    const resolve = this.waiting.get(String(messageId));
    if (resolve) {
      this.waiting.delete(String(messageId));
      resolve(frame as unknown[]);
    } else {
      this.answers.set(String(messageId), frame as unknown[]);
    }
  }

  /** Sends a raw text frame. */
  send(frame: string): void {
    this.socket.send(frame);
  }

  /** Awaits the answer (CALLRESULT or CALLERROR frame) with this message id. */
  answer(messageId: string, timeoutMs = FRAME_WAIT_MS): Promise<unknown[]> {
    const early = this.answers.get(messageId);
    if (early) {
      this.answers.delete(messageId);
      return Promise.resolve(early);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(messageId);
        reject(new Error(`No answer to message ${messageId} within ${timeoutMs} ms; received: ${JSON.stringify(this.received).slice(-500)}`));
      }, timeoutMs);
      this.waiting.set(messageId, (frame) => {
        clearTimeout(timer);
        resolve(frame);
      });
    });
  }

  /** Sends a CALL and awaits its CALLRESULT or CALLERROR. */
  async call(action: string, payload: unknown, messageId: string = randomUUID()): Promise<Answer> {
    const answered = this.answer(messageId);
    this.send(JSON.stringify([2, messageId, action, payload]));
    return answerOf(await answered);
  }

  /** call() that expects a CALLRESULT: its payload. */
  async ok<T = Record<string, unknown>>(action: string, payload: unknown): Promise<T> {
    const answer = await this.call(action, payload);
    if (answer.type !== 'result') throw new Error(`${action} was answered ${answer.code}: ${answer.description}`);
    return answer.payload as T;
  }

  /** Awaits a CALL of this action from the server (one received earlier and not yet taken counts). */
  expectCall(action: string, options: { timeoutMs?: number } = {}): Promise<IncomingCall> {
    const early = this.calls.findIndex((c) => c.action === action);
    if (early >= 0) return Promise.resolve(this.calls.splice(early, 1)[0]!);
    const timeoutMs = options.timeoutMs ?? FRAME_WAIT_MS;
    return new Promise((resolve, reject) => {
      const waiter = { action, resolve: (call: IncomingCall) => (clearTimeout(timer), resolve(call)) };
      const timer = setTimeout(() => {
        this.callWaiters.splice(this.callWaiters.indexOf(waiter), 1);
        reject(new Error(`No ${action} from the server within ${timeoutMs} ms; received: ${JSON.stringify(this.received).slice(-500)}`));
      }, timeoutMs);
      this.callWaiters.push(waiter);
    });
  }

  /** Closes the socket (1000) and waits until it is closed. */
  async close(): Promise<void> {
    if (this.socket.readyState <= WebSocket.OPEN) this.socket.close(1000, 'Done');
    await this.closed;
  }
}

/** A CALLRESULT or CALLERROR frame as an Answer. */
export function answerOf(frame: unknown[]): Answer {
  if (frame[0] === 3) return { type: 'result', payload: frame[2] as Record<string, unknown> };
  return { type: 'error', code: String(frame[2]), description: String(frame[3] ?? ''), details: frame[4] };
}

/** The server a driver's cases share. */
export interface ConformanceServer {
  driver: DatabaseDriver;
  database: OpenDatabase;
  t: TestApp;
  central: CentralSystem;
  /** The bus the app and the central system share (a job sending commands publishes on it). */
  bus: NotificationBus;
  /** http://127.0.0.1:port */
  url: string;
  charger(options?: { connectors?: number; active?: boolean }): Promise<TestCharger>;
  connect(charger: Pick<TestCharger, 'box' | 'password'>, options?: { password?: string; protocols?: string[] }): Promise<ChargePoint>;
  connectRefused(box: string, password: string | null): Promise<number>;
  bootedCharger(options?: { connectors?: number }): Promise<{ charger: TestCharger; cp: ChargePoint }>;
  command(chargerId: number, action: string, payload: unknown): Promise<CommandRecord>;
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  card(kind: 'accepted' | 'blocked' | 'removed' | 'unknown'): Promise<string>;
  until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs?: number): Promise<T>;
  flushLog(): Promise<void>;
}

/** A console command's record as the API answers it. */
export interface CommandRecord {
  id: string;
  chargerId: number;
  action: string;
  status: string;
  response: unknown;
  error: string | null;
}

interface Running extends ConformanceServer {
  close(): Promise<void>;
}

const servers = new Map<DatabaseDriver, { users: number; server: Promise<Running>; closing?: ReturnType<typeof setTimeout> }>();

/**
 * The driver's server for the cases of a describe block: started by its first user and shared by every file of the
 * worker (its files one after another); closed a moment after its last user leaves unless another file takes it.
 */
export function useConformanceServer(driver: DatabaseDriver): ConformanceServer {
  let running: Running | undefined;
  beforeAll(async () => {
    let entry = servers.get(driver);
    if (!entry) {
      entry = { users: 0, server: startConformanceServer(driver) };
      servers.set(driver, entry);
    }
    clearTimeout(entry.closing);
    entry.users += 1;
    running = await entry.server;
  }, 120_000);
  afterAll(async () => {
    const entry = servers.get(driver);
    if (!entry) return;
    entry.users -= 1;
    if (entry.users > 0) return;
    // The next file of the run takes it within this time; the last one's server is closed.
    await new Promise<void>((resolve) => {
      entry.closing = setTimeout(() => {
        servers.delete(driver);
        void entry.server.then((s) => s.close()).finally(resolve);
      }, 300);
      // A file that takes the server meanwhile clears the timer: this hook need not wait for it.
      setTimeout(resolve, 350).unref();
    });
  }, 60_000);
  const get = (): Running => {
    if (!running) throw new Error('The conformance server is not started: use it inside a test or hook');
    return running;
  };
  return new Proxy({} as ConformanceServer, { get: (_, key) => get()[key as keyof ConformanceServer] });
}

async function startConformanceServer(driver: DatabaseDriver): Promise<Running> {
  const database = await createTestDatabase(driver);
  const bus: NotificationBus = createInProcessBus();
  // The app keeps the real time, as the central system does: records the app writes (a command's creation) and the
  // central system's sweeps and checks read one clock.
  const t = createTestApp(database, { OCPP_COMMAND_TIMEOUT_SECONDS: String(COMMAND_TIMEOUT_SECONDS), DIAGNOSTICS_MAX_BYTES: String(DIAGNOSTICS_MAX_BYTES) }, { bus, clock: wallClock() });
  // The central system as the server starts it in process (server/start-server.ts), its settings from the config.
  const central = await startCentral({ db: database.db, bus, logger: quiet, config: t.config, env: { OCPP_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS) } });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  onOcppUpgrade(server as Parameters<typeof onOcppUpgrade>[0], (request, socket, head) => central.handleUpgrade(request, socket, head));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The address chargers reach the server's files at (CHARGER_FILES_URL): this server's.
  t.config.chargerFilesUrl = url;
  const wsUrl = url.replace(/^http/, 'ws') + '/ocpp';
  const rows = async <T>(query: SQL) => rowsOf<T>(await database.db.execute(query));

  // A staff member signed in over HTTP, as the console signs in.
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${driver === 'pglite' ? 7 : 8}`, ...headers }, body: JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
  const sent = await post(sessionPaths.sendOtp, { mobileNumber: STAFF_MOBILE });
  if (sent.status !== 202) throw new Error(`send-otp answered ${sent.status}`);
  const verified = await post(sessionPaths.verifyOtp, { mobileNumber: STAFF_MOBILE, otp: t.lastCode(STAFF_MOBILE) });
  if (verified.status !== 200) throw new Error(`verify-otp answered ${verified.status}`);
  const authKey = (verified.body as { authKey: string }).authKey;

  const api: ConformanceServer['api'] = async (method, path, body) => {
    const response = await fetch(url + path, {
      method,
      headers: { authorization: `Bearer ${authKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: the text as it is
    }
    return { status: response.status, body: parsed };
  };

  // The seeded OCPP charger every test charger copies (its location, city, tariff…).
  const [model] = await rows<{ id: number; sockets: unknown[] | null }>(sql`select id, sockets from chargers where charger_type = 'OCPP_16_JSON_CHARGER' and is_active and charger_box_id is not null order by id limit 1`);
  if (!model) throw new Error('The test database has no OCPP charger to copy');
  const columns = (await rows<{ column_name: string }>(sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'chargers' order by ordinal_position`))
    .map((r) => r.column_name)
    .filter((c) => !['id', 'unique_id', 'charger_box_id', 'is_active', 'sockets', 'connectivity_status'].includes(c));
  const socket = model.sockets?.[0] ?? { code: 'TYPE_2', displayText: 'Type 2', value: 22 };
  const copied = sql.raw(columns.map((c) => `"${c}"`).join(', '));

  const charger: ConformanceServer['charger'] = async (options = {}) => {
    const connectors = options.connectors ?? 2;
    const suffix = randomBytes(5).toString('hex').toUpperCase();
    const uniqueId = `CONF-${suffix}`;
    const box = `CONF${suffix}`;
    const [made] = await rows<{ id: number }>(sql`
      insert into chargers (unique_id, charger_box_id, is_active, connectivity_status, sockets, ${copied})
      select ${uniqueId}, ${box}, ${options.active ?? true}, 'OFFLINE',
        ${JSON.stringify(Array.from({ length: connectors }, () => socket))}::jsonb, ${copied}
      from chargers where id = ${model.id} returning id`);
    const id = Number(made!.id);
    const rotated = await api('POST', `/charger-service/admin/charger/${id}/ocpp-password`);
    if (rotated.status !== 200) throw new Error(`Setting the charger's password answered ${rotated.status}: ${JSON.stringify(rotated.body)}`);
    return { id, uniqueId, box, password: (rotated.body as { password: string }).password, connectors };
  };

  const open = (box: string, password: string | null, protocols: string[] = ['ocpp1.6']): Promise<ChargePoint> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = password === null ? {} : { authorization: `Basic ${Buffer.from(`${box}:${password}`).toString('base64')}` };
      const socket = new WebSocket(`${wsUrl}/${encodeURIComponent(box)}`, protocols, { headers, handshakeTimeout: FRAME_WAIT_MS });
      const cp = new ChargePoint(socket);
      socket.on('open', () => resolve(cp));
      socket.on('unexpected-response', (_request, response) => {
        reject(new ConnectRefused(response.statusCode ?? 0));
        socket.terminate();
      });
      socket.on('error', (error) => reject(error));
    });
  const connect: ConformanceServer['connect'] = (c, options = {}) => open(c.box, options.password ?? c.password, options.protocols);
  const connectRefused: ConformanceServer['connectRefused'] = async (box, password) => {
    try {
      const cp = await open(box, password);
      await cp.close();
    } catch (error) {
      if (error instanceof ConnectRefused) return error.status;
      throw error;
    }
    throw new Error(`The handshake of ${box} was accepted`);
  };

  const command: ConformanceServer['command'] = async (chargerId, action, payload) => {
    const sentCommand = await api('POST', '/ccu/charger-command', { chargerIds: [chargerId], command: { action, payload }, wait: true });
    if (sentCommand.status !== 200) throw new Error(`POST /ccu/charger-command answered ${sentCommand.status}: ${JSON.stringify(sentCommand.body)}`);
    return (sentCommand.body as { items: CommandRecord[] }).items[0]!;
  };

  // RFID cards by what the product answers them (server/ocpp/authorisation-store.ts resolveIdTag): an accepted card
  // is given once, so two cases never charge on one holder's wallet at once.
  const latestCards = await rows<{ card_number: string; action: string }>(
    sql`select card_number, action from (select distinct on (card_number) card_number, action from rfid_card_history order by card_number, acted_at desc, id desc) latest order by card_number`,
  );
  const given = new Set<string>();
  const card: ConformanceServer['card'] = async (kind) => {
    if (kind === 'unknown') return `UNKNOWN${randomBytes(6).toString('hex').toUpperCase()}`;
    for (const { card_number: number, action } of latestCards) {
      if (given.has(number) || action !== { accepted: 'ADDED', blocked: 'BLOCKED', removed: 'REMOVED' }[kind]) continue;
      if (kind === 'accepted' && (await resolveIdTag(database.db, 0, number, t.config.sessionStart.minWalletPaise)).status !== 'Accepted') continue;
      if (kind === 'accepted') given.add(number);
      return number;
    }
    throw new Error(`The test database has no ${kind} RFID card left`);
  };

  const bootedCharger: ConformanceServer['bootedCharger'] = async (options) => {
    const c = await charger(options);
    const cp = await connect(c);
    const boot = await cp.ok<{ status: string }>('BootNotification', { chargePointVendor: 'Conformance', chargePointModel: 'Scripted' });
    if (boot.status !== 'Accepted') throw new Error(`BootNotification answered ${boot.status}`);
    return { charger: c, cp };
  };

  return {
    driver,
    database,
    t,
    central,
    bus,
    url,
    charger,
    connect,
    connectRefused,
    bootedCharger,
    command,
    api,
    rows,
    card,
    until: (read, ok, timeoutMs = 10_000) => until(read, ok, timeoutMs),
    flushLog: () => central.flushLog(),
    async close() {
      await central.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      await closed;
      await bus.close();
      await database.close();
    },
  };
}
