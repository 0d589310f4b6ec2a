// Every resource definition, checked against the others, the menu and the tables drizzle-kit sees.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { viewPermission } from '@domain/resource/define-resource';
import type { FieldDef } from '@domain/resource/field';
import { filterKeys } from '@domain/resource/list-query';
import { findResource, resources } from '@domain/resource/registry';
import { flattenMenu } from '@domain/menu';
import { builtTables } from '@server/db/resource-tables';
import * as foundation from '@server/db/schema';

const duplicates = (values: readonly string[]) => [...new Set(values.filter((v, i) => values.indexOf(v) !== i))];

/** Every field of a resource with its item fields, as [dotted name, definition]. */
function fieldsDeep(fields: Readonly<Record<string, FieldDef>>, prefix = ''): [string, FieldDef][] {
  return Object.entries(fields).flatMap(([name, def]): [string, FieldDef][] => [[`${prefix}${name}`, def], ...(def.itemFields ? fieldsDeep(def.itemFields, `${prefix}${name}.`) : [])]);
}

describe('resource definitions', () => {
  it('has resources', () => {
    expect(resources.length).toBeGreaterThan(0);
  });

  it('have unique names, API paths and console view paths', () => {
    expect(duplicates(resources.map((r) => r.name)), 'names').toEqual([]);
    expect(duplicates(resources.map((r) => r.apiPath)), 'API paths').toEqual([]);
    expect(duplicates(resources.flatMap((r) => r.views.map((v) => v.path))), 'view paths').toEqual([]);
    const consolePaths = resources.flatMap((r) => [...r.views.map((v) => v.path), ...(r.createPath ? [r.createPath] : [])]);
    expect(duplicates(consolePaths), 'view and create paths').toEqual([]);
    for (const r of resources) {
      expect(r.name, 'kebab-case plural name').toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
      expect(r.path, `${r.name}: API path below the service has no leading or trailing slash`).toMatch(/^[^/].*[^/]$|^[^/]$/);
    }
  });

  it('declare createPath only with a create permission, and activeField only with an activate permission', () => {
    for (const r of resources) {
      if (r.createPath) expect(r.permissions.create, `${r.name}: createPath needs permissions.create`).toBeDefined();
      if (r.activeField) {
        expect(r.permissions.activate, `${r.name}: activeField needs permissions.activate`).toBeDefined();
        expect(r.allFields[r.activeField]?.storage, `${r.name}: activeField is a boolean`).toBe('boolean');
      }
      if (r.readOnly) expect([r.createFields, r.updateFields, r.createPath], `${r.name}: read-only`).toEqual([[], [], undefined]);
    }
  });

  it('name only existing resources in relations and related lists', () => {
    const problems: string[] = [];
    for (const r of resources) {
      for (const [name, def] of fieldsDeep(r.allFields)) {
        if (def.relation && !findResource(def.relation)) problems.push(`${r.name}.${name} → unknown resource "${def.relation}"`);
      }
      for (const related of r.related ?? []) {
        const other = findResource(related.resource);
        if (!other) problems.push(`${r.name} related list → unknown resource "${related.resource}"`);
        else if (!other.allFields[related.field]) problems.push(`${r.name} related list → ${related.resource} has no field "${related.field}"`);
        // The related list asks the other resource's list API with this filter: an undeclared one is a 400.
        else if (!other.filters.flatMap(filterKeys).includes(related.field)) problems.push(`${r.name} related list → ${related.resource} has no filter "${related.field}"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('give each view that is also a side-menu entry exactly the menu entry’s permission', () => {
    const menu = new Map(flattenMenu().map((entry) => [entry.path, entry]));
    const problems: string[] = [];
    let matched = 0;
    for (const r of resources) {
      for (const view of r.views) {
        const entry = menu.get(view.path);
        if (!entry) continue;
        matched += 1;
        const needed = viewPermission(r, view.scope);
        const menuPermission = entry.permission ?? null;
        if (needed !== menuPermission) problems.push(`${r.name} view ${view.path}: needs ${needed ?? 'no permission'}, the menu entry ${menuPermission ?? 'no permission'}`);
      }
    }
    expect(problems).toEqual([]);
    expect(matched, 'some views are menu entries').toBeGreaterThan(0);
  });

  it('export every built table by name from server/db/tables (drizzle-kit sees only those)', async () => {
    const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../server/db/tables');
    const exported = new Map<unknown, string>();
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.ts'))) {
      const mod = (await import(path.join(folder, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) exported.set(value, `${file}: ${name}`);
    }
    const foundationTables = new Set<unknown>(Object.values(foundation));
    const missing = [...builtTables.entries()].filter(([, built]) => !foundationTables.has(built.table) && !exported.has(built.table)).map(([name, built]) => `${name} (${built.resources.map((r) => r.name).join(', ')})`);
    expect(missing, 'tables not exported from server/db/tables/*.ts').toEqual([]);
  });

  it('keep list, search and form fields consistent with the fields they name', () => {
    const problems: string[] = [];
    for (const r of resources) {
      for (const field of r.search?.text ?? []) if (r.allFields[field]?.storage !== 'text') problems.push(`${r.name}: text search on non-text field ${field}`);
      for (const fl of r.filters) {
        const def = r.allFields[fl.field]!;
        if (fl.kind === 'select' && !def.options?.length && def.storage !== 'text') problems.push(`${r.name}: select filter ${fl.field} has no options`);
        if (fl.kind === 'relation' && !def.relation) problems.push(`${r.name}: relation filter on ${fl.field}, which is no relation`);
      }
      for (const name of [...r.createFields, ...r.updateFields]) if (r.fixed?.[name] !== undefined) problems.push(`${r.name}: fixed field ${name} is writable`);
    }
    expect(problems).toEqual([]);
  });
});
