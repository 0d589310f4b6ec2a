import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_SEED_SCALE, ruleDrivers } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { scaled } from '@server/seed/demo-data';
import { useTestApp } from '@tests/server/support/use-test-app';

const OPPORTUNITY = '/sc-service/investment-opportunity';

/** A complete investment opportunity draft (the address parts are top-level fields). */
const fullDraft = {
  name: 'Indiranagar Charging Hub',
  images: [
    { id: 'img-1', relativePath: 'opportunities/indiranagar-1.jpg', name: 'Front.jpg' },
    { id: 'img-2', relativePath: 'opportunities/indiranagar-2.jpg', name: 'Parking.jpg' },
  ],
  imageUrl: 'opportunities/indiranagar-cover.jpg',
  opportunityType: 'CHARGING_HUB',
  numberOfChargers: 12,
  subscribedPercentage: 0,
  projectedIrr: 18.5,
  primaryUser: 'Delivery two-wheelers',
  minInvestmentAmountInLakhs: { valueIn: 'LAKHS', value: 2 },
  totalInvestmentAmountInLakhs: { valueIn: 'CRORES', value: 1.2 },
  buildingNumber: '221B',
  locality: 'Indiranagar',
  landMark: 'Near 100 Feet Road metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  pinCode: '560038',
  googleMapLink: 'https://maps.google.com/?q=12.9784,77.6408',
  featuresOfLocation: 'Covered parking, 24x7 security',
  overView: 'Twelve fast chargers on a busy delivery corridor.',
  whyInvest: 'High utilisation at nearby sites.',
  resourcesUrl: 'https://invest.example.in/indiranagar',
};

