// docs/roles.md shows the seeded roles' grants as the seed holds them: its tables are the ones the seed generates.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allPermissions } from '@domain/permissions';
import { areaOf, demoRoleTables, exportableReports } from '@server/seed/demo-role-table';
import { demoRoles } from '@server/seed/seed-roles';

describe('the demo roles of docs/roles.md', () => {
  it('are the tables the seeded roles generate (run `npx tsx scripts/role-docs.ts` after changing a role)', () => {
    const doc = readFileSync('docs/roles.md', 'utf8');
    const block = /<!-- role-tables:start -->[\s\S]*<!-- role-tables:end -->/.exec(doc)?.[0];
    expect(block).toBe(demoRoleTables(demoRoles));
    for (const role of demoRoles) expect(block).toContain(`### ${role.name}`);
  });

  it('shows every granted permission once, under one area', () => {
    for (const role of demoRoles.filter((r) => r.name !== 'Super Admin')) {
      const section = demoRoleTables([role]);
      for (const p of allPermissions) expect(section.split(`\`${p}\``).length - 1, `${role.name}: ${p}`).toBe(role.permissions.includes(p) ? 1 : 0);
    }
    expect(areaOf('ROLE_VIEW_HARDWARE_ACTIVITY_LOGS')).toBe('OCPP');
    expect(areaOf('ROLE_VIEW_SETTLEMENT')).toBe('Money');
  });

  it('names as exportable only the report types whose list the role sees', () => {
    const readOnly = new Set<string>(demoRoles.find((r) => r.name === 'Read Only')!.permissions);
    expect(exportableReports(readOnly)).toEqual(expect.arrayContaining(['Bookings', 'Chargers']));
    for (const list of ['Settlements', 'Payouts', 'Invoices']) expect(exportableReports(readOnly)).not.toContain(list);
    expect(exportableReports(new Set(demoRoles.find((r) => r.name === 'Finance')!.permissions))).toEqual(expect.arrayContaining(['Settlements', 'Payouts', 'Invoices']));
  });
});
