// OCPP 1.6 Smart Charging beyond one transaction: the ChargePointMaxProfile (the whole charger's ceiling) and the
// TxDefaultProfile (what a transaction gets when it has no TxProfile of its own) staff set on a charger or as a
// location's defaults, clearing them, and the composite schedule a charger answers. Shared by the console (the
// charger's Smart charging panel, the location's defaults) and the server (server/smart-charging). A transaction's
// own TxProfile (a booking's pause and load limit) stays the booking's (domain/ocpp.ts SetChargingProfile).
import { z } from 'zod';

/** Who may set and clear charging profiles and ask a charger for its composite schedule. */
export const MANAGE_CHARGING_PROFILES_PERMISSION = 'ROLE_MANAGE_CHARGING_PROFILES' as const;

/**
 * The first chargingProfileId of the profiles staff manage here (server/smart-charging numbers them from it, for a
 * charger's and a location's alike). The ids below it are a session's own TxProfiles (a booking's pause and load
 * limit, the command panel's Limit charging): the generic command route sets and clears those and none from here on.
 */
export const FIRST_MANAGED_PROFILE_ID = 100_000;

/** The purposes OCPP 1.6 has; staff manage the first two (a TxProfile belongs to a transaction). */
export const chargingProfilePurposes = ['ChargePointMaxProfile', 'TxDefaultProfile', 'TxProfile'] as const;
export type ChargingProfilePurpose = (typeof chargingProfilePurposes)[number];
export const managedPurposes = ['ChargePointMaxProfile', 'TxDefaultProfile'] as const;
export type ManagedPurpose = (typeof managedPurposes)[number];

export const chargingProfilePurposeLabels: Readonly<Record<ChargingProfilePurpose, string>> = {
  ChargePointMaxProfile: 'Charger maximum',
  TxDefaultProfile: 'Default for sessions',
  TxProfile: 'One session’s limit',
};

export const chargingProfileKinds = ['Absolute', 'Recurring', 'Relative'] as const;
export const recurrencyKinds = ['Daily', 'Weekly'] as const;
export const chargingRateUnits = ['A', 'W'] as const;
export type ChargingRateUnit = (typeof chargingRateUnits)[number];

export const chargingProfileKindLabels: Readonly<Record<(typeof chargingProfileKinds)[number], string>> = {
  Absolute: 'From a fixed start',
  Recurring: 'Repeating',
  Relative: 'From each session’s start',
};

/** Highest stack level the console offers (a charger's ChargeProfileMaxStackLevel is usually about this). */
export const MAX_STACK_LEVEL = 10;
/** Most periods one schedule carries (ChargingScheduleMaxPeriods of common chargers). */
export const MAX_SCHEDULE_PERIODS = 24;

/** The voltage per phase limits in W are converted with (A = W / (230 V × phases)). */
export const VOLTS_PER_PHASE = 230;

const dateTime = z.iso.datetime({ offset: true, error: 'Give a date and time' });
/** OCPP 1.6 carries a limit with one decimal (multipleOf 0.1). */
const oneDecimal = (n: number) => Math.abs(Math.round(n * 10) - n * 10) < 1e-6;

/** One period of a schedule: from `startPeriod` seconds after the schedule's start, at most `limit` (A or W). */
export const schedulePeriodSchema = z.strictObject({
  startPeriod: z.number({ error: 'Give the start in seconds' }).int('Whole seconds').min(0, 'At least 0 s').max(31_622_400, 'At most a year'),
  limit: z.number({ error: 'Give the limit' }).min(0, 'At least 0').max(1_000_000, 'At most 1,000,000').refine(oneDecimal, 'At most one decimal'),
  numberPhases: z.number().int().min(1, '1 to 3 phases').max(3, '1 to 3 phases').optional(),
});

