// The create-charger request, shared by the console's workflow and the server's route: the identifier
// fields each charger type needs, the socket rules, and one request body schema per type (a discriminated union
// on chargerType, so a field a type does not use is refused at its own path).
import { z } from 'zod';
import { storableString } from './storable-text';
import { chargerTypeIdentifiers, chargerTypes, ocppCustomisationTypes, type ChargerType } from './resources/chargers/charger';

/** API path of the create-charger call. */
export const createChargerPath = '/charger-service/admin/charger';

/** An identifier field a charger type may need. */
export type ChargerIdentifier = (typeof chargerTypeIdentifiers)[ChargerType][number];

/** Every identifier field, in the order forms show them. */
export const chargerIdentifierFields: readonly ChargerIdentifier[] = ['deviceId', 'chargerBoxId', 'ccuId', 'imeiNumber', 'chargemodStationId', 'bleMacAddress'];

/** Labels of the draft's fields (messages and the review summary use them). */
export const createChargerLabels = {
  chargerType: 'Charger type',
  deviceId: 'Device id',
  chargerBoxId: 'Charger box id',
  ccuId: 'CCU id',
  imeiNumber: 'IMEI number',
  chargemodStationId: 'Chargemod station id',
  bleMacAddress: 'BLE MAC address',
  macAddress: 'MAC address',
  chargePointOperatorId: 'Charge point operator',
  ocppCustomisationType: 'OCPP customisation',
  mqttBrokerKey: 'MQTT broker',
  keyValuePairs: 'Key-value pairs',
  sockets: 'Sockets',
} as const;

/** MQTT broker keys and the broker each names. */
export const mqttBrokerKeys = ['RABBIT_MQ_PROPS_DEDICATED', 'RABBIT_MQ_PROPS_SHARED'] as const;
export type MqttBrokerKey = (typeof mqttBrokerKeys)[number];
/** The broker value behind each key. */
export const mqttBrokerValues: Readonly<Record<MqttBrokerKey, string>> = { RABBIT_MQ_PROPS_DEDICATED: 'mqtt-v1', RABBIT_MQ_PROPS_SHARED: 'lion-fish' };

export type OcppCustomisationType = (typeof ocppCustomisationTypes)[number];
/** The draft's OCPP customisation until the user picks another. */
export const DEFAULT_OCPP_CUSTOMISATION: OcppCustomisationType = 'ABB_7KW_DC_OCPP_16_JSON';
/** The draft's MQTT broker until the user picks another: the dedicated one. */
export const DEFAULT_MQTT_BROKER: MqttBrokerKey = 'RABBIT_MQ_PROPS_DEDICATED';

/** The default socket (power in kW). */
export const DEFAULT_SOCKET = { code: '16AMP_WALL_SOCKET', displayText: '16 Amp Socket', value: 3.3 } as const;
/** Power (kW) of a socket the user adds. */
export const ADDED_SOCKET_VALUE = 1;
/** Most sockets a charger has. */
export const MAX_SOCKETS = 6;
/** Most key-value pairs a charger carries. */
export const MAX_KEY_VALUE_PAIRS = 20;

/** How many default sockets choosing a type pre-fills: 3 for EV_POINT_CHARGER; 1 for Charge Mod and both Flextron types. */
export const presetSocketCount: Readonly<Record<ChargerType, number>> = {
  KIRANA_LITE_GSM: 0,
  OCPP_16_JSON_CHARGER: 0,
  KIRANA_PLUS_FLEXTRON: 1,
  KIRANA_PLUS_FLEXTRON_WIFI: 1,
  CHARGE_MOD_BHARAT_AC: 1,
  MEKR_OMNI: 0,
  EV_POINT_CHARGER: 3,
};

/** Whether a type must have at least one socket: the types that pre-fill sockets (the user may not remove them all). */
export const needsSockets = (type: ChargerType): boolean => presetSocketCount[type] > 0;

/** Whether a type uses the OCPP customisation (only OCPP chargers are customised per model). */
export const usesOcppCustomisation = (type: ChargerType): boolean => type === 'OCPP_16_JSON_CHARGER';

const REQUIRED = 'This field is required';
const code = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `At most ${max} characters`)
    .regex(/^[A-Za-z0-9_\-:.]+$/, 'Use letters, digits, _ - : . only');
