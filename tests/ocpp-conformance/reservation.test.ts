// Reservation profile, what the central system sends and takes: ReserveNow (each answer the charger may give reaching
// the reservation in words), CancelReservation, and a StartTransaction naming the reservation.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reservationPaths } from '@domain/reservations';
import { conformanceDrivers, useConformanceServer, type ConformanceServer } from './harness';

/** Reserves connector 1 of a new booted charger by hand and answers the ReserveNow with `answer`. */
async function reserve(cs: ConformanceServer, answer: string) {
  const { charger, cp } = await cs.bootedCharger({ connectors: 2 });
  const idTag = await cs.card('accepted');
  const made = cs.api('POST', reservationPaths.ofCharger(charger.id), { connectorId: 1, idTag, minutes: 30 });
  const call = await cp.expectCall('ReserveNow');
  call.reply({ status: answer });
  const done = await made;
  return { charger, cp, idTag, got: call.payload, done };
}

describe.each(conformanceDrivers)('Reservation on %s', (driver) => {
  const cs = useConformanceServer(driver);

  it('RES-01 ReserveNow accepted: the charger gets the connector, expiry, idTag and reservation id; the reservation holds', async () => {
    const { cp, idTag, got, done } = await reserve(cs, 'Accepted');
    expect(done.status).toBe(201);
    expect(got).toEqual({ connectorId: 1, expiryDate: done.body.expiresAt, idTag, reservationId: done.body.id });
    expect(done.body).toMatchObject({ state: 'reserved', answer: 'Accepted' });
    await cp.close();
  });

  for (const [n, answer, words] of [
    [2, 'Occupied', 'Occupied: the connector is in use or already reserved'],
    [3, 'Faulted', 'Faulted: the connector has a fault'],
    [4, 'Unavailable', 'Unavailable: the connector is out of use'],
    [5, 'Rejected', 'Rejected: the charger takes no reservations'],
  ] as const) {
    it(`RES-0${n} ReserveNow ${answer}: the reservation is refused, in words`, async () => {
      const { cp, done } = await reserve(cs, answer);
      expect(done.body).toMatchObject({ state: 'refused', answer, summary: `Refused by the charger: ${words}` });
      await cp.close();
    });
  }

  it('RES-06 CancelReservation accepted: the charger gets the reservation id; the reservation is cancelled', async () => {
    const { cp, done } = await reserve(cs, 'Accepted');
    const cancelled = cs.api('POST', reservationPaths.cancel(done.body.id));
    const call = await cp.expectCall('CancelReservation');
    expect(call.payload).toEqual({ reservationId: done.body.id });
    call.reply({ status: 'Accepted' });
    expect((await cancelled).body).toMatchObject({ state: 'cancelled' });
    await cp.close();
  });

  it('RES-07 StartTransaction naming the reservation: accepted, and the reservation is recorded used with its transaction', async () => {
    const { cp, idTag, done } = await reserve(cs, 'Accepted');
    const started = await cp.ok<{ transactionId: number; idTagInfo: { status: string } }>('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 1000,
      timestamp: new Date().toISOString(),
      reservationId: done.body.id,
    });
    expect(started.idTagInfo.status).toBe('Accepted');
    const [row] = await cs.until(
      () => cs.rows<{ used_at: unknown; transaction_id: number | null }>(sql`select used_at, transaction_id from ocpp_reservations where id = ${done.body.id}`),
      (rows) => rows[0]?.used_at != null,
    );
    expect(Number(row!.transaction_id)).toBe(started.transactionId);
    await cp.close();
  });
});
