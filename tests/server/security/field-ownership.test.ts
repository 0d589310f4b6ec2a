// One way to change each field: the generic update never writes a field an action or a workflow owns, and on a
// workflow-bound record it is the machine's EDIT event (its states, its version check, its audit row). Generated
// over every resource definition and every workflow.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderTags } from '@domain/resources/orders/order';
import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { resourceByName, resources } from '@domain/resource/registry';
import { acceptsEdit } from '@machines/workflow-snapshot';
import { recordWorkflows } from '@machines/workflow-registry';
import { call } from '@tests/server/support/test-app';
import { ruleDrivers } from '@tests/server/support/test-database';
import { useTestApp } from '@tests/server/support/use-test-app';
import { rowsOf } from '@server/seed/seed-sql';

type Row = Record<string, unknown>;
const column = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A valid change of an editable field of each workflow-bound resource, different for each `n`. */
function editSample(resourceName: string, n: number): Row {
  const resource = resourceByName(resourceName);
  if (resourceName === 'orders') return { tags: [orderTags[n % orderTags.length]] };
  if (resourceName === 'installation-tickets') return { qrCodeValue: `QR-EDIT-${n}-${Date.now()}` };
  if (resourceName === 'users') return { email: `edited.${n}.${Date.now()}@example.com` };
  if (resourceName === 'location-banks') return { ownerName: `Owner edited ${n}` };
  if (resourceName === 'investor-bundles') return { name: `Bundle edited ${n} at ${Date.now()}` };
  const field = ['description', 'notes'].find((name) => resource.updateFields.includes(name));
  if (!field) throw new Error(`${resourceName}: no sample edit`);
  return { [field]: `Edited (${n}) at ${Date.now()}` };
}

describe('field ownership in the definitions', () => {
  it('refuses a definition that lists an owned field as updatable', () => {
    const declare = (update: string[]) =>
      defineResource({
        name: 'owned-probe',
        title: 'Probe',
        plural: 'Probes',
        service: '/config',
        path: 'probe',
        table: 'probes',
        labelField: 'name',
        fields: { name: f.text('Name'), status: f.text('Status') },
        list: { columns: [{ field: 'name' }] },
        form: [{ title: 'Probe', fields: ['name', 'status'] }],
        update,
        owned: { status: 'the probe workflow' },
        permissions: { view: null, create: 'ROLE_ADD_VENDOR', update: 'ROLE_ADD_VENDOR' },
        views: [{ path: '/probes', title: 'Probes' }],
      });
    expect(() => declare(['name', 'status'])).toThrow(/field "status" is owned by the probe workflow/);
    expect(() => declare(['name'])).not.toThrow();
  });

  it.each(recordWorkflows.map((w) => [w.resource, w] as const))('%s: its workflow owns its state field', (_name, workflow) => {
    const resource = resourceByName(workflow.resource);
    expect(resource.owned?.[workflow.stateField], `${workflow.resource} declares ${workflow.stateField} owned`).toBeDefined();
    expect(resource.updateFields).not.toContain(workflow.stateField);
    expect('version' in resource.allFields, `${workflow.resource} has a version (optimistic lock)`).toBe(true);
  });

  it.each(recordWorkflows.map((w) => [w.resource, w] as const))('%s: no final state accepts EDIT', (_name, workflow) => {
    const resource = resourceByName(workflow.resource);
    const states = Object.entries(workflow.machine.config.states ?? {}) as [string, { type?: string }][];
    const editable = states.filter(([state]) => acceptsEdit(workflow, { [workflow.stateField]: state }));
    for (const [state, node] of states) if (node.type === 'final') expect(editable.map(([s]) => s), `${workflow.resource} ${state}`).not.toContain(state);
    // A resource with an edit form has at least one state where it may be used.
    if (resource.updateFields.length > 0) expect(editable.length).toBeGreaterThan(0);
  });

  it('every ticket kind leaves assignee, priority, due date, tags, status and close reason to their actions', () => {
    const ticketKinds = resources.filter((r) => r.table === 'tickets' && r.fixed?.kind);
    expect(ticketKinds.length).toBeGreaterThan(10);
    for (const kind of ticketKinds) {
      for (const field of ['assignee', 'priority', 'dueDate', 'tags', 'status', 'closeReason']) {
        expect(kind.owned?.[field], `${kind.name}.${field}`).toBeDefined();
        expect(kind.updateFields, `${kind.name} update`).not.toContain(field);
      }
    }
  });
});

