// The generic API contract, walked for EVERY resource definition: list, one, create (valid and invalid), the
// writable-field allow-list, update, activate/inactivate and the audit timeline. Values come from the field
// definitions (tests/server/support/sample-values.ts), so a new resource is covered without writing a test.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '@domain/resource/define-resource';
import { listResultSchema } from '@domain/resource/list-query';
import { resourceByName, resources } from '@domain/resource/registry';
import { workflowOf } from '@machines/workflow-registry';
import { acceptsEdit } from '@machines/workflow-snapshot';
import { call } from '@tests/server/support/test-app';
import { sweepDrivers } from '@tests/server/support/test-database';
import { expectedStored, NoFreeValueError, sampleCreateBody, sampleValue, WRONG_TYPE, type SampleContext } from '@tests/server/support/sample-values';
import { useTestApp } from '@tests/server/support/use-test-app';

type Row = Record<string, unknown>;

const hasCreateRoute = (r: Resource) => Boolean(r.permissions.create) && r.createFields.length > 0;
const hasUpdateRoute = (r: Resource) => Boolean(r.permissions.update) && r.updateFields.length > 0;
const hasActivateRoute = (r: Resource) => Boolean(r.activeField && r.permissions.activate);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const pathsOf = (body: { errors?: { path: string }[] } | undefined) => (body?.errors ?? []).map((e) => e.path);
const show = (res: { status: number; body: unknown }) => `${res.status} ${JSON.stringify(res.body).slice(0, 600)}`;

