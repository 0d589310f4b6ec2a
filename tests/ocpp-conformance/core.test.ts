// Core profile: what a 1.6 central system does with the messages every charge point sends (boot, heartbeat,
// authorisation, transactions, meter values, statuses, data transfer) and with frames it cannot take.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conformanceDrivers, HEARTBEAT_SECONDS, useConformanceServer } from './harness';

const boot = { chargePointVendor: 'Conformance', chargePointModel: 'Scripted', chargePointSerialNumber: 'SN-1', firmwareVersion: '1.0.0' };

describe.each(conformanceDrivers)('Core on %s', (driver) => {
  const cs = useConformanceServer(driver);

  it('CORE-01 BootNotification accepted with the heartbeat interval and the current time; the charger is online', async () => {
    const charger = await cs.charger();
    const cp = await cs.connect(charger);
    expect(cp.protocol).toBe('ocpp1.6');
    const before = Date.now();
    const answer = await cp.ok<{ status: string; interval: number; currentTime: string }>('BootNotification', boot);
    expect(answer.status).toBe('Accepted');
    expect(answer.interval).toBe(HEARTBEAT_SECONDS);
    expect(Math.abs(Date.parse(answer.currentTime) - before)).toBeLessThan(60_000);
    const [row] = await cs.rows<{ connectivity_status: string; vendor: string; model: string; firmware_version: string }>(
      sql`select c.connectivity_status, p.vendor, p.model, p.firmware_version from chargers c join ocpp_charge_points p on p.charger_id = c.id where c.id = ${charger.id}`,
    );
    expect(row).toMatchObject({ connectivity_status: 'ONLINE', vendor: 'Conformance', model: 'Scripted', firmware_version: '1.0.0' });
    await cp.close();
  });

  it('CORE-02 BootNotification of an inactive charger rejected', async () => {
    const charger = await cs.charger({ active: false });
    const cp = await cs.connect(charger);
    const answer = await cp.ok<{ status: string; interval: number }>('BootNotification', boot);
    expect(answer.status).toBe('Rejected');
    expect(answer.interval).toBeGreaterThan(0);
    await cp.close();
  });

  it('CORE-03 Unknown charge box refused at the handshake (401)', async () => {
    expect(await cs.connectRefused('NO-SUCH-CHARGE-BOX', 'some-password-1234567')).toBe(401);
  });

  it('CORE-04 Wrong password refused at the handshake (401)', async () => {
    const charger = await cs.charger();
    expect(await cs.connectRefused(charger.box, `${charger.password}x`)).toBe(401);
  });

  it('CORE-05 Heartbeat answered with the current time', async () => {
    const { cp } = await cs.bootedCharger();
    const before = Date.now();
    const answer = await cp.ok<{ currentTime: string }>('Heartbeat', {});
    expect(Math.abs(Date.parse(answer.currentTime) - before)).toBeLessThan(60_000);
    await cp.close();
  });
});
