// The optional feature profiles the central system speaks: Remote Trigger (TriggerMessage of each message, then the
// message itself), Smart Charging (a transaction's TxProfile set and cleared) and, of Firmware Management, the status
// notifications a charger sends (OCPP 1.6 §5.17, §5.16, §5.4, §4.4, §4.5). The command route sets and clears a
// session's own TxProfile only: what reaches the Smart charging panel's profiles is refused.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smartChargingPaths } from '@domain/smart-charging';
import { COMMAND_TIMEOUT_SECONDS, conformanceDrivers, useConformanceServer, type ConformanceServer } from './harness';

/** Sends `action` to a charger of its own, answers its CALL (or stays silent), then runs `after` on the open socket. */
async function exchange(
  cs: ConformanceServer,
  action: string,
  payload: unknown,
  answer: Record<string, unknown> | 'silence',
  after?: (cp: Awaited<ReturnType<ConformanceServer['bootedCharger']>>) => Promise<void>,
) {
  const booted = await cs.bootedCharger();
  const record = cs.command(booted.charger.id, action, payload);
  const call = await booted.cp.expectCall(action);
  if (answer !== 'silence') call.reply(answer);
  const settled = await record;
  await after?.(booted);
  await booted.cp.close();
  return { got: call.payload, record: settled };
}

const txProfile = (limit: number, transactionId?: number) => ({
  connectorId: 1,
  csChargingProfiles: {
    chargingProfileId: 42,
    ...(transactionId === undefined ? {} : { transactionId }),
    stackLevel: 1,
    chargingProfilePurpose: 'TxProfile',
    chargingProfileKind: 'Relative',
    chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit }] },
  },
});

describe.each(conformanceDrivers)('Remote Trigger on %s', (driver) => {
  const cs = useConformanceServer(driver);

  const triggered: [string, string, Record<string, unknown>, unknown, Record<string, unknown>][] = [
    ['TRIG-01', 'BootNotification', {}, { chargePointVendor: 'Conformance', chargePointModel: 'Scripted' }, { status: 'Accepted' }],
    ['TRIG-02', 'DiagnosticsStatusNotification', {}, { status: 'Idle' }, {}],
    ['TRIG-03', 'FirmwareStatusNotification', {}, { status: 'Idle' }, {}],
    ['TRIG-04', 'Heartbeat', {}, {}, {}],
    ['TRIG-05', 'MeterValues', { connectorId: 1 }, { connectorId: 1, meterValue: [{ timestamp: new Date().toISOString(), sampledValue: [{ value: '1234' }] }] }, {}],
    ['TRIG-06', 'StatusNotification', { connectorId: 2 }, { connectorId: 2, status: 'Available', errorCode: 'NoError' }, {}],
  ];
  for (const [id, requestedMessage, extra, message, expected] of triggered) {
    it(`${id} TriggerMessage ${requestedMessage} accepted, then the message the charger sends is taken`, async () => {
      const { got, record } = await exchange(cs, 'TriggerMessage', { requestedMessage, ...extra }, { status: 'Accepted' }, async ({ cp }) => {
        expect(await cp.call(requestedMessage, message)).toMatchObject({ type: 'result', payload: expected });
      });
      expect(got).toEqual({ requestedMessage, ...extra });
      expect(record.status).toBe('accepted');
    });
  }

  it('TRIG-07 TriggerMessage Rejected and NotImplemented by the charger recorded rejected', async () => {
    expect((await exchange(cs, 'TriggerMessage', { requestedMessage: 'Heartbeat' }, { status: 'Rejected' })).record.status).toBe('rejected');
    expect((await exchange(cs, 'TriggerMessage', { requestedMessage: 'MeterValues' }, { status: 'NotImplemented' })).record).toMatchObject({ status: 'rejected', response: { status: 'NotImplemented' } });
  });

  it('TRIG-08 TriggerMessage not answered: timed out after the command timeout', async () => {
    const { record } = await exchange(cs, 'TriggerMessage', { requestedMessage: 'StatusNotification' }, 'silence');
    expect(record).toMatchObject({ status: 'timedOut', error: `The charger did not answer within ${COMMAND_TIMEOUT_SECONDS} s.` });
  });
});

