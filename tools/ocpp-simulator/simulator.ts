// A simulated OCPP 1.6-J charger on ocpp-rpc's RPCClient (the same library as the central system, strict mode):
// it boots, heartbeats, reports connector status, answers remote commands as a real charger does, charges with a
// plausible power curve and meter values, can fault and recover, reconnects with back-off after a dropped
// connection, and replays the StopTransactions it could not send while offline. It keeps a local authorization list
// (SendLocalList Full and Differential, GetLocalListVersion) and, while the central system is unreachable, lets the
// cards on it charge, sending the StartTransactions and StopTransactions of those sessions when it reconnects.
import ocpp from 'ocpp-rpc';
import { ChargingProfiles, type ChargingProfile } from './smart-charging';
import { SimulatedFirmware, type SimFirmwareOptions } from './firmware';
import { answerDataTransfer, answerTrigger, type DataTransferRequest } from './data-transfer';
import { SimulatedDiagnostics, type DiagnosticsUploadMode } from './diagnostics';

const { RPCClient } = ocpp as unknown as { RPCClient: new (options: Record<string, unknown>) => SimClient };

interface SimClient {
  state: number;
  connect(): Promise<unknown>;
  close(options?: { code?: number; reason?: string; force?: boolean }): Promise<unknown>;
  call(method: string, params?: unknown, options?: { callTimeoutMs?: number; signal?: AbortSignal }): Promise<unknown>;
  handle(method: string, handler: (call: { params: unknown }) => unknown): void;
  sendRaw(message: string): void;
  on(event: string, cb: (event: never) => void): void;
  reconfigure(options: Record<string, unknown>): void;
}

/** Options of a simulated charger. */
export interface SimulatedChargerOptions {
  /** WebSocket base URL of the central system, e.g. ws://127.0.0.1:3000/ocpp. */
  url: string;
  /** Charge box id (the OCPP identity). */
  identity: string;
  password: string;
  /** Connectors (sockets) the charger has [1]. */
  connectors?: number;
  /** Rated power of each connector, kW [7.4]. */
  powerKw?: number;
  /** Seconds between MeterValues while charging [60]. */
  meterIntervalSeconds?: number;
  /** Seconds between heartbeats, until the central system gives its own interval at boot [300]. */
  heartbeatSeconds?: number;
  /**
   * Seconds between clock-aligned MeterValues of idle connectors (the energy register, OCPP's
   * ClockAlignedDataInterval), the first after a random part of the interval; 0 sends none [0].
   */
  clockAlignedSeconds?: number;
  /** Where the charger's notes go [none]. */
  log?: (line: string) => void;
  /** First and longest reconnect delay, ms [1,000 and 30,000]. */
  backoff?: { initialDelay: number; maxDelay: number };
  /** Answer RemoteStartTransaction with Rejected (a charger that refuses) [false]. */
  rejectRemoteStart?: boolean;
  /** How long the charger waits for the central system's answer to a call, ms [30,000]. */
  callTimeoutMs?: number;
  /** Keep a local authorization list (false: GetLocalListVersion answers -1, SendLocalList NotSupported) [true]. */
  localList?: boolean;
  /** Most cards the local list holds (LocalAuthListMaxLength) and one SendLocalList carries (SendLocalListMaxLength) [10,000 each]. */
  localListMaxLength?: number;
  sendLocalListMaxLength?: number;
  /** Its firmware: the version it boots with, failures to inject (firmware.ts) [1.6.4-sim, none]. */
  firmware?: SimFirmwareOptions;
  /** How its diagnostics upload goes (diagnostics.ts) ['ok']. */
  diagnosticsUpload?: DiagnosticsUploadMode;
  /** Recent frames kept for its diagnostics log (0: none, its state only; a large fleet keeps none) [0]. */
  recentFrames?: number;
}

/** A card on the charger's local list (OCPP 1.6 IdTagInfo). */
export interface LocalCard {
  status: string;
  expiryDate?: string;
}

type ConnectorStatus = 'Available' | 'Preparing' | 'Charging' | 'SuspendedEV' | 'SuspendedEVSE' | 'Finishing' | 'Reserved' | 'Unavailable' | 'Faulted';

interface Session {
  transactionId: number | null;
  idTag: string;
  startedAt: number;
  meterStartWh: number;
  soc: number;
  powerW: number;
  /** The limit in A of the charging profiles in force (0: paused by the central system), or null when none limits it. */
  limitA: number | null;
}

/** A reservation the charger holds on a connector (ReserveNow): only its idTag (or one of its parent) may start there. */
interface Reservation {
  id: number;
  idTag: string;
  parentIdTag?: string;
  expiresAt: number;
  timer: NodeJS.Timeout;
}

interface Connector {
  id: number;
  status: ConnectorStatus;
  errorCode: string;
  session: Session | null;
  meterWh: number;
  timer: NodeJS.Timeout | null;
  reservation?: Reservation | null;
}

