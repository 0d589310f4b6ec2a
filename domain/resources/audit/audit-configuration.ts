import { AUDITED_ACTIONS, AUDIT_CONFIGURATION_HELP } from '@domain/audit-policy';
import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { GD } from '../catalogue/shared';

/**
 * Which actions are audited per entity type and how long audit rows are kept: writeAudit applies it (through a
 * cache of a few seconds) and the hourly housekeeping deletes rows past the retention (domain/audit-policy.ts).
 */
export const auditConfigurationResource = defineResource({
  name: 'audit-configurations',
  title: 'Audit configuration',
  plural: 'Audit configuration',
  service: '/upload-service',
  path: 'audit-config',
  table: 'audit_configurations',
  labelField: 'entityType',
  fields: {
    entityType: f.code('Entity type', { required: true, unique: true, max: 80, help: 'Resource name, e.g. chargers' }),
    auditedActions: f.choices('Audited actions', optionsOf(AUDITED_ACTIONS), { required: true, help: AUDIT_CONFIGURATION_HELP }),
    retentionDays: f.int('Retention', { required: true, min: 30, max: 3650, unit: 'days' }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'entityType' }, { field: 'auditedActions' }, { field: 'retentionDays' }, { field: 'isActive' }, { field: 'updatedAt' }],
    filters: [{ field: 'auditedActions', kind: 'select' }, { field: 'isActive', kind: 'boolean' }],
    defaultSort: { field: 'entityType', dir: 'asc' },
    sortable: ['retentionDays', 'updatedAt'],
  },
  search: { exact: ['id', 'entityType'] },
  form: [{ title: 'Audit', fields: ['entityType', 'auditedActions', 'retentionDays'] }],
  update: ['auditedActions', 'retentionDays'],
  permissions: { view: 'ROLE_VIEW_AUDIT_CONFIG', create: 'ROLE_UPDATE_AUDIT_CONFIG', update: 'ROLE_UPDATE_AUDIT_CONFIG', activate: 'ROLE_UPDATE_AUDIT_CONFIG' },
  activeField: 'isActive',
  views: [{ path: `${GD}/audit-configuration`, title: 'Audit Configuration' }],
});
