import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createChargerPath, createChargerResultSchema } from '@domain/create-charger';
import { chargerTypeIdentifiers, chargerTypes, type ChargerType } from '@domain/resources/chargers/charger';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

type Body = Record<string, unknown>;

/** Identifier values for the n-th created charger (unlike any seeded one). */
const identifiersOf = (type: ChargerType, n: number): Body => {
  const all: Record<string, string> = {
    deviceId: `TSTDEV${String(n).padStart(4, '0')}`,
    chargerBoxId: `TST-OCPP-${n}`,
    ccuId: `TSTCCU${n}`,
    imeiNumber: `99${String(n).padStart(13, '0')}`,
    chargemodStationId: `TSTCMS${n}`,
    bleMacAddress: `AA:BB:CC:00:${String(Math.floor(n / 100) % 100).padStart(2, '0')}:${String(n % 100).padStart(2, '0')}`,
  };
  return Object.fromEntries(chargerTypeIdentifiers[type].map((f) => [f, all[f]]));
};

describe.each(ruleDrivers)('POST /charger-service/admin/charger on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let operations: string;
  let cpo: string;

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    operations = (await env.signInAs('9000000002')).authKey;
    const list = await call(env.t, 'GET', `${createChargerPath}?size=1`, { authKey: admin });
    cpo = list.body.items[0].chargePointOperatorId as string;
  });

  const bodyOf = (type: ChargerType, n: number, extra: Body = {}): Body => ({
    chargerType: type,
    ...identifiersOf(type, n),
    chargePointOperatorId: cpo,
    mqttBrokerKey: 'RABBIT_MQ_PROPS_DEDICATED',
    ...(type === 'OCPP_16_JSON_CHARGER' ? { ocppCustomisationType: 'ABB_7KW_DC_OCPP_16_JSON' } : {}),
    sockets: type === 'EV_POINT_CHARGER' ? [1, 2, 3].map(() => ({ code: '16AMP_WALL_SOCKET', displayText: '16 Amp Socket', value: 3.3 })) : [],
    ...(type === 'KIRANA_PLUS_FLEXTRON' || type === 'KIRANA_PLUS_FLEXTRON_WIFI' || type === 'CHARGE_MOD_BHARAT_AC' ? { sockets: [{ code: '16AMP_WALL_SOCKET', displayText: '16 Amp Socket', value: 3.3 }] } : {}),
    ...extra,
  });
  const post = (body: unknown, authKey = admin) => call(env.t, 'POST', createChargerPath, { authKey, body });
  const counts = async () => {
    const result = await env.database.db.execute(sql`select (select count(*) from chargers)::int as chargers, (select count(*) from audit_log where entity_type = 'chargers')::int as audits`);
    const rows = ((result as { rows?: unknown[] }).rows ?? result) as { chargers: number; audits: number }[];
    return rows[0]!;
  };
  const highestCz = async () => {
    const result = await env.database.db.execute(sql`select max(substring(unique_id from 3)::int)::int as n from chargers where unique_id ~ '^CZ[0-9]+$'`);
    return (((result as { rows?: unknown[] }).rows ?? result) as { n: number }[])[0]!.n;
  };

  it('creates one charger of each of the 7 types, numbered with the next CZ identifiers, with an audit row each', async () => {
    const before = await counts();
    let expected = (await highestCz()) + 1;
    for (const [i, type] of chargerTypes.entries()) {
      const body = bodyOf(type, i + 1, type === 'MEKR_OMNI' ? { macAddress: 'c8:2b:96:0a:0b:0c', keyValuePairs: [{ key: 'firmware', value: '2.4.1' }], mqttBrokerKey: 'RABBIT_MQ_PROPS_SHARED' } : {});
      const res = await call(env.t, 'POST', createChargerPath, { authKey: i % 2 === 0 ? admin : operations, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const result = createChargerResultSchema.parse(res.body);
      expect(result.uniqueIdentifier).toBe(`CZ${String(expected).padStart(6, '0')}`);
      expected += 1;
      expect(result.charger).toMatchObject({ id: result.lastChargerId, uniqueId: result.uniqueIdentifier, chargerType: type, ...identifiersOf(type, i + 1), chargePointOperatorId: cpo, locationId: null, isActive: true });
      expect(result.charger.ocppCustomisationType).toBe(type === 'OCPP_16_JSON_CHARGER' ? 'ABB_7KW_DC_OCPP_16_JSON' : null);
      expect(result.charger.sockets).toEqual(body.sockets);
      if (type === 'MEKR_OMNI') expect(result.charger).toMatchObject({ macAddress: 'C8:2B:96:0A:0B:0C', keyValuePairs: [{ key: 'firmware', value: '2.4.1' }], mqttBrokerKey: 'RABBIT_MQ_PROPS_SHARED' });
      // The detail page reads it back, with its history.
      const one = await call(env.t, 'GET', `${createChargerPath}/${result.lastChargerId}`, { authKey: admin });
      expect(one.status).toBe(200);
      expect(one.body.uniqueId).toBe(result.uniqueIdentifier);
      const audit = await call(env.t, 'GET', `/upload-service/audit/entity/chargers/entityId/${result.lastChargerId}`, { authKey: admin });
      expect(audit.body.items).toHaveLength(1);
      expect(audit.body.items[0]).toMatchObject({ action: 'create' });
    }
    expect(await counts()).toEqual({ chargers: before.chargers + 7, audits: before.audits + 7 });
    // The list still pages with chargers that have no location yet.
    const list = await call(env.t, 'GET', `${createChargerPath}?size=20&sort=uniqueId,desc`, { authKey: admin });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.items[0].uniqueId).toBe(`CZ${String(expected - 1).padStart(6, '0')}`);
  });

  it('refuses per type, with field paths and nothing written: missing identifiers, fields the type does not use, bad values', async () => {
    const before = await counts();
    const cases: [Body, Record<string, string>][] = [
      [{ chargerType: 'KIRANA_LITE_GSM', chargePointOperatorId: cpo, mqttBrokerKey: 'RABBIT_MQ_PROPS_DEDICATED', sockets: [] }, { deviceId: 'Enter the device id' }],
      [bodyOf('KIRANA_LITE_GSM', 50, { ccuId: 'CCU1' }), { ccuId: 'A KIRANA LITE GSM charger does not use the CCU id' }],
      [bodyOf('EV_POINT_CHARGER', 51, { ocppCustomisationType: 'ABB_7KW_DC_OCPP_16_JSON' }), { ocppCustomisationType: 'A EV POINT CHARGER charger does not use the OCPP customisation' }],
      [bodyOf('EV_POINT_CHARGER', 52, { sockets: [] }), { sockets: 'Add at least one socket' }],
      [bodyOf('KIRANA_PLUS_FLEXTRON', 53, { bleMacAddress: 'not-a-mac' }), { bleMacAddress: 'Enter a MAC address like C8:2B:96:00:1A:2F' }],
      [bodyOf('CHARGE_MOD_BHARAT_AC', 54, { imeiNumber: '123' }), { imeiNumber: 'An IMEI number has 15 digits' }],
      [bodyOf('MEKR_OMNI', 55, { sockets: [{ code: '16AMP_WALL_SOCKET', displayText: '16 Amp Socket', value: 0 }] }), { 'sockets.0.value': 'Power must be more than 0 kW' }],
      [bodyOf('OCPP_16_JSON_CHARGER', 56, { ocppCustomisationType: 'TESLA' }), { ocppCustomisationType: 'Choose an OCPP customisation' }],
      [bodyOf('KIRANA_PLUS_FLEXTRON_WIFI', 57, { keyValuePairs: [{ key: 'a', value: '1' }, { key: 'a', value: '2' }] }), { 'keyValuePairs.1.key': 'Each key only once' }],
      [bodyOf('KIRANA_LITE_GSM', 58, { uniqueId: 'CZ999999' }), { uniqueId: 'Unknown field' }],
      [{ chargerType: 'TESLA_SUPERCHARGER' }, { chargerType: expect.stringContaining('Choose a charger type') as unknown as string }],
    ];
    for (const [body, errors] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.contentType).toBe('application/problem+json');
      for (const [path, message] of Object.entries(errors)) expect(res.body.errors).toContainEqual({ path, message });
    }
    // A charge point operator that does not exist is refused at its field, never a 500.
    const unknown = await post(bodyOf('KIRANA_LITE_GSM', 59, { chargePointOperatorId: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toContainEqual({ path: 'chargePointOperatorId', message: 'Choose an existing record' });
    expect(await counts()).toEqual(before);
  });

  it('answers 409 naming the field and the charger when an identifier is already used, writing nothing', async () => {
    const first = await post(bodyOf('EV_POINT_CHARGER', 70));
    expect(first.status).toBe(201);
    const before = await counts();
    const again = await post(bodyOf('KIRANA_LITE_GSM', 71, { deviceId: identifiersOf('EV_POINT_CHARGER', 70).deviceId }));
    expect(again.status).toBe(409);
    expect(again.contentType).toBe('application/problem+json');
    const message = `A charger with device id ${String(identifiersOf('EV_POINT_CHARGER', 70).deviceId)} already exists (${String(first.body.uniqueIdentifier)}).`;
    expect(again.body).toMatchObject({ status: 409, detail: message, errors: [{ path: 'deviceId', message }] });
    // A seeded charger's BLE MAC address, typed in lower case, is the same address.
    const seeded = await call(env.t, 'GET', `${createChargerPath}?size=1&chargerType=MEKR_OMNI`, { authKey: admin });
    const ble = String(seeded.body.items[0].bleMacAddress);
    const mac = await post(bodyOf('MEKR_OMNI', 72, { bleMacAddress: ble.toLowerCase() }));
    expect(mac.status).toBe(409);
    expect(mac.body.errors).toEqual([{ path: 'bleMacAddress', message: `A charger with BLE MAC address ${ble} already exists (${String(seeded.body.items[0].uniqueId)}).` }]);
    expect(await counts()).toEqual(before);
  });

  it('needs ROLE_CREATE_CHARGER: 401 anonymous, 403 for finance and read-only staff, before the body is read', async () => {
    const before = await counts();
    expect((await call(env.t, 'POST', createChargerPath, { body: bodyOf('KIRANA_LITE_GSM', 80) })).status).toBe(401);
    for (const number of ['9000000004', '9000000006', '9000000007']) {
      const key = (await env.signInAs(number)).authKey;
      const res = await post(bodyOf('KIRANA_LITE_GSM', 80), key);
      expect(res.status).toBe(403);
      expect(res.body.detail).toContain('ROLE_CREATE_CHARGER');
      expect((await post({ nonsense: true }, key)).status).toBe(403);
    }
    expect(await counts()).toEqual(before);
  });
});
