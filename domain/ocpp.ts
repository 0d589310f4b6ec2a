// The OCPP side of the console: commands staff send to chargers, a charger's live state, its message log and the
// test charger screen's context. Shared by the console (forms, screens) and the server (validation).
import { z } from 'zod';
import type { Permission } from './permissions';
import type { ChargerType } from './resources/chargers/charger';

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
  z.strictObject({ action: z.literal('ChangeConfiguration'), payload: z.strictObject({ key, value: z.string().max(500) }) }),
  z.strictObject({
    action: z.literal('TriggerMessage'),
    payload: z.strictObject({
      requestedMessage: z.enum(['BootNotification', 'DiagnosticsStatusNotification', 'FirmwareStatusNotification', 'Heartbeat', 'MeterValues', 'StatusNotification']),
      connectorId: connectorId.min(1).optional(),
    }),
  }),
  z.strictObject({ action: z.literal('ClearCache'), payload: z.strictObject({}) }),
  // A transaction's charging limit (a booking's pause is 0 A) and its removal (resume): OCPP 1.6 Smart Charging.
  z.strictObject({
    action: z.literal('SetChargingProfile'),
    payload: z.strictObject({
      connectorId: connectorId.min(1),
      csChargingProfiles: z.strictObject({
        chargingProfileId: z.number().int().min(1),
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
    payload: z.strictObject({ id: z.number().int().min(1).optional(), connectorId: connectorId.optional(), chargingProfilePurpose: z.literal('TxProfile').optional() }),
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
