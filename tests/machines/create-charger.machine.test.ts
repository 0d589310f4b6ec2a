import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import { createChargerBodySchema, presetSocketCount, type CreateChargerBody, type CreateChargerResult } from '@domain/create-charger';
import { chargerTypeIdentifiers, chargerTypes, type ChargerType } from '@domain/resources/chargers/charger';
import { GENERIC_ERROR_MESSAGE } from '@domain/problem';
import { createChargerEventSchemas } from '@machines/create-charger.events';
import { addSocket, chooseType, edit, emptyDraft, missingFor, removeSocket, requestBodyOf, updateSocket, type CreateChargerDraft } from '@machines/create-charger.draft';
import { CREATE_CHARGER_ACTOR, createChargerMachine, failureOf, type CreateChargerContext } from '@machines/create-charger.machine';
import { describeEverySimplePath } from './support/walk-paths';

const CPO = '3f0c2a4e-1b2c-4d5e-8f90-0123456789ab';
const created: CreateChargerResult = { uniqueIdentifier: 'CZ005001', lastChargerId: 5001, charger: {} };
const conflict = {
  problem: {
    status: 409,
    title: 'Conflict',
    detail: 'A charger with device id EVP0000001 already exists (CZ000007).',
    errors: [{ path: 'deviceId', message: 'A charger with device id EVP0000001 already exists (CZ000007).' }],
  },
};

/** A create call that never settles: the walk settles it with explicit done/error events. */
const waiting = createChargerMachine.provide({ actors: { createCharger: fromPromise<CreateChargerResult, CreateChargerBody>(() => new Promise(() => {})) } });

const ctx = (s: { context: unknown }) => s.context as CreateChargerContext;
const complete = (d: CreateChargerDraft) => (['type', 'identifiers', 'sockets'] as const).every((step) => missingFor(step, d).length === 0);

describeEverySimplePath({
  machine: waiting,
  inputs: [
    { name: 'the default operator', input: { chargePointOperatorId: CPO } },
    { name: 'no default operator', input: {} },
  ],
  events: [
    { type: 'CHOOSE_TYPE', chargerType: 'EV_POINT_CHARGER' },
    { type: 'CHOOSE_TYPE', chargerType: 'KIRANA_LITE_GSM' },
    { type: 'EDIT', deviceId: 'EVP0000001', bleMacAddress: 'C8:2B:96:00:00:01', chargePointOperatorId: CPO },
    { type: 'EDIT', deviceId: '' },
    { type: 'ADD_SOCKET' },
    { type: 'UPDATE_SOCKET', id: 1, value: 0 },
    { type: 'UPDATE_SOCKET', id: 1, value: 7.4 },
    { type: 'REMOVE_SOCKET', id: 1 },
    { type: 'NEXT' },
    { type: 'BACK' },
    { type: 'CREATE' },
    { type: 'RETRY' },
    { type: 'BACK_TO_EDIT' },
    { type: 'CREATE_ANOTHER' },
    { type: `xstate.done.actor.${CREATE_CHARGER_ACTOR}`, output: created },
    { type: `xstate.error.actor.${CREATE_CHARGER_ACTOR}`, error: conflict },
  ],
  // A node of the walk: the step, how many steps are complete and whether there are sockets, not every typed value
  // (the draft would make the graph endless); arriving by a removal, a retry or a reset is a node of its own, so those
  // edges are walked too (a full reset leads back to the very first node).
  serializeState: (s: AnyMachineSnapshot, event) => {
    const c = ctx(s);
    const steps = ['type', 'identifiers', 'sockets'] as const;
    const progress = steps.findIndex((step) => missingFor(step, c.draft).length > 0);
    const via = event && ['REMOVE_SOCKET', 'RETRY', 'CREATE_ANOTHER'].includes(event.type) ? event.type : undefined;
    return JSON.stringify({ value: s.value, progress: progress === -1 ? 3 : progress, hasSockets: c.draft.sockets.length > 0, via });
  },
  invariant: (state, snapshot) => {
    const c = ctx(snapshot);
    expect(c.draft.sockets.map((s) => s.id)).toEqual(c.draft.sockets.map((_, i) => i + 1));
    if (state !== 'type') expect(c.draft.chargerType).not.toBeNull();
    if (state === 'sockets') expect(missingFor('identifiers', c.draft)).toEqual([]);
    if (['review', 'creating', 'created', 'failed'].includes(state)) expect(complete(c.draft)).toBe(true);
    if (state === 'created') expect(c).toMatchObject({ chargerCreated: true, uniqueIdentifier: 'CZ005001', lastChargerId: 5001, failure: null });
    else expect(c.chargerCreated).toBe(false);
    if (state === 'failed') expect(c.failure?.message).toBe(conflict.problem.detail);
  },
});

