import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { coordinatesMessages } from '@domain/coordinates';
import { demoCityId } from '@server/seed/seed-cities';
import { ruleDrivers, TEST_SEED_SCALE } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { useTestApp } from '@tests/server/support/use-test-app';

type Row = Record<string, unknown> & { id: number };

describe.each(ruleDrivers)('charger management resources on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
  });

  const get = async (path: string) => {
    const res = await call(env.t, 'GET', path, { authKey: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { items: Row[]; count: number; countExact: boolean };
  };
  const dbRows = async <T,>(query: ReturnType<typeof sql>): Promise<T[]> => {
    const result = await env.database.db.execute(query);
    return ((result as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
  };

  it('seeds every list of the module at test scale, with relations that resolve', async () => {
    const expected: [string, number][] = [
      ['/config/admin/warehouse', 12],
      ['/charger-service/location', 2_000 * TEST_SEED_SCALE],
      ['/charger-service/admin/charger', 5_000 * TEST_SEED_SCALE],
      ['/ccu/hardware', 6_000 * TEST_SEED_SCALE],
      // The seeded transactions, and the one behind each seeded charging booking's session.
      ['/ccu/transaction', 20_000 * TEST_SEED_SCALE + (await dbRows<{ n: number }>(sql`select count(*)::int as n from ocpp_sessions where id_tag like 'SEED%'`))[0]!.n],
      ['/charger-service/third-party-charger', 300 * TEST_SEED_SCALE],
      ['/charger-service/risk-zone', 40],
      ['/charger-service/operational-zone', 40],
      ['/ccu/authorize-request', 5_000 * TEST_SEED_SCALE],
    ];
    for (const [path, count] of expected) expect((await get(`${path}?size=1`)).count, path).toBe(count);
    // Every seeded card is added once and about one in five later removed or blocked; at least 60 cards at any scale.
    const cards = await dbRows<{ cards: number; rows: number }>(sql`select count(distinct card_number)::int as cards, count(*)::int as rows from rfid_card_history`);
    expect(cards[0]!.cards).toBeGreaterThanOrEqual(60);
    expect((await get('/user-service/rfid-card/history?size=1')).count).toBe(cards[0]!.rows);
    expect(cards[0]!.rows).toBeGreaterThan(cards[0]!.cards);
    expect(cards[0]!.rows).toBeLessThan(cards[0]!.cards * 1.3);

    const { items } = await get('/charger-service/admin/charger?size=50');
    for (const charger of items) {
      const labels = charger._labels as Record<string, string | null>;
      expect(labels.locationId, `location of ${String(charger.uniqueId)}`).toBeTruthy();
      expect(labels.cityId).toBeTruthy();
      expect(labels.chargePointOperatorId).toBeTruthy();
      expect(charger.hostId).toMatch(/^[0-9a-f-]{36}$/);
      expect((charger.sockets as unknown[]).length).toBeGreaterThan(0);
    }
    // The per-protocol lists are slices of the one transaction table.
    const all = (await get('/ccu/transaction?size=1')).count;
    const ocpp = await get('/ccu/ocpp-transaction?size=1000');
    const flextron = await get('/ccu/flextron-transaction?size=1000');
    const gsm = (await get('/ccu/transaction?size=1&protocol=GSM')).count;
    expect(ocpp.items.every((x) => x.protocol === 'OCPP')).toBe(true);
    expect(flextron.items.every((x) => x.protocol === 'FLEXTRON')).toBe(true);
    expect(ocpp.count + flextron.count + gsm).toBe(all);
  });

  it("lists a location's chargers by location (its page's related list)", async () => {
    const { items } = await get('/charger-service/admin/charger?size=100');
    const locationId = items.find((c) => c.locationId !== null)!.locationId as number;
    const atLocation = await get(`/charger-service/admin/charger?locationId=${locationId}&size=100`);
    expect(atLocation.items.length).toBeGreaterThan(0);
    for (const charger of atLocation.items) expect(charger.locationId).toBe(locationId);
  });

  it('active stations hold only active, online chargers and follow inactivation', async () => {
    const all = await get('/charger-service/admin/charger?size=1000');
    const active = await get('/charger-service/admin/charger?scope=active&size=1000');
    expect(active.count).toBeGreaterThan(0);
    expect(active.count).toBeLessThan(all.count);
    expect(active.items.every((c) => c.isActive === true && c.connectivityStatus === 'ONLINE')).toBe(true);
    expect(active.count).toBe(all.items.filter((c) => c.isActive === true && c.connectivityStatus === 'ONLINE').length);

    const victim = active.items[0]!;
    const off = await call(env.t, 'PATCH', `/charger-service/admin/charger/${victim.id}/activate-inactivate`, { authKey: admin, body: { active: false } });
    expect(off.status).toBe(200);
    const after = await get('/charger-service/admin/charger?scope=active&size=1000');
    expect(after.count).toBe(active.count - 1);
    expect(after.items.some((c) => c.id === victim.id)).toBe(false);
    await call(env.t, 'PATCH', `/charger-service/admin/charger/${victim.id}/activate-inactivate`, { authKey: admin, body: { active: true } });
  });

  it('finds a charger first by its unique id, device id or IMEI typed in q', async () => {
    const [gsm] = await dbRows<{ id: number; unique_id: string; device_id: string }>(
      sql`select id, unique_id, device_id from chargers where device_id is not null order by id desc limit 1`,
    );
    const [imei] = await dbRows<{ id: number; imei_number: string }>(sql`select id, imei_number from chargers where imei_number is not null order by id limit 1`);
    expect(gsm && imei).toBeTruthy();
    for (const [q, id] of [
      [gsm!.unique_id, gsm!.id],
      [gsm!.device_id, gsm!.id],
      [imei!.imei_number, imei!.id],
    ] as const) {
      const found = await get(`/charger-service/admin/charger?q=${encodeURIComponent(q)}`);
      expect(found.items[0]?.id, `q=${q}`).toBe(Number(id));
    }
    // A charger is created only by the create-charger workflow's body (the server picks the unique id).
    const create = await call(env.t, 'POST', '/charger-service/admin/charger', { authKey: admin, body: { uniqueId: 'CZ999999' } });
    expect(create.status).toBe(400);
    expect(create.body.errors.map((e: { path: string }) => e.path)).toContain('chargerType');
  });

  it('warehouse summary counts hardware by warehouse and status as the rows hold it', async () => {
    const res = await call(env.t, 'GET', '/ccu/hardware/summary', { authKey: admin });
    expect(res.status).toBe(200);
    const rows = res.body.rows as { a: number | null; aLabel: string | null; b: string; count: number }[];
    const total = (await get('/ccu/hardware?size=1')).count;
    expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(total);
    const grouped = await dbRows<{ warehouse_id: number | null; status: string; n: number }>(
      sql`select warehouse_id, status, count(*)::int as n from hardware group by warehouse_id, status`,
    );
    expect(rows.length).toBe(grouped.length);
    for (const r of rows) {
      const match = grouped.find((g) => (g.warehouse_id === null ? null : Number(g.warehouse_id)) === (r.a === null ? null : Number(r.a)) && g.status === r.b);
      expect(match?.n, `${String(r.aLabel)} / ${r.b}`).toBe(r.count);
      if (r.a !== null) {
        expect(r.aLabel).toMatch(/Warehouse$/);
        expect((await get(`/ccu/hardware?size=1&warehouseId=${r.a}&status=${r.b}`)).count).toBe(r.count);
      } else {
        expect(r.b).toBe('INSTALLED');
      }
    }
  });

  it('refuses a location with bad coordinates with the coordinates rule’s message at coordinates, and stores good ones', async () => {
    const body = {
      name: 'Sri Lakshmi Kirana Stores, Jayanagar',
      address: '#42, 9th Block, Jayanagar, Bengaluru',
      locality: 'Jayanagar',
      cityId: demoCityId('Bengaluru', 'Karnataka'),
      pinCode: '560069',
      locationType: 'KIRANA_STORE',
    };
    const cases: [string, string][] = [
      ['95,200', coordinatesMessages.bothOutOfRange],
      ['95,77.5', coordinatesMessages.latitudeOutOfRange],
      ['12.9,190', coordinatesMessages.longitudeOutOfRange],
      ['north,77.5', coordinatesMessages.notNumbers],
      ['', coordinatesMessages.required],
    ];
    for (const [coordinates, message] of cases) {
      const bad = await call(env.t, 'POST', '/charger-service/location', { authKey: admin, body: { ...body, coordinates } });
      expect(bad.status, coordinates).toBe(400);
      expect(bad.body.errors).toContainEqual(expect.objectContaining({ path: 'coordinates', message }));
    }
    const badPin = await call(env.t, 'POST', '/charger-service/location', { authKey: admin, body: { ...body, pinCode: '56A069', coordinates: '12.93,77.58' } });
    expect(badPin.status).toBe(400);
    expect(badPin.body.errors.map((e: { path: string }) => e.path)).toEqual(['pinCode']);
    const good = await call(env.t, 'POST', '/charger-service/location', { authKey: admin, body: { ...body, coordinates: ' 12.9250, 77.5938 ' } });
    expect(good.status).toBe(201);
    expect(good.body).toMatchObject({ coordinates: { latitude: 12.925, longitude: 77.5938 }, status: 'PROSPECT', isActive: true });
  });
});
