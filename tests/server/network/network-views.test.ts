// The network views' API: tracker aggregates per IST day and month (boundaries, empty buckets, previous period,
// filters, breakdown, bad input, permissions) and the map points (same rows as the list, open servicing tickets only).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chargerMapSchema, servicingMapSchema } from '@domain/network-map';
import { chargingTodaySchema, trackerResultSchema } from '@domain/trackers';
import { rowsOf } from '@server/seed/seed-sql';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

describe.each(ruleDrivers)('network views on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let readOnly: string;
  let cityA: string;
  let cityB: string;

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    readOnly = (await env.signInAs('9000000007')).authKey;
    const db = env.database.db;
    const cities = rowsOf<{ id: string }>(await db.execute(sql`select id::text as id from cities order by name limit 2`));
    [cityA, cityB] = [cities[0]!.id, cities[1]!.id];
    const [user] = rowsOf<{ id: string; mobile_number: string }>(await db.execute(sql`select id, mobile_number from users where mobile_number is not null limit 1`));
    // Bookings in January 2020, long before any seeded row: each instant is UTC; IST is UTC+5:30.
    const booking = (startedAt: string, energyWh: number, amountPaise: number, city: string, status = 'COMPLETED') =>
      db.execute(sql`insert into bookings (user_id, user_phone, status, started_at, energy_wh, amount, tariff_per_kwh, payment_mode, city_id, created_at, updated_at)
                     values (${user!.id}, ${user!.mobile_number}, ${status}, ${startedAt}::timestamptz, ${energyWh}, ${amountPaise}, 1500, 'WALLET', ${city}::uuid, now(), now())`);
    await booking('2020-01-14T18:29:59Z', 1000, 15000, cityA); // 14 Jan 23:59:59 IST
    await booking('2020-01-14T18:30:00Z', 2000, 30000, cityA); // 15 Jan 00:00 IST
    await booking('2020-01-15T10:00:00Z', 500, 7500, cityB); // 15 Jan IST
    await booking('2020-01-15T11:00:00Z', 9999, 99999, cityB, 'CANCELLED'); // never counted
    await booking('2020-01-12T06:00:00Z', 4000, 60000, cityA); // the previous period of 14–16 Jan
    await booking('2020-01-31T18:29:59Z', 100, 1000, cityA); // 31 Jan 23:59:59 IST: January
    await booking('2020-01-31T18:30:00Z', 300, 3000, cityA); // 1 Feb 00:00 IST: February
    // Around the test clock (1 Mar 2026 09:00 UTC), before the first tracker request rolls days up.
    for (const at of ['2026-02-26T10:00:00Z', '2026-02-28T10:00:00Z', '2026-03-01T08:00:00Z']) await booking(at, 1000, 15000, cityB);
  });

  const get = (path: string, authKey = admin) => call(env.t, 'GET', path, { authKey });

  it('counts bookings, energy and revenue per IST day, the day boundary at 18:30 UTC, empty days as zero, with the previous period', async () => {
    const res = await get('/lms/tracker/daily?from=2020-01-14&to=2020-01-16');
    expect(res.status).toBe(200);
    const body = trackerResultSchema.parse(res.body);
    expect(body.buckets).toEqual(['2020-01-14', '2020-01-15', '2020-01-16']);
    expect(body.series.bookings).toEqual([1, 2, 0]);
    expect(body.series.energyWh).toEqual([1000, 2500, 0]);
    expect(body.series.revenuePaise).toEqual([15000, 37500, 0]);
    expect(body.series.newChargers).toEqual([0, 0, 0]);
    expect(body.totals.bookings).toBe(3);
    expect(body.previous).toMatchObject({ from: '2020-01-11', to: '2020-01-13' });
    expect(body.previous.totals.bookings).toBe(1);
    expect(body.previous.totals.energyWh).toBe(4000);
  });

  it('counts per IST month, the month boundary at 18:30 UTC on the last day, and filters and breaks down by city', async () => {
    const res = await get('/lms/tracker/monthly?from=2020-01&to=2020-03');
    expect(res.status).toBe(200);
    const body = trackerResultSchema.parse(res.body);
    expect(body.buckets).toEqual(['2020-01', '2020-02', '2020-03']);
    expect(body.series.bookings).toEqual([5, 1, 0]);
    expect(body.series.energyWh).toEqual([7600, 300, 0]);
    expect(body.previous).toMatchObject({ from: '2019-10', to: '2019-12' });

    const filtered = trackerResultSchema.parse((await get(`/lms/tracker/monthly?from=2020-01&to=2020-01&cityId=${cityB}&breakdown=city`)).body);
    expect(filtered.series.bookings).toEqual([1]);
    expect(filtered.breakdown).toHaveLength(1);
    expect(filtered.breakdown![0]).toMatchObject({ id: cityB, totals: expect.objectContaining({ bookings: 1, energyWh: 500 }) });
    expect(filtered.breakdown![0]!.label).not.toBe(cityB);
  });

  it('counts days already rolled up and days still counted live alike (each day equals a direct count)', async () => {
    // The test clock is 1 Mar 2026 09:00 UTC: days up to 27 Feb are rolled up, 28 Feb and 1 Mar are counted live.
    const db = env.database.db;
    const body = trackerResultSchema.parse((await get('/lms/tracker/daily?from=2026-02-20&to=2026-03-01')).body);
    const direct = rowsOf<{ d: string; n: number }>(
      await db.execute(sql`select to_char(started_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as d, count(*)::int as n from bookings
                           where status not in ('CANCELLED', 'SCHEDULED') and started_at >= '2026-02-19T18:30:00Z' and started_at < '2026-03-01T18:30:00Z' group by 1`),
    );
    const expected = body.buckets.map((b) => direct.find((r) => r.d === b)?.n ?? 0);
    expect(body.series.bookings).toEqual(expected);
    expect(body.series.bookings.at(-1)).toBeGreaterThanOrEqual(1);
    const [state] = rowsOf<{ d: string }>(await db.execute(sql`select rolled_through::text as d from tracker_rollup_state`));
    expect(state!.d).toBe('2026-02-27');
  });

  it('breaks the live days down by city: each group is its direct count in the range, the previous period (live too) left out', async () => {
    // The test clock is 1 Mar 2026 09:00 UTC: 28 Feb and 1 Mar are counted live. A one-day range on 1 Mar has 28 Feb
    // as its previous period, so both periods come from the same live rows and only 1 Mar may reach the groups.
    const db = env.database.db;
    const direct = async (from: string, to: string) =>
      rowsOf<{ city: string | null; n: number; wh: number }>(
        await db.execute(sql`select city_id::text as city, count(*)::int as n, coalesce(sum(energy_wh), 0)::float8 as wh from bookings
                             where status not in ('CANCELLED', 'SCHEDULED') and started_at >= ${from}::timestamptz and started_at < ${to}::timestamptz group by 1`),
      );
    for (const [query, current, previous] of [
      ['from=2026-03-01&to=2026-03-01', ['2026-02-28T18:30:00Z', '2026-03-01T18:30:00Z'], ['2026-02-27T18:30:00Z', '2026-02-28T18:30:00Z']],
      ['from=2026-02-28&to=2026-03-01', ['2026-02-27T18:30:00Z', '2026-03-01T18:30:00Z'], ['2026-02-25T18:30:00Z', '2026-02-27T18:30:00Z']],
    ] as const) {
      const body = trackerResultSchema.parse((await get(`/lms/tracker/daily?${query}&breakdown=city`)).body);
      const inRange = await direct(current[0], current[1]);
      const before = await direct(previous[0], previous[1]);
      expect(inRange.length, query).toBeGreaterThan(0);
      const withBookings = body.breakdown!.filter((g) => g.totals.bookings > 0);
      expect(withBookings.map((g) => g.id).sort(), query).toEqual(inRange.map((r) => r.city).sort());
      for (const row of inRange) expect(withBookings.find((g) => g.id === row.city)!.totals, query).toMatchObject({ bookings: row.n, energyWh: row.wh });
      expect(withBookings.reduce((sum, g) => sum + g.totals.bookings, 0), query).toBe(body.totals.bookings);
      expect(body.previous.totals.bookings, query).toBe(before.reduce((sum, r) => sum + r.n, 0));
    }
  });

  it('refuses bad ranges with field paths, and callers without the view permission', async () => {
    const reversed = await get('/lms/tracker/daily?from=2020-01-16&to=2020-01-14');
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toEqual([expect.objectContaining({ path: 'to' })]);
    expect((await get('/lms/tracker/daily?from=2020-01-01&to=2020-06-01')).status).toBe(400);
    expect((await get('/lms/tracker/daily?from=2020-02-30&to=2020-03-01')).status).toBe(400);
    expect((await get('/lms/tracker/monthly?from=2020-13&to=2020-12')).status).toBe(400);
    expect((await get('/lms/tracker/daily?from=2020-01-01&to=2020-01-02&cityId=x')).status).toBe(400);
    expect((await get('/lms/tracker/daily?from=2020-01-01&to=2020-01-02', readOnly)).status).toBe(403);
    expect((await get('/charger-service/map-view/chargers', readOnly)).status).toBe(403);
  });

  it('answers the chargers list as points: same filters and scope, each charger with a location once', async () => {
    const all = chargerMapSchema.parse((await get('/charger-service/map-view/chargers')).body);
    const listed = (await get('/charger-service/admin/charger?size=1')).body as { count: number };
    expect(all.ids.length + all.withoutLocation).toBe(listed.count);
    expect(new Set(all.ids).size).toBe(all.ids.length);
    expect([all.lat.length, all.lng.length, all.category.length, all.uniqueIds.length]).toEqual([all.ids.length, all.ids.length, all.ids.length, all.ids.length]);
    const active = chargerMapSchema.parse((await get('/charger-service/map-view/chargers?scope=active')).body);
    const activeListed = (await get('/charger-service/admin/charger?size=1&scope=active')).body as { count: number };
    expect(active.ids.length + active.withoutLocation).toBe(activeListed.count);
    expect(new Set(active.category)).toEqual(new Set([0]));
    const faulted = chargerMapSchema.parse((await get('/charger-service/map-view/chargers?connectivityStatus=FAULTED')).body);
    expect(faulted.category.every((c) => c === 2 || c === 4)).toBe(true);
    expect((await get('/charger-service/map-view/chargers?connectivityStatus=NOPE')).status).toBe(400);
  });

  it('answers open charger servicing tickets only, and the charging figures of today', async () => {
    const map = servicingMapSchema.parse((await get('/charger-service/map-view/servicing-tickets')).body);
    const open = (await get('/ticket-service/charger-servicing?size=1&scope=open')).body as { count: number };
    expect(map.ids.length + map.withoutLocation).toBe(open.count);
    expect(map.ageDays.every((d) => d >= 0)).toBe(true);
    const today = chargingTodaySchema.parse((await get('/booking-service/admin/booking-summary/today')).body);
    const charging = (await get('/booking-service/admin/booking?size=1&scope=ongoing')).body as { count: number };
    // Every ongoing booking is charging on a live session or stale (the seed pauses none).
    expect(today.chargingNow + today.staleSessions).toBe(charging.count);
  });
});
