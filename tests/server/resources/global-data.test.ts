import { beforeAll, describe, expect, it } from 'vitest';
import { globalConfigSchema } from '@domain/global-config';
import { sessionPaths } from '@domain/session';
import { demoVehicles } from '@server/seed/seed-global-data-reference';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

describe.each(ruleDrivers)('global data resources on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let adminId: string;
  beforeAll(async () => {
    const user = await env.signInAs('9000000001');
    admin = user.authKey;
    adminId = user.userId;
  });

  it('creates a socket type by its code, finds it by code, and keeps the code fixed on update', async () => {
    const created = await call(env.t, 'POST', '/config/socket-type', { authKey: admin, body: { code: 'NACS', displayText: 'NACS (Tesla)' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: 'NACS', displayText: 'NACS (Tesla)', isActive: true });
    const one = await call(env.t, 'GET', '/config/socket-type/NACS', { authKey: admin });
    expect(one.status).toBe(200);
    expect(one.body.displayText).toBe('NACS (Tesla)');
    const found = await call(env.t, 'GET', '/config/socket-type?q=NACS', { authKey: admin });
    expect(found.body.items[0].code).toBe('NACS');
    const dup = await call(env.t, 'POST', '/config/socket-type', { authKey: admin, body: { code: 'TYPE_2', displayText: 'Again' } });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0].path).toBe('code');
    const rename = await call(env.t, 'PUT', '/config/socket-type/NACS', { authKey: admin, body: { code: 'NACS_2' } });
    expect(rename.status).toBe(400);
  });

  it('serves socket types changed through the resource in the global data call', async () => {
    const updated = await call(env.t, 'PUT', '/config/socket-type/CCS_2', { authKey: admin, body: { displayText: 'CCS 2 (Combo)' } });
    expect(updated.status).toBe(200);
    const off = await call(env.t, 'PATCH', '/config/socket-type/CHADEMO/activate-inactivate', { authKey: admin, body: { active: false } });
    expect(off.body.isActive).toBe(false);
    const config = globalConfigSchema.parse((await call(env.t, 'GET', sessionPaths.globalData, { authKey: admin })).body);
    expect(config.socketTypeList.CCS_2).toEqual({ displayText: 'CCS 2 (Combo)', imageRelativePath: 'ccs2.svg', isActive: true });
    expect(config.socketTypeList.CHADEMO?.isActive).toBe(false);
    expect(config.socketTypeList['16AMP_WALL_SOCKET']?.displayText).toBe('16 Amp Socket');
  });

  it('My Downloads lists only the caller’s downloads; All Downloads lists everyone’s', async () => {
    const mine = await call(env.t, 'GET', '/upload-service/download?scope=mine&size=1000', { authKey: admin });
    expect(mine.status).toBe(200);
    expect(mine.body.items.length).toBeGreaterThan(0);
    expect(mine.body.items.every((d: { requestedBy: string }) => d.requestedBy === adminId)).toBe(true);
    const all = await call(env.t, 'GET', '/upload-service/download?size=1000', { authKey: admin });
    expect(all.body.count).toBeGreaterThan(mine.body.count);
    const other = await env.signInAs('9000000002');
    const theirs = await call(env.t, 'GET', '/upload-service/download?scope=mine&size=1000', { authKey: other.authKey });
    expect(theirs.body.items.every((d: { requestedBy: string }) => d.requestedBy === other.userId)).toBe(true);
    expect(theirs.body.items.some((d: { requestedBy: string }) => d.requestedBy === adminId)).toBe(false);
    // A staff user without any role still sees their own list (the menu needs no permission for it).
    const noRole = await env.signInAs('9000000007');
    const empty = await call(env.t, 'GET', '/upload-service/download?scope=mine', { authKey: noRole.authKey });
    expect(empty.status).toBe(200);
    expect(empty.body.items).toEqual([]);
  });

  it('serves the download configuration under /download/config, not as a download id', async () => {
    const configs = await call(env.t, 'GET', '/upload-service/download/config', { authKey: admin });
    expect(configs.status).toBe(200);
    expect(configs.body.count).toBe(10);
    expect(configs.body.items[0]).toMatchObject({ reportType: 'BOOKINGS' });
  });

  it('refuses a notification template with an invalid WhatsApp item, naming the item field', async () => {
    const body = {
      templateId: 'CHARGER_BACK_ONLINE',
      channel: 'WHATSAPP',
      whatsapp: [
        { templateName: 'charger_back_online', language: 'en', variables: 'name, chargerName' },
        { templateName: 'charger_back_online_ta', language: 'ta' },
      ],
    };
    const bad = await call(env.t, 'POST', '/notification-service/template', { authKey: admin, body });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['whatsapp.1.language']);
    const good = await call(env.t, 'POST', '/notification-service/template', {
      authKey: admin,
      body: { ...body, whatsapp: [body.whatsapp[0], { ...body.whatsapp[1], language: 'hi' }] },
    });
    expect(good.status).toBe(201);
    expect(good.body.whatsapp[1]).toMatchObject({ templateName: 'charger_back_online_ta', language: 'hi' });
    const dup = await call(env.t, 'POST', '/notification-service/template', { authKey: admin, body: { templateId: 'CHARGER_BACK_ONLINE', channel: 'SMS' } });
    expect(dup.status).toBe(409);
  });

  // Downloads are no log any more: they are created (a background export), cancelled and retried (downloads tests).
  it('keeps the logs read-only: list routes only, no create or update', async () => {
    for (const path of ['/notification-service/outbound-call', '/notification-service/sms', '/notification-service/whatsapp']) {
      const methods = env.t.registry.routes.filter((r) => r.path === path || r.path === `${path}/:id`).map((r) => `${r.method} ${r.path}`);
      expect(methods.sort()).toEqual([`GET ${path}`, `GET ${path}/:id`]);
      const post = await call(env.t, 'POST', path, { authKey: admin, body: {} });
      expect([404, 405]).toContain(post.status);
    }
  });

  it('has the seeded logs at test scale, searchable by exact phone', async () => {
    const calls = await call(env.t, 'GET', '/notification-service/outbound-call?status=ANSWERED', { authKey: admin });
    expect(calls.body.count).toBeGreaterThan(0);
    expect(calls.body.items.every((c: { status: string; durationSeconds: number }) => c.status === 'ANSWERED' && c.durationSeconds > 0)).toBe(true);
    const wa = await call(env.t, 'GET', '/notification-service/whatsapp', { authKey: admin });
    const phone = wa.body.items[0].mobileNumber as string;
    const byPhone = await call(env.t, 'GET', `/notification-service/whatsapp?q=${encodeURIComponent(`+91 ${phone}`)}`, { authKey: admin });
    expect(byPhone.body.items.length).toBeGreaterThan(0);
    expect(byPhone.body.items.every((m: { mobileNumber: string }) => m.mobileNumber === phone)).toBe(true);
    const sms = await call(env.t, 'GET', '/notification-service/sms?status=delivered', { authKey: admin });
    expect(sms.body.count).toBeGreaterThan(0);
    const readOnly = await env.signInAs('9000000006');
    expect((await call(env.t, 'GET', '/notification-service/sms', { authKey: readOnly.authKey })).status).toBe(200);
  });

  it('seeds the reference lists and relates vehicles to socket types', async () => {
    const vehicles = await call(env.t, 'GET', '/vehicle-service/vehicle?size=100', { authKey: admin });
    expect(vehicles.body.count).toBe(demoVehicles.length);
    const nexon = vehicles.body.items.find((v: { model: string }) => v.model === 'Nexon EV Long Range');
    expect(nexon).toMatchObject({ make: 'Tata', vehicleCategory: 'FOUR_WHEELER', connector: 'CCS_2' });
    const unknownSocket = await call(env.t, 'POST', '/vehicle-service/vehicle', {
      authKey: admin,
      body: { make: 'Tata', model: 'Sierra EV', vehicleCategory: 'FOUR_WHEELER', batteryKwh: 65, connector: 'NO_SUCH_SOCKET' },
    });
    expect(unknownSocket.status).toBe(400);
    expect(unknownSocket.body.errors[0].path).toBe('connector');
    for (const [path, size] of [
      ['/config/featured-in', 30],
      ['/config/job', 15],
      ['/config/knowledge-hub-links', 40],
      ['/config/products', 12],
      ['/charger-service/error-subscriber', 40],
      ['/notification-service/template', 25],
      ['/lms/advertisement', 20],
    ] as const) {
      const list = await call(env.t, 'GET', path, { authKey: admin });
      expect(list.status, path).toBe(200);
      expect(list.body.count, path).toBeGreaterThanOrEqual(size);
    }
    const sku = await call(env.t, 'GET', '/config/products?q=CZO-DC-60K-CCS2', { authKey: admin });
    expect(sku.body.items[0]).toMatchObject({ sku: 'CZO-DC-60K-CCS2', powerType: 'DC_60KW_CCS2', price: 119_000_000 });
    const audit = await call(env.t, 'GET', '/upload-service/audit-config?q=socket-types', { authKey: admin });
    expect(audit.body.items).toHaveLength(1);
    expect(audit.body.items[0]).toMatchObject({ entityType: 'socket-types', isActive: true });
  });
});