describe.each(conformanceDrivers)('Smart Charging on %s', (driver) => {
  const cs = useConformanceServer(driver);

  it('SC-01 SetChargingProfile (a TxProfile) accepted: the charger gets the profile as sent', async () => {
    const { got, record } = await exchange(cs, 'SetChargingProfile', txProfile(16), { status: 'Accepted' });
    expect(got).toEqual(txProfile(16));
    expect(record.status).toBe('accepted');
  });

  it('SC-02 SetChargingProfile Rejected and NotSupported recorded rejected', async () => {
    expect((await exchange(cs, 'SetChargingProfile', txProfile(10), { status: 'Rejected' })).record.status).toBe('rejected');
    expect((await exchange(cs, 'SetChargingProfile', txProfile(10), { status: 'NotSupported' })).record.status).toBe('rejected');
  });

  it('SC-03 SetChargingProfile not answered: timed out after the command timeout', async () => {
    expect((await exchange(cs, 'SetChargingProfile', txProfile(8), 'silence')).record.status).toBe('timedOut');
  });

  it('SC-04 SetChargingProfile on a customer’s session refused by the central system (409), nothing sent', async () => {
    const { charger, cp } = await cs.bootedCharger();
    const { transactionId } = await cp.ok<{ transactionId: number }>('StartTransaction', { connectorId: 1, idTag: await cs.card('accepted'), meterStart: 0, timestamp: new Date().toISOString() });
    const sent = await cs.api('POST', '/ccu/charger-command', { chargerIds: [charger.id], command: { action: 'SetChargingProfile', payload: txProfile(6, transactionId) }, wait: true });
    expect(sent.status).toBe(409);
    await expect(cp.expectCall('SetChargingProfile', { timeoutMs: 1_000 })).rejects.toThrow(/No SetChargingProfile/);
    await cp.ok('StopTransaction', { transactionId, meterStop: 0, timestamp: new Date().toISOString() });
    await cp.close();
  });

  it('SC-05 ClearChargingProfile accepted: the charger gets which profile to clear', async () => {
    const { got, record } = await exchange(cs, 'ClearChargingProfile', { id: 42, chargingProfilePurpose: 'TxProfile' }, { status: 'Accepted' });
    expect(got).toEqual({ id: 42, chargingProfilePurpose: 'TxProfile' });
    expect(record.status).toBe('accepted');
  });

  it('SC-06 ClearChargingProfile Unknown recorded rejected', async () => {
    expect((await exchange(cs, 'ClearChargingProfile', { connectorId: 1, chargingProfilePurpose: 'TxProfile' }, { status: 'Unknown' })).record).toMatchObject({ status: 'rejected', response: { status: 'Unknown' } });
  });

  it('SC-07 ClearChargingProfile not answered: timed out after the command timeout', async () => {
    expect((await exchange(cs, 'ClearChargingProfile', { id: 42, chargingProfilePurpose: 'TxProfile' }, 'silence')).record.status).toBe('timedOut');
  });

  it("SC-08 ClearChargingProfile of the command route reaching beyond a session's limit refused by the central system (400), nothing sent; the charger maximum stays", async () => {
    const { charger, cp } = await cs.bootedCharger();
    // A charger maximum set from the Smart charging panel, accepted and in force.
    const made = cs.api('POST', smartChargingPaths.ofCharger(charger.id), { connectorId: 0, purpose: 'ChargePointMaxProfile', stackLevel: 0, kind: 'Relative', schedule: { unit: 'A', periods: [{ startPeriod: 0, limit: 16 }] } });
    (await cp.expectCall('SetChargingProfile')).reply({ status: 'Accepted' });
    const max = (await made).body as { id: number; state: string };
    expect(max.state).toBe('accepted');
    const refusals: [Record<string, unknown>, string, RegExp][] = [
      [{}, 'chargingProfilePurpose', /^Only a session’s limit \(chargingProfilePurpose TxProfile\) is cleared here: .* on the charger’s Smart charging panel\.$/],
      [{ connectorId: 0 }, 'chargingProfilePurpose', /Smart charging panel/],
      [{ connectorId: 0, chargingProfilePurpose: 'ChargePointMaxProfile' }, 'chargingProfilePurpose', /Smart charging panel/],
      [{ connectorId: 1, chargingProfilePurpose: 'TxDefaultProfile' }, 'chargingProfilePurpose', /Smart charging panel/],
      [{ id: max.id }, 'id', /Smart charging panel/],
      [{ id: max.id, chargingProfilePurpose: 'TxProfile' }, 'id', /^Ids from 100,000 are the profiles of the charger’s Smart charging panel \(ROLE_MANAGE_CHARGING_PROFILES\): clear them there\.$/],
    ];
    for (const [payload, field, words] of refusals) {
      const refused = await cs.api('POST', '/ccu/charger-command', { chargerIds: [charger.id], command: { action: 'ClearChargingProfile', payload }, wait: true });
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(refused.body.errors).toContainEqual({ path: `command.payload.${field}`, message: expect.stringMatching(words) });
      for (const error of refused.body.errors as { message: string }[]) expect(error.message).toMatch(/Smart charging panel/);
    }
    await expect(cp.expectCall('ClearChargingProfile', { timeoutMs: 1_000 })).rejects.toThrow(/No ClearChargingProfile/);
    expect((await cs.rows<{ n: number }>(sql`select count(*)::int as n from ocpp_commands where charger_id = ${charger.id} and action = 'ClearChargingProfile'`))[0]!.n).toBe(0);
    const stored = (await cs.api('GET', smartChargingPaths.ofCharger(charger.id))).body.items as { id: number; state: string }[];
    expect(stored).toEqual([expect.objectContaining({ id: max.id, state: 'accepted' })]);
    await cp.close();
  });

  it("SC-09 SetChargingProfile of the command route with an id of the Smart charging panel's refused by the central system (400), nothing sent", async () => {
    const { charger, cp } = await cs.bootedCharger();
    const profile = txProfile(16);
    profile.csChargingProfiles.chargingProfileId = 100_000;
    const refused = await cs.api('POST', '/ccu/charger-command', { chargerIds: [charger.id], command: { action: 'SetChargingProfile', payload: profile }, wait: true });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { path: 'command.payload.csChargingProfiles.chargingProfileId', message: 'Ids from 100,000 are the profiles of the charger’s Smart charging panel (ROLE_MANAGE_CHARGING_PROFILES): a session’s limit takes an id below 100,000.' },
    ]);
    await expect(cp.expectCall('SetChargingProfile', { timeoutMs: 1_000 })).rejects.toThrow(/No SetChargingProfile/);
    await cp.close();
  });
});

