// The create-charger draft and its rules, as pure functions the machine's actions and guards use.
import {
  ADDED_SOCKET_VALUE,
  DEFAULT_MQTT_BROKER,
  DEFAULT_OCPP_CUSTOMISATION,
  DEFAULT_SOCKET,
  MAX_SOCKETS,
  chargerSocketSchema,
  identifierSchemas,
  keyValuePairsSchema,
  macAddressSchema,
  needsSockets,
  presetSocketCount,
  usesOcppCustomisation,
  type CreateChargerBody,
  type MqttBrokerKey,
  type OcppCustomisationType,
} from '@domain/create-charger';
import { chargerTypeIdentifiers, type ChargerType } from '@domain/resources/chargers/charger';
import type { EditEvent, UpdateSocketEvent } from './create-charger.events';

/** A socket of the draft: its number (1…n, in order), type code, text and power in kW. */
export interface DraftSocket {
  id: number;
  code: string;
  displayText: string;
  value: number;
}

/** The create-charger draft (the text fields hold what was typed). */
export interface CreateChargerDraft {
  chargerType: ChargerType | null;
  deviceId: string;
  chargerBoxId: string;
  ccuId: string;
  imeiNumber: string;
  chargemodStationId: string;
  bleMacAddress: string;
  macAddress: string;
  chargePointOperatorId: string;
  ocppCustomisationType: OcppCustomisationType;
  mqttBrokerKey: MqttBrokerKey;
  keyValuePairs: { key: string; value: string }[];
  sockets: DraftSocket[];
}

/** A message about one field, at the dotted path the server's errors use too. */
export interface FieldMessage {
  path: string;
  message: string;
}

/** The editing steps, in order. */
export const draftSteps = ['type', 'identifiers', 'sockets'] as const;
export type DraftStep = (typeof draftSteps)[number];

/** A fresh draft: no type, no sockets, the default OCPP customisation and broker, the given charge point operator. */
export function emptyDraft(chargePointOperatorId: string | null = null): CreateChargerDraft {
  return {
    chargerType: null,
    deviceId: '',
    chargerBoxId: '',
    ccuId: '',
    imeiNumber: '',
    chargemodStationId: '',
    bleMacAddress: '',
    macAddress: '',
    chargePointOperatorId: chargePointOperatorId ?? '',
    ocppCustomisationType: DEFAULT_OCPP_CUSTOMISATION,
    mqttBrokerKey: DEFAULT_MQTT_BROKER,
    keyValuePairs: [],
    sockets: [],
  };
}

const numbered = (sockets: readonly Omit<DraftSocket, 'id'>[]): DraftSocket[] => sockets.map((s, i) => ({ ...s, id: i + 1 }));

/** The default sockets a type pre-fills. */
export function presetSockets(type: ChargerType): DraftSocket[] {
  return numbered(Array.from({ length: presetSocketCount[type] }, () => ({ ...DEFAULT_SOCKET })));
}

/** Choosing a type: a different type replaces the sockets by its defaults; the same type changes nothing. */
export function chooseType(draft: CreateChargerDraft, type: ChargerType): CreateChargerDraft {
  if (draft.chargerType === type) return draft;
  return { ...draft, chargerType: type, sockets: presetSockets(type) };
}

/** The id-type fields a device id is copied into (entering the device id copies it into every id-type field). */
export const deviceIdCopies = ['deviceId', 'chargerBoxId', 'ccuId', 'chargemodStationId'] as const;

/** Applies typed changes; a device id is first copied into every id field, then the other changes apply. */
export function edit(draft: CreateChargerDraft, changes: Omit<EditEvent, 'type'>): CreateChargerDraft {
  const copied = changes.deviceId === undefined ? {} : Object.fromEntries(deviceIdCopies.map((f) => [f, changes.deviceId]));
  const given = Object.fromEntries(Object.entries(changes).filter(([k, v]) => v !== undefined && k !== 'type'));
  return { ...draft, ...copied, ...given };
}