/** A schedule as staff give it. */
export const scheduleInputSchema = z.strictObject({
  unit: z.enum(chargingRateUnits, { error: 'Choose A or W' }),
  /** When an Absolute or Recurring schedule starts (Recurring: the first day or week it repeats from). */
  startSchedule: dateTime.optional(),
  /** Seconds the schedule lasts (none: until the profile ends or its last period goes on). */
  duration: z.number().int('Whole seconds').min(1, 'At least 1 s').max(31_622_400, 'At most a year').optional(),
  minChargingRate: z.number().min(0, 'At least 0').max(1_000_000).refine(oneDecimal, 'At most one decimal').optional(),
  periods: z.array(schedulePeriodSchema).min(1, 'Give at least one period').max(MAX_SCHEDULE_PERIODS, `At most ${MAX_SCHEDULE_PERIODS} periods`),
});

/** A profile as staff give it (the server gives it its id). */
export const chargingProfileInputSchema = z
  .strictObject({
    connectorId: z.number({ error: 'Choose a connector' }).int().min(0, 'Connector 0 (the whole charger) or one connector').max(10),
    purpose: z.enum(chargingProfilePurposes, { error: 'Choose a purpose' }),
    stackLevel: z.number({ error: 'Give a stack level' }).int('A whole number').min(0, 'At least 0').max(MAX_STACK_LEVEL, `At most ${MAX_STACK_LEVEL}`),
    kind: z.enum(chargingProfileKinds, { error: 'Choose a kind' }),
    recurrency: z.enum(recurrencyKinds).optional(),
    validFrom: dateTime.optional(),
    validTo: dateTime.optional(),
    schedule: scheduleInputSchema,
  })
  .superRefine((p, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (p.purpose === 'TxProfile') issue(['purpose'], 'A TxProfile needs a transaction: limit a session from its booking (Limit charging), not here');
    if (p.purpose === 'ChargePointMaxProfile' && p.connectorId !== 0) issue(['connectorId'], 'A charger maximum is on connector 0 (the whole charger)');
    if (p.kind === 'Recurring' && !p.recurrency) issue(['recurrency'], 'Choose Daily or Weekly');
    if (p.kind !== 'Recurring' && p.recurrency) issue(['recurrency'], 'Only a repeating profile has a recurrence');
    if (p.kind === 'Recurring' && !p.schedule.startSchedule) issue(['schedule', 'startSchedule'], 'A repeating schedule needs the start it repeats from');
    if (p.kind === 'Relative' && p.schedule.startSchedule) issue(['schedule', 'startSchedule'], 'A schedule from each session’s start has no start time');
    if (p.validFrom && p.validTo && Date.parse(p.validTo) <= Date.parse(p.validFrom)) issue(['validTo'], 'Valid to must be after valid from');
    const periods = p.schedule.periods;
    if (periods[0] && periods[0].startPeriod !== 0) issue(['schedule', 'periods', 0, 'startPeriod'], 'The first period starts at 0 s');
    for (let i = 1; i < periods.length; i += 1) {
      if (periods[i]!.startPeriod <= periods[i - 1]!.startPeriod) issue(['schedule', 'periods', i, 'startPeriod'], 'Each period starts after the one before');
    }
    if (p.schedule.unit === 'A') periods.forEach((x, i) => x.limit > 1000 && issue(['schedule', 'periods', i, 'limit'], 'At most 1,000 A'));
  });
export type ChargingProfileInput = z.infer<typeof chargingProfileInputSchema>;

/** The csChargingProfiles of OCPP 1.6 (SetChargingProfile.req). */
export interface CsChargingProfile {
  chargingProfileId: number;
  transactionId?: number;
  stackLevel: number;
  chargingProfilePurpose: ChargingProfilePurpose;
  chargingProfileKind: (typeof chargingProfileKinds)[number];
  recurrencyKind?: (typeof recurrencyKinds)[number];
  validFrom?: string;
  validTo?: string;
  chargingSchedule: {
    duration?: number;
    startSchedule?: string;
    chargingRateUnit: ChargingRateUnit;
    chargingSchedulePeriod: { startPeriod: number; limit: number; numberPhases?: number }[];
    minChargingRate?: number;
  };
}

