// Tables of the OCPP central system (server/ocpp): each OCPP charger's link state and credentials, its
// connectors, the raw message log, meter values, sessions (the link between an OCPP transaction, the charger
// transaction row and its booking) and the commands staff send.
import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ocppCommandStates, ocppCommandWaitingStates } from '@machines/ocpp-command.machine';
import { users } from '../schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const chargerId = () => bigint('charger_id', { mode: 'number' }).notNull();

/** One row per OCPP charger: its password (scrypt hash), what it said at boot, and where its socket is. */
export const ocppChargePoints = pgTable('ocpp_charge_points', {
  chargerId: chargerId().primaryKey(),
  /** scrypt hash of the security profile 1 password (`scrypt$N$salt$hash`); null: the charger cannot connect. */
  passwordHash: text('password_hash'),
  passwordSetAt: ts('password_set_at'),
  vendor: text('vendor'),
  model: text('model'),
  serialNumber: text('serial_number'),
  firmwareVersion: text('firmware_version'),
  firmwareStatus: text('firmware_status'),
  diagnosticsStatus: text('diagnostics_status'),
  bootStatus: text('boot_status'),
  bootedAt: ts('booted_at'),
  /** Heartbeat interval given at boot (seconds). */
  heartbeatInterval: integer('heartbeat_interval').notNull().default(300),
  /** The process holding the socket (null: not connected). */
  connectedNode: text('connected_node'),
  connectedAt: ts('connected_at'),
  disconnectedAt: ts('disconnected_at'),
  lastSeenAt: ts('last_seen_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Each connector's last StatusNotification, and the open servicing ticket of its current fault episode. */
export const ocppConnectors = pgTable(
  'ocpp_connectors',
  {
    chargerId: chargerId(),
    connectorId: integer('connector_id').notNull(),
    status: text('status').notNull(),
    errorCode: text('error_code').notNull().default('NoError'),
    info: text('info'),
    vendorErrorCode: text('vendor_error_code'),
    faultTicketId: bigint('fault_ticket_id', { mode: 'number' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chargerId, t.connectorId] })],
);

/** Raw OCPP frames in and out, per charger (kept OCPP_LOG_RETENTION_DAYS and at most OCPP_LOG_MAX_PER_CHARGER rows). */
export const ocppMessages = pgTable(
  'ocpp_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    chargerId: chargerId(),
    /** IN (charger to us) or OUT. */
    direction: text('direction').notNull(),
    /** CALL, RESULT or ERROR (or BAD for a frame that is not OCPP-J). */
    messageType: text('message_type').notNull(),
    messageId: text('message_id'),
    action: text('action'),
    payload: jsonb('payload'),
    errorCode: text('error_code'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ocpp_messages_charger_id_idx').on(t.chargerId, t.id),
    index('ocpp_messages_created_at_idx').on(t.createdAt),
    check('ocpp_messages_direction', sql`${t.direction} in ('IN', 'OUT')`),
  ],
);

/** Meter values as sampled (energy Wh, power W, current A, voltage V, state of charge %). */
export const ocppMeterValues = pgTable(
  'ocpp_meter_values',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    chargerId: chargerId(),
    connectorId: integer('connector_id').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }),
    sampledAt: ts('sampled_at').notNull(),
    energyWh: doublePrecision('energy_wh'),
    powerW: doublePrecision('power_w'),
    currentA: doublePrecision('current_a'),
    voltageV: doublePrecision('voltage_v'),
    soc: doublePrecision('soc'),
  },
  (t) => [index('ocpp_meter_values_charger_id_idx').on(t.chargerId, t.id), index('ocpp_meter_values_transaction_id_idx').on(t.transactionId, t.id)],
);

/** An OCPP transaction: its id is the charger transaction row's id (the OCPP transactionId), with its booking. */
export const ocppSessions = pgTable(
  'ocpp_sessions',
  {
    transactionId: bigint('transaction_id', { mode: 'number' }).primaryKey(),
    chargerId: chargerId(),
    connectorId: integer('connector_id').notNull(),
    idTag: text('id_tag').notNull(),
    bookingId: bigint('booking_id', { mode: 'number' }),
    meterStartWh: bigint('meter_start_wh', { mode: 'number' }).notNull(),
    /** Latest energy register (Wh) and power (W) from MeterValues, for the live view. */
    lastEnergyWh: doublePrecision('last_energy_wh'),
    lastPowerW: doublePrecision('last_power_w'),
    startedAt: ts('started_at').notNull(),
    stoppedAt: ts('stopped_at'),
    /** The charger's own timestamp+connector+meterStart, so a replayed StartTransaction gets the same id. */
    startKey: text('start_key').notNull(),
  },
  (t) => [
    index('ocpp_sessions_charger_open_idx').on(t.chargerId, t.connectorId).where(sql`${t.stoppedAt} is null`),
    uniqueIndex('ocpp_sessions_start_key_key').on(t.chargerId, t.startKey),
  ],
);

/**
 * The statuses of a command still waiting for its answer (the machine's), as SQL literals: the partial index below and
 * the sweep of overdue commands (command-store.ts timeOutCommands) use the same text, so the planner can match the two.
 */
export const waitingCommandStatuses = sql.raw(ocppCommandWaitingStates.map((s) => `'${s}'`).join(', '));

/** A command staff sent to a charger; its status moves through machines/ocpp-command.machine.ts. */
export const ocppCommands = pgTable(
  'ocpp_commands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chargerId: chargerId(),
    /** Commands sent together to many chargers share a batch id. */
    batchId: uuid('batch_id'),
    action: text('action').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('queued'),
    /** The charger's answer (CALLRESULT payload) or the error (code and description). */
    response: jsonb('response'),
    error: text('error'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    answeredAt: ts('answered_at'),
  },
  (t) => [
    index('ocpp_commands_charger_id_idx').on(t.chargerId, t.createdAt),
    index('ocpp_commands_batch_id_idx').on(t.batchId),
    // The commands still waiting for an answer, for the sweep of overdue ones (command-store.ts timeOutCommands).
    index('ocpp_commands_waiting_idx').on(t.createdAt).where(sql`${t.status} in (${waitingCommandStatuses})`),
    check('ocpp_commands_status', sql.raw(`status in (${ocppCommandStates.map((s) => `'${s}'`).join(', ')})`)),
  ],
);
