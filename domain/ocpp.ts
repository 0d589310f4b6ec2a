// The OCPP side of the console: commands staff send to chargers, a charger's live state, its message log and the
// test charger screen's context. Shared by the console (forms, screens) and the server (validation).
import { z } from 'zod';
import { localListConfigurationKeys, MANAGE_LOCAL_LIST_PERMISSION } from './local-list';
import type { Permission } from './permissions';
import type { ChargerType } from './resources/chargers/charger';
import { FIRST_MANAGED_PROFILE_ID, MANAGE_CHARGING_PROFILES_PERMISSION } from './smart-charging';

/** Commands staff may send to an OCPP charger. */
export const ocppCommandActions = [
  'RemoteStartTransaction',
  'RemoteStopTransaction',
  'Reset',
  'ChangeAvailability',
  'UnlockConnector',
  'GetConfiguration',
  'ChangeConfiguration',
  'TriggerMessage',
  'ClearCache',
  'SetChargingProfile',
  'ClearChargingProfile',
  'DataTransfer',
] as const;
export type OcppCommandAction = (typeof ocppCommandActions)[number];

/** Labels of the commands, as staff read them. */
export const ocppCommandLabels: Readonly<Record<OcppCommandAction, string>> = {
  RemoteStartTransaction: 'Start charging',
  RemoteStopTransaction: 'Stop charging',
  Reset: 'Reset',
  ChangeAvailability: 'Change availability',
  UnlockConnector: 'Unlock connector',
  GetConfiguration: 'Read configuration',
  ChangeConfiguration: 'Change configuration',
  TriggerMessage: 'Request a message',
  ClearCache: 'Clear authorization cache',
  SetChargingProfile: 'Limit charging',
  ClearChargingProfile: 'Clear charging limit',
  DataTransfer: 'Send vendor data',
};

/**
 * Commands that need a permission of their own besides ROLE_EXECUTE_COMMAND: a DataTransfer carries whatever a vendor's
 * extension acts on, so it is not the same right as a reset. The command route checks it, the console offers the
 * command only to its holders.
 */
export const ocppCommandExtraPermissions: Readonly<Partial<Record<OcppCommandAction, Permission>>> = { DataTransfer: 'ROLE_DATA_TRANSFER' };

/**
 * Configuration keys ChangeConfiguration does not change from the command route, each with why: the central system
 * sets them itself and keeps what it set. HeartbeatInterval is given to every charger in its BootNotification answer
 * (OCPP_HEARTBEAT_SECONDS), kept on the charger's record and read to tell a silent charger from an online one; a
 * charger given another would be taken offline while connected, or heard from more often than the fleet is sized
 * for, until its next boot put it back. AuthorizationKey is the charger's OCPP password, which the server makes and
 * keeps only as a hash (POST …/ocpp-password): one sent here would lock the charger out at its next connection and
 * stay readable in the command's record. Keys are matched whatever their case (chargers do).
 */
export const centralConfigurationKeys: Readonly<Record<string, string>> = {
  HeartbeatInterval:
    'The central system gives every charger its heartbeat interval when it boots (the setting OCPP_HEARTBEAT_SECONDS) and takes a charger silent past it for offline: it is not changed charger by charger.',
  AuthorizationKey:
    'The charger’s OCPP password is set with its own action (New OCPP password, Update charger), which keeps only its hash: a key sent here would lock the charger out at its next connection and stay readable in the command’s record.',
};

/**
 * Configuration keys whose change needs a permission of its own besides ROLE_EXECUTE_COMMAND: the local authorization
 * list's settings belong to whoever manages the list (its panel reads them before it sends a list and keeps them).
 */
export const configurationKeyPermissions: Readonly<Record<string, Permission>> = Object.fromEntries(localListConfigurationKeys.map((k) => [k, MANAGE_LOCAL_LIST_PERMISSION]));

/** The entry of `table` for a configuration key, whatever the key's case. */
function byKey<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  const wanted = key.trim().toLowerCase();
  const found = Object.keys(table).find((k) => k.toLowerCase() === wanted);
  return found === undefined ? undefined : table[found];
}

/** Why the command route does not change this configuration key (null: it does). */
export const centralConfigurationKeyReason = (key: string): string | null => byKey(centralConfigurationKeys, key) ?? null;