describe.each(conformanceDrivers)('Firmware Management on %s', (driver) => {
  const cs = useConformanceServer(driver);
  const kept = async (chargerId: number) =>
    (await cs.rows<{ firmware_status: string | null; diagnostics_status: string | null }>(sql`select firmware_status, diagnostics_status from ocpp_charge_points where charger_id = ${chargerId}`))[0];

  it('FW-01 FirmwareStatusNotification of every 1.6 status accepted and kept', async () => {
    const { charger, cp } = await cs.bootedCharger();
    for (const status of ['Downloaded', 'DownloadFailed', 'Downloading', 'Idle', 'InstallationFailed', 'Installing', 'Installed']) {
      expect(await cp.ok('FirmwareStatusNotification', { status })).toEqual({});
      expect((await kept(charger.id))?.firmware_status, status).toBe(status);
    }
    await cp.close();
  });

  it('FW-02 DiagnosticsStatusNotification of every 1.6 status accepted and kept', async () => {
    const { charger, cp } = await cs.bootedCharger();
    for (const status of ['Idle', 'Uploaded', 'UploadFailed', 'Uploading']) {
      expect(await cp.ok('DiagnosticsStatusNotification', { status })).toEqual({});
      expect((await kept(charger.id))?.diagnostics_status, status).toBe(status);
    }
    await cp.close();
  });

  it('FW-03 FirmwareStatusNotification with a status 1.6 does not have refused (FormationViolation), nothing kept', async () => {
    const { charger, cp } = await cs.bootedCharger();
    expect(await cp.call('FirmwareStatusNotification', { status: 'Exploded' })).toMatchObject({ type: 'error', code: 'FormationViolation' });
    expect((await kept(charger.id))?.firmware_status ?? null).toBeNull();
    await cp.close();
  });
});