describe.each(ruleDrivers)('the generic update on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey;
  });

  // Every owned field of every updatable resource is refused by the generic PUT, with its path, and changes nothing.
  const owners = resources.filter((r) => r.permissions.update && r.updateFields.length > 0 && Object.keys(r.owned ?? {}).length > 0);
  it.each(owners.map((r) => [r.name, r] as const))('%s: PUT refuses each owned field by name', async (_name, resource) => {
    const fixed = Object.entries(resource.fixed ?? {}).map(([k, v]) => sql`${sql.identifier(column(k))} = ${v}`);
    const [row] = rowsOf<Row>(await env.database.db.execute(sql`select ${sql.identifier(column(resource.idField))} as id from ${sql.identifier(resource.table)} ${fixed.length ? sql`where ${sql.join(fixed, sql` and `)}` : sql``} limit 1`));
    expect(row, `${resource.name} has a seeded row`).toBeDefined();
    const path = `${resource.apiPath}/${String(row!.id)}`;
    const before = (await call(env.t, 'GET', path, { authKey: admin })).body as Row;
    for (const field of Object.keys(resource.owned!)) {
      const res = await call(env.t, 'PUT', path, { authKey: admin, body: { [field]: before[field] ?? null, version: before.version } });
      expect(res.status, `${resource.name}.${field}`).toBe(400);
      expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: field })]));
    }
    expect((await call(env.t, 'GET', path, { authKey: admin })).body).toEqual(before);
  });

  // In every state of every workflow-bound resource with an edit form: EDIT where the machine accepts it, 409 elsewhere.
  const editable = recordWorkflows.filter((w) => resourceByName(w.resource).updateFields.length > 0);
  it.each(editable.map((w) => [w.resource, w] as const))('%s: editing is the machine’s EDIT event', async (_name, workflow) => {
    const resource = resourceByName(workflow.resource);
    const fixed = Object.entries(resource.fixed ?? {}).map(([k, v]) => sql`${sql.identifier(column(k))} = ${v}`);
    // A user who is not staff: staff accounts are refused by the users list whatever their state (who may change whom).
    const notStaff = workflow.resource === 'users' ? [sql`not exists (select 1 from czo_users c where c.user_id = users.id) and not exists (select 1 from user_roles r where r.user_id = users.id)`] : [];
    const where = [...fixed, ...notStaff];
    const [row] = rowsOf<Row>(await env.database.db.execute(sql`select id from ${sql.identifier(resource.table)} ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``} order by id desc limit 1`));
    const path = `${resource.apiPath}/${String(row!.id)}`;
    const states = Object.keys(workflow.machine.config.states ?? {});
    for (const state of states) {
      await env.database.db.execute(sql`update ${sql.identifier(resource.table)} set ${sql.identifier(column(workflow.stateField))} = ${state} where id = ${row!.id as number}`);
      const before = (await call(env.t, 'GET', path, { authKey: admin })).body as Row;
      const edit = editSample(workflow.resource, states.indexOf(state));
      const audits = async () => Number(rowsOf<Row>(await env.database.db.execute(sql`select count(*)::int as n from audit_log where entity_type = ${resource.name} and entity_id = ${String(row!.id)}`))[0]!.n);
      const auditsBefore = await audits();
      if (!acceptsEdit(workflow, before)) {
        const refused = await call(env.t, 'PUT', path, { authKey: admin, body: { ...edit, version: before.version } });
        expect(refused.status, `${state} refuses EDIT`).toBe(409);
        expect(refused.body).toMatchObject({ currentState: state });
        expect((await call(env.t, 'GET', path, { authKey: admin })).body).toEqual(before);
        expect(await audits()).toBe(auditsBefore);
        continue;
      }
      expect((await call(env.t, 'PUT', path, { authKey: admin, body: edit })).status, `${state}: no version`).toBe(400);
      const stale = await call(env.t, 'PUT', path, { authKey: admin, body: { ...edit, version: (before.version as number) + 5 } });
      expect(stale.status, `${state}: stale version`).toBe(409);
      const saved = await call(env.t, 'PUT', path, { authKey: admin, body: { ...edit, version: before.version } });
      expect(saved.status, `${state}: ${JSON.stringify(saved.body)}`).toBe(200);
      expect(saved.body).toMatchObject({ ...edit, [workflow.stateField]: state, version: (before.version as number) + 1 });
      const [audit] = rowsOf<Row>(await env.database.db.execute(sql`select action, event, from_state, to_state from audit_log where entity_type = ${resource.name} and entity_id = ${String(row!.id)} order by seq desc limit 1`));
      expect(audit).toMatchObject({ action: 'update', event: 'EDIT', from_state: state, to_state: state });
      expect(await audits()).toBe(auditsBefore + 1);
    }
  });
});
