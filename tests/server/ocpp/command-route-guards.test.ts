// The generic command route (POST /ccu/charger-command, ROLE_EXECUTE_COMMAND) does not reach what has a permission or a
// state of its own, against a simulated charger over a real socket: a RemoteStartTransaction with a tag of a session
// started for a customer, or a test tag without test charging's permission, a ChangeConfiguration of a key the
// central system sets itself (HeartbeatInterval, AuthorizationKey), each refused with nothing sent; the local list's
// settings need the local list's permission, and the list's stored settings follow a change the charger took.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localListPaths } from '@domain/local-list';
import type { OcppCommand } from '@domain/ocpp';
import type { OpenDatabase } from '@server/db/open-database';
import { rowsOf } from '@server/db/rows';
import type { SimulatedCharger } from '@tools/ocpp-simulator/simulator';
import { openLiveCharger, until, type LiveCharger } from '../support/live-charger';
import { call, signIn, type TestApp } from '../support/test-app';
import { ruleDrivers } from '../support/test-database';

describe.each(ruleDrivers)('the command route keeps to its own commands on %s', (driver) => {
  let live: LiveCharger;
  let database: OpenDatabase;
  let t: TestApp;
  let charger: SimulatedCharger;
  let chargerId: number;
  let admin: string;
  let operations: string;
  /** Every call the simulated charger received, by OCPP action. */
  const received: string[] = [];
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const records = async () => Number((await q<{ n: number }>(sql`select count(*)::int as n from ocpp_commands`))[0]!.n);
  const command = (authKey: string, cmd: OcppCommand | { action: string; payload: unknown }) => call(t, 'POST', '/ccu/charger-command', { authKey, body: { chargerIds: [chargerId], command: cmd, wait: true } });
  const configuration = async (key: string) => {
    const read = await command(admin, { action: 'GetConfiguration', payload: { key: [key] } });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    return (read.body.items[0].response as { configurationKey: { key: string; value: string }[] }).configurationKey.find((k) => k.key === key)?.value;
  };
  /** Runs `refused` and checks that it recorded no command and sent the charger nothing. */
  const nothingSent = async <T>(refused: () => Promise<T>): Promise<T> => {
    const before = await records();
    const frames = received.length;
    const answer = await refused();
    expect(await records()).toBe(before);
    // A frame sent would have arrived by the time a later command's answer did.
    await configuration('MeterValueSampleInterval');
    expect(received.slice(frames)).toEqual(['GetConfiguration']);
    return answer;
  };

  beforeAll(async () => {
    live = await openLiveCharger(driver);
    ({ database, t, charger, chargerId } = live);
    charger.onReceived((frame) => {
      const [kind, , action] = JSON.parse(frame) as [number, string, string];
      if (kind === 2) received.push(action);
    });
    admin = (await signIn(t, '9000000001')).authKey;
    // Operations keeps ROLE_EXECUTE_COMMAND without ROLE_MANAGE_LOCAL_LIST and ROLE_TEST_DEVICE.
    await database.db.execute(
      sql`update roles set permissions = array_remove(array_remove(permissions, 'ROLE_MANAGE_LOCAL_LIST'), 'ROLE_TEST_DEVICE') where name = 'Operations'`,
    );
    operations = (await signIn(t, '9000000002')).authKey;
    await until(() => q<{ status: string }>(sql`select status from ocpp_connectors where charger_id = ${chargerId} and connector_id = 1`), (r) => r[0]?.status === 'Available');
  }, 300_000);
  afterAll(() => live.close());

  it("holds a remote start with a tag of the console's own to its right: a test tag to test charging's, a customer's session's never", async () => {
    for (const idTag of ['CZOINST0A1B2C3D4E', ' czoInst99']) {
      const refused = await nothingSent(() => command(admin, { action: 'RemoteStartTransaction', payload: { connectorId: 1, idTag } }));
      expect(refused.status, idTag).toBe(400);
      expect(refused.body.detail).toBe("Tags starting CZOINST start a session on a customer's wallet: start one with the bookings' Start a session now. Nothing was sent.");
      expect(refused.body.errors).toEqual([{ path: 'command.payload.idTag', message: 'Tags starting CZOINST are the console’s own' }]);
    }
    for (const idTag of ['CZOTEST1A2B3C4D', 'czotest00ff']) {
      const refused = await nothingSent(() => command(operations, { action: 'RemoteStartTransaction', payload: { connectorId: 1, idTag } }));
      expect(refused.status, idTag).toBe(403);
      expect(refused.body.detail).toBe('Starting a test charge (a tag starting CZOTEST) needs the permission ROLE_TEST_DEVICE. Nothing was sent.');
    }
    expect(charger.session(1)).toBeNull();
    expect(await q(sql`select 1 from ocpp_sessions where charger_id = ${chargerId}`)).toEqual([]);
    // With test charging's permission a test tag starts a test charge, as the benchmarks start many chargers at once.
    const started = await command(admin, { action: 'RemoteStartTransaction', payload: { connectorId: 1, idTag: 'CZOTESTGUARD' } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.items[0]).toMatchObject({ status: 'accepted' });
    expect(await until(async () => charger.session(1)?.idTag, (tag) => tag === 'CZOTESTGUARD')).toBe('CZOTESTGUARD');
  });

  it('refuses a change of a key the central system sets itself, and changes any other', async () => {
    for (const [key, words] of [
      ['HeartbeatInterval', /heartbeat interval when it boots \(the setting OCPP_HEARTBEAT_SECONDS\)/],
      ['heartbeatinterval', /heartbeat interval when it boots/],
      ['AuthorizationKey', /OCPP password is set with its own action/],
    ] as const) {
      const refused = await nothingSent(() => command(admin, { action: 'ChangeConfiguration', payload: { key, value: '3600' } }));
      expect(refused.status, key).toBe(400);
      expect(refused.body.errors).toEqual([{ path: 'command.payload.key', message: expect.stringMatching(words) }]);
    }
    expect(await configuration('HeartbeatInterval')).toBe('300');
    const other = await command(operations, { action: 'ChangeConfiguration', payload: { key: 'MeterValueSampleInterval', value: '15' } });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(other.body.items[0]).toMatchObject({ status: 'accepted' });
    expect(await configuration('MeterValueSampleInterval')).toBe('15');
  });

  it("changes the local list's settings only with the local list's permission, and keeps what the charger took", async () => {
    const list = async () => (await call(t, 'GET', localListPaths.ofCharger(chargerId), { authKey: admin })).body as { holdsList: boolean; enabled: boolean | null; state: string | null };
    // The charger holds a list (its settings read and kept first).
    const sent = await call(t, 'POST', localListPaths.sendFull, { authKey: admin, body: { chargerIds: [chargerId] } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await list()).toMatchObject({ holdsList: true, enabled: true, state: 'inSync' });

    const refused = await nothingSent(() => command(operations, { action: 'ChangeConfiguration', payload: { key: 'LocalAuthListEnabled', value: 'false' } }));
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('Changing LocalAuthListEnabled needs the permission ROLE_MANAGE_LOCAL_LIST. Nothing was sent.');
    expect(await configuration('LocalAuthListEnabled')).toBe('true');

    const off = await command(admin, { action: 'ChangeConfiguration', payload: { key: 'LocalAuthListEnabled', value: 'false' } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.items[0]).toMatchObject({ status: 'accepted' });
    expect(await configuration('LocalAuthListEnabled')).toBe('false');
    expect(await list()).toMatchObject({ enabled: false });
    // A whole list is then not sent to it: its list is switched off.
    const again = await call(t, 'POST', localListPaths.sendFull, { authKey: admin, body: { chargerIds: [chargerId] } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await list()).toMatchObject({ enabled: false, state: 'failed' });

    const on = await command(admin, { action: 'ChangeConfiguration', payload: { key: 'LocalAuthListEnabled', value: 'true' } });
    expect(on.body.items[0]).toMatchObject({ status: 'accepted' });
    expect(await list()).toMatchObject({ enabled: true });
  });
});
