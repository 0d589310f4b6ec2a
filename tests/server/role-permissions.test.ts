// Roles and staff: Edit permissions of a role (auth-service `role/permission`: what is added and removed,
// permission, validation, who may change whom, audit row), the bulk role assignment (`user-role/role`, one answer
// per user), and that every change of roles and mappings is seen by the staff member's very next request although
// checked sessions are cached (two server processes on one database, each with its own cache), and announced on
// their live stream so the console reads its session and menu again.
import { sql } from 'drizzle-orm';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SESSION_TOPIC } from '@domain/live-event';
import { sessionPaths } from '@domain/session';
import type { OpenDatabase } from '@server/db/open-database';
import { createInProcessBus, createPostgresBus, type NotificationBus } from '@server/live/notification-bus';
import { rowsOf } from '@server/seed/seed-sql';
import { seedId } from '@server/seed/seed-id';
import { demoStaffUserId } from '@server/seed/seed-staff';
import { BULK_ASSIGN_PATH } from '@server/users/role-routes';
import { call, createTestApp, signIn, testClock, type TestApp } from './support/test-app';
import { createTestDatabase, testDrivers } from './support/test-database';

type Row = Record<string, unknown>;
const EDIT = '/auth-service/role/permission';
const superAdminRole = seedId('role', 'Super Admin');
const kabirId = demoStaffUserId('9000000007'); // staff without a role
const vikramId = demoStaffUserId('9000000005'); // Customer Support
const superAdminId = demoStaffUserId('9000000001');
const meeraId = demoStaffUserId('9000000006'); // Read Only
/** What the access clerk's own role adds to Read Only: edit roles' permissions and assign roles in bulk. */
const clerkPermissions = ['ROLE_VIEW_ROLES', 'ROLE_EDIT_ROLE_PERMISSIONS', 'ROLE_BULK_ASSIGN_ROLES', 'ROLE_VIEW_USER_ROLES'];