/**
 * The permission a command needs besides ROLE_EXECUTE_COMMAND, or null: its action's own (a DataTransfer), or the
 * configuration key's a ChangeConfiguration changes. The command route checks it; the console offers only what the
 * staff member may send.
 */
export function commandExtraPermission(command: { action: OcppCommandAction; payload: unknown }): Permission | null {
  const own = ocppCommandExtraPermissions[command.action];
  if (own) return own;
  if (command.action === 'ChangeConfiguration') return byKey(configurationKeyPermissions, String((command.payload as { key?: unknown }).key ?? '')) ?? null;
  return null;
}

const managedProfileIds = `Ids from ${FIRST_MANAGED_PROFILE_ID.toLocaleString('en-US')} are the profiles of the charger’s Smart charging panel (${MANAGE_CHARGING_PROFILES_PERMISSION})`;
/** Why a SetChargingProfile of the command route may not take an id of the Smart charging panel's. */
export const SET_MANAGED_PROFILE_MESSAGE = `${managedProfileIds}: a session’s limit takes an id below ${FIRST_MANAGED_PROFILE_ID.toLocaleString('en-US')}.`;
/** Why a ClearChargingProfile of the command route may not name an id of the Smart charging panel's. */
export const CLEAR_MANAGED_PROFILE_MESSAGE = `${managedProfileIds}: clear them there.`;
/** Why a ClearChargingProfile of the command route must name the TxProfile purpose. */
export const CLEAR_SESSION_LIMITS_ONLY_MESSAGE =
  'Only a session’s limit (chargingProfilePurpose TxProfile) is cleared here: a charger maximum or a default for sessions is cleared on the charger’s Smart charging panel.';

/** Longest vendor data a DataTransfer carries, characters (1.6 sets no limit; this keeps a command record small). */
export const MAX_DATA_TRANSFER_CHARS = 4_000;

const connectorId = z.number({ error: 'Choose a connector' }).int().min(0).max(10);
const key = z.string().trim().min(1, 'Give a key').max(50);

/** A command with its OCPP payload (the payload is checked again against the official schema when sent). */
export const ocppCommandSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('RemoteStartTransaction'), payload: z.strictObject({ connectorId: connectorId.min(1).optional(), idTag: z.string().trim().min(1).max(20) }) }),
  z.strictObject({ action: z.literal('RemoteStopTransaction'), payload: z.strictObject({ transactionId: z.number().int() }) }),
  z.strictObject({ action: z.literal('Reset'), payload: z.strictObject({ type: z.enum(['Soft', 'Hard'], { error: 'Choose Soft or Hard' }) }) }),
  z.strictObject({ action: z.literal('ChangeAvailability'), payload: z.strictObject({ connectorId, type: z.enum(['Inoperative', 'Operative']) }) }),
  z.strictObject({ action: z.literal('UnlockConnector'), payload: z.strictObject({ connectorId: connectorId.min(1) }) }),
  z.strictObject({ action: z.literal('GetConfiguration'), payload: z.strictObject({ key: z.array(key).max(20).optional() }) }),
  z.strictObject({
    action: z.literal('ChangeConfiguration'),
    payload: z.strictObject({
      key: key.superRefine((k, ctx) => {
        const reason = centralConfigurationKeyReason(k);
        if (reason) ctx.addIssue({ code: 'custom', message: reason });
      }),
      value: z.string().max(500),
    }),
  }),
  z.strictObject({
    action: z.literal('TriggerMessage'),
    payload: z.strictObject({
      requestedMessage: z.enum(['BootNotification', 'DiagnosticsStatusNotification', 'FirmwareStatusNotification', 'Heartbeat', 'MeterValues', 'StatusNotification']),
      connectorId: connectorId.min(1).optional(),
    }),
  }),
  z.strictObject({ action: z.literal('ClearCache'), payload: z.strictObject({}) }),
  // A transaction's charging limit (a booking's pause is 0 A) and its removal (resume): OCPP 1.6 Smart Charging. Only
  // a session's own TxProfile, by an id below the Smart charging panel's (a charger replaces a profile of the same
  // id, and a clear by id or without the purpose reaches the panel's charger maximum and defaults, whose stored
  // state would no longer be the charger's): those are set and cleared on the panel (server/smart-charging).
  z.strictObject({
    action: z.literal('SetChargingProfile'),
    payload: z.strictObject({
      connectorId: connectorId.min(1),
      csChargingProfiles: z.strictObject({
        chargingProfileId: z.number().int().min(1).max(FIRST_MANAGED_PROFILE_ID - 1, SET_MANAGED_PROFILE_MESSAGE),
        transactionId: z.number().int().optional(),
        stackLevel: z.number().int().min(0).max(10),
        chargingProfilePurpose: z.literal('TxProfile'),
        chargingProfileKind: z.enum(['Absolute', 'Relative']),
        chargingSchedule: z.strictObject({
          chargingRateUnit: z.enum(['A', 'W']),
          chargingSchedulePeriod: z.array(z.strictObject({ startPeriod: z.number().int().min(0), limit: z.number().min(0).max(1000) })).min(1).max(5),
        }),
      }),
    }),
  }),
  z.strictObject({
    action: z.literal('ClearChargingProfile'),
    payload: z.strictObject({
      id: z.number().int().min(1).max(FIRST_MANAGED_PROFILE_ID - 1, CLEAR_MANAGED_PROFILE_MESSAGE).optional(),
      connectorId: connectorId.optional(),
      chargingProfilePurpose: z.literal('TxProfile', { error: CLEAR_SESSION_LIMITS_ONLY_MESSAGE }),
    }),
  }),
  // A vendor's own message (OCPP 1.6 DataTransfer.req): the lengths are 1.6's (vendorId 255, messageId 50).
  z.strictObject({
    action: z.literal('DataTransfer'),
    payload: z.strictObject({
      vendorId: z.string().trim().min(1, 'Give the vendor id').max(255, 'At most 255 characters'),
      messageId: z.string().trim().min(1).max(50, 'At most 50 characters').optional(),
      data: z.string().max(MAX_DATA_TRANSFER_CHARS, `At most ${MAX_DATA_TRANSFER_CHARS.toLocaleString('en-IN')} characters`).optional(),
    }),
  }),
]);
export type OcppCommand = z.infer<typeof ocppCommandSchema>;