/** A simulated charger. */
export class SimulatedCharger {
  readonly options: Required<Omit<SimulatedChargerOptions, 'log'>> & Pick<SimulatedChargerOptions, 'log'>;
  readonly connectors: Connector[];
  /** StopTransactions waiting for the connection (sent in order on reconnect). */
  readonly pendingStops: Record<string, unknown>[] = [];
  /** StartTransactions of sessions started offline from the local list (sent on reconnect, before the stops). */
  readonly pendingStarts: { payload: Record<string, unknown>; session: Session }[] = [];
  /** The local authorization list, by idTag, and its version (0: empty, never sent). */
  readonly localList = new Map<string, LocalCard>();
  localListVersion = 0;
  /** The session of a stop queued before its StartTransaction was answered (its transactionId is filled in then). */
  private readonly stopSessions = new WeakMap<Record<string, unknown>, Session>();
  /** Calls answered and made (for benchmarks). */
  readonly counters = { sent: 0, failed: 0, commands: 0, boots: 0, connects: 0, transmitted: 0 };
  /** Connections closed, by close code and reason (for benchmarks). */
  readonly closes = new Map<string, number>();
  /** Calls that failed, by method and why ("StatusNotification: no answer within 30 s"), for benchmarks. */
  readonly failures = new Map<string, number>();
  private client: SimClient;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private clockTimer: NodeJS.Timeout | null = null;
  private heartbeatSeconds: number;
  private stopped = false;
  private config = new Map<string, string>();
  /** Charging profiles by connector, purpose and stack level (smart-charging.ts). */
  readonly chargingProfiles: ChargingProfiles;
  /** Its firmware (UpdateFirmware, the download, the install and the reboot: firmware.ts). */
  readonly firmware: SimulatedFirmware;
  /** Its diagnostics (GetDiagnostics and the upload: diagnostics.ts). */
  readonly diagnostics: SimulatedDiagnostics;
  /** The statuses a triggered DiagnosticsStatusNotification and FirmwareStatusNotification report (Idle: nothing under way). */
  readonly triggeredStatus: { diagnostics: () => string; firmware: () => string } = { diagnostics: () => 'Idle', firmware: () => 'Idle' };

  constructor(options: SimulatedChargerOptions) {
    this.options = {
      connectors: 1,
      powerKw: 7.4,
      meterIntervalSeconds: 60,
      heartbeatSeconds: 300,
      backoff: { initialDelay: 1_000, maxDelay: 30_000 },
      rejectRemoteStart: false,
      clockAlignedSeconds: 0,
      callTimeoutMs: 30_000,
      localList: true,
      localListMaxLength: 10_000,
      sendLocalListMaxLength: 10_000,
      firmware: {},
      diagnosticsUpload: 'ok',
      recentFrames: 0,
      // An option passed as undefined keeps its default.
      ...(Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as SimulatedChargerOptions),
    };
    this.heartbeatSeconds = this.options.heartbeatSeconds;
    this.chargingProfiles = new ChargingProfiles(this.options.connectors, this.phases);
    this.connectors = Array.from({ length: this.options.connectors }, (_, i) => ({ id: i + 1, status: 'Available', errorCode: 'NoError', session: null, meterWh: 1_000_000 + Math.floor(Math.random() * 100_000), timer: null }));
    this.config.set('HeartbeatInterval', String(this.heartbeatSeconds));
    this.config.set('MeterValueSampleInterval', String(this.options.meterIntervalSeconds));
    this.config.set('AuthorizeRemoteTxRequests', 'false');
    this.config.set('ReserveConnectorZeroSupported', 'false');
    this.config.set('ClockAlignedDataInterval', String(this.options.clockAlignedSeconds));
    if (this.options.localList) {
      this.config.set('LocalAuthListEnabled', 'true');
      this.config.set('LocalAuthListMaxLength', String(this.options.localListMaxLength));
      this.config.set('SendLocalListMaxLength', String(this.options.sendLocalListMaxLength));
      this.config.set('LocalAuthorizeOffline', 'true');
    }
    this.client = new RPCClient({
      endpoint: this.options.url,
      identity: this.options.identity,
      password: this.options.password,
      protocols: ['ocpp1.6'],
      strictMode: true,
      reconnect: true,
      // The charger's own timer aborts a call (safeCall): ocpp-rpc's makes a TimeoutError and an AbortError, each
      // with its stack, for every call, about a seventh of a busy fleet's CPU.
      callTimeoutMs: 0,
      backoff: { ...this.options.backoff, factor: 2, randomisationFactor: 0.25 },
    });
    this.client.on('open', () => void this.onOpen());
    // Calls that went out on the socket (a call made while another waits for its answer is queued first).
    this.client.on('call', (event: never) => {
      if ((event as { outbound: boolean }).outbound) this.counters.transmitted += 1;
    });
    this.client.on('close', (event: never) => {
      this.clearHeartbeat();
      const e = event as { code?: number; reason?: Buffer | string };
      const why = `${e.code ?? '?'} ${String(e.reason ?? '')}`.trim();
      this.closes.set(why, (this.closes.get(why) ?? 0) + 1);
    });
    this.client.on('disconnect', () => this.clearHeartbeat());
    this.firmware = new SimulatedFirmware({ call: (method, params) => this.safeCall(method, params), reboot: () => this.drop(), note: (line) => this.note(line) }, this.options.firmware);
    this.triggeredStatus.firmware = () => this.firmware.status;
    this.diagnostics = new SimulatedDiagnostics(
      { identity: this.options.identity, call: (method, params) => this.safeCall(method, params), note: (line) => this.note(line), state: () => this.diagnosticsState() },
      this.options.recentFrames,
      () => this.options.diagnosticsUpload,
    );
    if (this.options.recentFrames > 0) this.client.on('message', (event: never) => this.diagnostics.record(event));
    this.triggeredStatus.diagnostics = () => this.diagnostics.triggered();
    this.registerHandlers();
  }

