import { z } from 'zod';
import { chargerTypes, ocppCustomisationTypes } from '@domain/resources/chargers/charger';
import { MAX_KEY_VALUE_PAIRS, mqttBrokerKeys } from '@domain/create-charger';

const typed = (max: number) => z.string().max(max, `At most ${max} characters`);

/** CHOOSE_TYPE: picks the charger type (pre-fills its default sockets when the type changes). */
export const chooseTypeEventSchema = z.strictObject({
  type: z.literal('CHOOSE_TYPE'),
  chargerType: z.enum(chargerTypes, { error: 'Choose a charger type' }),
});
/** EDIT: changes draft fields as typed (checked when moving on); a device id is copied into every id field. */
export const editEventSchema = z.strictObject({
  type: z.literal('EDIT'),
  deviceId: typed(40).optional(),
  chargerBoxId: typed(60).optional(),
  ccuId: typed(40).optional(),
  imeiNumber: typed(15).optional(),
  chargemodStationId: typed(40).optional(),
  bleMacAddress: typed(17).optional(),
  macAddress: typed(17).optional(),
  chargePointOperatorId: typed(36).optional(),
  ocppCustomisationType: z.enum(ocppCustomisationTypes).optional(),
  mqttBrokerKey: z.enum(mqttBrokerKeys).optional(),
  keyValuePairs: z.array(z.strictObject({ key: typed(100), value: typed(500) })).max(MAX_KEY_VALUE_PAIRS).optional(),
});
/** ADD_SOCKET: adds a default socket with power 1 kW. */
export const addSocketEventSchema = z.strictObject({ type: z.literal('ADD_SOCKET') });
/** UPDATE_SOCKET: changes one socket (by its number) as typed. */
export const updateSocketEventSchema = z.strictObject({
  type: z.literal('UPDATE_SOCKET'),
  id: z.number().int().positive(),
  code: typed(64).optional(),
  displayText: typed(60).optional(),
  value: z.number().optional(),
});
/** REMOVE_SOCKET: removes one socket (the others are renumbered). */
export const removeSocketEventSchema = z.strictObject({ type: z.literal('REMOVE_SOCKET'), id: z.number().int().positive() });
/** NEXT: the next step when this one is complete; otherwise shows what is missing. */
export const nextEventSchema = z.strictObject({ type: z.literal('NEXT') });
/** BACK: the previous step (the draft is kept). */
export const backEventSchema = z.strictObject({ type: z.literal('BACK') });
/** CREATE: sends the reviewed draft to the server. */
export const createEventSchema = z.strictObject({ type: z.literal('CREATE') });
/** RETRY: sends the same draft again after a failure. */
export const retryEventSchema = z.strictObject({ type: z.literal('RETRY') });
/** BACK_TO_EDIT: returns from a failure to the identifiers step with the draft kept. */
export const backToEditEventSchema = z.strictObject({ type: z.literal('BACK_TO_EDIT') });
/** CREATE_ANOTHER: starts over with a fully reset draft. */
export const createAnotherEventSchema = z.strictObject({ type: z.literal('CREATE_ANOTHER') });

/** Every event the user sends to the create-charger machine, by type. */
export const createChargerEventSchemas = {
  CHOOSE_TYPE: chooseTypeEventSchema,
  EDIT: editEventSchema,
  ADD_SOCKET: addSocketEventSchema,
  UPDATE_SOCKET: updateSocketEventSchema,
  REMOVE_SOCKET: removeSocketEventSchema,
  NEXT: nextEventSchema,
  BACK: backEventSchema,
  CREATE: createEventSchema,
  RETRY: retryEventSchema,
  BACK_TO_EDIT: backToEditEventSchema,
  CREATE_ANOTHER: createAnotherEventSchema,
} as const;

export type CreateChargerEvent = z.infer<(typeof createChargerEventSchemas)[keyof typeof createChargerEventSchemas]>;
export type CreateChargerEventType = keyof typeof createChargerEventSchemas;
export type EditEvent = z.infer<typeof editEventSchema>;
export type UpdateSocketEvent = z.infer<typeof updateSocketEventSchema>;
