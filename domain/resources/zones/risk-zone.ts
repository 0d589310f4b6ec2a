import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { zoneFields, zoneList, zonePermissions, ZM } from './shared';

export const riskLevels = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;

/** Areas where chargers need extra care (theft, vandalism, flooding), with their risk level. */
export const riskZoneResource = defineResource({
  name: 'risk-zones',
  title: 'Risk zone',
  plural: 'Risk zones',
  service: '/charger-service',
  path: 'risk-zone',
  table: 'risk_zones',
  labelField: 'name',
  fields: {
    ...zoneFields(),
    riskLevel: f.choice('Risk level', optionsOf(riskLevels, { LOW: 'info', MEDIUM: 'warning', HIGH: 'danger', CRITICAL: 'danger' }), { required: true }),
    notes: f.longText('Notes', { max: 1000 }),
  },
  list: zoneList(['riskLevel']),
  search: { exact: ['id'], text: ['name'] },
  form: [
    { title: 'Zone', fields: ['name', 'riskLevel', 'ownerId', 'notes'] },
    { title: 'Area', fields: ['cityId', 'centre', 'radiusKm'] },
  ],
  permissions: zonePermissions,
  activeField: 'isActive',
  views: [{ path: `${ZM}/risk-zone`, title: 'Risk Zone' }],
  createPath: `${ZM}/risk-zone/add`,
});