describe.each(sweepDrivers)('the resource API contract on %s', (driver) => {
  const env = useTestApp(driver);
  let admin: string;
  const idsOf = new Map<string, Promise<(string | number)[]>>();

  beforeAll(async () => {
    admin = (await env.signInAs('9000000001')).authKey; // Super Admin: every permission
  });

  /** Relation values: ids the target resource's list API answers; unique values: what the resource's list holds. */
  const ctx: SampleContext = {
    relationIds(name) {
      let found = idsOf.get(name);
      if (!found) {
        const target = resourceByName(name);
        found = call(env.t, 'GET', `${target.apiPath}?size=1000`, { authKey: admin }).then((res) => (res.status === 200 ? (res.body.items as Row[]).map((item) => item[target.idField] as string | number) : []));
        idsOf.set(name, found);
      }
      return found;
    },
    async usedValues(resource, field) {
      const res = await call(env.t, 'GET', `${resource.apiPath}?size=1000`, { authKey: admin });
      return new Set((res.body.items as Row[]).map((item) => JSON.stringify(item[field] ?? null)));
    },
  };

  async function countOf(r: Resource): Promise<number> {
    const res = await call(env.t, 'GET', `${r.apiPath}?size=1`, { authKey: admin });
    expect(res.status, show(res)).toBe(200);
    expect(res.body.countExact, 'test tables are small enough to count exactly').toBe(true);
    return res.body.count as number;
  }

  function expectRecordShape(r: Resource, record: Row, where: string): void {
    const keys = Object.keys(record).filter((k) => k !== '_labels');
    expect(keys.sort(), `${where}: answers exactly the resource's fields`).toEqual(Object.keys(r.allFields).sort());
    const parsed = r.recordSchema.safeParse(record);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message} (got ${JSON.stringify(record[String(i.path[0])])})`), `${where}: matches the record schema`).toEqual([]);
    if (Object.values(r.allFields).some((d) => d.relation && resourceByName(d.relation).table !== r.table)) expect(record._labels, `${where}: relation labels`).toBeTypeOf('object');
  }

  function expectStoredValues(r: Resource, record: Row, sent: Row, where: string): void {
    for (const [field, value] of Object.entries(sent)) {
      const expected = expectedStored(r.allFields[field]!, value);
      if (expected === undefined) continue;
      expect(record[field], `${where}: ${field}`).toEqual(expected);
    }
  }

  it.each(resources.map((r) => ({ name: r.name, r })))('$name', async ({ r }) => {
    const auth = { authKey: admin };

    // List: 200 with the list shape; every item has the record shape.
    const list = await call(env.t, 'GET', `${r.apiPath}?size=5`, auth);
    expect(list.status, `GET ${r.apiPath}: ${show(list)}`).toBe(200);
    expect(listResultSchema.safeParse(list.body).success, 'list shape').toBe(true);
    expect(list.body).toMatchObject({ page: 0, size: 5 });
    expect(list.body.items.length).toBeLessThanOrEqual(5);
    expect(list.body.count).toBeGreaterThanOrEqual(list.body.items.length);
    for (const item of list.body.items as Row[]) expectRecordShape(r, item, `listed ${r.name} ${String(item[r.idField])}`);

    // One: a listed record is readable by its id.
    const listed = (list.body.items as Row[])[0];
    if (listed) {
      const one = await call(env.t, 'GET', `${r.apiPath}/${encodeURIComponent(String(listed[r.idField]))}`, auth);
      expect(one.status, show(one)).toBe(200);
      expect(one.body[r.idField]).toEqual(listed[r.idField]);
      expectRecordShape(r, one.body, `one ${r.name}`);
    }

    if (!hasCreateRoute(r)) {
      const post = await call(env.t, 'POST', r.apiPath, { ...auth, body: {} });
      expect(post.status, `POST ${r.apiPath} is not answered as a success: ${show(post)}`).toBeGreaterThanOrEqual(400);
    }
    if (r.readOnly) {
      expect(hasUpdateRoute(r) || hasActivateRoute(r), 'read-only: no update or activate').toBe(false);
      if (listed) {
        const put = await call(env.t, 'PUT', `${r.apiPath}/${encodeURIComponent(String(listed[r.idField]))}`, { ...auth, body: {} });
        expect(put.status, `PUT is not answered as a success: ${show(put)}`).toBeGreaterThanOrEqual(400);
      }
      return;
    }

    let target: Row | undefined = listed;
    let created = false;
    const actions: string[] = [];

    // A required unique field whose every value is taken (one row per choice) leaves nothing new to create.
    let sample: Row | undefined;
    if (hasCreateRoute(r)) {
      try {
        sample = await sampleCreateBody(r, ctx);
      } catch (error) {
        if (!(error instanceof NoFreeValueError)) throw error;
        console.info(`${r.name}: valid create skipped: ${error.message}`);
      }
    }

    if (hasCreateRoute(r)) {
      const before = await countOf(r);

      // Invalid: every required field missing → 400 naming each; every field of the wrong type → 400 naming each.
      const required = r.createFields.filter((f) => r.allFields[f]!.required);
      if (required.length > 0) {
        const empty = await call(env.t, 'POST', r.apiPath, { ...auth, body: {} });
        expect(empty.status, show(empty)).toBe(400);
        expect(pathsOf(empty.body)).toEqual(expect.arrayContaining(required));
      }
      const wrong = await call(env.t, 'POST', r.apiPath, { ...auth, body: Object.fromEntries(r.createFields.map((f) => [f, WRONG_TYPE])) });
      expect(wrong.status, show(wrong)).toBe(400);
      const wrongPaths = pathsOf(wrong.body);
      for (const f of r.createFields) expect(wrongPaths.some((p) => p === f || p.startsWith(`${f}.`)), `wrong type of ${f} is reported at its path (${wrongPaths.join(', ')})`).toBe(true);

      // Allow-list: fields outside the create fields are refused with their path, even beside valid values.
      const outside = ['notAField', 'createdAt', ...(r.createFields.includes(r.idField) ? [] : [r.idField])];
      const sneaky = await call(env.t, 'POST', r.apiPath, { ...auth, body: { ...sample, notAField: 'x', createdAt: '2020-01-01T00:00:00.000Z', [r.idField]: listed?.[r.idField] ?? 1 } });
      expect(sneaky.status, show(sneaky)).toBe(400);
      expect(pathsOf(sneaky.body)).toEqual(expect.arrayContaining(outside));
      expect(await countOf(r), 'no row written by refused creates').toBe(before);
    }

    if (hasCreateRoute(r) && sample) {
      const before = await countOf(r);
      // Valid: built from the field definitions → 201, readable, every sent value stored.
      const body = sample;
      const res = await call(env.t, 'POST', r.apiPath, { ...auth, body });
      expect(res.status, `POST ${r.apiPath} ${JSON.stringify(body)} → ${show(res)}`).toBe(201);
      expectRecordShape(r, res.body, `created ${r.name}`);
      expectStoredValues(r, res.body, body, 'create answer');
      const again = await call(env.t, 'GET', `${r.apiPath}/${encodeURIComponent(String(res.body[r.idField]))}`, auth);
      expect(again.status, show(again)).toBe(200);
      expectStoredValues(r, again.body, body, 'created record read back');
      for (const [field, value] of Object.entries(r.fixed ?? {})) expect(again.body[field], `fixed ${field}`).toBe(value);
      expect(await countOf(r)).toBe(before + 1);
      target = again.body;
      created = true;
      actions.push('create');
    }

    const targetPath = target ? `${r.apiPath}/${encodeURIComponent(String(target[r.idField]))}` : undefined;

    // A workflow-bound record is edited through its machine's EDIT event: in a state that accepts it, with its version.
    const workflow = workflowOf(r.name);
    if (hasUpdateRoute(r) && workflow && target && !acceptsEdit(workflow, target)) {
      const more = await call(env.t, 'GET', `${r.apiPath}?size=200`, auth);
      target = (more.body.items as Row[]).find((item) => acceptsEdit(workflow, item));
      expect(target, `a ${r.name} record in a state that accepts EDIT`).toBeDefined();
    }
    const editPath = target ? `${r.apiPath}/${encodeURIComponent(String(target[r.idField]))}` : undefined;
    const withVersion = (body: Row): Row => (workflow ? { ...body, version: target!.version } : body);

    if (hasUpdateRoute(r) && target && editPath) {
      // Update: one updatable field gets a new valid value → 200 and changed.
      let change: { field: string; value: unknown; expected: unknown } | undefined;
      for (const field of r.updateFields) {
        for (let variant = 1; variant <= 3 && !change; variant += 1) {
          const value = await sampleValue(r.allFields[field]!, ctx, variant, r.allFields[field]!.unique ? await ctx.usedValues(r, field) : undefined);
          const expected = value === undefined ? undefined : expectedStored(r.allFields[field]!, value);
          if (expected !== undefined && !same(expected, target[field])) change = { field, value, expected };
        }
        if (change) break;
      }
      expect(change, `an updatable field of ${r.name} can be given another valid value`).toBeDefined();
      const updated = await call(env.t, 'PUT', editPath, { ...auth, body: withVersion({ [change!.field]: change!.value }) });
      expect(updated.status, `PUT ${JSON.stringify({ [change!.field]: change!.value })} → ${show(updated)}`).toBe(200);
      expect(updated.body[change!.field]).toEqual(change!.expected);
      actions.push('update');

      // Allow-list on update: fields outside the update fields are refused with their path.
      const outside = ['notAField', 'createdAt', ...(r.updateFields.includes(r.idField) ? [] : [r.idField])];
      const refused = await call(env.t, 'PUT', editPath, { ...auth, body: withVersion({ notAField: 1, createdAt: '2020-01-01T00:00:00.000Z', [r.idField]: target[r.idField] }) });
      expect(refused.status, show(refused)).toBe(400);
      expect(pathsOf(refused.body)).toEqual(expect.arrayContaining(outside));
      const unchanged = await call(env.t, 'GET', editPath, auth);
      expect(unchanged.body.createdAt).toBe(target.createdAt);
    }

    if (hasActivateRoute(r) && target && targetPath) {
      const field = r.activeField!;
      const off = await call(env.t, 'PATCH', `${targetPath}/activate-inactivate`, { ...auth, body: { active: false } });
      expect(off.status, show(off)).toBe(200);
      expect(off.body[field]).toBe(false);
      if (target[field] !== false) actions.push('inactivate');
      const on = await call(env.t, 'PATCH', `${targetPath}/activate-inactivate`, { ...auth, body: { active: true } });
      expect(on.status, show(on)).toBe(200);
      expect(on.body[field]).toBe(true);
      actions.push('activate');
      const bad = await call(env.t, 'PATCH', `${targetPath}/activate-inactivate`, { ...auth, body: { active: 'yes' } });
      expect(bad.status, show(bad)).toBe(400);
      expect(pathsOf(bad.body)).toContain('active');
    }

    if (target && actions.length > 0) {
      const audit = await call(env.t, 'GET', `/upload-service/audit/entity/${r.name}/entityId/${encodeURIComponent(String(target[r.idField]))}`, auth);
      expect(audit.status, show(audit)).toBe(200);
      const recorded = (audit.body.items as { action: string; actorName: string | null }[]).map((e) => e.action);
      expect(recorded, 'audit rows of every write').toEqual(expect.arrayContaining(actions));
      if (created) expect(recorded.at(-1)).toBe('create');
      expect(audit.body.items[0].actorName).toBe('Aarav Sharma');
    }
  });
});
