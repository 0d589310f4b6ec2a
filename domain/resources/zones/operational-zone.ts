import { defineResource } from '@domain/resource/define-resource';
import { zoneFields, zoneList, zonePermissions, ZM } from './shared';

/** Areas the field teams operate in, each with its owner. */
export const operationalZoneResource = defineResource({
  name: 'operational-zones',
  title: 'Operational zone',
  plural: 'Operational zones',
  service: '/charger-service',
  path: 'operational-zone',
  table: 'operational_zones',
  labelField: 'name',
  fields: zoneFields(),
  list: zoneList([]),
  search: { exact: ['id'], text: ['name'] },
  form: [
    { title: 'Zone', fields: ['name', 'ownerId'] },
    { title: 'Area', fields: ['cityId', 'centre', 'radiusKm'] },
  ],
  permissions: zonePermissions,
  activeField: 'isActive',
  views: [{ path: `${ZM}/operational-zone`, title: 'Operational Zone' }],
  createPath: `${ZM}/operational-zone/add`,
});