/** Adds a socket: the default socket's type and text, power 1 kW. */
export function addSocket(draft: CreateChargerDraft): CreateChargerDraft {
  return { ...draft, sockets: numbered([...draft.sockets, { code: DEFAULT_SOCKET.code, displayText: DEFAULT_SOCKET.displayText, value: ADDED_SOCKET_VALUE }]) };
}

/** Changes one socket as typed. */
export function updateSocket(draft: CreateChargerDraft, { id, code, displayText, value }: Omit<UpdateSocketEvent, 'type'>): CreateChargerDraft {
  return {
    ...draft,
    sockets: draft.sockets.map((s) =>
      s.id === id ? { ...s, ...(code !== undefined ? { code } : {}), ...(displayText !== undefined ? { displayText } : {}), ...(value !== undefined ? { value } : {}) } : s,
    ),
  };
}

/** Removes one socket; the rest are renumbered 1…n. */
export function removeSocket(draft: CreateChargerDraft, id: number): CreateChargerDraft {
  return { ...draft, sockets: numbered(draft.sockets.filter((s) => s.id !== id).map(({ id: _id, ...rest }) => rest)) };
}

/** Whether another socket may be added. */
export const canAddSocket = (draft: CreateChargerDraft): boolean => draft.sockets.length < MAX_SOCKETS;

const issuesAt = (prefix: string, result: { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }): FieldMessage[] =>
  result.success ? [] : (result.error?.issues ?? []).map((i) => ({ path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'), message: i.message }));

/** What the step still needs, field by field (empty: the step is complete). */
export function missingFor(step: DraftStep, draft: CreateChargerDraft): FieldMessage[] {
  const type = draft.chargerType;
  if (step === 'type') return type ? [] : [{ path: 'chargerType', message: 'Choose a charger type' }];
  if (!type) return [{ path: 'chargerType', message: 'Choose a charger type' }];
  if (step === 'identifiers') {
    const out: FieldMessage[] = chargerTypeIdentifiers[type].flatMap((field) => issuesAt(field, identifierSchemas[field].safeParse(draft[field])).slice(0, 1));
    if (draft.chargePointOperatorId.trim() === '') out.push({ path: 'chargePointOperatorId', message: 'Choose a charge point operator' });
    if (draft.macAddress.trim() !== '') out.push(...issuesAt('macAddress', macAddressSchema.safeParse(draft.macAddress)));
    out.push(...issuesAt('keyValuePairs', keyValuePairsSchema.safeParse(draft.keyValuePairs)));
    return out;
  }
  const out: FieldMessage[] = [];
  if (needsSockets(type) && draft.sockets.length === 0) out.push({ path: 'sockets', message: 'Add at least one socket' });
  draft.sockets.forEach((socket, index) => {
    const { id: _id, ...body } = socket;
    out.push(...issuesAt(`sockets.${index}`, chargerSocketSchema.safeParse(body)));
  });
  return out;
}

/** The request body of a complete draft: only the fields its type uses (the server refuses the others). */
export function requestBodyOf(draft: CreateChargerDraft): CreateChargerBody {
  const type = draft.chargerType;
  if (!type) throw new Error('requestBodyOf: the draft has no charger type');
  const identifiers = Object.fromEntries(chargerTypeIdentifiers[type].map((field) => [field, draft[field].trim()]));
  return {
    chargerType: type,
    ...identifiers,
    chargePointOperatorId: draft.chargePointOperatorId.trim(),
    mqttBrokerKey: draft.mqttBrokerKey,
    ...(usesOcppCustomisation(type) ? { ocppCustomisationType: draft.ocppCustomisationType } : {}),
    ...(draft.macAddress.trim() !== '' ? { macAddress: draft.macAddress.trim() } : {}),
    keyValuePairs: draft.keyValuePairs.map((p) => ({ key: p.key.trim(), value: p.value.trim() })),
    sockets: draft.sockets.map(({ code, displayText, value }) => ({ code, displayText, value })),
  };
}
