import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ruleDrivers } from '@tests/server/support/test-database';
import { call } from '@tests/server/support/test-app';
import { useTestApp } from '@tests/server/support/use-test-app';

type Row = Record<string, unknown>;

describe.each(ruleDrivers)('leads on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: { authKey: string; userId: string };
  let operations: { authKey: string; userId: string };
  let nobody: { authKey: string; userId: string };

  const count = async (where: string): Promise<number> => {
    const result = await env.database.db.execute(sql.raw(`select count(*)::int as n from leads where ${where}`));
    const rows = ((result as { rows?: Row[] }).rows ?? (result as unknown as Row[])) as Row[];
    return Number(rows[0]!.n);
  };

  beforeAll(async () => {
    admin = await env.signInAs('9000000001');
    operations = await env.signInAs('9000000002');
    nobody = await env.signInAs('9000000007');
  });

  it('seeds inbound and utilization leads, some owned by the Super Admin', async () => {
    expect(await count(`lead_type = 'INBOUND'`)).toBeGreaterThan(0);
    expect(await count(`lead_type = 'UTILIZATION'`)).toBeGreaterThan(0);
    expect(await count(`lead_type = 'UTILIZATION' and owner = '${admin.userId}'`)).toBeGreaterThan(0);
  });

  it('inbound leads and utilization leads never mix; all leads hold both', async () => {
    const inbound = await call(env.t, 'GET', '/lms/lead?scope=inbound&size=1000', { authKey: operations.authKey });
    expect(inbound.status).toBe(200);
    expect(inbound.body.count).toBe(await count(`lead_type = 'INBOUND'`));
    expect(inbound.body.items.every((l: Row) => l.leadType === 'INBOUND')).toBe(true);
    const utilization = await call(env.t, 'GET', '/lms/utilization-lead?size=1000', { authKey: operations.authKey });
    expect(utilization.body.count).toBe(await count(`lead_type = 'UTILIZATION'`));
    expect(utilization.body.items.every((l: Row) => l.leadType === 'UTILIZATION')).toBe(true);
    const all = await call(env.t, 'GET', '/lms/lead?size=1', { authKey: operations.authKey });
    expect(all.body.count).toBe(await count('true'));
  });

  it('"my leads" are the utilization leads the user owns, behind ROLE_VIEW_MY_OUTBOUND_LEADS', async () => {
    const mine = await call(env.t, 'GET', '/lms/utilization-lead?scope=mine&size=1000', { authKey: admin.authKey });
    expect(mine.status).toBe(200);
    expect(mine.body.count).toBe(await count(`lead_type = 'UTILIZATION' and owner = '${admin.userId}'`));
    expect(mine.body.items.every((l: Row) => l.owner === admin.userId)).toBe(true);
    expect((await call(env.t, 'GET', '/lms/utilization-lead?scope=mine', { authKey: nobody.authKey })).status).toBe(403);
    expect((await call(env.t, 'GET', '/lms/lead', { authKey: nobody.authKey })).status).toBe(403);
  });

  it('adds a utilization lead from the add form; name and phone are required', async () => {
    const created = await call(env.t, 'POST', '/lms/utilization-lead', {
      authKey: admin.authKey,
      body: { name: 'Ravi Kumar', phone: '+91 97400 12345', source: 'CAMPAIGN', expectedSessionsPerDay: 3, owner: admin.userId, leadLevel: 'WARM' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ leadType: 'UTILIZATION', phone: '9740012345', leadLevel: 'WARM' });
    const found = await call(env.t, 'GET', '/lms/lead?q=9740012345', { authKey: admin.authKey });
    expect(found.body.items[0].id).toBe(created.body.id);
    const bad = await call(env.t, 'POST', '/lms/utilization-lead', { authKey: admin.authKey, body: { name: 'No phone' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toContain('phone');
    const typed = await call(env.t, 'POST', '/lms/utilization-lead', { authKey: admin.authKey, body: { name: 'x', phone: '9740012346', leadType: 'INBOUND' } });
    expect(typed.status).toBe(400);
    expect((await call(env.t, 'POST', '/lms/lead', { authKey: admin.authKey, body: { name: 'x', phone: '9740012347' } })).status).toBe(404);
  });
});
