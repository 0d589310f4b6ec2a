// What a protocol version gives the central system, and what each of its message handlers receives. The central
// system (connectivity, commands, the message log, rate limits, batching) knows no version: it hands every call of a
// charger to the handler its version lists for that message, with a small context instead of its own closure.
import type { LiveEvent } from '@domain/live-event';
import type { Database } from '@server/db/database';
import type { FirmwareStatusHeard } from '@server/firmware/firmware-status';
import type { Moved } from '@server/firmware/firmware-store';
import type { BootHeard } from './boot-store';
import type { ChargerIdentity } from './charger-identity';
import type { HeartbeatHeard } from './connectivity-store';
import type { PlainStatus } from './fault-store';
import type { MeterRow, SessionMeter } from './meter-store';

/** The writers the central system gathers many chargers' rows in; each settles once its row is written. */
export interface HandlerBatches {
  /** A heartbeat heard (the charger's last heartbeat). */
  heartbeat(beat: HeartbeatHeard): Promise<unknown>;
  /** A connector status that is not Faulted: false when the connector is Faulted or holds a ticket (a recovery). */
  plainStatus(row: PlainStatus): Promise<boolean>;
  /** Meter samples kept as telemetry. */
  meters(rows: MeterRow[]): Promise<unknown>;
  /** An open session's live energy and power. */
  sessionMeter(meter: SessionMeter): Promise<unknown>;
  /** An accepted BootNotification's writes (boot-store.ts): whether its version was recorded on an installed update. */
  boot(boot: BootHeard): Promise<boolean>;
  /** A FirmwareStatusNotification: kept on the charger, moving its open update; what moved, or null. */
  firmwareStatus(heard: FirmwareStatusHeard): Promise<Moved | null>;
}

/** What a handler of one charger's message may use. */
export interface HandlerContext {
  /** The charger that sent the message, as read when its socket opened. */
  charger: ChargerIdentity;
  /** The chargers' database (on PostgreSQL, the central system's own connections). */
  db: Database;
  /** Clock of stored times. */
  now: () => Date;
  /** Settles once the charger is marked connected to this process (or that write failed and was logged). */
  connected: Promise<void>;
  batches: HandlerBatches;
  /** Publishes a live event to the consoles (errors are logged, never thrown). */
  live(event: LiveEvent | readonly LiveEvent[]): void;
  /** Heartbeat interval given at boot, seconds. */
  heartbeatIntervalSeconds: number;
  /** Wallet balance a prepaid customer needs to start a session, paise. */
  sessionStartMinWalletPaise: number;
}

/**
 * A handler of one incoming message: its params (already checked against the version's schema by ocpp-rpc) and the
 * context; it returns the answer. An OcppRefusal it throws becomes the charger's CALLERROR; any other error is logged
 * and answered InternalError.
 */
export type MessageHandler = (params: unknown, context: HandlerContext) => unknown;

/** One OCPP protocol version as the central system speaks it. */
export interface ProtocolVersion {
  /** WebSocket subprotocol name (ocpp-rpc's protocol, also the name of its built-in schemas). */
  protocol: string;
  /** chargers.charger_type of the chargers that speak it. */
  chargerType: string;
  /**
   * Schemas of the version for ocpp-rpc's strict mode (an ocpp-rpc validator) when ocpp-rpc ships none of its own
   * (it ships 1.6 and 2.0.1).
   */
  strictValidator?: unknown;
  /** The handler of each message a charger may send. */
  handlers: Readonly<Record<string, MessageHandler>>;
  /** An outgoing frame as the version wants it (error codes and sizes of its CALLERROR). */
  errorFrame(message: string): string;
  /** Whether a charger's answer to a command means it was accepted. */
  answerAccepts(action: string, result: unknown): boolean;
}