/** The OCPP profile of staff's input with its id (an Absolute schedule without a start starts `now`). */
export function csChargingProfileOf(id: number, p: ChargingProfileInput, now: Date): CsChargingProfile {
  const startSchedule = p.schedule.startSchedule ?? (p.kind === 'Absolute' ? now.toISOString() : undefined);
  return {
    chargingProfileId: id,
    stackLevel: p.stackLevel,
    chargingProfilePurpose: p.purpose,
    chargingProfileKind: p.kind,
    ...(p.recurrency ? { recurrencyKind: p.recurrency } : {}),
    ...(p.validFrom ? { validFrom: new Date(p.validFrom).toISOString() } : {}),
    ...(p.validTo ? { validTo: new Date(p.validTo).toISOString() } : {}),
    chargingSchedule: {
      ...(p.schedule.duration === undefined ? {} : { duration: p.schedule.duration }),
      ...(startSchedule ? { startSchedule: new Date(startSchedule).toISOString() } : {}),
      chargingRateUnit: p.schedule.unit,
      chargingSchedulePeriod: p.schedule.periods.map((x) => ({ startPeriod: x.startPeriod, limit: x.limit, ...(x.numberPhases === undefined ? {} : { numberPhases: x.numberPhases }) })),
      ...(p.schedule.minChargingRate === undefined ? {} : { minChargingRate: p.schedule.minChargingRate }),
    },
  };
}

/** Which profiles a ClearChargingProfile removes: one by id, or those matching every filter given. */
export const clearProfilesBodySchema = z.union([
  z.strictObject({ id: z.number({ error: 'Give the profile id' }).int().min(1) }),
  z
    .strictObject({
      connectorId: z.number().int().min(0).max(10).optional(),
      purpose: z.enum(managedPurposes, { error: 'Choose Charger maximum or Default for sessions' }).optional(),
      stackLevel: z.number().int().min(0).max(MAX_STACK_LEVEL).optional(),
    })
    .refine((b) => b.connectorId !== undefined || b.purpose !== undefined || b.stackLevel !== undefined, 'Give a profile id, or a purpose, stack level or connector'),
]);
export type ClearProfilesBody = z.infer<typeof clearProfilesBodySchema>;

/** Ask a charger what it will deliver on a connector for the coming seconds. */
export const compositeScheduleBodySchema = z.strictObject({
  connectorId: z.number({ error: 'Choose a connector' }).int().min(0).max(10),
  duration: z.number({ error: 'Give how long, in seconds' }).int('Whole seconds').min(60, 'At least 60 s').max(604_800, 'At most a week (604,800 s)'),
  unit: z.enum(chargingRateUnits).optional(),
});
export type CompositeScheduleBody = z.infer<typeof compositeScheduleBodySchema>;

/** The commands of smart charging with their OCPP payloads (checked again against the official schema when sent). */
export type SmartChargingCommand =
  | { action: 'SetChargingProfile'; payload: { connectorId: number; csChargingProfiles: CsChargingProfile } }
  | { action: 'ClearChargingProfile'; payload: { id?: number; connectorId?: number; chargingProfilePurpose?: ChargingProfilePurpose; stackLevel?: number } }
  | { action: 'GetCompositeSchedule'; payload: { connectorId: number; duration: number; chargingRateUnit?: ChargingRateUnit } };

/** States of a profile at one charger. */
export const chargerProfileStates = ['sent', 'accepted', 'rejected', 'failed'] as const;
export type ChargerProfileState = (typeof chargerProfileStates)[number];
export const chargerProfileStateLabels: Readonly<Record<ChargerProfileState, string>> = {
  sent: 'Sent, waiting for the charger',
  accepted: 'In force',
  rejected: 'Rejected by the charger',
  failed: 'Not set',
};

