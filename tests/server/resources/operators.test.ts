import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_SEED_SCALE, ruleDrivers } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { scaled } from '@server/seed/demo-data';
import { demoOperatorDetails } from '@server/seed/seed-operators';
import { useTestApp } from '@tests/server/support/use-test-app';

const CPO = '/user-service/charger-point-operator';

describe.each(ruleDrivers)('charge point operator resources on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
  });

  const get = async (path: string) => {
    const res = await call(env.t, 'GET', path, { authKey: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('seeds the foundation operators with business details and adds the module operators', async () => {
    const page = await get(`${CPO}?size=100`);
    expect(page.items.map((o: { name: string }) => o.name).sort()).toEqual(demoOperatorDetails.map((d) => d.name).sort());
    for (const op of page.items) {
      expect(op.gstin).toMatch(/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/);
      expect(op._labels.cityId).toEqual(expect.any(String));
    }
    expect(page.items.filter((o: { isOwnNetwork: boolean }) => o.isOwnNetwork)).toHaveLength(1);
    const byGstin = await get(`${CPO}?q=${page.items[2].gstin}`);
    expect(byGstin.items[0].id).toBe(page.items[2].id);
  });

  it('creates an operator with its details, refuses a bad GSTIN, a taken GSTIN and the own-network flag', async () => {
    const body = {
      name: 'Narmada EV Points',
      legalName: 'Narmada EV Points Private Limited',
      gstin: '23aapcn1234k1z7',
      contactPhone: '+91 98260 11223',
      contactEmail: 'ops@narmadaev.in',
      commissionPercent: 17.5,
    };
    const created = await call(env.t, 'POST', CPO, { authKey: admin, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ gstin: '23AAPCN1234K1Z7', contactPhone: '9826011223', isOwnNetwork: false, isActive: true });

    const bad = await call(env.t, 'POST', CPO, { authKey: admin, body: { name: 'Bad GST Co', gstin: '23AAPCN1234', commissionPercent: 120, isOwnNetwork: true } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['commissionPercent', 'gstin', 'isOwnNetwork']);

    const taken = await call(env.t, 'POST', CPO, { authKey: admin, body: { name: 'Copy Cat Charging', gstin: '23AAPCN1234K1Z7' } });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].path).toBe('gstin');
  });

  it('validates white-label applications and keeps package ids unique', async () => {
    const [operator] = (await get(`${CPO}?size=1`)).items;
    const body = { chargePointOperatorId: operator.id, appName: 'Test Charge', packageId: 'in.testcharge.app', brandColour: '#12AB34', domain: 'charge.testcharge.in' };
    const created = await call(env.t, 'POST', '/config/white-label-application', { authKey: admin, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ ...body, status: 'SUBMITTED', isActive: true });
    expect(created.body._labels.chargePointOperatorId).toBe(operator.name);

    const bad = await call(env.t, 'POST', '/config/white-label-application', {
      authKey: admin,
      body: { ...body, packageId: 'Test Charge', brandColour: 'green', domain: 'not a domain' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['brandColour', 'domain', 'packageId']);
    const dup = await call(env.t, 'POST', '/config/white-label-application', { authKey: admin, body: { ...body, appName: 'Other' } });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0].path).toBe('packageId');
  });

  it('stores location bank coordinates and refuses out-of-range ones with the coordinates rule’s message', async () => {
    const [city] = (await get('/config/city?size=1')).items;
    const body = { name: 'Open parking plot, MG Road', address: 'Survey No. 12/3, MG Road, Bengaluru', cityId: city.id, coordinates: '12.9756, 77.6050', areaSqFt: 4000, monthlyRent: 8_000_000 };
    const created = await call(env.t, 'POST', '/cpo-service/location-bank', { authKey: admin, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.coordinates).toEqual({ latitude: 12.9756, longitude: 77.605 });
    expect(created.body.status).toBe('IDENTIFIED');
    const bad = await call(env.t, 'POST', '/cpo-service/location-bank', { authKey: admin, body: { ...body, coordinates: '95,77.6' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: 'coordinates', message: 'Latitude must be in range from -90 to 90' }]);
  });

  it('lets staff move a CPO lead along its machine (not by the edit form) and inactivate it, but not create one', async () => {
    const [lead] = (await get('/cpo-service/cpo-lead?isActive=true&status=NEW&size=1')).items;
    const found = await get(`/cpo-service/cpo-lead?q=${lead.phone}`);
    expect(found.items[0].id).toBe(lead.id);
    const put = await call(env.t, 'PUT', `/cpo-service/cpo-lead/${lead.id}`, { authKey: admin, body: { status: 'ONBOARDED', version: lead.version } });
    expect(put.status).toBe(400);
    const noted = await call(env.t, 'PUT', `/cpo-service/cpo-lead/${lead.id}`, { authKey: admin, body: { notes: 'Signed the partner agreement', version: lead.version } });
    expect(noted.status).toBe(200);
    const moved = await call(env.t, 'POST', `/cpo-service/cpo-lead/${lead.id}/transition`, { authKey: admin, body: { type: 'CONTACT', version: noted.body.version } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ status: 'CONTACTED', notes: 'Signed the partner agreement' });
    const off = await call(env.t, 'PATCH', `/cpo-service/cpo-lead/${lead.id}/activate-inactivate`, { authKey: admin, body: { active: false } });
    expect(off.body.isActive).toBe(false);
    const renamed = await call(env.t, 'PUT', `/cpo-service/cpo-lead/${lead.id}`, { authKey: admin, body: { companyName: 'Other' } });
    expect(renamed.status).toBe(400);
    const create = await call(env.t, 'POST', '/cpo-service/cpo-lead', { authKey: admin, body: { companyName: 'X' } });
    expect(create.status).toBe(404);
  });

  it('seeds every resource at test scale', async () => {
    const expected: [string, number][] = [
      ['/cpo-service/cpo-access-request', 60],
      ['/cpo-service/cpo-lead', scaled(400, TEST_SEED_SCALE)],
    ];
    for (const [path, count] of expected) expect((await get(`${path}?size=1`)).count, path).toBe(count);
    // Other tests here add a white-label app and a location: at least the seeded rows.
    expect((await get('/config/white-label-application?size=1')).count).toBeGreaterThanOrEqual(10);
    expect((await get('/cpo-service/location-bank?size=1')).count).toBeGreaterThanOrEqual(scaled(800, TEST_SEED_SCALE));
    const pending = await get('/cpo-service/cpo-access-request?status=PENDING&size=100');
    expect(pending.items.every((r: { status: string }) => r.status === 'PENDING')).toBe(true);
  });
});
