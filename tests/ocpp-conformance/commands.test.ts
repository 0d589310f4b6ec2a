// Core profile, what the central system sends: each command the console sends a charger (OCPP 1.6 §5), through the
// real API as a signed-in staff member, answered by the scripted charge point as accepted, refused, with a CALLERROR,
// with an answer its schema forbids, or not at all (timed out: OCPP_COMMAND_TIMEOUT_SECONDS, shortened here).
import { describe, expect, it } from 'vitest';
import { COMMAND_TIMEOUT_SECONDS, conformanceDrivers, useConformanceServer, type ConformanceServer } from './harness';

/**
 * Sends `action` to a new charger of its own and answers the CALL with `answer` (a payload, a CALLERROR, or silence):
 * the CALL's payload as the charger got it, and the command's record once settled.
 */
async function exchange(cs: ConformanceServer, action: string, payload: unknown, answer: Record<string, unknown> | { error: string } | 'silence') {
  const { charger, cp } = await cs.bootedCharger();
  const record = cs.command(charger.id, action, payload);
  const call = await cp.expectCall(action);
  if (answer !== 'silence') {
    if ('error' in answer && typeof answer.error === 'string') call.error(answer.error, 'Scripted error');
    else call.reply(answer);
  }
  const settled = await record;
  await cp.close();
  return { got: call.payload, record: settled };
}