/** A charger's profile as the API answers it. */
export const chargerProfileViewSchema = z.object({
  id: z.number(),
  chargerId: z.number(),
  /** The location whose default this is, or null for the charger's own. */
  locationId: z.number().nullable(),
  connectorId: z.number(),
  purpose: z.enum(chargingProfilePurposes),
  stackLevel: z.number(),
  profile: z.custom<CsChargingProfile>(),
  state: z.enum(chargerProfileStates),
  /** The charger's answer or why it failed. */
  answer: z.string().nullable(),
  updatedAt: z.string(),
});
export type ChargerProfileView = z.infer<typeof chargerProfileViewSchema>;

/** A location's default profile. */
export const locationProfileViewSchema = z.object({
  id: z.number(),
  locationId: z.number(),
  connectorId: z.number(),
  purpose: z.enum(chargingProfilePurposes),
  stackLevel: z.number(),
  profile: z.custom<CsChargingProfile>(),
  /** How many of the location's chargers hold it, and how many refused or missed it. */
  accepted: z.number(),
  notAccepted: z.number(),
  createdAt: z.string(),
});
export type LocationProfileView = z.infer<typeof locationProfileViewSchema>;

/** What one charger answered to a profile sent to many (a location's default). */
export const chargerResultSchema = z.object({ chargerId: z.number(), chargerUniqueId: z.string().nullable(), state: z.string(), answer: z.string().nullable() });
export type ChargerResult = z.infer<typeof chargerResultSchema>;

/** A charger's composite schedule (GetCompositeSchedule.conf), or why there is none. */
export const compositeScheduleViewSchema = z.object({
  /** accepted: the schedule below; rejected: the charger refused; failed: no answer, offline or an error. */
  state: z.enum(['accepted', 'rejected', 'failed']),
  answer: z.string().nullable(),
  connectorId: z.number(),
  scheduleStart: z.string().nullable(),
  chargingSchedule: z
    .object({
      duration: z.number().optional(),
      startSchedule: z.string().optional(),
      chargingRateUnit: z.enum(chargingRateUnits),
      chargingSchedulePeriod: z.array(z.object({ startPeriod: z.number(), limit: z.number(), numberPhases: z.number().optional() })),
      minChargingRate: z.number().optional(),
    })
    .nullable(),
});
export type CompositeScheduleView = z.infer<typeof compositeScheduleViewSchema>;

/** Steps of a schedule for a chart: [seconds from its start, limit] with the last limit held to `duration`. */
export function scheduleSteps(periods: readonly { startPeriod: number; limit: number }[], duration: number): [number, number][] {
  const steps: [number, number][] = periods.map((p) => [p.startPeriod, p.limit]);
  const last = periods[periods.length - 1];
  if (last && duration > last.startPeriod) steps.push([duration, last.limit]);
  return steps;
}

/** A limit shown in the chart's unit: A as it is, W as kW. */
export function chartLimit(limit: number, unit: ChargingRateUnit): number {
  return unit === 'W' ? Math.round(limit / 100) / 10 : limit;
}

/** The charger page's anchors of its Smart charging card (the palette opens the page at them): Set profile…, and Ask the charger. */
export const smartChargingAnchors = { setProfile: 'set-charging-profile', composite: 'composite-schedule' } as const;

/** Paths of the smart charging API. */
export const smartChargingPaths = {
  ofCharger: (chargerId: number | string) => `/ccu/charger/${chargerId}/charging-profiles`,
  clear: (chargerId: number | string) => `/ccu/charger/${chargerId}/charging-profiles/clear`,
  composite: (chargerId: number | string) => `/ccu/charger/${chargerId}/composite-schedule`,
  ofLocation: (locationId: number | string) => `/ccu/location/${locationId}/charging-profiles`,
  locationProfile: (locationId: number | string, profileId: number | string) => `/ccu/location/${locationId}/charging-profiles/${profileId}`,
} as const;
