// Change name and user approval (approve or reject pending users): the Change
// name action (permission, validation with field paths, who may change whom for staff, audit row with both names;
// the generic update refuses `name`), and the user approval machine on users (APPROVE and REJECT with their
// permissions, a reason required to reject, 409 on a final state and on a stale version, the audit row).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@server/seed/seed-sql';
import { demoStaffUserId } from '@server/seed/seed-staff';
import { seedId } from '@server/seed/seed-id';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

const USERS = '/user-service/user';
const adminId = demoStaffUserId('9000000001');
const supportId = demoStaffUserId('9000000005');
const operationsId = demoStaffUserId('9000000002');
const seededUser = (mobileNumber: string) => seedId('user', mobileNumber);
type Row = Record<string, unknown>;

describe.each(ruleDrivers)('change name and user approval on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  let support: string;
  let operations: string;
  let customer: { id: string; name: string };

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
    support = (await env.signInAs('9000000005')).authKey;
    operations = (await env.signInAs('9000000002')).authKey;
    [customer] = rowsOf<{ id: string; name: string }>(
      await env.database.db.execute(sql`
        select u.id, u.name from users u
        where u.is_active and u.name is not null and u.approval_status = 'APPROVED'
          and not exists (select 1 from czo_users s where s.user_id = u.id) and not exists (select 1 from user_roles r where r.user_id = u.id)
        order by u.mobile_number limit 1`),
    ) as [{ id: string; name: string }];
    expect(customer).toBeDefined();
  });

  const q = async (query: ReturnType<typeof sql>) => rowsOf<Row>(await env.database.db.execute(query));
  const audit = (id: string) => q(sql`select action, actor_user_id, event, from_state, to_state, reason, changes from audit_log where entity_type = 'users' and entity_id = ${id} order by seq`);
  const rename = (body: Row, authKey = support) => call(env.t, 'POST', `${USERS}/name`, { authKey, body });
  const get = async (id: string) => (await call(env.t, 'GET', `${USERS}/${id}`, { authKey: admin })).body as Row;
  const send = (id: string, body: Row, authKey = support) => call(env.t, 'POST', `${USERS}/${id}/transition`, { authKey, body });

  describe('Change name', () => {
    it('renames a customer (trimmed), in Devanagari too, with an audit row holding the old and new name', async () => {
      const done = await rename({ id: customer.id, name: '  Aditi D’Souza-Rao Jr.  ' });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body).toMatchObject({ id: customer.id, name: 'Aditi D’Souza-Rao Jr.' });
      const hindi = await rename({ id: customer.id, name: 'अदिति शर्मा' });
      expect(hindi.status, JSON.stringify(hindi.body)).toBe(200);
      expect((await get(customer.id)).name).toBe('अदिति शर्मा');
      expect(await audit(customer.id)).toEqual([
        expect.objectContaining({ action: 'change-name', actor_user_id: supportId, changes: { name: { from: customer.name, to: 'Aditi D’Souza-Rao Jr.' } } }),
        expect.objectContaining({ action: 'change-name', actor_user_id: supportId, changes: { name: { from: 'Aditi D’Souza-Rao Jr.', to: 'अदिति शर्मा' } } }),
      ]);
    });

    it.each([
      ['an empty name', { name: '   ' }, 'name'],
      ['one letter', { name: 'A' }, 'name'],
      ['81 characters', { name: 'A'.repeat(81) }, 'name'],
      ['digits', { name: 'Agent 007' }, 'name'],
      ['an emoji', { name: 'Priya 🙂' }, 'name'],
      ['no letter at all', { name: '.-' }, 'name'],
      ['no name', {}, 'name'],
      ['an unknown field', { name: 'Asha Rao', email: 'asha@example.com' }, 'email'],
      ['a missing id', { id: undefined, name: 'Asha Rao' }, 'id'],
    ])('refuses %s with a 400 naming the field, and changes nothing', async (_what, body, path) => {
      const before = await get(customer.id);
      const refused = await rename({ id: customer.id, ...body });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
      expect(await get(customer.id)).toEqual(before);
    });

    it('refuses the name the user already has (400) and an unknown user (404)', async () => {
      const current = String((await get(customer.id)).name);
      const same = await rename({ id: customer.id, name: current });
      expect(same.status).toBe(400);
      expect(same.body.errors).toEqual([expect.objectContaining({ path: 'name' })]);
      expect((await rename({ id: '00000000-0000-4000-8000-000000000000', name: 'Asha Rao' })).status).toBe(404);
    });

    it('needs ROLE_CHANGE_USER_NAME (403 for Operations)', async () => {
      const before = await get(customer.id);
      const refused = await rename({ id: customer.id, name: 'Asha Rao' }, operations);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toMatch(/ROLE_CHANGE_USER_NAME/);
      expect(await get(customer.id)).toEqual(before);
    });

    it('renames a staff member only for a caller holding every permission they hold', async () => {
      const before = await get(operationsId);
      const refused = await rename({ id: operationsId, name: 'Mallory' });
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toMatch(/name of this staff member/);
      expect(await get(operationsId)).toEqual(before);
      const refusedAdmin = await rename({ id: adminId, name: 'Mallory' });
      expect(refusedAdmin.status).toBe(403);
      const done = await rename({ id: operationsId, name: 'Priya Nair-Menon' }, admin);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.name).toBe('Priya Nair-Menon');
      expect((await rename({ id: operationsId, name: String(before.name) }, admin)).status).toBe(200);
    });

    it('is the only way to change a name: the generic update refuses `name` with a 400', async () => {
      const before = await get(customer.id);
      const put = await call(env.t, 'PUT', `${USERS}/${customer.id}`, { authKey: admin, body: { name: 'Asha Rao', version: before.version } });
      expect(put.status).toBe(400);
      expect(put.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'name' })]));
      expect(await get(customer.id)).toEqual(before);
    });
  });

  describe('user approval', () => {
    it('lists the seeded pending users in the pending scope and by the approval filter', async () => {
      const scoped = await call(env.t, 'GET', `${USERS}?scope=pending&size=100`, { authKey: support });
      expect(scoped.status).toBe(200);
      expect(scoped.body.items.length).toBeGreaterThanOrEqual(5);
      expect(new Set(scoped.body.items.map((u: Row) => u.approvalStatus))).toEqual(new Set(['PENDING']));
      const filtered = await call(env.t, 'GET', `${USERS}?approvalStatus=PENDING&size=100`, { authKey: support });
      expect(filtered.body.items.map((u: Row) => u.id).sort()).toEqual(scoped.body.items.map((u: Row) => u.id).sort());
      expect(scoped.body.items.map((u: Row) => u.id)).toContain(seededUser('6360012001'));
    });

    it('approves a pending user (version moves on, audit row with the event)', async () => {
      const id = seededUser('6360012001');
      const before = await get(id);
      expect(before).toMatchObject({ approvalStatus: 'PENDING' });
      const done = await send(id, { type: 'APPROVE', version: before.version });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body).toMatchObject({ approvalStatus: 'APPROVED', version: (before.version as number) + 1 });
      expect(await audit(id)).toEqual([expect.objectContaining({ action: 'transition', actor_user_id: supportId, event: 'APPROVE', from_state: 'PENDING', to_state: 'APPROVED' })]);
      // Approved is not final (the account lives on) but accepts no approval event again.
      const again = await send(id, { type: 'APPROVE', version: done.body.version });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ currentState: 'APPROVED', acceptedEvents: [] });
    });

    it('rejects a pending user only with a reason, kept in the audit row', async () => {
      const id = seededUser('6360012002');
      const before = await get(id);
      for (const body of [{ type: 'REJECT', version: before.version }, { type: 'REJECT', reason: ' ', version: before.version }]) {
        const refused = await send(id, body);
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'reason' })]));
      }
      expect(await get(id)).toEqual(before);
      const reason = 'Signed up twice: the driver already has an account on another number.';
      const done = await send(id, { type: 'REJECT', reason, version: before.version });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.approvalStatus).toBe('REJECTED');
      expect(await audit(id)).toEqual([expect.objectContaining({ event: 'REJECT', from_state: 'PENDING', to_state: 'REJECTED', reason })]);
    });

    it('answers 409 on a final state (a rejected user) with nothing changed, and on a stale version', async () => {
      const rejected = seededUser('6360012099');
      const final = await get(rejected);
      expect(final.approvalStatus).toBe('REJECTED');
      const refused = await send(rejected, { type: 'APPROVE', version: final.version });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ currentState: 'REJECTED', acceptedEvents: [] });
      expect(await get(rejected)).toEqual(final);
      // A rejected user's record is final: the generic edit is refused too.
      expect((await call(env.t, 'PUT', `${USERS}/${rejected}`, { authKey: admin, body: { email: 'late@example.com', version: final.version } })).status).toBe(409);

      const pending = seededUser('6360012003');
      const before = await get(pending);
      const stale = await send(pending, { type: 'APPROVE', version: (before.version as number) + 1 });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ currentState: 'PENDING' });
      expect(await get(pending)).toEqual(before);
    });

    it('needs ROLE_APPROVE_PENDING_USER and ROLE_REJECT_PENDING_USER (403 for Operations)', async () => {
      const id = seededUser('6360012004');
      const before = await get(id);
      expect((await send(id, { type: 'APPROVE', version: before.version }, operations)).status).toBe(403);
      expect((await send(id, { type: 'REJECT', reason: 'Not a real person', version: before.version }, operations)).status).toBe(403);
      expect(await get(id)).toEqual(before);
    });
  });
});