describe.each(conformanceDrivers)('Core on %s', (driver) => {
  const cs = useConformanceServer(driver);

  describe('Commands', () => {
    it('CORE-100 RemoteStartTransaction accepted: the charger gets the idTag and connector', async () => {
      const idTag = await cs.card('accepted');
      const { got, record } = await exchange(cs, 'RemoteStartTransaction', { connectorId: 1, idTag }, { status: 'Accepted' });
      expect(got).toEqual({ connectorId: 1, idTag });
      expect(record).toMatchObject({ status: 'accepted', response: { status: 'Accepted' } });
    });

    it('CORE-101 RemoteStartTransaction rejected by the charger', async () => {
      const { record } = await exchange(cs, 'RemoteStartTransaction', { connectorId: 1, idTag: await cs.card('accepted') }, { status: 'Rejected' });
      expect(record).toMatchObject({ status: 'rejected', response: { status: 'Rejected' } });
    });

    it('CORE-102 RemoteStartTransaction with a blocked card refused by the central system (409), nothing sent', async () => {
      const { charger, cp } = await cs.bootedCharger();
      const sent = await cs.api('POST', '/ccu/charger-command', { chargerIds: [charger.id], command: { action: 'RemoteStartTransaction', payload: { idTag: await cs.card('blocked') } }, wait: true });
      expect(sent.status).toBe(409);
      await expect(cp.expectCall('RemoteStartTransaction', { timeoutMs: 1_000 })).rejects.toThrow(/No RemoteStartTransaction/);
      await cp.close();
    });

    it('CORE-103 RemoteStopTransaction accepted: the charger gets the transaction id', async () => {
      const { got, record } = await exchange(cs, 'RemoteStopTransaction', { transactionId: 987_654 }, { status: 'Accepted' });
      expect(got).toEqual({ transactionId: 987_654 });
      expect(record.status).toBe('accepted');
    });

    it('CORE-104 RemoteStopTransaction rejected by the charger', async () => {
      expect((await exchange(cs, 'RemoteStopTransaction', { transactionId: 987_655 }, { status: 'Rejected' })).record.status).toBe('rejected');
    });

    it('CORE-105 Reset Soft accepted', async () => {
      const { got, record } = await exchange(cs, 'Reset', { type: 'Soft' }, { status: 'Accepted' });
      expect(got).toEqual({ type: 'Soft' });
      expect(record.status).toBe('accepted');
    });

    it('CORE-106 Reset Hard accepted', async () => {
      const { got, record } = await exchange(cs, 'Reset', { type: 'Hard' }, { status: 'Accepted' });
      expect(got).toEqual({ type: 'Hard' });
      expect(record.status).toBe('accepted');
    });

    it('CORE-107 Reset rejected by the charger', async () => {
      expect((await exchange(cs, 'Reset', { type: 'Soft' }, { status: 'Rejected' })).record.status).toBe('rejected');
    });

    it('CORE-108 ChangeAvailability Inoperative accepted', async () => {
      const { got, record } = await exchange(cs, 'ChangeAvailability', { connectorId: 1, type: 'Inoperative' }, { status: 'Accepted' });
      expect(got).toEqual({ connectorId: 1, type: 'Inoperative' });
      expect(record.status).toBe('accepted');
    });

    it('CORE-109 ChangeAvailability Scheduled (a transaction in progress) counts as accepted', async () => {
      const { record } = await exchange(cs, 'ChangeAvailability', { connectorId: 0, type: 'Operative' }, { status: 'Scheduled' });
      expect(record).toMatchObject({ status: 'accepted', response: { status: 'Scheduled' } });
    });

    it('CORE-110 ChangeAvailability rejected by the charger', async () => {
      expect((await exchange(cs, 'ChangeAvailability', { connectorId: 1, type: 'Inoperative' }, { status: 'Rejected' })).record.status).toBe('rejected');
    });

    it('CORE-111 UnlockConnector Unlocked accepted', async () => {
      const { got, record } = await exchange(cs, 'UnlockConnector', { connectorId: 2 }, { status: 'Unlocked' });
      expect(got).toEqual({ connectorId: 2 });
      expect(record.status).toBe('accepted');
    });

    it('CORE-112 UnlockConnector UnlockFailed and NotSupported rejected', async () => {
      expect((await exchange(cs, 'UnlockConnector', { connectorId: 1 }, { status: 'UnlockFailed' })).record.status).toBe('rejected');
      expect((await exchange(cs, 'UnlockConnector', { connectorId: 1 }, { status: 'NotSupported' })).record.status).toBe('rejected');
    });

    it('CORE-113 GetConfiguration answered with known and unknown keys: the answer kept', async () => {
      const configurationKey = [{ key: 'HeartbeatInterval', readonly: false, value: '300' }];
      const { got, record } = await exchange(cs, 'GetConfiguration', { key: ['HeartbeatInterval', 'NoSuchKey'] }, { configurationKey, unknownKey: ['NoSuchKey'] });
      expect(got).toEqual({ key: ['HeartbeatInterval', 'NoSuchKey'] });
      expect(record).toMatchObject({ status: 'accepted', response: { configurationKey, unknownKey: ['NoSuchKey'] } });
    });

    it('CORE-114 ChangeConfiguration Accepted and RebootRequired accepted', async () => {
      const { got, record } = await exchange(cs, 'ChangeConfiguration', { key: 'MeterValueSampleInterval', value: '60' }, { status: 'Accepted' });
      expect(got).toEqual({ key: 'MeterValueSampleInterval', value: '60' });
      expect(record.status).toBe('accepted');
      expect((await exchange(cs, 'ChangeConfiguration', { key: 'WebSocketPingInterval', value: '30' }, { status: 'RebootRequired' })).record.status).toBe('accepted');
    });

    it('CORE-115 ChangeConfiguration Rejected and NotSupported rejected', async () => {
      expect((await exchange(cs, 'ChangeConfiguration', { key: 'MeterValueSampleInterval', value: '-1' }, { status: 'Rejected' })).record.status).toBe('rejected');
      expect((await exchange(cs, 'ChangeConfiguration', { key: 'VendorKey', value: '1' }, { status: 'NotSupported' })).record.status).toBe('rejected');
    });

    it('CORE-116 ClearCache accepted', async () => {
      const { got, record } = await exchange(cs, 'ClearCache', {}, { status: 'Accepted' });
      expect(got).toEqual({});
      expect(record.status).toBe('accepted');
    });

    it('CORE-117 ClearCache rejected by the charger', async () => {
      expect((await exchange(cs, 'ClearCache', {}, { status: 'Rejected' })).record.status).toBe('rejected');
    });

    it('CORE-118 A command answered with a CALLERROR fails, its code kept', async () => {
      const { record } = await exchange(cs, 'Reset', { type: 'Soft' }, { error: 'NotSupported' });
      expect(record.status).toBe('failed');
      expect(record.error).toMatch(/NotSupported/);
    });

    it('CORE-119 A command answered with a payload its schema forbids fails', async () => {
      const { record } = await exchange(cs, 'Reset', { type: 'Soft' }, { status: 'Maybe' });
      expect(record.status).toBe('failed');
    });

    it('CORE-120 A command to a charger that is not connected refused at once (offline), nothing sent', async () => {
      const charger = await cs.charger();
      const record = await cs.command(charger.id, 'Reset', { type: 'Soft' });
      expect(record).toMatchObject({ status: 'offline', error: expect.stringMatching(/offline: nothing was sent/) });
    });

    it('CORE-121 A command whose payload breaks the console’s rules refused (400), nothing sent', async () => {
      const { charger, cp } = await cs.bootedCharger();
      const sent = await cs.api('POST', '/ccu/charger-command', { chargerIds: [charger.id], command: { action: 'Reset', payload: { type: 'Medium' } }, wait: true });
      expect(sent.status).toBe(400);
      await expect(cp.expectCall('Reset', { timeoutMs: 1_000 })).rejects.toThrow(/No Reset/);
      await cp.close();
    });
  });

  // Each command once more, never answered: timed out after OCPP_COMMAND_TIMEOUT_SECONDS. Run side by side (each on
  // a charger of its own), so the waits overlap.
  describe.concurrent('Commands not answered', () => {
    const silent: [string, string, unknown][] = [
      ['CORE-130', 'RemoteStartTransaction', { idTag: 'CONFTIMEOUT' }],
      ['CORE-131', 'RemoteStopTransaction', { transactionId: 987_656 }],
      ['CORE-132', 'Reset', { type: 'Hard' }],
      ['CORE-133', 'ChangeAvailability', { connectorId: 0, type: 'Inoperative' }],
      ['CORE-134', 'UnlockConnector', { connectorId: 1 }],
      ['CORE-135', 'GetConfiguration', {}],
      ['CORE-136', 'ChangeConfiguration', { key: 'MeterValueSampleInterval', value: '600' }],
      ['CORE-137', 'ClearCache', {}],
    ];
    for (const [id, action, payload] of silent) {
      it(`${id} ${action} not answered: timed out after the command timeout`, async ({ expect }) => {
        const started = Date.now();
        const { record } = await exchange(cs, action, payload, 'silence');
        expect(record).toMatchObject({ status: 'timedOut', error: `The charger did not answer within ${COMMAND_TIMEOUT_SECONDS} s.` });
        expect(Date.now() - started).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_SECONDS * 1000 - 500);
      });
    }
  });
});