const start = (machine = waiting, input: { chargePointOperatorId?: string } = { chargePointOperatorId: CPO }) => createActor(machine, { input }).start();

describe('create-charger draft rules', () => {
  it.each(chargerTypes)('choosing %s pre-fills its default sockets (16 Amp Socket, 3.3 kW)', (type) => {
    const draft = chooseType(emptyDraft(), type);
    const expected = { KIRANA_LITE_GSM: 0, OCPP_16_JSON_CHARGER: 0, KIRANA_PLUS_FLEXTRON: 1, KIRANA_PLUS_FLEXTRON_WIFI: 1, CHARGE_MOD_BHARAT_AC: 1, MEKR_OMNI: 0, EV_POINT_CHARGER: 3 }[type];
    expect(presetSocketCount[type]).toBe(expected);
    expect(draft.sockets).toEqual(Array.from({ length: expected }, (_, i) => ({ id: i + 1, code: '16AMP_WALL_SOCKET', displayText: '16 Amp Socket', value: 3.3 })));
  });

  it('keeps edited sockets when the same type is chosen again, replaces them for another type', () => {
    const edited = updateSocket(chooseType(emptyDraft(), 'EV_POINT_CHARGER'), { id: 2, value: 7.4 });
    expect(chooseType(edited, 'EV_POINT_CHARGER')).toBe(edited);
    expect(chooseType(edited, 'CHARGE_MOD_BHARAT_AC').sockets).toEqual([{ id: 1, code: '16AMP_WALL_SOCKET', displayText: '16 Amp Socket', value: 3.3 }]);
    expect(chooseType(edited, 'OCPP_16_JSON_CHARGER').sockets).toEqual([]);
  });

  it('adds a socket with power 1 kW and renumbers after a removal', () => {
    const three = chooseType(emptyDraft(), 'EV_POINT_CHARGER');
    const four = addSocket(three);
    expect(four.sockets[3]).toEqual({ id: 4, code: '16AMP_WALL_SOCKET', displayText: '16 Amp Socket', value: 1 });
    expect(removeSocket(four, 1).sockets.map((s) => [s.id, s.value])).toEqual([
      [1, 3.3],
      [2, 3.3],
      [3, 1],
    ]);
  });

  it('copies an entered device id into every id field, which can then be edited one by one', () => {
    const copied = edit(emptyDraft(), { deviceId: 'KG00000042' });
    expect(copied).toMatchObject({ deviceId: 'KG00000042', chargerBoxId: 'KG00000042', ccuId: 'KG00000042', chargemodStationId: 'KG00000042', imeiNumber: '', bleMacAddress: '' });
    const edited = edit(copied, { ccuId: 'CCU0000042' });
    expect(edited).toMatchObject({ deviceId: 'KG00000042', chargerBoxId: 'KG00000042', ccuId: 'CCU0000042' });
    expect(edit(edited, { chargerBoxId: 'BOX-1' }).deviceId).toBe('KG00000042');
  });

  it('starts with the defaults: ABB OCPP customisation, the dedicated broker, the default operator', () => {
    expect(emptyDraft(CPO)).toMatchObject({ ocppCustomisationType: 'ABB_7KW_DC_OCPP_16_JSON', mqttBrokerKey: 'RABBIT_MQ_PROPS_DEDICATED', chargePointOperatorId: CPO, sockets: [], keyValuePairs: [] });
  });

  it('names what each step is missing, field by field', () => {
    expect(missingFor('type', emptyDraft())).toEqual([{ path: 'chargerType', message: 'Choose a charger type' }]);
    const flextron = chooseType(emptyDraft(), 'KIRANA_PLUS_FLEXTRON');
    expect(missingFor('identifiers', flextron)).toEqual([
      { path: 'ccuId', message: 'Enter the CCU id' },
      { path: 'bleMacAddress', message: 'Enter the BLE MAC address' },
      { path: 'chargePointOperatorId', message: 'Choose a charge point operator' },
    ]);
    const typed = edit(flextron, { ccuId: 'CCU1', bleMacAddress: 'nope', imeiNumber: '12', chargePointOperatorId: CPO, macAddress: 'x', keyValuePairs: [{ key: '', value: 'v' }] });
    expect(missingFor('identifiers', typed)).toEqual([
      { path: 'bleMacAddress', message: 'Enter a MAC address like C8:2B:96:00:1A:2F' },
      { path: 'macAddress', message: 'Enter a MAC address like C8:2B:96:00:1A:2F' },
      { path: 'keyValuePairs.0.key', message: 'Enter a key' },
    ]);
    // A type that pre-fills sockets needs at least one; the others may have none.
    expect(missingFor('sockets', removeSocket(flextron, 1))).toEqual([{ path: 'sockets', message: 'Add at least one socket' }]);
    expect(missingFor('sockets', chooseType(emptyDraft(), 'MEKR_OMNI'))).toEqual([]);
    expect(missingFor('sockets', updateSocket(flextron, { id: 1, value: 0, displayText: '' }))).toEqual([
      { path: 'sockets.0.displayText', message: 'Enter the text shown for the socket' },
      { path: 'sockets.0.value', message: 'Power must be more than 0 kW' },
    ]);
  });

  const filled = (type: ChargerType): CreateChargerDraft => {
    const values = { deviceId: 'DEV0000001', chargerBoxId: 'CZO-OCPP-X1', ccuId: 'CCU0000001', imeiNumber: '861237000000001', chargemodStationId: 'CMS000001', bleMacAddress: 'c8:2b:96:00:00:01' };
    const ids = Object.fromEntries(chargerTypeIdentifiers[type].map((f) => [f, values[f]]));
    // A device id typed first fills the other id fields too: the body must still carry only the type's own.
    return edit(edit(chooseType(emptyDraft(CPO), type), { deviceId: 'COPIED' }), ids);
  };

  it.each(chargerTypes)('sends only the fields %s uses, in a body the server schema accepts', (type) => {
    const body = requestBodyOf(filled(type));
    expect(Object.keys(body).sort()).toEqual(
      [...chargerTypeIdentifiers[type], 'chargerType', 'chargePointOperatorId', 'mqttBrokerKey', 'keyValuePairs', 'sockets', ...(type === 'OCPP_16_JSON_CHARGER' ? ['ocppCustomisationType'] : [])].sort(),
    );
    expect(createChargerBodySchema.safeParse(body).success).toBe(true);
    expect(body.sockets).toHaveLength(presetSocketCount[type]);
  });

  it('refuses at its path a field the type does not use', () => {
    const result = createChargerBodySchema.safeParse({ ...requestBodyOf(filled('KIRANA_LITE_GSM')), ccuId: 'CCU1', ocppCustomisationType: 'ABB_7KW_DC_OCPP_16_JSON' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ccuId', 'A KIRANA LITE GSM charger does not use the CCU id'],
      ['ocppCustomisationType', 'A KIRANA LITE GSM charger does not use the OCPP customisation'],
    ]);
  });

  it('validates every event schema strictly', () => {
    expect(createChargerEventSchemas.CHOOSE_TYPE.safeParse({ type: 'CHOOSE_TYPE', chargerType: 'TESLA' }).success).toBe(false);
    expect(createChargerEventSchemas.EDIT.safeParse({ type: 'EDIT', uniqueId: 'CZ1' }).success).toBe(false);
    expect(createChargerEventSchemas.UPDATE_SOCKET.safeParse({ type: 'UPDATE_SOCKET', id: 0 }).success).toBe(false);
    expect(createChargerEventSchemas.EDIT.safeParse({ type: 'EDIT', deviceId: 'KG1', mqttBrokerKey: 'RABBIT_MQ_PROPS_SHARED' }).success).toBe(true);
  });

  it('reads a failure from a problem body, else the generic message', () => {
    expect(failureOf(conflict)).toEqual({ message: conflict.problem.detail, errors: conflict.problem.errors });
    expect(failureOf(new TypeError('Failed to fetch'))).toEqual({ message: GENERIC_ERROR_MESSAGE, errors: [] });
    expect(failureOf(null)).toEqual({ message: GENERIC_ERROR_MESSAGE, errors: [] });
  });
});

