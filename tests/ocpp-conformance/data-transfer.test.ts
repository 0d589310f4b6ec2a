// Core profile, DataTransfer (OCPP 1.6 §4.3 and §5.6) both ways. From the central system: staff's vendor data reaches
// the charger as given, and each answer 1.6 allows (Accepted with data, Rejected, UnknownMessageId, UnknownVendorId),
// an answer its schema forbids and no answer at all reach the command's record. From the charger: the central system
// has no vendor extension, so every vendor is unknown; a request breaking the schema is refused, nothing kept.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COMMAND_TIMEOUT_SECONDS, conformanceDrivers, useConformanceServer, type ConformanceServer } from './harness';

/** Sends a DataTransfer to a new charger of its own, answers it (or not): what the charger got and the settled record. */
async function transfer(cs: ConformanceServer, payload: Record<string, unknown>, answer: Record<string, unknown> | 'silence') {
  const { charger, cp } = await cs.bootedCharger();
  const record = cs.command(charger.id, 'DataTransfer', payload);
  const call = await cp.expectCall('DataTransfer');
  if (answer !== 'silence') call.reply(answer);
  const settled = await record;
  await cp.close();
  return { got: call.payload, record: settled };
}

describe.each(conformanceDrivers)('Core on %s', (driver) => {
  const cs = useConformanceServer(driver);

  describe('DataTransfer', () => {
    it('DT-01 DataTransfer from the central system accepted: the charger gets vendor, message and data as given; its data kept', async () => {
      const sent = { vendorId: 'com.example.vendor', messageId: 'SetDisplay', data: '{"line":"Welcome – स्वागत"}' };
      const { got, record } = await transfer(cs, sent, { status: 'Accepted', data: 'shown' });
      expect(got).toEqual(sent);
      expect(record).toMatchObject({ action: 'DataTransfer', status: 'accepted', response: { status: 'Accepted', data: 'shown' } });
    });

    it('DT-02 DataTransfer Rejected by the charger recorded rejected', async () => {
      const { got, record } = await transfer(cs, { vendorId: 'com.example.vendor' }, { status: 'Rejected' });
      expect(got).toEqual({ vendorId: 'com.example.vendor' });
      expect(record).toMatchObject({ status: 'rejected', response: { status: 'Rejected' } });
    });

    it('DT-03 DataTransfer UnknownVendorId and UnknownMessageId recorded rejected with the answer', async () => {
      expect((await transfer(cs, { vendorId: 'com.example.other', data: 'x' }, { status: 'UnknownVendorId' })).record).toMatchObject({ status: 'rejected', response: { status: 'UnknownVendorId' } });
      expect((await transfer(cs, { vendorId: 'com.example.vendor', messageId: 'Nope' }, { status: 'UnknownMessageId' })).record).toMatchObject({ status: 'rejected', response: { status: 'UnknownMessageId' } });
    });

    it('DT-04 DataTransfer not answered: timed out after the command timeout', async () => {
      const { record } = await transfer(cs, { vendorId: 'com.example.vendor', data: 'x' }, 'silence');
      expect(record).toMatchObject({ status: 'timedOut', error: `The charger did not answer within ${COMMAND_TIMEOUT_SECONDS} s.` });
    });

    it('DT-05 DataTransfer answered with a status 1.6 does not have fails', async () => {
      expect((await transfer(cs, { vendorId: 'com.example.vendor' }, { status: 'Maybe' })).record.status).toBe('failed');
    });

    it('DT-06 DataTransfer from the central system over 1.6’s lengths refused (400), nothing sent', async () => {
      const { charger, cp } = await cs.bootedCharger();
      for (const payload of [{ vendorId: 'v'.repeat(256) }, { vendorId: 'v', messageId: 'm'.repeat(51) }, { vendorId: '' }]) {
        const sent = await cs.api('POST', '/ccu/charger-command', { chargerIds: [charger.id], command: { action: 'DataTransfer', payload }, wait: true });
        expect(sent.status).toBe(400);
      }
      await expect(cp.expectCall('DataTransfer', { timeoutMs: 1_000 })).rejects.toThrow(/No DataTransfer/);
      await cp.close();
    });

    it('DT-07 DataTransfer from the charger of any vendor answered UnknownVendorId, its data not kept beyond the message log', async () => {
      const { charger, cp } = await cs.bootedCharger();
      for (const payload of [{ vendorId: 'com.example.unknown' }, { vendorId: 'CZO', messageId: 'Price', data: '{"price":0}' }, { vendorId: 'x', data: '<script>alert(1)</script>' }]) {
        expect(await cp.ok('DataTransfer', payload)).toEqual({ status: 'UnknownVendorId' });
      }
      await cs.flushLog();
      const logged = await cs.rows<{ n: number }>(sql`select count(*)::int as n from ocpp_messages where charger_id = ${charger.id} and action = 'DataTransfer' and direction = 'IN'`);
      expect(logged[0]!.n).toBe(3);
      await cp.close();
    });

    it('DT-08 DataTransfer from the charger breaking its schema refused, nothing answered but the error', async () => {
      const { cp } = await cs.bootedCharger();
      expect(await cp.call('DataTransfer', { vendorId: 'v'.repeat(256) })).toMatchObject({ type: 'error', code: 'FormationViolation' });
      expect(await cp.call('DataTransfer', { vendorId: 'v', messageId: 'm'.repeat(51) })).toMatchObject({ type: 'error', code: 'FormationViolation' });
      expect(await cp.call('DataTransfer', { messageId: 'm' })).toMatchObject({ type: 'error', code: 'OccurenceConstraintViolation' });
      expect(await cp.call('DataTransfer', { vendorId: 'v', data: 42 })).toMatchObject({ type: 'error', code: 'TypeConstraintViolation' });
      expect(await cp.call('DataTransfer', { vendorId: 'v', extra: true })).toMatchObject({ type: 'error', code: 'PropertyConstraintViolation' });
      // The connection stays usable.
      expect(await cp.ok('DataTransfer', { vendorId: 'v' })).toEqual({ status: 'UnknownVendorId' });
      await cp.close();
    });
  });
});