/** Reads server-sent events from a streamed answer. */
function eventReader(response: Response) {
  const queue: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (e) => void queue.push(e) });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      parser.feed(value!);
    }
  })();
  return {
    /** The next event matching `accept`, skipping others (heartbeats are comments, not events). */
    async next(accept: (e: EventSourceMessage) => boolean, timeoutMs = 5_000): Promise<EventSourceMessage> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = queue.findIndex(accept);
        if (index >= 0) return queue.splice(index, 1)[0]!;
        if (Date.now() > deadline) throw new Error(`no matching event; saw ${JSON.stringify(queue)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}

describe.each(testDrivers)('roles and staff on %s', (driver) => {
  let database: OpenDatabase;
  const buses: NotificationBus[] = [];
  // Two server processes on one database: each its own session cache and bus client. The clock stands still, so a
  // cached copy can only go by being cleared: a stale permission would show.
  const clock = testClock();
  const newApp = (): TestApp => {
    const bus = driver === 'postgres' ? createPostgresBus({ connectionString: database.connectionString!, db: database.db }) : createInProcessBus();
    buses.push(bus);
    return createTestApp(database, { SESSION_CACHE_SECONDS: '5' }, { clock, bus });
  };
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  let support: string;
  let clerk: string;
  let kabir: string;
  let deskRole: string;
  let clerkRole: string;
  let customerId: string;

  const audits = async (entityType: string, entityId: string, action: string) =>
    rowsOf<Row>(await database.db.execute(sql`select actor_user_id, changes from audit_log where entity_type = ${entityType} and entity_id = ${entityId} and action = ${action} order by id`));
  const rolePermissions = async (id: string) => rowsOf<{ permissions: string[] }>(await database.db.execute(sql`select permissions from roles where id = ${id}`))[0]!.permissions;
  const status = async (t: TestApp, path: string, authKey: string) => (await call(t, 'GET', path, { authKey })).status;
  const permissionsOfSession = async (t: TestApp, authKey: string) => (await call(t, 'GET', sessionPaths.validate, { authKey })).body.permissions as string[];

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    a = newApp();
    b = newApp();
    admin = (await signIn(a, '9000000001')).authKey;
    support = (await signIn(a, '9000000005')).authKey;
    const desk = await call(a, 'POST', '/auth-service/role', { authKey: admin, body: { name: 'Roles desk', description: 'Sees roles', permissions: ['ROLE_VIEW_ROLES'] } });
    expect(desk.status, JSON.stringify(desk.body)).toBe(201);
    deskRole = desk.body.id;
    expect((await call(a, 'POST', '/auth-service/admin/user-role', { authKey: admin, body: { userId: kabirId, roleId: deskRole } })).status).toBe(201);
    const clerkMade = await call(a, 'POST', '/auth-service/role', { authKey: admin, body: { name: 'Access clerk', permissions: clerkPermissions } });
    expect(clerkMade.status).toBe(201);
    clerkRole = clerkMade.body.id;
    expect((await call(a, 'POST', '/auth-service/admin/user-role', { authKey: admin, body: { userId: meeraId, roleId: clerkRole } })).status).toBe(201);
    kabir = (await signIn(a, '9000000007')).authKey;
    clerk = (await signIn(a, '9000000006')).authKey;
    customerId = String(rowsOf<Row>(await database.db.execute(sql`select id from users u where not exists (select 1 from czo_users c where c.user_id = u.id) and not exists (select 1 from user_roles r where r.user_id = u.id) order by id limit 1`))[0]!.id);
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await database?.close();
  });

  it('edits a role’s permissions: the answer and the audit row say what was added and removed, and the holder’s very next request has them', async () => {
    // Both processes hold a checked copy of Kabir's session: roles yes, user roles no.
    for (const t of [a, b]) {
      expect(await status(t, '/auth-service/role', kabir)).toBe(200);
      expect(await status(t, '/auth-service/admin/user-role', kabir)).toBe(403);
    }
    const live = await a.app.request('/events', { headers: { authorization: `Bearer ${kabir}` } });
    expect(live.status).toBe(200);
    const events = eventReader(live);
    await events.next((e) => e.event === 'ready');

    const edited = await call(a, 'POST', EDIT, { authKey: admin, body: { id: deskRole, permissions: ['ROLE_VIEW_USER_ROLES', 'ROLE_VIEW_ROLES'] } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.added).toEqual(['ROLE_VIEW_USER_ROLES']);
    expect(edited.body.removed).toEqual([]);
    expect(edited.body.role.permissions).toEqual(['ROLE_VIEW_ROLES', 'ROLE_VIEW_USER_ROLES']);

    // The very next request of the holder, on the process that made the change: at once.
    expect(await status(a, '/auth-service/admin/user-role', kabir)).toBe(200);
    expect(await permissionsOfSession(a, kabir)).toEqual(['ROLE_VIEW_ROLES', 'ROLE_VIEW_USER_ROLES']);
    // The other process: at once on PGlite (the notification arrives before the statement returns); on PostgreSQL as
    // soon as the auth_changed notification lands (a few ms).
    if (driver === 'pglite') expect(await status(b, '/auth-service/admin/user-role', kabir)).toBe(200);
    await expect.poll(() => status(b, '/auth-service/admin/user-role', kabir), { timeout: 3_000, interval: 20 }).toBe(200);
    // Kabir's open live stream tells his console to read its session again.
    const change = await events.next((e) => e.event === 'change' && JSON.parse(e.data).topic === LIVE_SESSION_TOPIC);
    expect(JSON.parse(change.data).keys).toEqual([['session']]);

    const [audit] = await audits('roles', deskRole, 'edit-permissions');
    expect(audit!.actor_user_id).toBe(superAdminId);
    expect(audit!.changes).toEqual({ permissions: { from: ['ROLE_VIEW_ROLES'], to: ['ROLE_VIEW_ROLES', 'ROLE_VIEW_USER_ROLES'] } });

    // Removing one takes it away on the next request too.
    const removed = await call(a, 'POST', EDIT, { authKey: admin, body: { id: deskRole, permissions: ['ROLE_VIEW_USER_ROLES'] } });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ added: [], removed: ['ROLE_VIEW_ROLES'] });
    expect(await status(a, '/auth-service/role', kabir)).toBe(403);
    await expect.poll(() => status(b, '/auth-service/role', kabir), { timeout: 3_000, interval: 20 }).toBe(403);
    await events.next((e) => e.event === 'change' && JSON.parse(e.data).topic === LIVE_SESSION_TOPIC);
    await events.cancel();
    // Back as it was for the other tests.
    expect((await call(a, 'POST', EDIT, { authKey: admin, body: { id: deskRole, permissions: ['ROLE_VIEW_ROLES'] } })).status).toBe(200);
  }, 20_000);

  it('refuses callers without ROLE_EDIT_ROLE_PERMISSIONS (403) and changes nothing', async () => {
    const before = await rolePermissions(deskRole);
    const refused = await call(a, 'POST', EDIT, { authKey: support, body: { id: deskRole, permissions: ['ROLE_VIEW_ROLES', 'ROLE_VIEW_USER_ROLES'] } });
    expect(refused.status).toBe(403);
    expect(refused.contentType).toMatch(/application\/problem\+json/);
    expect(refused.body.detail).toMatch(/ROLE_EDIT_ROLE_PERMISSIONS/);
    expect(await rolePermissions(deskRole)).toEqual(before);
    expect((await call(a, 'POST', BULK_ASSIGN_PATH, { authKey: support, body: { roleId: deskRole, userIds: [vikramId] } })).status).toBe(403);
  });

  it('answers bad input with 400 and field paths, an unknown role with 404', async () => {
    const unknown = await call(a, 'POST', EDIT, { authKey: admin, body: { id: deskRole, permissions: ['ROLE_VIEW_ROLES', 'ROLE_FLY_TO_THE_MOON'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ path: 'permissions.1', message: 'Unknown permission' })]);
    const noId = await call(a, 'POST', EDIT, { authKey: admin, body: { permissions: ['ROLE_VIEW_ROLES'] } });
    expect(noId.status).toBe(400);
    expect(noId.body.errors.map((e: Row) => e.path)).toEqual(['id']);
    const extra = await call(a, 'POST', EDIT, { authKey: admin, body: { id: deskRole, permissions: ['ROLE_VIEW_ROLES'], isActive: false } });
    expect(extra.status).toBe(400);
    const same = await call(a, 'POST', EDIT, { authKey: admin, body: { id: deskRole, permissions: ['ROLE_VIEW_ROLES'] } });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual([{ path: 'permissions', message: 'Nothing to change: add or remove a permission' }]);
    const missing = await call(a, 'POST', EDIT, { authKey: admin, body: { id: '00000000-0000-4000-8000-000000000000', permissions: ['ROLE_VIEW_ROLES'] } });
    expect(missing.status).toBe(404);
    for (const body of [{ roleId: deskRole, userIds: [] }, { roleId: deskRole, userIds: [kabirId, kabirId] }, { roleId: 'nope', userIds: [kabirId] }]) {
      const bad = await call(a, 'POST', BULK_ASSIGN_PATH, { authKey: admin, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.errors[0].path).toMatch(/^(userIds|roleId)$/);
    }
    expect((await audits('roles', deskRole, 'edit-permissions')).length).toBe(3);
  });

  it('refuses escalation: nobody grants a permission they lack, or edits a role held by someone stronger', async () => {
    const count = async () => rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from audit_log`))[0]!.n;
    const before = await count();
    // Widen one's own role with a permission one lacks.
    const widen = await call(a, 'POST', EDIT, { authKey: clerk, body: { id: clerkRole, permissions: [...clerkPermissions, 'ROLE_CREATE_ROLE'] } });
    expect(widen.status).toBe(403);
    expect(widen.body.detail).toMatch(/ROLE_CREATE_ROLE/);
    // Edit a stronger role.
    expect((await call(a, 'POST', EDIT, { authKey: clerk, body: { id: superAdminRole, permissions: ['ROLE_VIEW_ROLES'] } })).status).toBe(403);
    // A role the clerk fully holds, but the Super Admin holds it too: editing it changes a stronger user.
    expect((await call(a, 'POST', '/auth-service/admin/user-role', { authKey: admin, body: { userId: superAdminId, roleId: deskRole } })).status).toBe(201);
    const held = await call(a, 'POST', EDIT, { authKey: clerk, body: { id: deskRole, permissions: ['ROLE_VIEW_ROLES', 'ROLE_VIEW_USER_ROLES'] } });
    expect(held.status).toBe(403);
    expect(held.body.detail).toMatch(/staff holding it/);
    // Bulk: a role with a permission the clerk lacks is refused whole.
    expect((await call(a, 'POST', BULK_ASSIGN_PATH, { authKey: clerk, body: { roleId: superAdminRole, userIds: [kabirId] } })).status).toBe(403);
    expect(await count()).toBe(before + 1); // only the admin's mapping
    expect(await rolePermissions(deskRole)).toEqual(['ROLE_VIEW_ROLES']);
  });

  it('bulk assigns a role: one answer per user (assigned, unchanged, refused and why), an audit row per mapping, effective on the next request', async () => {
    const vikram = support; // Vikram Singh, Customer Support
    expect(await status(a, '/auth-service/role', vikram)).toBe(403);
    const ghost = '00000000-0000-4000-8000-000000000001';
    // The clerk may hand out the desk role (she holds its permission), but only to staff holding nothing she lacks.
    const byClerk = await call(a, 'POST', BULK_ASSIGN_PATH, { authKey: clerk, body: { roleId: deskRole, userIds: [vikramId, kabirId, superAdminId, customerId, ghost] } });
    expect(byClerk.status, JSON.stringify(byClerk.body)).toBe(200);
    expect(byClerk.body).toMatchObject({ roleId: deskRole, assigned: 0, unchanged: 1, refused: 4 });
    const byUser = (answer: { body: { results: Row[] } }) => Object.fromEntries(answer.body.results.map((r) => [r.userId, r]));
    const clerkResults = byUser(byClerk);
    expect(clerkResults[kabirId]).toMatchObject({ status: 'unchanged' });
    for (const stronger of [vikramId, superAdminId]) {
      expect(clerkResults[stronger]!.status).toBe('refused');
      expect(clerkResults[stronger]!.reason).toMatch(/permissions you do not hold/);
    }
    expect(clerkResults[customerId]).toMatchObject({ status: 'refused', reason: 'Not a staff user: add them under CZO Access first.' });
    expect(clerkResults[ghost]).toMatchObject({ status: 'refused', reason: 'No such user.' });
    expect(await status(a, '/auth-service/role', vikram)).toBe(403);

    const byAdmin = await call(a, 'POST', BULK_ASSIGN_PATH, { authKey: admin, body: { roleId: deskRole, userIds: [vikramId, kabirId] } });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ assigned: 1, unchanged: 1, refused: 0 });
    const by = byUser(byAdmin);
    // Vikram's very next request, on both processes.
    expect(await status(a, '/auth-service/role', vikram)).toBe(200);
    await expect.poll(() => status(b, '/auth-service/role', vikram), { timeout: 3_000, interval: 20 }).toBe(200);
    const [mappingAudit] = await audits('user-roles', String(by[vikramId]!.mappingId), 'bulk-assign');
    expect(mappingAudit).toEqual({ actor_user_id: superAdminId, changes: { isActive: { from: null, to: true } } });
    const [mapping] = rowsOf<Row>(await database.db.execute(sql`select user_id, role_id, is_active from user_roles where id = ${by[vikramId]!.mappingId}`));
    expect(mapping).toEqual({ user_id: vikramId, role_id: deskRole, is_active: true });

    // Removing the mapping (the generic remove) takes it away on the next request; bulk assigning restores it.
    const mappingId = String(by[vikramId]!.mappingId);
    expect((await call(a, 'PATCH', `/auth-service/admin/user-role/${mappingId}/activate-inactivate`, { authKey: admin, body: { active: false } })).status).toBe(200);
    expect(await status(a, '/auth-service/role', vikram)).toBe(403);
    const again = await call(a, 'POST', BULK_ASSIGN_PATH, { authKey: admin, body: { roleId: deskRole, userIds: [vikramId] } });
    expect(again.body.results).toEqual([{ userId: vikramId, status: 'assigned', mappingId: Number(mappingId), label: 'Vikram Singh · +91 90000 00005' }]);
    expect(await status(a, '/auth-service/role', vikram)).toBe(200);
    // Inactivating the role takes it from every holder on their next request.
    expect((await call(a, 'PATCH', `/auth-service/role/${deskRole}/activate-inactivate`, { authKey: admin, body: { active: false } })).status).toBe(200);
    expect(await status(a, '/auth-service/role', vikram)).toBe(403);
    expect(await status(a, '/auth-service/role', kabir)).toBe(403);
    await expect.poll(() => status(b, '/auth-service/role', kabir), { timeout: 3_000, interval: 20 }).toBe(403);
  });
});
