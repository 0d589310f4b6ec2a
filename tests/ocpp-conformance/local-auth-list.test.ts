// Local Auth List Management profile (OCPP 1.6 §5.10, §5.15): what the central system sends when staff send a charger
// its whole list or read its version, through the real API as a signed-in staff member, answered by the scripted
// charge point: accepted, NotSupported, switched off in its configuration, and a list version of -1.
import { describe, expect, it } from 'vitest';
import { localListPaths } from '@domain/local-list';
import { conformanceDrivers, useConformanceServer, type IncomingCall } from './harness';

const config = (enabled: string) => ({
  configurationKey: [
    { key: 'LocalAuthListEnabled', readonly: false, value: enabled },
    { key: 'LocalAuthListMaxLength', readonly: true, value: '10000' },
    { key: 'SendLocalListMaxLength', readonly: true, value: '10000' },
  ],
  unknownKey: [],
});

describe.each(conformanceDrivers)('Local Auth List Management on %s', (driver) => {
  const cs = useConformanceServer(driver);

  it('LOCAL-01 Send full list: the configuration read first, then SendLocalList Full with every card (blocked ones Blocked, removed ones left out)', async () => {
    const { charger, cp } = await cs.bootedCharger();
    const [accepted, blocked, removed] = [await cs.card('accepted'), await cs.card('blocked'), await cs.card('removed')];
    const answer = cs.api('POST', localListPaths.sendFull, { chargerIds: [charger.id] });
    const read = await cp.expectCall('GetConfiguration');
    expect(read.payload).toEqual({ key: ['LocalAuthListEnabled', 'SendLocalListMaxLength', 'LocalAuthListMaxLength'] });
    read.reply(config('true'));
    const send: IncomingCall = await cp.expectCall('SendLocalList');
    const list = send.payload.localAuthorizationList as { idTag: string; idTagInfo?: { status: string } }[];
    expect(send.payload).toMatchObject({ updateType: 'Full', listVersion: expect.any(Number) });
    expect(Number(send.payload.listVersion)).toBeGreaterThan(0);
    expect(list.find((e) => e.idTag === accepted)).toEqual({ idTag: accepted, idTagInfo: { status: 'Accepted' } });
    expect(list.find((e) => e.idTag === blocked)).toEqual({ idTag: blocked, idTagInfo: { status: 'Blocked' } });
    expect(list.find((e) => e.idTag === removed)).toBeUndefined();
    send.reply({ status: 'Accepted' });
    const done = await answer;
    expect(done.status).toBe(200);
    expect(done.body.lists[0]).toMatchObject({ holdsList: true, state: 'inSync', heldVersion: send.payload.listVersion });
    await cp.close();
  });

  it('LOCAL-02 SendLocalList answered NotSupported: the list is failed with the charger’s answer', async () => {
    const { charger, cp } = await cs.bootedCharger();
    const answer = cs.api('POST', localListPaths.sendFull, { chargerIds: [charger.id] });
    (await cp.expectCall('GetConfiguration')).reply(config('true'));
    (await cp.expectCall('SendLocalList')).reply({ status: 'NotSupported' });
    const done = await answer;
    expect(done.status).toBe(200);
    expect(done.body.items.at(-1)).toMatchObject({ action: 'SendLocalList', status: 'rejected', response: { status: 'NotSupported' } });
    expect(done.body.lists[0]).toMatchObject({ state: 'failed', answer: 'NotSupported' });
    await cp.close();
  });

  it('LOCAL-03 A charger whose LocalAuthListEnabled is false is not sent the list', async () => {
    const { charger, cp } = await cs.bootedCharger();
    const answer = cs.api('POST', localListPaths.sendFull, { chargerIds: [charger.id] });
    (await cp.expectCall('GetConfiguration')).reply(config('false'));
    const done = await answer;
    expect(done.body.lists[0]).toMatchObject({ state: 'failed', answer: 'Disabled', enabled: false });
    await expect(cp.expectCall('SendLocalList', { timeoutMs: 1_000 })).rejects.toThrow(/No SendLocalList/);
    await cp.close();
  });

  it('LOCAL-04 GetLocalListVersion: the version kept; -1 (no list support) is failed, NotSupported', async () => {
    const { charger, cp } = await cs.bootedCharger();
    const first = cs.api('POST', localListPaths.readVersion, { chargerIds: [charger.id] });
    const call = await cp.expectCall('GetLocalListVersion');
    expect(call.payload).toEqual({});
    call.reply({ listVersion: 0 });
    expect((await first).body.lists[0]).toMatchObject({ holdsList: true, heldVersion: 0, state: 'behind' });
    const second = cs.api('POST', localListPaths.readVersion, { chargerIds: [charger.id] });
    (await cp.expectCall('GetLocalListVersion')).reply({ listVersion: -1 });
    expect((await second).body.lists[0]).toMatchObject({ state: 'failed', answer: 'NotSupported', heldVersion: null });
    await cp.close();
  });
});
