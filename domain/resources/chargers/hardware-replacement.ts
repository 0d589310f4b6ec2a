import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { oldUnitStatusOptions, CM } from './shared';

/** Where the unit taken out of a charger goes: back to stock when it works, to repair when it is faulty. */
export const oldUnitStatuses = ['IN_STOCK', 'UNDER_REPAIR'] as const;

/** Hardware swaps of chargers, each with the unit taken out, the unit put in and why (read-only log). */
export const hardwareReplacementResource = defineResource({
  name: 'hardware-replacements',
  title: 'Hardware replacement',
  plural: 'Hardware replacements',
  service: '/charger-service',
  path: 'hardware-replacement',
  table: 'charger_hardware_replacements',
  labelField: 'id',
  fields: {
    chargerId: f.relation('Charger', 'chargers', { required: true }),
    fromHardwareId: f.relation('Unit taken out', 'hardware'),
    toHardwareId: f.relation('Unit put in', 'hardware', { required: true }),
    oldUnitStatus: f.choice('Old unit went to', oldUnitStatusOptions, { display: 'text' }),
    reason: f.longText('Reason', { required: true, max: 500 }),
    replacedById: f.relation('By', 'users', { idType: 'uuid' }),
    replacedAt: f.datetime('At', { required: true }),
  },
  list: {
    columns: [{ field: 'chargerId' }, { field: 'fromHardwareId' }, { field: 'toHardwareId' }, { field: 'oldUnitStatus' }, { field: 'reason' }, { field: 'replacedById' }, { field: 'replacedAt' }],
    filters: [{ field: 'chargerId', kind: 'relation' }, { field: 'replacedAt', kind: 'dateRange' }],
    defaultSort: { field: 'replacedAt', dir: 'desc' },
  },
  search: { exact: ['id'] },
  permissions: { view: 'ROLE_VIEW_HARDWARE_ACTIVITY_LOGS' },
  views: [{ path: `${CM}/hardware-inventory/replacements`, title: 'Hardware Replacements' }],
  readOnly: true,
});
