import { beforeAll, describe, expect, it } from 'vitest';
import { ruleDrivers } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { useTestApp } from '@tests/server/support/use-test-app';

describe.each(ruleDrivers)('resource engine on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
  });

  it('creates, lists, searches, updates, inactivates a vendor and keeps its audit timeline', async () => {
    const created = await call(env.t, 'POST', '/config/admin/vendor', { authKey: admin, body: { name: 'Tata Power Parts', mobileNumber: '+91 98450 12345', gstin: '29ABCDE1234F1Z5' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Tata Power Parts', mobileNumber: '9845012345', isActive: true });
    const id = created.body.id;
    const list = await call(env.t, 'GET', '/config/admin/vendor?q=09845012345', { authKey: admin });
    expect(list.status).toBe(200);
    expect(list.body.items[0].id).toBe(id);
    expect(list.body.countExact).toBe(true);
    const bad = await call(env.t, 'POST', '/config/admin/vendor', { authKey: admin, body: { name: '', mobileNumber: '123', isActive: false } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['isActive', 'mobileNumber', 'name']);
    const dup = await call(env.t, 'POST', '/config/admin/vendor', { authKey: admin, body: { name: 'Other', mobileNumber: '9845012346', gstin: '29ABCDE1234F1Z5' } });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0].path).toBe('gstin');
    const updated = await call(env.t, 'PUT', `/config/admin/vendor/${id}`, { authKey: admin, body: { contactName: 'Suresh Kumar' } });
    expect(updated.status).toBe(200);
    const off = await call(env.t, 'PATCH', `/config/admin/vendor/${id}/activate-inactivate`, { authKey: admin, body: { active: false } });
    expect(off.body.isActive).toBe(false);
    const audit = await call(env.t, 'GET', `/upload-service/audit/entity/vendors/entityId/${id}`, { authKey: admin });
    expect(audit.body.items.map((e: { action: string }) => e.action)).toEqual(['inactivate', 'update', 'create']);
    expect(audit.body.items[0].actorName).toBe('Aarav Sharma');
    const sorted = await call(env.t, 'GET', '/config/admin/vendor?sort=name,asc&isActive=false', { authKey: admin });
    expect(sorted.status).toBe(200);
    expect(sorted.body.items.every((v: { isActive: boolean }) => !v.isActive)).toBe(true);
    const unknownParam = await call(env.t, 'GET', '/config/admin/vendor?colour=red', { authKey: admin });
    expect(unknownParam.status).toBe(400);
  });

  it("a page's count stays exact after a write: the same list asked again at once counts the new row", async () => {
    const before = await call(env.t, 'GET', '/config/admin/vendor?isActive=true', { authKey: admin });
    expect(before.body.countExact).toBe(true);
    const created = await call(env.t, 'POST', '/config/admin/vendor', { authKey: admin, body: { name: 'Exide Spares', mobileNumber: '9845012399' } });
    expect(created.status).toBe(201);
    const after = await call(env.t, 'GET', '/config/admin/vendor?isActive=true', { authKey: admin });
    expect(after.body).toMatchObject({ count: before.body.count + 1, countExact: true });
  });
});
