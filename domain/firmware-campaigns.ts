// Firmware campaigns: one firmware image rolled out to many OCPP chargers in waves (1 % of them, then up to 10 %, then
// the rest by default), each wave started only once the one before it has finished within the failure threshold. The
// chargers are chosen by filters on what they reported at boot and where they are; the set is fixed when the campaign
// starts. Shared by the console and the server (server/firmware-campaigns): the bodies, the answers, the wave sizes.
import { z } from 'zod';
import type { Permission } from './permissions';
import { storableString } from './storable-text';

/** Who may create, start, pause, resume and cancel a campaign. */
export const RUN_FIRMWARE_CAMPAIGN_PERMISSION: Permission = 'ROLE_RUN_FIRMWARE_CAMPAIGN';
/** Who may see the campaigns and their chargers. */
export const VIEW_FIRMWARE_CAMPAIGNS_PERMISSION: Permission = 'ROLE_VIEW_FIRMWARE_CAMPAIGNS';

/** The campaign's states (machines/firmware-campaign.machine.ts). */
export const firmwareCampaignStates = ['draft', 'running', 'paused', 'completed', 'cancelled'] as const;
export type FirmwareCampaignState = (typeof firmwareCampaignStates)[number];

export const firmwareCampaignStateLabels: Readonly<Record<FirmwareCampaignState, string>> = {
  draft: 'Draft',
  running: 'Running',
  paused: 'Paused',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Where a charger of a campaign is: waiting for its wave, its update under way, or how it ended. */
export const campaignMemberStates = ['pending', 'inProgress', 'succeeded', 'failed', 'cancelled'] as const;
export type CampaignMemberState = (typeof campaignMemberStates)[number];

export const campaignMemberStateLabels: Readonly<Record<CampaignMemberState, string>> = {
  pending: 'Waiting for its wave',
  inProgress: 'Updating',
  succeeded: 'Updated',
  failed: 'Failed',
  cancelled: 'Cancelled: not sent',
};

/** Most waves a campaign has. */
export const MAX_CAMPAIGN_WAVES = 10;
/** Most values one filter lists. */
const MAX_FILTER_VALUES = 50;

const filterText = storableString().trim().min(1, 'Give a value').max(100, 'At most 100 characters');
const uuidList = z.array(z.uuid('Not an id')).max(MAX_FILTER_VALUES, `At most ${MAX_FILTER_VALUES} values`);

/**
 * Which chargers a campaign updates: OCPP chargers matching every filter given (a filter lists the values any of which
 * matches; a filter left out or empty matches all). Vendor, model and firmware version are what the charger reported
 * in its BootNotification (exact, case as reported).
 */
export const campaignFiltersSchema = z.strictObject({
  vendors: z.array(filterText).max(MAX_FILTER_VALUES, `At most ${MAX_FILTER_VALUES} values`).optional(),
  models: z.array(filterText).max(MAX_FILTER_VALUES, `At most ${MAX_FILTER_VALUES} values`).optional(),
  firmwareVersions: z.array(filterText).max(MAX_FILTER_VALUES, `At most ${MAX_FILTER_VALUES} values`).optional(),
  cityIds: uuidList.optional(),
  locationIds: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(MAX_FILTER_VALUES, `At most ${MAX_FILTER_VALUES} values`).optional(),
  operatorIds: uuidList.optional(),
});
export type CampaignFilters = z.infer<typeof campaignFiltersSchema>;

/** Waves as cumulative percentages of the chargers: strictly rising, the last 100. */
export const campaignWavesSchema = z
  .array(z.number().int().min(1, 'At least 1 %').max(100, 'At most 100 %'))
  .min(1, 'Give at least one wave')
  .max(MAX_CAMPAIGN_WAVES, `At most ${MAX_CAMPAIGN_WAVES} waves`)
  .refine((waves) => waves.every((p, i) => i === 0 || p > waves[i - 1]!), 'Each wave must reach a larger share than the one before')
  .refine((waves) => waves.at(-1) === 100, 'The last wave must reach 100 %');

/** Parses a wave list as the setting writes it ("1,10,100"); null when it is not a valid one. */
export function parseCampaignWaves(text: string): number[] | null {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^\d{1,3}$/.test(p))) return null;
  const parsed = campaignWavesSchema.safeParse(parts.map(Number));
  return parsed.success ? parsed.data : null;
}

/** Body of the preview: the filters, and the waves to size (the setting's when left out). */
export const campaignPreviewBodySchema = z.strictObject({
  filters: campaignFiltersSchema,
  waves: campaignWavesSchema.optional(),
});
export type CampaignPreviewBody = z.infer<typeof campaignPreviewBodySchema>;

/** Body of a new campaign (a draft: started by its own route). */
export const createCampaignBodySchema = z.strictObject({
  name: storableString({ error: 'Give the campaign a name' }).trim().min(1, 'Give the campaign a name').max(120, 'At most 120 characters'),
  firmwareFileId: z.uuid('Choose a firmware file'),
  filters: campaignFiltersSchema,
  /** Cumulative percentages (the setting FIRMWARE_CAMPAIGN_WAVES when left out). */
  waves: campaignWavesSchema.optional(),
  /** A wave's failure rate above this percentage pauses the campaign (the setting FIRMWARE_CAMPAIGN_PAUSE_FAILURE_PERCENT when left out). */
  failureThresholdPercent: z.number().int().min(0, 'At least 0 %').max(100, 'At most 100 %').optional(),
  /** When the chargers are to fetch the image (UpdateFirmware retrieveDate); at once when left out. */
  retrieveDate: z.iso.datetime({ offset: true, error: 'Give a date and time' }).optional(),
});
export type CreateCampaignBody = z.infer<typeof createCampaignBodySchema>;