  /** What its diagnostics log says of the charger. */
  private diagnosticsState(): Record<string, unknown> {
    return { online: this.online, connectors: this.connectors.map((c) => ({ id: c.id, status: c.status, errorCode: c.errorCode, meterWh: c.meterWh })), localListVersion: this.localListVersion, counters: this.counters };
  }

  private note(line: string) {
    this.options.log?.(`[sim ${this.options.identity}] ${line}`);
  }

  /** True while the socket is open. */
  get online(): boolean {
    return this.client.state === 1;
  }

  /** Connects (the first connection; later ones are the library's reconnects). Rejects when refused. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.client.connect();
  }

  /** Closes for good (no reconnect). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clearHeartbeat();
    for (const c of this.connectors) if (c.timer) clearInterval(c.timer);
    await this.client.close({ code: 1000, reason: 'Simulator stopping', force: true }).catch(() => {});
  }

  /** Drops the connection uncleanly; the client reconnects with back-off. */
  drop(): void {
    // Terminating the socket (not close()) is what a lost network looks like: the library reconnects.
    const ws = (this.client as unknown as { _ws?: { terminate(): void } })._ws;
    ws?.terminate();
  }

  /** Calls the listener with every frame the charger receives (tests). */
  onReceived(listener: (frame: string) => void): void {
    this.client.on('message', (event: never) => {
      const e = event as { message: Buffer | string; outbound: boolean };
      if (!e.outbound) listener(e.message.toString());
    });
  }

  /** Calls the listener with every frame the charger writes to its socket (benches count what went out). */
  onSent(listener: (frame: string) => void): void {
    this.client.on('message', (event: never) => {
      const e = event as { message: Buffer | string; outbound: boolean };
      if (e.outbound) listener(e.message.toString());
    });
  }

  /** Sets a configuration key's value as the charger's own setting, answered by GetConfiguration (tests). */
  setConfiguration(key: string, value: string): void {
    this.config.set(key, value);
  }

  /** Sends a raw frame (tests of malformed input). */
  sendRaw(frame: string): void {
    this.client.sendRaw(frame);
  }

  /** A call made through the strict client (tests). */
  call(method: string, params: unknown): Promise<unknown> {
    this.counters.sent += 1;
    return this.callWithin(method, params);
  }