describe.each(ruleDrivers)('finance, sustain capital and operator resources on %s', (driver) => {
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

  it('creates an investment opportunity from a full draft and moves it into the funding view', async () => {
    const created = await call(env.t, 'POST', OPPORTUNITY, { authKey: admin, body: fullDraft });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ ...fullDraft, status: 'DRAFT', isActive: true });
    const id = created.body.id;

    const funding = async () => (await get(`${OPPORTUNITY}?scope=funding&size=1000`)).items.map((o: { id: number }) => o.id);
    expect(await funding()).not.toContain(id);
    const moved = await call(env.t, 'PUT', `${OPPORTUNITY}/${id}`, { authKey: admin, body: { status: 'FULLY_SUBSCRIBED', subscribedPercentage: 100 } });
    expect(moved.status).toBe(200);
    expect(await funding()).toContain(id);
    const all = await get(`${OPPORTUNITY}?scope=funding&size=1000`);
    expect(all.items.every((o: { status: string }) => ['FULLY_SUBSCRIBED', 'FUNDED'].includes(o.status))).toBe(true);
  });

  it('refuses a bad opportunity draft with the path of each wrong field', async () => {
    const bad = await call(env.t, 'POST', OPPORTUNITY, {
      authKey: admin,
      body: {
        ...fullDraft,
        images: [{ id: 'img-1', relativePath: '../secrets.jpg', name: 'x.jpg' }],
        minInvestmentAmountInLakhs: { valueIn: 'LAKHS', value: 0 },
        totalInvestmentAmountInLakhs: { valueIn: 'THOUSANDS', value: 5 },
        pinCode: '56003A',
        googleMapLink: 'maps.google.com',
        status: 'LIVE',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(
      ['googleMapLink', 'images.0.relativePath', 'minInvestmentAmountInLakhs.value', 'pinCode', 'status', 'totalInvestmentAmountInLakhs.valueIn'].sort(),
    );
    expect(bad.body.errors.find((e: { path: string }) => e.path === 'pinCode').message).toBe('Enter a 6-digit PIN code');

    const { name: _name, pinCode: _pin, minInvestmentAmountInLakhs: _min, ...missing } = fullDraft;
    const incomplete = await call(env.t, 'POST', OPPORTUNITY, { authKey: admin, body: missing });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['minInvestmentAmountInLakhs', 'name', 'pinCode']);
  });

  it.each([
    ['postpaid billing', '/pw-service/postpaid-configuration'],
    ['investor bundles', '/pw-service/investor-bundle'],
  ])('activates and inactivates %s', async (_label, path) => {
    const [first] = (await get(`${path}?isActive=true&size=1`)).items;
    expect(first).toBeDefined();
    const off = await call(env.t, 'PATCH', `${path}/${first.id}/activate-inactivate`, { authKey: admin, body: { active: false } });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    expect((await get(`${path}?isActive=false&size=1000`)).items.map((r: { id: number }) => r.id)).toContain(first.id);
    const on = await call(env.t, 'PATCH', `${path}/${first.id}/activate-inactivate`, { authKey: admin, body: { active: true } });
    expect(on.body.isActive).toBe(true);
    const audit = await get(`/upload-service/audit/entity/${path.includes('postpaid') ? 'postpaid-configurations' : 'investor-bundles'}/entityId/${first.id}`);
    expect(audit.items.map((e: { action: string }) => e.action)).toEqual(['activate', 'inactivate']);
  });

  it('has no generic create for settlements or read-only lists; settlement notes stay editable', async () => {
    // Settlements are created by their own route (host, period, bookings), never from arbitrary fields.
    const post = await call(env.t, 'POST', '/pw-service/settlement', { authKey: admin, body: { notes: 'x' } });
    expect(post.status).toBe(400);
    const access = await call(env.t, 'POST', '/cpo-service/cpo-access-request', { authKey: admin, body: {} });
    expect(access.status).toBe(404);
    const invoice = await call(env.t, 'POST', '/pw-service/gst-invoice', { authKey: admin, body: {} });
    expect(invoice.status).toBe(404);

    // Notes are edited through the settlement's EDIT event: while it is not final, with the version last seen.
    const [settlement] = (await get('/pw-service/settlement?status=DRAFT,PENDING_APPROVAL,NOTIFIED&size=1')).items;
    const noted = await call(env.t, 'PUT', `/pw-service/settlement/${settlement.id}`, { authKey: admin, body: { notes: 'Host called about the period', version: settlement.version } });
    expect(noted.status).toBe(200);
    expect(noted.body.notes).toBe('Host called about the period');
    const status = await call(env.t, 'PUT', `/pw-service/settlement/${settlement.id}`, { authKey: admin, body: { status: 'SUCCESS', version: noted.body.version } });
    expect(status.status).toBe(400);
    expect(status.body.errors[0].path).toBe('status');
    const [done] = (await get('/pw-service/settlement?status=SUCCESS&size=1')).items;
    const late = await call(env.t, 'PUT', `/pw-service/settlement/${done.id}`, { authKey: admin, body: { notes: 'Too late', version: done.version } });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ currentState: 'SUCCESS' });
  });

  it('finds a settled settlement by its UTR and keeps seeded amounts consistent', async () => {
    const settled = await get('/pw-service/settlement?status=SUCCESS&size=1000');
    expect(settled.items.length).toBeGreaterThan(0);
    for (const s of settled.items) {
      expect(s.utrReference).toMatch(/^UTIBN\d{11}$/);
      expect(s.netPayable).toBe(s.grossAmount - s.commission - s.gst);
      expect(s.periodFrom <= s.periodTo).toBe(true);
    }
    const target = settled.items[settled.items.length - 1];
    const found = await get(`/pw-service/settlement?q=${target.utrReference}`);
    expect(found.items[0].id).toBe(target.id);
    expect(found.items[0]._labels.hostId).toEqual(expect.any(String));
  });

  it('seeds GST invoices whose taxes add up (CGST + SGST, or IGST alone)', async () => {
    const page = await get('/pw-service/gst-invoice?size=1000');
    expect(page.items.length).toBeGreaterThan(0);
    for (const inv of page.items) {
      expect(inv.totalAmount).toBe(inv.taxableAmount + inv.cgst + inv.sgst + inv.igst);
      expect(inv.igst === 0 || (inv.cgst === 0 && inv.sgst === 0)).toBe(true);
      expect(inv.cgst).toBe(inv.sgst);
    }
    const one = page.items[3];
    const byNumber = await get(`/pw-service/gst-invoice?q=${one.invoiceNumber}`);
    expect(byNumber.items[0].invoiceNumber).toBe(one.invoiceNumber);
  });

  it('finds opportunity leads by phone in any common form', async () => {
    const [lead] = (await get('/sc-service/opportunity-lead?size=1')).items;
    const found = await get(`/sc-service/opportunity-lead?q=${encodeURIComponent(`+91 ${lead.phone}`)}`);
    expect(found.items[0].id).toBe(lead.id);
    expect(found.items[0]._labels.opportunityId).toEqual(expect.any(String));
  });

  it('seeds every resource at test scale', async () => {
    const expected: [string, number][] = [
      ['/pw-service/settlement', scaled(3_000, TEST_SEED_SCALE)],
      ['/pw-service/payout', scaled(2_000, TEST_SEED_SCALE)],
      ['/pw-service/gst-invoice', scaled(20_000, TEST_SEED_SCALE)],
      ['/pw-service/postpaid-configuration', 30],
      ['/pw-service/investor-bundle', 25],
      ['/lms/investment-bundle', 40],
      ['/sc-service/opportunity-lead', scaled(1_500, TEST_SEED_SCALE)],
    ];
    for (const [path, count] of expected) {
      const page = await get(`${path}?size=1`);
      expect(page.count, path).toBe(count);
    }
    // Other tests in this file add opportunities: at least the seeded 30.
    expect((await get(`${OPPORTUNITY}?size=1`)).count).toBeGreaterThanOrEqual(30);
    const withImages = (await get(`${OPPORTUNITY}?size=1000`)).items.filter((o: { images: unknown[] | null }) => (o.images?.length ?? 0) > 0);
    expect(withImages.length).toBeGreaterThanOrEqual(30);
    expect(withImages.filter((o: { images: { relativePath: string }[] }) => /^demo\/opportunity-\d\.svg$/.test(o.images[0]!.relativePath)).length).toBe(30);
  });
});