/** Body of a pause: why (kept with the campaign). */
export const pauseCampaignBodySchema = z.strictObject({
  reason: storableString().trim().max(300, 'At most 300 characters').optional(),
});

/** Query of a campaign's chargers. */
export const campaignMembersQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  state: z.enum(campaignMemberStates).optional(),
  wave: z.coerce.number().int().min(1).max(MAX_CAMPAIGN_WAVES).optional(),
});
export type CampaignMembersQuery = z.infer<typeof campaignMembersQuerySchema>;

/**
 * The number of chargers in each wave: wave i takes the chargers up to `waves[i]` % of the total (rounded up), at least
 * one more than the wave before; waves left with no charger are dropped. 10 chargers at 1, 10, 100 % are 1, 1 and 8.
 */
export function waveSizes(total: number, waves: readonly number[]): number[] {
  const sizes: number[] = [];
  let reached = 0;
  for (const percent of waves) {
    if (reached >= total) break;
    const target = Math.min(total, Math.max(Math.ceil((total * percent) / 100), reached + 1));
    sizes.push(target - reached);
    reached = target;
  }
  return sizes;
}

/** A wave's failure rate, percent (0 for an empty wave). */
export function failurePercent(failed: number, total: number): number {
  return total === 0 ? 0 : (failed * 100) / total;
}

/** A charger a filter matches, as the preview shows it. */
export const campaignChargerSchema = z.object({
  chargerId: z.number(),
  uniqueId: z.string(),
  vendor: z.string().nullable(),
  model: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  cityName: z.string().nullable(),
  locationName: z.string().nullable(),
});
export type CampaignCharger = z.infer<typeof campaignChargerSchema>;

/** The preview: how many chargers match, the first of them, and the sizes of the waves. */
export const campaignPreviewSchema = z.object({
  count: z.number(),
  chargers: z.array(campaignChargerSchema),
  waveSizes: z.array(z.number()),
});
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;

const memberCountsSchema = z.object(Object.fromEntries(campaignMemberStates.map((s) => [s, z.number()])) as Record<CampaignMemberState, z.ZodNumber>);
export type CampaignMemberCounts = z.infer<typeof memberCountsSchema>;

/** One wave's progress. */
export const campaignWaveSchema = z.object({
  /** 1, 2… */
  wave: z.number(),
  size: z.number(),
  counts: memberCountsSchema,
  /** Failed of the wave's chargers, percent. */
  failurePercent: z.number(),
});
export type CampaignWave = z.infer<typeof campaignWaveSchema>;

/** A campaign as the list answers it. */
export const campaignSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  firmwareFileId: z.string(),
  firmwareName: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  state: z.enum(firmwareCampaignStates),
  /** The wave under way or last run (1, 2…); null before the start. */
  currentWave: z.number().nullable(),
  waves: z.array(z.number()),
  failureThresholdPercent: z.number(),
  retrieveDate: z.string().nullable(),
  /** Why it is paused, in words (by whom, or the wave's failure rate); null when not paused. */
  pausedReason: z.string().nullable(),
  /** Chargers of the campaign (matching its filters now, before it starts). */
  chargerCount: z.number(),
  counts: memberCountsSchema,
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  version: z.number(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

/** A campaign with its filters and waves. */
export const campaignDetailSchema = campaignSummarySchema.extend({
  filters: campaignFiltersSchema,
  waveProgress: z.array(campaignWaveSchema),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

/** One charger of a campaign. */
export const campaignMemberSchema = z.object({
  chargerId: z.number(),
  uniqueId: z.string().nullable(),
  wave: z.number(),
  state: z.enum(campaignMemberStates),
  /** The update's step in words (e.g. its firmware update status), null before it is sent. */
  step: z.string().nullable(),
  error: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type CampaignMember = z.infer<typeof campaignMemberSchema>;

export const campaignMembersPageSchema = z.object({ items: z.array(campaignMemberSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type CampaignMembersPage = z.infer<typeof campaignMembersPageSchema>;

/** What a new campaign may choose from: the images, and the values its filters may take. */
export const campaignFilterOptionsSchema = z.object({
  files: z.array(z.object({ id: z.string(), name: z.string(), version: z.string(), vendor: z.string().nullable(), model: z.string().nullable() })),
  vendors: z.array(z.string()),
  models: z.array(z.string()),
  firmwareVersions: z.array(z.string()),
  cities: z.array(z.object({ id: z.string(), name: z.string() })),
  locations: z.array(z.object({ id: z.number(), name: z.string() })),
  operators: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type CampaignFilterOptions = z.infer<typeof campaignFilterOptionsSchema>;

/** Paths of the campaigns API. */
export const firmwareCampaignPaths = {
  list: '/ccu/firmware-campaigns',
  preview: '/ccu/firmware-campaigns/preview',
  filterOptions: '/ccu/firmware-campaigns/filter-options',
  one: (id: string) => `/ccu/firmware-campaigns/${encodeURIComponent(id)}`,
  members: (id: string) => `/ccu/firmware-campaigns/${encodeURIComponent(id)}/chargers`,
  action: (id: string, action: 'start' | 'pause' | 'resume' | 'cancel') => `/ccu/firmware-campaigns/${encodeURIComponent(id)}/${action}`,
} as const;

/** The console's pages. */
export const FIRMWARE_CAMPAIGNS_ROUTE = '/charger-management/firmware-campaigns';