/** The console's page of the recent batches of commands (a batch's results are under it: commandBatchPath). */
export const COMMAND_BATCHES_SCREEN = '/charger-management/command-batches';

/** Most chargers one request may command at once. */
export const MAX_COMMAND_CHARGERS = 500;

/** Body of POST /ccu/charger-command: one command to one or many chargers. */
export const sendCommandBodySchema = z.strictObject({
  chargerIds: z.array(z.number().int().positive()).min(1, 'Choose at least one charger').max(MAX_COMMAND_CHARGERS, `At most ${MAX_COMMAND_CHARGERS} chargers at once`),
  command: ocppCommandSchema,
  /** Wait for the answers (at most the call timeout) before answering; default false (202 at once). */
  wait: z.boolean().optional(),
});
export type SendCommandBody = z.infer<typeof sendCommandBodySchema>;

/** Statuses of a command record (machines/ocpp-command.machine.ts). */
export const ocppCommandStatusLabels: Readonly<Record<string, string>> = {
  queued: 'Queued',
  sent: 'Sent, waiting for the charger',
  accepted: 'Accepted',
  rejected: 'Rejected by the charger',
  failed: 'Failed',
  timedOut: 'No answer (timed out)',
  offline: 'Not sent: charger offline',
};

/** One command record as the API answers it. */
export const ocppCommandViewSchema = z.object({
  id: z.string(),
  chargerId: z.number(),
  batchId: z.string().nullable(),
  action: z.string(),
  payload: z.unknown(),
  status: z.string(),
  response: z.unknown().nullable(),
  error: z.string().nullable(),
  requestedBy: z.string().nullable(),
  requestedByName: z.string().nullable(),
  /** The charger's unique id and charge box id, as lists name it. */
  chargerUniqueId: z.string().nullable(),
  chargeBoxId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type OcppCommandView = z.infer<typeof ocppCommandViewSchema>;

/** Answer of POST /ccu/charger-command. */
export const sendCommandAnswerSchema = z.object({ batchId: z.string(), items: z.array(ocppCommandViewSchema) });

/** A page of commands. */
export const ocppCommandPageSchema = z.object({ items: z.array(ocppCommandViewSchema), count: z.number(), page: z.number(), size: z.number() });

/** A charger's live OCPP state (GET /ccu/charger/{id}/live). */
export const chargerLiveSchema = z.object({
  chargerId: z.number(),
  uniqueId: z.string(),
  chargerType: z.string(),
  chargeBoxId: z.string().nullable(),
  isActive: z.boolean(),
  usageType: z.string().nullable(),
  ccuId: z.string().nullable(),
  /** True while a server process holds the charger's socket. */
  isOnline: z.boolean(),
  connectivityStatus: z.string(),
  lastSeenAt: z.string().nullable(),
  lastHeartbeatAt: z.string().nullable(),
  connectedAt: z.string().nullable(),
  heartbeatInterval: z.number().nullable(),
  vendor: z.string().nullable(),
  model: z.string().nullable(),
  serialNumber: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  firmwareStatus: z.string().nullable(),
  hasPassword: z.boolean(),
  sockets: z.array(z.object({ code: z.string(), displayText: z.string(), value: z.number() })),
  connectors: z.array(
    z.object({ connectorId: z.number(), status: z.string(), errorCode: z.string(), info: z.string().nullable(), faultTicketId: z.number().nullable(), updatedAt: z.string() }),
  ),
  sessions: z.array(
    z.object({
      transactionId: z.number(),
      connectorId: z.number(),
      idTag: z.string(),
      bookingId: z.number().nullable(),
      /** The booking's state (null without a booking): a customer's session stops from it while it is charging or paused. */
      bookingStatus: z.string().nullable(),
      startedAt: z.string(),
      energyWh: z.number(),
      powerW: z.number().nullable(),
      /** Started by test charging (a test tag): the only session test charging's stop reaches. */
      isTest: z.boolean(),
    }),
  ),
});
export type ChargerLive = z.infer<typeof chargerLiveSchema>;

/** Meter samples of a session or a charger (newest last). */
export const meterSamplesSchema = z.object({
  items: z.array(
    z.object({
      sampledAt: z.string(),
      connectorId: z.number(),
      transactionId: z.number().nullable(),
      energyWh: z.number().nullable(),
      powerW: z.number().nullable(),
      currentA: z.number().nullable(),
      voltageV: z.number().nullable(),
      soc: z.number().nullable(),
    }),
  ),
});
export type MeterSamples = z.infer<typeof meterSamplesSchema>;

/** One logged OCPP frame. */
export const ocppMessageSchema = z.object({
  id: z.number(),
  direction: z.enum(['IN', 'OUT']),
  messageType: z.string(),
  messageId: z.string().nullable(),
  action: z.string().nullable(),
  payload: z.unknown(),
  errorCode: z.string().nullable(),
  createdAt: z.string(),
});
export const ocppMessagePageSchema = z.object({ items: z.array(ocppMessageSchema), count: z.number(), page: z.number(), size: z.number() });
export type OcppMessage = z.infer<typeof ocppMessageSchema>;

/** Query of the message log: paging, a search in action and payload, direction. */
export const ocppMessageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(200).default(50),
  q: z.string().trim().max(100).optional(),
  direction: z.enum(['IN', 'OUT']).optional(),
});

