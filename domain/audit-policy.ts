// Which audit rows an audit configuration keeps (server/audit/write-audit.ts applies it; the configuration's form
// shows the allow-list). Pure: no database, shared by the server and the console.

/** The actions a configuration lists (audit-configurations.auditedActions). */
export const AUDITED_ACTIONS = ['CREATE', 'UPDATE', 'ACTIVATE', 'INACTIVATE', 'TRANSITION', 'EXPORT'] as const;
export type AuditedAction = (typeof AUDITED_ACTIONS)[number];

/**
 * Entity types audited whatever their configuration says, and whose rows retention never deletes: money (wallets,
 * settlements, payouts, invoices, bank details), who may do what (staff, roles, role mappings, blocked numbers,
 * sessions) and the audit configuration itself.
 */
export const ALWAYS_AUDITED_ENTITY_TYPES: readonly string[] = [
  'wallets',
  'settlements',
  'settlement-bookings',
  'payouts',
  'invoices',
  'bank-details',
  'czo-users',
  'roles',
  'user-roles',
  'blocked-numbers',
  'session',
  'audit-configurations',
];

/**
 * Actions audited on any entity type whatever its configuration says (and kept by retention): signing in and out,
 * a changed sign-in number or role permissions, blocking, a charger's OCPP password, and moving a charger's host
 * (where its earnings go).
 */
export const ALWAYS_AUDITED_ACTIONS: readonly string[] = [
  'sign-in',
  'sign-out',
  'change-mobile-number',
  'edit-permissions',
  'bulk-assign',
  'block',
  'unblock',
  'rotate-ocpp-password',
  'transfer-device',
  'host-mapping',
];

/**
 * The configuration action an audit row's action counts as: create, update, activate, inactivate and transition (a
 * workflow event) by name, export and download as EXPORT, and every other named action (replace hardware, change
 * name, add member…) as UPDATE, since each changes a record.
 */
export function auditedActionOf(action: string): AuditedAction {
  switch (action.toLowerCase()) {
    case 'create':
      return 'CREATE';
    case 'activate':
      return 'ACTIVATE';
    case 'inactivate':
      return 'INACTIVATE';
    case 'transition':
      return 'TRANSITION';
    case 'export':
    case 'download':
      return 'EXPORT';
    default:
      return 'UPDATE';
  }
}

/** True when an audit row of this entity type and action is always written and kept, whatever the configuration. */
export function isAlwaysAudited(entityType: string, action: string): boolean {
  return ALWAYS_AUDITED_ENTITY_TYPES.includes(entityType) || ALWAYS_AUDITED_ACTIONS.includes(action);
}

/** An entity type's configuration as the audit policy reads it. */
export interface AuditConfigurationRule {
  auditedActions: readonly string[];
  retentionDays: number;
  isActive: boolean;
}

/**
 * Whether an audit row is written: always for the allow-listed types and actions; with no configuration or an
 * inactive one, always (everything is audited by default); else only for the actions the configuration lists.
 */
export function shouldAudit(rule: AuditConfigurationRule | undefined, entityType: string, action: string): boolean {
  if (isAlwaysAudited(entityType, action) || !rule || !rule.isActive) return true;
  return rule.auditedActions.includes(auditedActionOf(action));
}

/** Help text of the configuration's form: what it decides and what it cannot turn off. */
export const AUDIT_CONFIGURATION_HELP =
  `Only the listed actions of this entity type are audited, and its audit rows older than the retention are deleted hourly. ` +
  `No configuration, or an inactive one, audits everything. Always audited and kept, whatever is chosen: ${ALWAYS_AUDITED_ENTITY_TYPES.join(', ')}, ` +
  `and on every type sign-in, sign-out, number and permission changes, blocking, OCPP passwords and a charger’s host. ` +
  `Named actions (replace hardware, change name…) count as Update; workflow events as Transition.`;
