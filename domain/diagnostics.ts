// Diagnostics of a charger (OCPP 1.6 GetDiagnostics and DiagnosticsStatusNotification): the command, a request's
// states in words, the statuses a charger reports, and the API's shapes. Shared by the console (the charger page's
// Diagnostics panel) and the server (server/diagnostics).
import { z } from 'zod';
import type { Permission } from './permissions';

/** Every state of a diagnostics request (machines/diagnostics-request.machine.ts moves between them). */
export const diagnosticsRequestStates = [
  'requested',
  'sent',
  'accepted',
  'nothingToUpload',
  'uploading',
  'uploaded',
  'uploadFailed',
  'rejected',
  'failed',
  'offline',
  'timedOut',
] as const;
export type DiagnosticsRequestState = (typeof diagnosticsRequestStates)[number];

/** Who may ask chargers for their diagnostics (a command of its own kind, not the generic command route's). */
export const REQUEST_DIAGNOSTICS_PERMISSION: Permission = 'ROLE_REQUEST_DIAGNOSTICS';

/**
 * Who may download a charger's diagnostics file: the charger's own logs, like its raw OCPP messages, so the same
 * permission as the message log.
 */
export const DOWNLOAD_DIAGNOSTICS_PERMISSION: Permission = 'ROLE_VIEW_HARDWARE_ACTIVITY_LOGS';

/** The diagnostics command, sent only through the diagnostics' own route. */
export const diagnosticsCommandActions = ['GetDiagnostics'] as const;
export type DiagnosticsCommandAction = (typeof diagnosticsCommandActions)[number];

/** Labels of the diagnostics command, as staff read them (Commands table, results pages). */
export const diagnosticsCommandLabels: Readonly<Record<DiagnosticsCommandAction, string>> = { GetDiagnostics: 'Request diagnostics' };

/** GetDiagnostics with its OCPP payload (checked again against the official schema when sent). */
export const diagnosticsCommandSchema = z.strictObject({
  action: z.literal('GetDiagnostics'),
  payload: z.strictObject({
    location: z.string().min(1),
    retries: z.number().int().min(0).optional(),
    retryInterval: z.number().int().min(0).optional(),
    startTime: z.string().optional(),
    stopTime: z.string().optional(),
  }),
});
export type DiagnosticsCommand = z.infer<typeof diagnosticsCommandSchema>;

/** The statuses a charger reports in DiagnosticsStatusNotification (OCPP 1.6). */
export const diagnosticsStatuses = ['Idle', 'Uploaded', 'UploadFailed', 'Uploading'] as const;
export type DiagnosticsStatus = (typeof diagnosticsStatuses)[number];

/** A request's state in words. */
export const diagnosticsStateLabels: Readonly<Record<DiagnosticsRequestState, string>> = {
  requested: 'Requested: not sent yet',
  sent: 'Sent: waiting for the charger',
  accepted: 'Accepted: the charger is preparing its file',
  nothingToUpload: 'Nothing to upload: the charger has no diagnostics',
  uploading: 'Uploading',
  uploaded: 'Uploaded',
  uploadFailed: 'Upload failed',
  rejected: 'Refused by the charger',
  failed: 'Failed',
  offline: 'Not sent: charger offline',
  timedOut: 'Timed out: no file in time',
};

/** What is shown in place of a file deleted after it was kept `days` days (DIAGNOSTICS_RETENTION_DAYS then). */
export function diagnosticsFileDeletedLabel(days: number): string {
  return `File deleted after ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** States a request can still move from (the charger's open request); the others are final. */
export const openDiagnosticsStates: readonly DiagnosticsRequestState[] = ['requested', 'sent', 'accepted', 'uploading'];

/** Largest retries and retry interval staff may ask for (a charger's own limits may be lower). */
export const MAX_DIAGNOSTICS_RETRIES = 10;
export const MAX_DIAGNOSTICS_RETRY_INTERVAL_SECONDS = 3_600;

/** Most chargers one request reaches (the command route's limit). */
export const MAX_DIAGNOSTICS_CHARGERS = 500;

const isoTime = z.iso.datetime({ offset: true, error: 'Give a date and time' });

/** Body of a diagnostics request: the chargers, and optionally the period of the log, retries and their interval. */
export const requestDiagnosticsBodySchema = z
  .strictObject({
    chargerIds: z
      .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER), { error: 'Choose the chargers' })
      .min(1, 'Choose at least one charger')
      .max(MAX_DIAGNOSTICS_CHARGERS, `At most ${MAX_DIAGNOSTICS_CHARGERS} chargers at once`),
    /** The oldest log entry wanted. */
    startTime: isoTime.optional(),
    /** The newest log entry wanted. */
    stopTime: isoTime.optional(),
    /** How often the charger tries the upload again after a failure. */
    retries: z.number().int().min(0).max(MAX_DIAGNOSTICS_RETRIES, `At most ${MAX_DIAGNOSTICS_RETRIES} retries`).optional(),
    /** Seconds between those tries. */
    retryInterval: z.number().int().min(0).max(MAX_DIAGNOSTICS_RETRY_INTERVAL_SECONDS, 'At most an hour (3,600 s)').optional(),
  })
  .refine((b) => !b.startTime || !b.stopTime || Date.parse(b.startTime) <= Date.parse(b.stopTime), {
    path: ['stopTime'],
    message: 'The end is before the start',
  });
export type RequestDiagnosticsBody = z.infer<typeof requestDiagnosticsBodySchema>;

/** A diagnostics request as the API answers it. */
export const diagnosticsRequestViewSchema = z.object({
  id: z.string(),
  chargerId: z.number(),
  chargerUniqueId: z.string().nullable(),
  batchId: z.string().nullable(),
  commandId: z.string().nullable(),
  state: z.enum(diagnosticsRequestStates),
  /** The state in words, with why (the charger's error, the status it reported). */
  summary: z.string(),
  startTime: z.string().nullable(),
  stopTime: z.string().nullable(),
  /** The name the charger gave its file in its answer. */
  fileName: z.string().nullable(),
  /** The file received: its size in bytes, sha256 (hex) and when it arrived. */
  fileSize: z.number().nullable(),
  fileSha256: z.string().nullable(),
  uploadedAt: z.string().nullable(),
  /** The file deleted after the retention period: when, and in words ("File deleted after 90 days"); null while kept. */
  fileDeletedAt: z.string().nullable(),
  fileDeletedLabel: z.string().nullable(),
  /** The latest DiagnosticsStatusNotification status the charger sent for it. */
  lastStatus: z.string().nullable(),
  requestedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DiagnosticsRequestView = z.infer<typeof diagnosticsRequestViewSchema>;

/** Answer of a request: the batch of command records and a request per charger. */
export const requestDiagnosticsAnswerSchema = z.object({ batchId: z.string(), items: z.array(diagnosticsRequestViewSchema) });

/** A short-lived link to a received diagnostics file. */
export const diagnosticsLinkSchema = z.object({ url: z.string(), expiresAt: z.string(), fileName: z.string() });

/** Paths of the diagnostics API. */
export const diagnosticsPaths = {
  request: '/ccu/diagnostics',
  ofCharger: (chargerId: number | string) => `/ccu/charger/${chargerId}/diagnostics`,
  link: (requestId: string) => `/ccu/diagnostics/${requestId}/link`,
  file: (requestId: string) => `/ccu/diagnostics/${requestId}/file`,
} as const;

/** The charger page's anchor of Request diagnostics… (the palette opens the page at it, its dialog open). */
export const diagnosticsAnchor = 'request-diagnostics';