describe('create-charger machine', () => {
  const toReview = (actor: ReturnType<typeof start>) => {
    actor.send({ type: 'CHOOSE_TYPE', chargerType: 'EV_POINT_CHARGER' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'EDIT', deviceId: 'EVP0000001', bleMacAddress: 'C8:2B:96:00:00:01' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
  };

  it('shows what is missing when NEXT is refused, and hides it once the step moves on', () => {
    const actor = start();
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('type');
    expect(actor.getSnapshot().context.showMissing).toBe(true);
    actor.send({ type: 'CHOOSE_TYPE', chargerType: 'MEKR_OMNI' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('identifiers');
    expect(actor.getSnapshot().context.showMissing).toBe(false);
  });

  it('sends the draft body to the provided actor; "create another" resets the draft fully', async () => {
    const sent: CreateChargerBody[] = [];
    const actor = start(createChargerMachine.provide({ actors: { createCharger: fromPromise(async ({ input }) => (sent.push(input), created)) } }));
    toReview(actor);
    actor.send({ type: 'CREATE' });
    const done = await waitFor(actor, (s) => s.matches('created'));
    expect(sent).toEqual([requestBodyOf(done.context.draft)]);
    expect(done.context).toMatchObject({ chargerCreated: true, uniqueIdentifier: 'CZ005001', lastChargerId: 5001 });
    actor.send({ type: 'CREATE_ANOTHER' });
    expect(actor.getSnapshot().value).toBe('type');
    expect(actor.getSnapshot().context).toEqual({ draft: emptyDraft(CPO), defaultChargePointOperatorId: CPO, showMissing: false, chargerCreated: false, uniqueIdentifier: null, lastChargerId: null, failure: null });
  });

  it('keeps the draft on failure: RETRY sends it again, BACK_TO_EDIT returns to the identifiers', async () => {
    let calls = 0;
    const actor = start(
      createChargerMachine.provide({
        actors: {
          createCharger: fromPromise<CreateChargerResult, CreateChargerBody>(async () => {
            calls += 1;
            throw conflict;
          }),
        },
      }),
    );
    toReview(actor);
    const draft = actor.getSnapshot().context.draft;
    actor.send({ type: 'CREATE' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.failure).toEqual(failureOf(conflict));
    expect(failed.context.draft).toEqual(draft);
    expect(failed.can({ type: 'CREATE' })).toBe(false);
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('failed') && calls === 2);
    actor.send({ type: 'BACK_TO_EDIT' });
    expect(actor.getSnapshot().value).toBe('identifiers');
    expect(actor.getSnapshot().context.draft).toEqual(draft);
  });

  it('the placeholder actor refuses to run when the host provides none', async () => {
    const actor = start(createChargerMachine);
    toReview(actor);
    actor.send({ type: 'CREATE' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.failure?.message).toBe(GENERIC_ERROR_MESSAGE);
  });
});