/** Body of POST /ccu/test-charging/start. */
export const testChargeStartSchema = z.strictObject({ chargerId: z.number().int().positive(), connectorId: z.number({ error: 'Choose a socket' }).int().min(1).max(10) });
/** Body of POST /ccu/test-charging/stop. */
export const testChargeStopSchema = z.strictObject({ chargerId: z.number().int().positive(), transactionId: z.number().int() });

/** Paths of the OCPP API. */
export const ocppPaths = {
  command: '/ccu/charger-command',
  batches: '/ccu/charger-command/batches',
  live: (chargerId: number | string) => `/ccu/charger/${chargerId}/live`,
  meterValues: (chargerId: number | string) => `/ccu/charger/${chargerId}/meter-values`,
  messages: (chargerId: number | string) => `/ocpp/chargepoint-log/${chargerId}`,
  testStart: '/ccu/test-charging/start',
  testStop: '/ccu/test-charging/stop',
  password: (chargerId: number | string) => `/charger-service/admin/charger/${chargerId}/ocpp-password`,
} as const;

/** Charger types the console can test-charge over OCPP; others need their own link. */
export function canTestOverOcpp(chargerType: ChargerType | string): boolean {
  return chargerType === 'OCPP_16_JSON_CHARGER';
}

/** Path of the test charger screen of a charger (its context: chargerId and goBackUrl). */
export function testChargerPath(chargerId: number | string, goBackUrl?: string): string {
  return `/charger-management/test-charger/${chargerId}${goBackUrl ? `?goBackUrl=${encodeURIComponent(goBackUrl)}` : ''}`;
}
