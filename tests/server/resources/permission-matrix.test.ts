// The permission matrix, generated from the resource definitions and the seeded roles: every resource route ×
// every demo role (plus a signed-in user without a role, and anonymous) is allowed exactly when the role holds
// the permission the definition names. Writes send an invalid body, so an allowed call answers 400, never writes.
// Then the grants decided role by role (docs/roles.md), on every driver: who may stop a live session, export the
// money lists and the roles, and read a charger's raw OCPP messages, by demo role name, so a change of the seeded
// roles that gives or takes one of these shows here.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyViewPermissions, viewPermission, type Resource } from '@domain/resource/define-resource';
import { resources } from '@domain/resource/registry';
import type { Permission } from '@domain/permissions';
import { rowsOf } from '@server/seed/seed-sql';
import { demoStaff, type DemoRoleName } from '@server/seed/demo-staff';
import { demoRoles } from '@server/seed/seed-roles';
import { call } from '@tests/server/support/test-app';
import { sweepDrivers, testDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';

/** One request of the matrix and the permissions that open it (null: any signed-in user). */
interface Check {
  label: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  body?: unknown;
  /** The call is allowed when the caller holds any of these (null in the list: every signed-in caller). */
  needs: readonly (Permission | null)[];
}

/** A caller of the matrix: a demo staff user (one per role), the no-role user, or anonymous. */
interface Caller {
  name: string;
  mobileNumber?: string;
  permissions: ReadonlySet<string>;
}

const NO_ROLE_NUMBER = '9000000007';

const callers: Caller[] = [
  ...demoStaff
    .filter((s) => s.role !== null)
    .map((s) => ({ name: `${s.role} (${s.name})`, mobileNumber: s.mobileNumber, permissions: new Set<string>(demoRoles.find((r) => r.name === s.role)!.permissions) })),
  { name: 'no role', mobileNumber: NO_ROLE_NUMBER, permissions: new Set<string>() },
  { name: 'anonymous', permissions: new Set<string>() },
];

const placeholderId = (r: Resource) => (r.idType === 'bigint' ? '999999999' : r.idType === 'uuid' ? '00000000-0000-4000-8000-000000000000' : 'NO-SUCH-RECORD');

/** Every route the definition gives the resource, with the permission it needs. */
function checksOf(r: Resource, id: string | number): Check[] {
  const one = `${r.apiPath}/${encodeURIComponent(String(id))}`;
  const viewAny = anyViewPermissions(r);
  const scopes = [...new Set<string | undefined>([undefined, ...r.views.map((v) => v.scope)])];
  const checks: Check[] = scopes.map((scope) => ({
    label: `${r.name} list${scope ? ` (scope ${scope})` : ''}`,
    method: 'GET',
    path: `${r.apiPath}?size=1${scope ? `&scope=${scope}` : ''}`,
    needs: [viewPermission(r, scope)],
  }));
  checks.push({ label: `${r.name} one`, method: 'GET', path: one, needs: viewAny });
  checks.push({ label: `${r.name} audit`, method: 'GET', path: `/upload-service/audit/entity/${r.name}/entityId/${encodeURIComponent(String(id))}`, needs: viewAny });
  if (r.summary) checks.push({ label: `${r.name} summary`, method: 'GET', path: `${r.apiPath}/summary`, needs: [r.permissions.view] });
  if (r.permissions.create && r.createFields.length > 0) checks.push({ label: `${r.name} create`, method: 'POST', path: r.apiPath, body: { notAField: 1 }, needs: [r.permissions.create] });
  if (r.permissions.update && r.updateFields.length > 0) checks.push({ label: `${r.name} update`, method: 'PUT', path: one, body: { notAField: 1 }, needs: [r.permissions.update] });
  if (r.activeField && r.permissions.activate) checks.push({ label: `${r.name} activate`, method: 'PATCH', path: `${one}/activate-inactivate`, body: { active: 'not a boolean' }, needs: [r.permissions.activate] });
  return checks;
}

describe.each(sweepDrivers)('the permission matrix on %s', (driver) => {
  const env = useTestApp(driver);
  const checks: Check[] = [];
  // One sign-in per number: a second code for the same number inside the resend window is not sent.
  const authKeys = new Map<string, string>();
  const totals = { requests: 0, allowed: 0, refused: 0, unexpectedSuccesses: 0, unexpectedRefusals: 0, serverErrors: 0 };

  beforeAll(async () => {
    const admin = (await env.signInAs('9000000001')).authKey;
    authKeys.set('9000000001', admin);
    for (const r of resources) {
      const list = await call(env.t, 'GET', `${r.apiPath}?size=1`, { authKey: admin });
      const id = (list.body?.items?.[0]?.[r.idField] as string | number | undefined) ?? placeholderId(r);
      checks.push(...checksOf(r, id));
    }
  });
  afterAll(async () => {
    console.log(
      `permission matrix (${driver}): ${checks.length} routes × ${callers.length} callers = ${totals.requests} requests; ${totals.allowed} allowed, ${totals.refused} refused; ` +
        `${totals.unexpectedSuccesses} unexpected successes, ${totals.unexpectedRefusals} unexpected refusals, ${totals.serverErrors} server errors`,
    );
  });

  it('has a check for every resource', () => {
    expect(new Set(checks.map((c) => c.label.split(' ')[0])).size).toBe(resources.length);
  });

  it.each(callers.map((caller) => ({ name: caller.name, caller })))('$name', async ({ caller }) => {
    let authKey: string | undefined;
    if (caller.mobileNumber) {
      authKey = authKeys.get(caller.mobileNumber) ?? (await env.signInAs(caller.mobileNumber)).authKey;
      authKeys.set(caller.mobileNumber, authKey);
    }
    const mismatches: string[] = [];
    for (const check of checks) {
      const res = await call(env.t, check.method, check.path, { ...(authKey ? { authKey } : {}), ...(check.body === undefined ? {} : { body: check.body }) });
      totals.requests += 1;
      const refused = res.status === 401 || res.status === 403;
      if (refused) totals.refused += 1;
      else totals.allowed += 1;
      const where = `${check.label}: ${check.method} ${check.path} → ${res.status}`;
      if (res.status >= 500) {
        totals.serverErrors += 1;
        mismatches.push(`${where}: server error`);
        continue;
      }
      if (!authKey) {
        if (res.status !== 401) {
          totals.unexpectedSuccesses += 1;
          mismatches.push(`${where}: anonymous must get 401`);
        }
        continue;
      }
      const expected = check.needs.some((p) => p === null || caller.permissions.has(p));
      if (expected && refused) {
        totals.unexpectedRefusals += 1;
        mismatches.push(`${where}: refused, though the role holds ${check.needs.map((p) => p ?? 'sign-in').join(' or ')}`);
      } else if (!expected && res.status !== 403) {
        totals.unexpectedSuccesses += 1;
        mismatches.push(`${where}: allowed, though the role holds none of ${check.needs.join(', ')}`);
      }
    }
    expect(mismatches, `${mismatches.length} mismatches for ${caller.name}`).toEqual([]);
  }, 120_000);
});

/** A route whose grant was decided role by role, and the demo roles that may call it (every other caller gets 403). */
interface Decided {
  label: string;
  method: 'GET' | 'POST';
  path: (ids: { chargerId: string }) => string;
  /** Past the access check the body is refused (400), so an allowed call changes nothing either. */
  body?: unknown;
  roles: readonly DemoRoleName[];
}

/** An export of a list whose query string is refused once the caller may view the list (an unknown sort). */
const exportOf = (resource: string) => ({ resource, format: 'CSV', query: 'sort=noSuchField,asc' });

const decided: readonly Decided[] = [
  // A stop cuts a customer's live session at the charger: running the network is Operations', not support's.
  { label: 'Stop charging', method: 'POST', path: () => '/booking-service/stop-charging', body: {}, roles: ['Super Admin', 'Operations'] },
  // An export is the list it was made from: whoever cannot see money lists or roles cannot export them.
  { label: 'Export settlements', method: 'POST', path: () => '/upload-service/download', body: exportOf('settlements'), roles: ['Super Admin', 'Finance'] },
  { label: 'Export payouts', method: 'POST', path: () => '/upload-service/download', body: exportOf('payouts'), roles: ['Super Admin', 'Finance'] },
  { label: 'Export invoices', method: 'POST', path: () => '/upload-service/download', body: exportOf('invoices'), roles: ['Super Admin', 'Finance'] },
  { label: 'Export roles', method: 'POST', path: () => '/upload-service/download', body: exportOf('roles'), roles: ['Super Admin'] },
  // Read Only still exports what it sees.
  {
    label: 'Export chargers',
    method: 'POST',
    path: () => '/upload-service/download',
    body: exportOf('chargers'),
    roles: ['Super Admin', 'Operations', 'Field Technician', 'Customer Support', 'Read Only'],
  },
  // The raw messages carry card ids and charger settings: for those who run the hardware.
  { label: 'OCPP message log', method: 'GET', path: ({ chargerId }) => `/ocpp/chargepoint-log/${chargerId}`, roles: ['Super Admin', 'Operations'] },
];

describe.each(testDrivers)('the grants decided role by role on %s', (driver) => {
  const env = useTestApp(driver);
  const ids = { chargerId: '' };
  const countDownloads = async () => rowsOf<{ n: number }>(await env.database.db.execute(sql`select count(*)::int as n from downloads`))[0]!.n;

  beforeAll(async () => {
    const [charger] = rowsOf<{ id: string | number }>(await env.database.db.execute(sql`select id from chargers order by id limit 1`));
    ids.chargerId = String(charger!.id);
  });

  it.each(demoStaff.map((s) => ({ name: s.role ?? 'no role', staff: s })))('$name', async ({ staff }) => {
    const { authKey } = await env.signInAs(staff.mobileNumber);
    const downloadsBefore = await countDownloads();
    const seen: string[] = [];
    const expected: string[] = [];
    for (const route of decided) {
      const res = await call(env.t, route.method, route.path(ids), { authKey, ...(route.body === undefined ? {} : { body: route.body }) });
      const allowed = staff.role !== null && route.roles.includes(staff.role);
      expected.push(`${route.label}: ${allowed ? 'allowed' : 'refused'}`);
      if (res.status === 403) {
        // A refusal in words, naming what is missing.
        expect(res.contentType, route.label).toBe('application/problem+json');
        expect(String(res.body.detail), route.label).toMatch(/ROLE_[A-Z_]+/);
        seen.push(`${route.label}: refused`);
      } else {
        expect(res.status, `${route.label}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        expect(res.status, route.label).not.toBe(401);
        seen.push(`${route.label}: allowed`);
      }
    }
    expect(seen).toEqual(expected);
    // Nothing was queued, allowed or not.
    expect(await countDownloads()).toBe(downloadsBefore);
  });
});
