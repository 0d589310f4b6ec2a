// The demo roles' grants as docs/roles.md shows them, grouped by area: written into the document by
// `npx tsx scripts/role-docs.ts`, and checked against it by tests/server/demo-role-table.test.ts, so the document
// cannot drift from the seed.
import { reportResources } from '@domain/downloads';
import { flattenMenu } from '@domain/menu';
import { allPermissions, familyOf, type Permission } from '@domain/permissions';
import { permissionLabel } from '@domain/permission-labels';
import { viewPermission } from '@domain/resource/define-resource';
import { resources } from '@domain/resource/registry';

/** The areas of the document, in its order. */
export const roleAreas = ['Chargers', 'OCPP', 'Bookings and sessions', 'Money', 'Tickets', 'People and roles', 'Exports', 'Everything else'] as const;
export type RoleArea = (typeof roleAreas)[number];

/** A charger's traffic and commands: the central system's part of the Hardware family. */
const ocpp: ReadonlySet<Permission> = new Set<Permission>([
  'ROLE_EXECUTE_COMMAND',
  'ROLE_MANAGE_CHARGING_PROFILES',
  'ROLE_MANAGE_LOCAL_LIST',
  'ROLE_RESERVE_CONNECTOR',
  'ROLE_UPDATE_FIRMWARE',
  'ROLE_REQUEST_DIAGNOSTICS',
  'ROLE_DATA_TRANSFER',
  'ROLE_TEST_DEVICE',
  'ROLE_VIEW_TELEMETRY',
  'ROLE_VIEW_HARDWARE_ACTIVITY_LOGS',
  'ROLE_VIEW_CONNECTIVITY_DETAILS',
  'ROLE_VIEW_TRANSACTION',
  'ROLE_VIEW_AUTHORIZE_REQUEST',
  'ROLE_RUN_FIRMWARE_CAMPAIGN',
  'ROLE_VIEW_FIRMWARE_CAMPAIGNS',
]);

/** Downloads' own permissions (an export itself needs the view permission of its list). */
const exports: ReadonlySet<Permission> = new Set<Permission>(['ROLE_MANAGE_DOWNLOADS', 'ROLE_VIEW_DOWNLOAD_CONFIG', 'ROLE_UPDATE_DOWNLOAD_CONFIG']);

const areaOfFamily: Readonly<Partial<Record<ReturnType<typeof familyOf>, RoleArea>>> = {
  Chargers: 'Chargers',
  Locations: 'Chargers',
  Hardware: 'Chargers',
  Zones: 'Chargers',
  Bookings: 'Bookings and sessions',
  Orders: 'Bookings and sessions',
  Wallet: 'Money',
  Finance: 'Money',
  'Charger installation ticket': 'Tickets',
  'Site inspection': 'Tickets',
  'Charger approval ticket': 'Tickets',
  'Servicing tickets': 'Tickets',
  'Other tickets': 'Tickets',
  'Ticket actions': 'Tickets',
  'Users and groups': 'People and roles',
  Roles: 'People and roles',
  'CZO staff users': 'People and roles',
};

/** The area of the document a permission is shown under. */
export function areaOf(permission: Permission): RoleArea {
  if (ocpp.has(permission)) return 'OCPP';
  if (exports.has(permission)) return 'Exports';
  return areaOfFamily[familyOf(permission)] ?? 'Everything else';
}

/** The report types of Download Management whose list the permissions let one see, so export. */
export function exportableReports(granted: ReadonlySet<string>): string[] {
  return Object.values(reportResources).flatMap((name) => {
    const resource = resources.find((r) => r.name === name);
    if (!resource) return [];
    const needs = viewPermission(resource, undefined);
    return needs === null || granted.has(needs) ? [resource.plural] : [];
  });
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** One role's table: per area, what it may do (the permissions' labels) and the codes behind it. */
function roleTable(permissions: readonly Permission[]): string[] {
  const granted = new Set<string>(permissions);
  const rows = ['| Area | May | Permissions |', '| --- | --- | --- |'];
  for (const area of roleAreas) {
    const codes = allPermissions.filter((p) => granted.has(p) && areaOf(p) === area);
    let may = codes.map((p) => permissionLabel(p)).join('; ');
    if (area === 'Exports') {
      const reports = exportableReports(granted);
      const lists = reports.length > 0 ? `Export the lists it sees (of the report types: ${reports.join(', ')})` : 'Export no report type (only lists it sees)';
      may = [lists, ...codes.map((p) => permissionLabel(p))].join('; ');
    }
    rows.push(`| ${area} | ${cell(may || '—')} | ${codes.length > 0 ? codes.map((p) => `\`${p}\``).join(' ') : '—'} |`);
  }
  return rows;
}

/** The generated part of docs/roles.md, markers included: each demo role with its description and its grants. */
export function demoRoleTables(roles: readonly { name: string; description: string; permissions: readonly Permission[] }[]): string {
  const lines = ['<!-- role-tables:start -->', '<!-- Written by `npx tsx scripts/role-docs.ts` from the seeded roles: do not edit by hand. -->'];
  for (const role of roles) {
    const every = role.permissions.length === allPermissions.length && allPermissions.every((p) => role.permissions.includes(p));
    lines.push('', `### ${role.name}`, '', `${role.description} ${role.permissions.length} permissions.`, '');
    if (every) lines.push('Every permission of the catalogue, in every area, and so every export.');
    else lines.push(...roleTable(role.permissions));
  }
  const open = flattenMenu().filter((entry) => entry.permission === undefined);
  lines.push(
    '',
    '### No role',
    '',
    `A signed-in staff member without a role holds no permission: the home page and the menu entries that need none (${open.map((entry) => entry.title).join(', ')}).`,
    '',
    '<!-- role-tables:end -->',
  );
  return lines.join('\n');
}