const MAC = /^([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}$/;

/** Schemas of the identifier fields (the charger table's unique columns). */
export const identifierSchemas: Readonly<Record<ChargerIdentifier, z.ZodType<string>>> = {
  deviceId: code('device id', 40),
  chargerBoxId: code('charger box id', 60),
  ccuId: code('CCU id', 40),
  chargemodStationId: code('Chargemod station id', 40),
  imeiNumber: z.string({ error: 'Enter the IMEI number' }).trim().min(1, 'Enter the IMEI number').regex(/^[0-9]{15}$/, 'An IMEI number has 15 digits'),
  bleMacAddress: z.string({ error: 'Enter the BLE MAC address' }).trim().min(1, 'Enter the BLE MAC address').regex(MAC, 'Enter a MAC address like C8:2B:96:00:1A:2F').transform((v) => v.toUpperCase()),
};

/** An optional MAC address of the charger's network interface. */
export const macAddressSchema = z.string().trim().regex(MAC, 'Enter a MAC address like C8:2B:96:00:1A:2F').transform((v) => v.toUpperCase());

/** One socket as the request sends it (power in kW). */
export const chargerSocketSchema = z.strictObject({
  code: storableString({ error: 'Choose a socket type' }).trim().min(1, 'Choose a socket type').max(64),
  displayText: storableString({ error: REQUIRED }).trim().min(1, 'Enter the text shown for the socket').max(60, 'At most 60 characters'),
  value: z.number({ error: 'Enter the power in kW' }).gt(0, 'Power must be more than 0 kW').max(400, 'At most 400 kW'),
});
export type ChargerSocket = z.infer<typeof chargerSocketSchema>;

/** One key-value pair carried by the charger (free configuration). */
export const keyValuePairSchema = z.strictObject({
  key: storableString({ error: 'Enter a key' }).trim().min(1, 'Enter a key').max(100, 'At most 100 characters'),
  value: storableString({ error: 'Enter a value' }).trim().min(1, 'Enter a value').max(500, 'At most 500 characters'),
});
export type KeyValuePair = z.infer<typeof keyValuePairSchema>;

/** Key-value pairs: each key once. */
export const keyValuePairsSchema = z
  .array(keyValuePairSchema)
  .max(MAX_KEY_VALUE_PAIRS, `At most ${MAX_KEY_VALUE_PAIRS} pairs`)
  .superRefine((pairs, ctx) => {
    const seen = new Set<string>();
    pairs.forEach((pair, index) => {
      const key = pair.key.trim();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'key'], message: 'Each key only once' });
      seen.add(key);
    });
  });

const chargerTypeLabel = (type: ChargerType) => type.replace(/_/g, ' ');

/** A field's label inside a sentence: "device id", "CCU id", "IMEI number". */
export const fieldNoun = (field: keyof typeof createChargerLabels): string => createChargerLabels[field].replace(/^[A-Z][a-z]/, (w) => w.toLowerCase());

/** The request body of one charger type: its identifiers, the common fields, and nothing it does not use. */
function bodyOf<T extends ChargerType>(type: T) {
  const identifiers = chargerTypeIdentifiers[type];
  const shape = {
    chargerType: z.literal(type),
    ...Object.fromEntries(identifiers.map((field) => [field, identifierSchemas[field]])),
    chargePointOperatorId: z.uuid('Choose a charge point operator'),
    mqttBrokerKey: z.enum(mqttBrokerKeys, { error: 'Choose the dedicated or the shared broker' }),
    ...(usesOcppCustomisation(type) ? { ocppCustomisationType: z.enum(ocppCustomisationTypes, { error: 'Choose an OCPP customisation' }) } : {}),
    macAddress: macAddressSchema.optional(),
    keyValuePairs: keyValuePairsSchema.default([]),
    sockets: z
      .array(chargerSocketSchema)
      .min(needsSockets(type) ? 1 : 0, 'Add at least one socket')
      .max(MAX_SOCKETS, `At most ${MAX_SOCKETS} sockets`),
  };
  // A draft field this type does not use is refused at its own path, with a message naming it; other keys are unknown.
  const unused = [...chargerIdentifierFields.filter((f) => !identifiers.includes(f as never)), ...(usesOcppCustomisation(type) ? [] : ['ocppCustomisationType' as const])];
  const refused = Object.fromEntries(
    unused.map((field) => [field, z.undefined({ error: `A ${chargerTypeLabel(type)} charger does not use the ${fieldNoun(field)}` }).optional()]),
  );
  return z.strictObject({ ...refused, ...shape });
}

/** The request body of POST /charger-service/admin/charger: one schema per charger type, chosen by chargerType. */
export const createChargerBodySchema = z.discriminatedUnion(
  'chargerType',
  chargerTypes.map((type) => bodyOf(type)) as unknown as [ReturnType<typeof bodyOf>, ...ReturnType<typeof bodyOf>[]],
  { error: `Choose a charger type: ${chargerTypes.join(', ')}` },
);

/** A validated create-charger body (only the fields its type uses are meaningful). */
export interface CreateChargerBody {
  chargerType: ChargerType;
  deviceId?: string;
  chargerBoxId?: string;
  ccuId?: string;
  imeiNumber?: string;
  chargemodStationId?: string;
  bleMacAddress?: string;
  chargePointOperatorId: string;
  mqttBrokerKey: MqttBrokerKey;
  ocppCustomisationType?: OcppCustomisationType;
  macAddress?: string;
  keyValuePairs: KeyValuePair[];
  sockets: ChargerSocket[];
}

/** The answer of a successful create: the new charger's unique identifier and id, and the record. */
export const createChargerResultSchema = z.object({
  uniqueIdentifier: z.string(),
  lastChargerId: z.number().int(),
  charger: z.record(z.string(), z.unknown()),
});
export type CreateChargerResult = z.infer<typeof createChargerResultSchema>;

/** The next unique identifier after the highest CZ number in use: CZ plus at least six digits. */
export function nextUniqueIdentifier(highest: number | null): string {
  return `CZ${String((highest ?? 0) + 1).padStart(6, '0')}`;
}
