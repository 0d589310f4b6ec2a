import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '@server/db/tables/bookings';
import { scaled } from '@server/seed/demo-data';
import { bookingSeedSizes, MIN_CHARGING_BOOKINGS } from '@server/seed/seed-bookings';
import { SEED_TIME, TEST_SEED_SCALE, ruleDrivers } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { useTestApp } from '@tests/server/support/use-test-app';

const API = '/booking-service/admin/booking';

describe.each(ruleDrivers)('bookings and promo codes on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
  });

  it('seeds bookings by the scale over the last year, realistic energy and tariffs, a few charging now', async () => {
    const [stats] = await env.database.db
      .select({
        total: sql<number>`count(*)::int`,
        charging: sql<number>`(count(*) filter (where ${bookings.status} = 'CHARGING'))::int`,
        oldest: sql<string>`min(${bookings.startedAt})::text`,
        badEnergy: sql<number>`(count(*) filter (where ${bookings.status} = 'COMPLETED' and ${bookings.energyWh} not between 2000 and 40000))::int`,
        badTariff: sql<number>`(count(*) filter (where ${bookings.tariffPerKwh} not between 1500 and 2500))::int`,
        // A scheduled booking's amount is the advance its wallet paid for a full charge (server/bookings/booking-money.ts).
        badAmount: sql<number>`(count(*) filter (where ${bookings.status} <> 'SCHEDULED' and abs(${bookings.amount} - ${bookings.energyWh} * ${bookings.tariffPerKwh} / 1000.0) > 1))::int`,
        scheduledWithoutAdvance: sql<number>`(count(*) filter (where ${bookings.status} = 'SCHEDULED' and ${bookings.amount} <= 0))::int`,
        withCharger: sql<number>`(count(*) filter (where ${bookings.chargerId} is not null))::int`,
      })
      .from(bookings);
    expect(stats!.total).toBe(scaled(bookingSeedSizes.bookings, TEST_SEED_SCALE, 100));
    expect(stats!.charging).toBe(scaled(bookingSeedSizes.charging, TEST_SEED_SCALE, MIN_CHARGING_BOOKINGS));
    expect(new Date(stats!.oldest).getTime()).toBeGreaterThanOrEqual(SEED_TIME.getTime() - 366 * 86_400_000);
    expect(stats!).toMatchObject({ badEnergy: 0, badTariff: 0, badAmount: 0, scheduledWithoutAdvance: 0 });
    expect(stats!.withCharger).toBe(stats!.total);
  });

  it('the ongoing scope lists only charging bookings, with its own permission', async () => {
    const ongoing = await call(env.t, 'GET', `${API}?scope=ongoing&size=100`, { authKey: admin });
    expect(ongoing.status).toBe(200);
    expect(ongoing.body.count).toBe(scaled(bookingSeedSizes.charging, TEST_SEED_SCALE, MIN_CHARGING_BOOKINGS));
    expect(ongoing.body.items.length).toBe(ongoing.body.count);
    for (const b of ongoing.body.items) {
      expect(b.status).toBe('CHARGING');
      expect(b.endedAt).toBeNull();
    }
    const all = await call(env.t, 'GET', `${API}?size=100`, { authKey: admin });
    expect(all.body.items.some((b: { status: string }) => b.status !== 'CHARGING')).toBe(true);
    const technician = await env.signInAs('9000000003');
    expect((await call(env.t, 'GET', `${API}?scope=ongoing`, { authKey: technician.authKey })).status).toBe(403);
  });

  it('finds a booking by its number and by its user’s phone in any common form', async () => {
    const [booking] = await env.database.db.select().from(bookings).where(eq(bookings.id, 42));
    const byNumber = await call(env.t, 'GET', `${API}?q=42`, { authKey: admin });
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.items[0].id).toBe(42);
    expect(byNumber.body.items[0]._labels.userId).toBeTruthy();

    const phone = booking!.userPhone as string;
    const [{ n: ofUser }] = (await env.database.db.select({ n: sql<number>`count(*)::int` }).from(bookings).where(eq(bookings.userPhone, phone))) as [{ n: number }];
    for (const typed of [phone, `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`, `+91-${phone}`, `0${phone}`, `91${phone}`]) {
      const found = await call(env.t, 'GET', `${API}?q=${encodeURIComponent(typed)}&size=100`, { authKey: admin });
      expect(found.status, typed).toBe(200);
      expect(found.body.count, typed).toBe(ofUser);
      expect(found.body.items.map((b: { id: number }) => b.id)).toContain(42);
      for (const b of found.body.items) expect(b.userPhone).toBe(phone);
    }
    const byUser = await call(env.t, 'GET', `${API}?userId=${booking!.userId}&size=100`, { authKey: admin });
    expect(byUser.body.count).toBe(ofUser);
  });

  it('filters by status, amount range and date range', async () => {
    const list = await call(env.t, 'GET', `${API}?status=COMPLETED,STOPPED_BY_ADMIN&amountMin=100&amountMax=300&startedAtFrom=2025-06-01&size=200`, { authKey: admin });
    expect(list.status).toBe(200);
    expect(list.body.count).toBeGreaterThan(0);
    for (const b of list.body.items) {
      expect(['COMPLETED', 'STOPPED_BY_ADMIN']).toContain(b.status);
      expect(b.amount).toBeGreaterThanOrEqual(10_000);
      expect(b.amount).toBeLessThanOrEqual(30_000);
      expect(new Date(b.startedAt).getTime()).toBeGreaterThanOrEqual(new Date('2025-05-31T18:30:00Z').getTime());
    }
    expect((await call(env.t, 'POST', API, { authKey: admin, body: { status: 'CHARGING' } })).status).toBe(404);
  });

  it('creates promo codes with unique codes and finds them by code', async () => {
    const seeded = await call(env.t, 'GET', '/booking-service/promo-code?size=100', { authKey: admin });
    expect(seeded.body.count).toBe(bookingSeedSizes.promoCodes);
    const body = { code: 'EVFEST30', description: '30% off for EV Fest', discountType: 'PERCENT', value: 30, maxDiscount: 15_000, validFrom: '2026-03-01T00:00:00+05:30', validTo: '2026-03-31T23:59:59+05:30', usageLimit: 1000 };
    const created = await call(env.t, 'POST', '/booking-service/promo-code', { authKey: admin, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: 'EVFEST30', timesUsed: 0, isActive: true });
    const dup = await call(env.t, 'POST', '/booking-service/promo-code', { authKey: admin, body });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0].path).toBe('code');
    const found = await call(env.t, 'GET', '/booking-service/promo-code?q=EVFEST30', { authKey: admin });
    expect(found.body.items[0].id).toBe(created.body.id);
    expect((await call(env.t, 'POST', '/booking-service/promo-code', { authKey: admin, body: { ...body, code: 'X1', timesUsed: 5 } })).status).toBe(400);
  });
});