  /**
   * A call given up when no answer comes within `callTimeoutMs` of asking: ocpp-rpc drops it on the abort (or, when
   * the call was still queued behind another, sends it and forgets the answer) and the caller gets the error then.
   */
  private async callWithin(method: string, params: unknown): Promise<unknown> {
    const abort = new AbortController();
    const limit = this.options.callTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new Error(`No answer within ${limit / 1000} s`);
        abort.abort(error.message);
        reject(error);
      }, limit);
    });
    try {
      return await Promise.race([this.client.call(method, params, { signal: abort.signal }), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async safeCall(method: string, params: unknown): Promise<unknown> {
    this.counters.sent += 1;
    try {
      return await this.callWithin(method, params);
    } catch (error) {
      this.counters.failed += 1;
      const why = `${method}: ${(error as Error).message.replace(/^No answer within .*/, 'no answer in time')}`.slice(0, 120);
      this.failures.set(why, (this.failures.get(why) ?? 0) + 1);
      this.note(`${method} failed: ${(error as Error).message}`);
      return undefined;
    }
  }

  private async onOpen(): Promise<void> {
    this.counters.connects += 1;
    const boot = (await this.safeCall('BootNotification', {
      chargePointVendor: 'CZO Simulator',
      chargePointModel: `SIM-${this.options.powerKw}kW-${this.options.connectors}C`,
      chargePointSerialNumber: `SIM-${this.options.identity}`.slice(0, 25),
      firmwareVersion: this.firmware.version,
    })) as { status?: string; interval?: number } | undefined;
    if (!boot || boot.status !== 'Accepted') {
      this.note(`boot ${boot?.status ?? 'failed'}`);
      return;
    }
    this.counters.boots += 1;
    this.heartbeatSeconds = boot.interval && boot.interval > 0 ? boot.interval : this.heartbeatSeconds;
    this.config.set('HeartbeatInterval', String(this.heartbeatSeconds));
    this.clearHeartbeat();
    this.heartbeatTimer = setInterval(() => void this.safeCall('Heartbeat', {}), this.heartbeatSeconds * 1000);
    this.heartbeatTimer.unref();
    const clockMs = this.options.clockAlignedSeconds * 1000;
    if (clockMs > 0) {
      this.clockTimer = setTimeout(() => {
        this.clockTimer = setInterval(() => void this.clockAligned(), clockMs);
        this.clockTimer.unref();
        void this.clockAligned();
      }, Math.random() * clockMs);
      this.clockTimer.unref();
    }
    await this.sendStatus(0, 'Available');
    for (const c of this.connectors) await this.sendStatus(c.id, c.status, c.errorCode);
    // Sessions started offline from the local list are told now (their transaction ids come back), then the stops
    // that happened while offline, in order, exactly once each.
    while (this.pendingStarts.length > 0 && this.online) {
      const start = this.pendingStarts[0]!;
      const answer = (await this.safeCall('StartTransaction', start.payload)) as { transactionId: number } | undefined;
      if (answer === undefined) break;
      this.pendingStarts.shift();
      start.session.transactionId = answer.transactionId;
    }
    while (this.pendingStops.length > 0 && this.online && this.pendingStarts.length === 0) {
      const stop = this.pendingStops[0]!;
      const session = this.stopSessions.get(stop);
      if (session) stop.transactionId = session.transactionId;
      if (stop.transactionId === null || stop.transactionId === undefined) {
        this.pendingStops.shift();
        continue;
      }
      const answer = await this.safeCall('StopTransaction', stop);
      if (answer === undefined) break;
      this.pendingStops.shift();
    }
  }

  private clearHeartbeat() {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    // clearInterval clears a timeout too (the first clock-aligned reading waits on one).
    if (this.clockTimer) clearInterval(this.clockTimer);
    this.clockTimer = null;
  }

  /** A reading asked for by TriggerMessage: the connector's energy register now (with its transaction while it charges). */
  private async triggeredMeterValues(c: Connector): Promise<void> {
    const transactionId = c.session?.transactionId ?? null;
    await this.safeCall('MeterValues', {
      connectorId: c.id,
      ...(transactionId === null ? {} : { transactionId }),
      meterValue: [{ timestamp: new Date().toISOString(), sampledValue: [{ value: String(Math.round(c.meterWh)), measurand: 'Energy.Active.Import.Register', unit: 'Wh', context: 'Trigger' }] }],
    });
  }

  /** Clock-aligned readings: the energy register of each idle connector (charging ones send their own). */
  private async clockAligned(): Promise<void> {
    for (const c of this.connectors) {
      if (c.session || !this.online) continue;
      await this.safeCall('MeterValues', {
        connectorId: c.id,
        meterValue: [{ timestamp: new Date().toISOString(), sampledValue: [{ value: String(Math.round(c.meterWh)), measurand: 'Energy.Active.Import.Register', unit: 'Wh', context: 'Sample.Clock' }] }],
      });
    }
  }

  private async sendStatus(connectorId: number, status: ConnectorStatus, errorCode = 'NoError', extra: { info?: string; vendorErrorCode?: string } = {}) {
    const connector = this.connectors.find((c) => c.id === connectorId);
    if (connector) {
      connector.status = status;
      connector.errorCode = errorCode;
    }
    if (!this.online) return;
    await this.safeCall('StatusNotification', { connectorId, status, errorCode, timestamp: new Date().toISOString(), ...extra });
  }

  /**
   * Reports a fault on a connector (e.g. GroundFailure); a running session stops first, or with `stopAfter` the
   * Faulted status goes out first and the session stops after it (as many chargers do).
   */
  async fault(connectorId: number, errorCode: string, vendorErrorCode?: string, options: { stopAfter?: boolean } = {}): Promise<void> {
    const c = this.connectors.find((x) => x.id === connectorId);
    if (c?.session && !options.stopAfter) await this.stopSession(c, 'Other');
    await this.sendStatus(connectorId, 'Faulted', errorCode, vendorErrorCode ? { vendorErrorCode } : {});
    if (c?.session && options.stopAfter) {
      await this.stopSession(c, 'Other');
      await this.sendStatus(connectorId, 'Faulted', errorCode, vendorErrorCode ? { vendorErrorCode } : {});
    }
  }

  /** Clears a fault: the connector is Available again. */
  async recover(connectorId: number): Promise<void> {
    await this.sendStatus(connectorId, 'Available');
  }

  /**
   * Starts a session with an RFID card: Authorize, then StartTransaction; answers the idTag status. A reserved
   * connector takes only its reservation's idTag (or a card whose parent is the reservation's parentIdTag): another card
   * is answered `Reserved` and nothing starts.
   */
  async startWithCard(connectorId: number, idTag: string): Promise<string> {
    // While the central system cannot be reached (offline, or no answer) the local list decides, and an accepted card
    // charges at once: its StartTransaction goes when the charger reconnects.
    const auth = this.online ? ((await this.safeCall('Authorize', { idTag })) as { idTagInfo?: { status?: string; parentIdTag?: string } } | undefined) : undefined;
    const local = auth === undefined;
    const status = local ? this.localStatus(idTag) : (auth.idTagInfo?.status ?? 'Invalid');
    if (status !== 'Accepted') return status;
    const c = this.connectors.find((x) => x.id === connectorId);
    if (!c || c.session) return 'ConcurrentTx';
    if (c.reservation && !this.mayUseReservation(c.reservation, idTag, auth?.idTagInfo?.parentIdTag)) return 'Reserved';
    if (c.status !== 'Available' && !(c.status === 'Reserved' && c.reservation)) return 'ConcurrentTx';
    if (local) this.beginOfflineSession(c, idTag);
    else await this.beginSession(c, idTag);
    return status;
  }

  /** What the local list says of a card (an expired entry is Expired; a card not on it is Invalid). */
  localStatus(idTag: string): string {
    if (!this.options.localList || this.config.get('LocalAuthListEnabled') === 'false') return 'Invalid';
    const card = this.localList.get(idTag);
    if (!card) return 'Invalid';
    if (card.expiryDate && new Date(card.expiryDate).getTime() < Date.now()) return 'Expired';
    return card.status;
  }

  /** A session started without the central system: charging now, its StartTransaction queued for the reconnect. */
  private beginOfflineSession(c: Connector, idTag: string): void {
    const session: Session = { transactionId: null, idTag, startedAt: Date.now(), meterStartWh: c.meterWh, soc: 20 + Math.floor(Math.random() * 40), powerW: 0, limitA: null };
    c.session = session;
    c.status = 'Charging';
    this.pendingStarts.push({ session, payload: { connectorId: c.id, idTag, meterStart: Math.round(c.meterWh), timestamp: new Date().toISOString() } });
    c.timer = setInterval(() => void this.meter(c), this.options.meterIntervalSeconds * 1000);
    c.timer.unref();
  }

  /** Whether an idTag (with its parent) may start on a connector holding this reservation. */
  private mayUseReservation(r: Reservation, idTag: string, parentIdTag?: string): boolean {
    return idTag === r.idTag || (r.parentIdTag !== undefined && parentIdTag === r.parentIdTag);
  }

  /** The reservation a connector holds, if any. */
  reservation(connectorId: number): { id: number; idTag: string; expiresAt: Date } | null {
    const r = this.connectors.find((c) => c.id === connectorId)?.reservation;
    return r ? { id: r.id, idTag: r.idTag, expiresAt: new Date(r.expiresAt) } : null;
  }

  /** Ends a connector's reservation (used, cancelled or expired); the connector is Available again unless it is starting a session. */
  private async endReservation(c: Connector, free: boolean): Promise<void> {
    if (!c.reservation) return;
    clearTimeout(c.reservation.timer);
    c.reservation = null;
    if (free && !c.session && c.status === 'Reserved') await this.sendStatus(c.id, 'Available');
  }

  private async beginSession(c: Connector, idTag: string): Promise<void> {
    // A start on the connector's reservation uses it (its id goes with the StartTransaction) and ends it.
    const reservationId = c.reservation && this.mayUseReservation(c.reservation, idTag) ? c.reservation.id : undefined;
    await this.endReservation(c, false);
    c.session = { transactionId: null, idTag, startedAt: Date.now(), meterStartWh: c.meterWh, soc: 20 + Math.floor(Math.random() * 40), powerW: 0, limitA: null };
    await this.sendStatus(c.id, 'Preparing');
    const start = { connectorId: c.id, idTag, meterStart: Math.round(c.meterWh), timestamp: new Date().toISOString(), ...(reservationId === undefined ? {} : { reservationId }) };
    const answer = (await this.safeCall('StartTransaction', start)) as
      | { transactionId: number; idTagInfo: { status: string } }
      | undefined;
    if (!answer || answer.idTagInfo.status !== 'Accepted') {
      // A refused start: the charger stops at once (StopTransaction with DeAuthorized).
      if (answer) await this.safeCall('StopTransaction', { transactionId: answer.transactionId, meterStop: Math.round(c.meterWh), timestamp: new Date().toISOString(), reason: 'DeAuthorized' });
      c.session = null;
      await this.sendStatus(c.id, 'Available');
      return;
    }
    c.session.transactionId = answer.transactionId;
    await this.sendStatus(c.id, 'Charging');
    c.timer = setInterval(() => void this.meter(c), this.options.meterIntervalSeconds * 1000);
    c.timer.unref();
    void this.meter(c, true);
  }

  /** Advances the meter and sends MeterValues: power ramps up, then tapers past 80 % state of charge. */
  private async meter(c: Connector, first = false): Promise<void> {
    const s = c.session;
    if (!s) return;
    const rated = this.options.powerKw * 1000;
    const elapsed = (Date.now() - s.startedAt) / 1000;
    const ramp = Math.min(1, 0.5 + elapsed / 60);
    const taper = s.soc > 80 ? Math.max(0.1, (100 - s.soc) / 20) : 1;
    const voltageV = rated > 22_000 ? 400 : 230;
    // The charging profiles in force limit the current (0 A: paused, nothing flows).
    s.limitA = this.limitOf(c);
    const cap = s.limitA === null ? Infinity : s.limitA * voltageV * this.phases;
    s.powerW = first ? 0 : Math.min(cap, Math.round(rated * ramp * taper * (0.95 + Math.random() * 0.05)));
    const dtHours = first ? 0 : this.options.meterIntervalSeconds / 3600;
    const addedWh = s.powerW * dtHours;
    c.meterWh += addedWh;
    s.soc = Math.min(100, s.soc + (addedWh / 40_000) * 100);
    const voltage = rated > 22_000 ? 400 : 230;
    // A session started offline meters on; its readings go once the central system has given it a transaction id.
    if (!this.online || s.transactionId === null) return;
    await this.safeCall('MeterValues', {
      connectorId: c.id,
      transactionId: s.transactionId,
      meterValue: [
        {
          timestamp: new Date().toISOString(),
          sampledValue: [
            { value: String(Math.round(c.meterWh)), measurand: 'Energy.Active.Import.Register', unit: 'Wh', context: 'Sample.Periodic' },
            { value: String(s.powerW), measurand: 'Power.Active.Import', unit: 'W', context: 'Sample.Periodic' },
            { value: (s.powerW / voltage).toFixed(1), measurand: 'Current.Import', unit: 'A', context: 'Sample.Periodic' },
            { value: String(voltage), measurand: 'Voltage', unit: 'V', context: 'Sample.Periodic' },
            { value: String(Math.round(s.soc)), measurand: 'SoC', unit: 'Percent', context: 'Sample.Periodic' },
          ],
        },
      ],
    });
  }

  /** Ends a session (StopTransaction now, or on reconnect if offline). */
  async stopSession(c: Connector, reason: string): Promise<void> {
    const s = c.session;
    if (!s) return;
    if (c.timer) clearInterval(c.timer);
    c.timer = null;
    c.session = null;
    this.chargingProfiles.endTransaction(c.id);
    const startPending = this.pendingStarts.some((p) => p.session === s);
    if (s.transactionId === null && !startPending) return;
    const stop: Record<string, unknown> = { transactionId: s.transactionId, meterStop: Math.round(c.meterWh), timestamp: new Date().toISOString(), reason, idTag: s.idTag };
    if (startPending) {
      // Its transaction id comes with the StartTransaction's answer, when the charger reconnects.
      this.stopSessions.set(stop, s);
      this.pendingStops.push(stop);
    } else if (this.online) {
      const answer = await this.safeCall('StopTransaction', stop);
      if (answer === undefined) this.pendingStops.push(stop);
    } else {
      this.pendingStops.push(stop);
    }
    await this.sendStatus(c.id, 'Finishing');
    await this.sendStatus(c.id, 'Available');
  }

  /** Phases of the charger's supply (three past 22 kW). */
  get phases(): number {
    return this.options.powerKw > 22 ? 3 : 1;
  }

  /** What the profiles know of a connector's session. */
  private sessionRef(connectorId: number): { transactionId: number | null; startedAt: number } | null {
    const s = this.connectors.find((c) => c.id === connectorId)?.session;
    return s ? { transactionId: s.transactionId, startedAt: s.startedAt } : null;
  }

  /** The limit in A the profiles put on a connector now. */
  private limitOf(c: Connector): number | null {
    return this.chargingProfiles.limitA(c.id, Date.now(), this.sessionRef(c.id));
  }

  /** Every session's limit after a profile changed. */
  private refreshLimits(): void {
    for (const c of this.connectors) if (c.session) c.session.limitA = this.limitOf(c);
  }

  /** The connector's open session, if any. */
  session(connectorId: number): Session | null {
    return this.connectors.find((c) => c.id === connectorId)?.session ?? null;
  }

  private registerHandlers(): void {
    const later = (fn: () => Promise<void>, ms = 200) => void setTimeout(() => void fn().catch((e: unknown) => this.note(`follow-up failed: ${(e as Error).message}`)), ms);
    this.client.handle('RemoteStartTransaction', ({ params }) => {
      this.counters.commands += 1;
      const p = params as { connectorId?: number; idTag: string };
      const c = this.connectors.find((x) => x.id === (p.connectorId ?? 1));
      if (this.options.rejectRemoteStart || !c || c.session) return { status: 'Rejected' };
      if (c.reservation ? !this.mayUseReservation(c.reservation, p.idTag) : c.status !== 'Available') return { status: 'Rejected' };
      later(() => this.beginSession(c, p.idTag));
      return { status: 'Accepted' };
    });
    this.client.handle('RemoteStopTransaction', ({ params }) => {
      this.counters.commands += 1;
      const p = params as { transactionId: number };
      const c = this.connectors.find((x) => x.session?.transactionId === p.transactionId);
      if (!c) return { status: 'Rejected' };
      later(() => this.stopSession(c, 'Remote'));
      return { status: 'Accepted' };
    });
    this.client.handle('Reset', ({ params }) => {
      this.counters.commands += 1;
      const type = (params as { type: 'Soft' | 'Hard' }).type;
      later(async () => {
        for (const c of this.connectors) await this.stopSession(c, type === 'Hard' ? 'HardReset' : 'SoftReset');
        this.drop();
      }, 300);
      return { status: 'Accepted' };
    });
    // Reservation profile: a connector is held for one idTag until the expiry (then Available again, the charger's own
    // doing); connector 0 (any connector) is not supported, as ReserveConnectorZeroSupported says.
    this.client.handle('ReserveNow', ({ params }) => {
      this.counters.commands += 1;
      const p = params as { connectorId: number; expiryDate: string; idTag: string; parentIdTag?: string; reservationId: number };
      const c = this.connectors.find((x) => x.id === p.connectorId);
      if (!c) return { status: 'Rejected' };
      if (c.status === 'Faulted') return { status: 'Faulted' };
      if (c.status === 'Unavailable') return { status: 'Unavailable' };
      const same = c.reservation?.id === p.reservationId;
      if (c.session || (c.reservation && !same) || (c.status !== 'Available' && !(c.status === 'Reserved' && same))) return { status: 'Occupied' };
      // Another connector holding this id gives it up (a reservation id is one reservation).
      for (const other of this.connectors) if (other !== c && other.reservation?.id === p.reservationId) void this.endReservation(other, true);
      if (c.reservation) clearTimeout(c.reservation.timer);
      const expiresAt = new Date(p.expiryDate).getTime();
      const timer = setTimeout(() => void this.endReservation(c, true).catch(() => {}), Math.max(0, Math.min(expiresAt - Date.now(), 2_147_000_000)));
      timer.unref();
      c.reservation = { id: p.reservationId, idTag: p.idTag, ...(p.parentIdTag ? { parentIdTag: p.parentIdTag } : {}), expiresAt, timer };
      if (c.status !== 'Reserved') later(() => this.sendStatus(c.id, 'Reserved'), 50);
      return { status: 'Accepted' };
    });
    this.client.handle('CancelReservation', ({ params }) => {
      this.counters.commands += 1;
      const p = params as { reservationId: number };
      const c = this.connectors.find((x) => x.reservation?.id === p.reservationId);
      if (!c) return { status: 'Rejected' };
      later(() => this.endReservation(c, true), 50);
      return { status: 'Accepted' };
    });
    this.client.handle('ChangeAvailability', ({ params }) => {
      this.counters.commands += 1;
      const p = params as { connectorId: number; type: 'Inoperative' | 'Operative' };
      const targets = p.connectorId === 0 ? this.connectors : this.connectors.filter((c) => c.id === p.connectorId);
      if (targets.length === 0) return { status: 'Rejected' };
      if (targets.some((c) => c.session)) return { status: 'Scheduled' };
      later(async () => {
        for (const c of targets) await this.sendStatus(c.id, p.type === 'Inoperative' ? 'Unavailable' : 'Available');
      });
      return { status: 'Accepted' };
    });
    this.client.handle('UnlockConnector', ({ params }) => {
      this.counters.commands += 1;
      const c = this.connectors.find((x) => x.id === (params as { connectorId: number }).connectorId);
      return { status: c ? 'Unlocked' : 'NotSupported' };
    });
    this.client.handle('GetConfiguration', ({ params }) => {
      this.counters.commands += 1;
      const keys = (params as { key?: string[] }).key;
      const wanted = keys && keys.length > 0 ? keys : [...this.config.keys()];
      return {
        configurationKey: wanted.filter((k) => this.config.has(k)).map((k) => ({ key: k, readonly: false, value: this.config.get(k) })),
        unknownKey: wanted.filter((k) => !this.config.has(k)),
      };
    });
    this.client.handle('ChangeConfiguration', ({ params }) => {
      this.counters.commands += 1;
      const p = params as { key: string; value: string };
      if (!this.config.has(p.key)) return { status: 'NotSupported' };
      if (p.key === 'HeartbeatInterval' && !/^\d+$/.test(p.value)) return { status: 'Rejected' };
      this.config.set(p.key, p.value);
      return { status: 'Accepted' };
    });
    this.client.handle('TriggerMessage', ({ params }) => {
      this.counters.commands += 1;
      const p = params as { requestedMessage: string; connectorId?: number };
      const each = (connectorId?: number) => this.connectors.filter((c) => !connectorId || c.id === connectorId);
      return answerTrigger(
        p,
        {
          BootNotification: () => this.onOpen(),
          Heartbeat: async () => void (await this.safeCall('Heartbeat', {})),
          StatusNotification: async (id) => { for (const c of each(id)) await this.sendStatus(c.id, c.status, c.errorCode); },
          MeterValues: async (id) => { for (const c of each(id)) await this.triggeredMeterValues(c); },
          DiagnosticsStatusNotification: async () => void (await this.safeCall('DiagnosticsStatusNotification', { status: this.triggeredStatus.diagnostics() })),
          FirmwareStatusNotification: async () => void (await this.safeCall('FirmwareStatusNotification', { status: this.triggeredStatus.firmware() })),
        },
        (send) => later(send),
      );
    });
    this.client.handle('DataTransfer', ({ params }) => {
      this.counters.commands += 1;
      return answerDataTransfer(params as DataTransferRequest);
    });
    this.client.handle('GetDiagnostics', ({ params }) => {
      this.counters.commands += 1;
      return this.diagnostics.answer(params);
    });
    this.client.handle('UpdateFirmware', ({ params }) => {
      this.counters.commands += 1;
      return this.firmware.update(params);
    });
    this.client.handle('ClearCache', () => {
      this.counters.commands += 1;
      return { status: 'Accepted' };
    });
    // The local authorization list: a Full update replaces it, a Differential one changes the cards it names (one
    // without idTagInfo is removed) and must carry a newer version than the charger holds (else VersionMismatch).
    this.client.handle('GetLocalListVersion', () => {
      this.counters.commands += 1;
      return { listVersion: this.options.localList ? this.localListVersion : -1 };
    });
    this.client.handle('SendLocalList', ({ params }) => {
      this.counters.commands += 1;
      const p = params as { listVersion: number; updateType: 'Full' | 'Differential'; localAuthorizationList?: { idTag: string; idTagInfo?: LocalCard }[] };
      if (!this.options.localList) return { status: 'NotSupported' };
      const entries = p.localAuthorizationList ?? [];
      if (entries.length > Number(this.config.get('SendLocalListMaxLength'))) return { status: 'Failed' };
      if (p.updateType === 'Differential' && p.listVersion <= this.localListVersion) return { status: 'VersionMismatch' };
      const next = p.updateType === 'Full' ? new Map<string, LocalCard>() : new Map(this.localList);
      for (const e of entries) {
        if (e.idTagInfo) next.set(e.idTag, { status: e.idTagInfo.status, ...(e.idTagInfo.expiryDate ? { expiryDate: e.idTagInfo.expiryDate } : {}) });
        else next.delete(e.idTag);
      }
      if (next.size > Number(this.config.get('LocalAuthListMaxLength'))) return { status: 'Failed' };
      this.localList.clear();
      for (const [k, v] of next) this.localList.set(k, v);
      this.localListVersion = p.listVersion;
      return { status: 'Accepted' };
    });
    // Smart charging: the profiles (smart-charging.ts) limit each session from the next meter reading on.
    this.client.handle('SetChargingProfile', ({ params }) => {
      this.counters.commands += 1;
      const p = params as { connectorId: number; csChargingProfiles: ChargingProfile };
      const status = this.chargingProfiles.set(p.connectorId, p.csChargingProfiles, this.sessionRef(p.connectorId));
      this.refreshLimits();
      return { status };
    });
    this.client.handle('ClearChargingProfile', ({ params }) => {
      this.counters.commands += 1;
      const status = this.chargingProfiles.clear(params as { id?: number; connectorId?: number; chargingProfilePurpose?: string; stackLevel?: number });
      this.refreshLimits();
      return { status };
    });
    this.client.handle('GetCompositeSchedule', ({ params }) => {
      this.counters.commands += 1;
      const p = params as { connectorId: number; duration: number; chargingRateUnit?: 'A' | 'W' };
      const ratedA = (this.options.powerKw * 1000) / ((this.options.powerKw > 22 ? 400 : 230) * this.phases);
      return this.chargingProfiles.composite(p.connectorId, p.duration, p.chargingRateUnit, this.sessionRef(p.connectorId), ratedA);
    });
  }
}

/** Options of a simulated fleet. */
export interface FleetOptions {
  url: string;
  chargers: { identity: string; password: string; connectors?: number; powerKw?: number }[];
  meterIntervalSeconds?: number;
  heartbeatSeconds?: number;
  clockAlignedSeconds?: number;
  backoff?: { initialDelay: number; maxDelay: number };
  /** Start sessions, faults and recoveries now and then (the development fleet) with these RFID cards [no]. */
  autopilot?: { idTags: string[]; everySeconds?: number };
  log?: (line: string) => void;
  /** Connections opened at once [50]. */
  concurrency?: number;
}

/** A running fleet. */
export interface Fleet {
  chargers: SimulatedCharger[];
  connected(): number;
  stop(): Promise<void>;
}

/** Starts simulated chargers (a few at a time), and the autopilot if asked. */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const chargers = options.chargers.map(
    (c) =>
      new SimulatedCharger({
        url: options.url,
        identity: c.identity,
        password: c.password,
        connectors: c.connectors,
        powerKw: c.powerKw,
        meterIntervalSeconds: options.meterIntervalSeconds,
        heartbeatSeconds: options.heartbeatSeconds,
        clockAlignedSeconds: options.clockAlignedSeconds,
        backoff: options.backoff,
        log: options.log,
      }),
  );
  const concurrency = options.concurrency ?? 50;
  for (let i = 0; i < chargers.length; i += concurrency) {
    await Promise.all(chargers.slice(i, i + concurrency).map((c) => c.start().catch((e: unknown) => options.log?.(`[sim ${c.options.identity}] could not connect: ${(e as Error).message}`))));
  }
  let timer: NodeJS.Timeout | null = null;
  const auto = options.autopilot;
  if (auto) {
    timer = setInterval(() => {
      const sim = chargers[Math.floor(Math.random() * chargers.length)];
      if (!sim || !sim.online) return;
      const c = sim.connectors[Math.floor(Math.random() * sim.connectors.length)]!;
      const roll = Math.random();
      if (c.status === 'Faulted') void sim.recover(c.id);
      else if (c.session && roll < 0.5) void sim.stopSession(c, 'EVDisconnected');
      else if (!c.session && roll < 0.85 && auto.idTags.length > 0) void sim.startWithCard(c.id, auto.idTags[Math.floor(Math.random() * auto.idTags.length)]!);
      else if (!c.session && roll >= 0.97) void sim.fault(c.id, Math.random() < 0.5 ? 'OverCurrentFailure' : 'PowerMeterFailure');
    }, (auto.everySeconds ?? 20) * 1000);
    timer.unref();
  }
  return {
    chargers,
    connected: () => chargers.filter((c) => c.online).length,
    async stop() {
      if (timer) clearInterval(timer);
      await Promise.all(chargers.map((c) => c.stop()));
    },
  };
}
