// Firmware of OCPP chargers (1.6 Firmware Management): the images staff upload, the updates of one charger or many,
// their states in words and the API's shapes. Shared by the console (the firmware page, the charger's Firmware panel)
// and the server (server/firmware, the FirmwareStatusNotification handler); campaigns build on the same updates.
import { z } from 'zod';
import type { Permission } from './permissions';

/** Every status a firmware update can hold: the states of machines/firmware-update.machine.ts. */
export const firmwareUpdateStates = ['requested', 'waitingForSession', 'sent', 'accepted', 'downloading', 'downloaded', 'installing', 'installed', 'failed', 'timedOut', 'cancelled'] as const;
export type FirmwareUpdateState = (typeof firmwareUpdateStates)[number];

/** Who may upload firmware images and update chargers' firmware (its own right: a new image can stop a charger). */
export const FIRMWARE_PERMISSION: Permission = 'ROLE_UPDATE_FIRMWARE';

/** The states in which an update has ended. */
export const FIRMWARE_UPDATE_FINAL_STATES = ['installed', 'failed', 'timedOut', 'cancelled'] as const satisfies readonly FirmwareUpdateState[];
export type FirmwareUpdateFinalState = (typeof FIRMWARE_UPDATE_FINAL_STATES)[number];

/** Whether an update in this state has ended. */
export const isFinalFirmwareState = (state: string): boolean => (FIRMWARE_UPDATE_FINAL_STATES as readonly string[]).includes(state);

/** An update's state in words. */
export const firmwareUpdateStateLabels: Readonly<Record<FirmwareUpdateState, string>> = {
  requested: 'Requested',
  waitingForSession: 'Waiting for the charging session to end',
  sent: 'Sent: waiting for the charger',
  accepted: 'Accepted by the charger',
  downloading: 'Downloading',
  downloaded: 'Downloaded',
  installing: 'Installing',
  installed: 'Installed',
  failed: 'Failed',
  timedOut: 'Timed out: the charger stopped reporting',
  cancelled: 'Cancelled',
};

/** The steps the console shows as an update's progress, in order. */
export const firmwareUpdateSteps: readonly FirmwareUpdateState[] = ['sent', 'accepted', 'downloading', 'downloaded', 'installing', 'installed'];

/** The statuses a charger reports in FirmwareStatusNotification (OCPP 1.6). */
export const firmwareChargerStatuses = ['Idle', 'Downloading', 'Downloaded', 'DownloadFailed', 'Installing', 'Installed', 'InstallationFailed'] as const;
export type FirmwareChargerStatus = (typeof firmwareChargerStatuses)[number];

/** The charger's statuses in words. */
export const firmwareChargerStatusLabels: Readonly<Record<FirmwareChargerStatus, string>> = {
  Idle: 'Idle: no update in progress',
  Downloading: 'Downloading the image',
  Downloaded: 'Image downloaded',
  DownloadFailed: 'Download failed',
  Installing: 'Installing',
  Installed: 'Installed',
  InstallationFailed: 'Installation failed',
};

/** The firmware command, sent only through the firmware routes and campaigns (never the generic command route). */
export const firmwareCommandSchema = z.strictObject({
  action: z.literal('UpdateFirmware'),
  payload: z.strictObject({
    location: z.string().url(),
    retrieveDate: z.string(),
    retries: z.number().int().min(0).optional(),
    retryInterval: z.number().int().min(0).optional(),
  }),
});
export type FirmwareCommand = z.infer<typeof firmwareCommandSchema>;

/** Label of the firmware command, as staff read it (Commands table). */
export const firmwareCommandLabels: Readonly<Record<FirmwareCommand['action'], string>> = { UpdateFirmware: 'Update firmware' };

/** Most chargers one request updates. */
export const MAX_FIRMWARE_CHARGERS = 500;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** The fields of an upload besides the file (multipart form fields). */
export const firmwareFileFieldsSchema = z.strictObject({
  version: z.string({ error: 'Give the firmware version' }).trim().min(1, 'Give the firmware version').max(50, 'At most 50 characters'),
  vendor: optionalText(20),
  model: optionalText(20),
});
export type FirmwareFileFields = z.infer<typeof firmwareFileFieldsSchema>;

/** A firmware image as the API answers it. */
export const firmwareFileViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  vendor: z.string().nullable(),
  model: z.string().nullable(),
  sizeBytes: z.number(),
  sha256: z.string(),
  uploadedByName: z.string().nullable(),
  createdAt: z.string(),
  /** How many chargers report this version now. */
  chargersRunning: z.number(),
});
export type FirmwareFileView = z.infer<typeof firmwareFileViewSchema>;

/** Body of an update of one charger or many. */
export const firmwareUpdateBodySchema = z.strictObject({
  chargerIds: z.array(z.number().int().positive(), { error: 'Choose the chargers' }).min(1, 'Choose at least one charger').max(MAX_FIRMWARE_CHARGERS, `At most ${MAX_FIRMWARE_CHARGERS} chargers at once`),
  firmwareFileId: z.uuid({ error: 'Choose a firmware file' }),
  /** When the chargers fetch the image (default now). */
  retrieveDate: z.iso.datetime({ offset: true, error: 'Give a date and time' }).optional(),
  /** How many times a charger tries the download again. */
  retries: z.number().int().min(0).max(10, 'At most 10').optional(),
  /** Seconds between those tries. */
  retryInterval: z.number().int().min(0).max(86_400, 'At most a day (86,400 s)').optional(),
});
export type FirmwareUpdateBody = z.infer<typeof firmwareUpdateBodySchema>;

/** One charger's firmware update as the API answers it. */
export const firmwareUpdateViewSchema = z.object({
  id: z.string(),
  chargerId: z.number(),
  chargerUniqueId: z.string().nullable(),
  firmwareFileId: z.string(),
  firmwareName: z.string(),
  firmwareVersion: z.string(),
  campaignId: z.string().nullable(),
  wave: z.number().nullable(),
  status: z.enum(firmwareUpdateStates),
  /** The state in words, with the reason when it failed. */
  summary: z.string(),
  retrieveDate: z.string(),
  retries: z.number().nullable(),
  retryInterval: z.number().nullable(),
  requestedByName: z.string().nullable(),
  commandId: z.string().nullable(),
  lastChargerStatus: z.string().nullable(),
  error: z.string().nullable(),
  installedVersion: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type FirmwareUpdateView = z.infer<typeof firmwareUpdateViewSchema>;

/** A charger's firmware: what it reports now, its update in progress and its history. */
export const chargerFirmwareSchema = z.object({
  currentVersion: z.string().nullable(),
  /** The charger's latest FirmwareStatusNotification status. */
  chargerStatus: z.string().nullable(),
  current: firmwareUpdateViewSchema.nullable(),
  history: z.array(firmwareUpdateViewSchema),
});
export type ChargerFirmware = z.infer<typeof chargerFirmwareSchema>;

/** Paths of the firmware API. */
export const firmwarePaths = {
  files: '/ccu/firmware/files',
  updates: '/ccu/firmware/updates',
  cancel: (updateId: string) => `/ccu/firmware/updates/${encodeURIComponent(updateId)}/cancel`,
  ofCharger: (chargerId: number | string) => `/ccu/charger/${chargerId}/firmware`,
  /** The link chargers download an image from (no staff session: a signed token). */
  download: '/ocpp-files/firmware',
} as const;

/** The console page of firmware images (Charger Management). */
export const FIRMWARE_PAGE_PATH = '/charger-management/firmware';
