import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { GD } from '../catalogue/shared';

/** Cities the network operates in: the foundation's cities table. */
export const cityResource = defineResource({
  name: 'cities',
  title: 'City',
  plural: 'Cities',
  service: '/config',
  path: 'city',
  table: 'cities',
  id: { type: 'uuid' },
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 80 }),
    state: f.text('State', { required: true, max: 80 }),
    latitude: f.decimal('Latitude', { required: true, min: -90, max: 90 }),
    longitude: f.decimal('Longitude', { required: true, min: -180, max: 180 }),
    isDefault: f.boolean('Default city', { defaultValue: false, readOnly: true }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'name' }, { field: 'state' }, { field: 'latitude' }, { field: 'longitude' }, { field: 'isDefault' }, { field: 'isActive' }],
    filters: [{ field: 'name', kind: 'text' }, { field: 'isActive', kind: 'boolean' }],
    defaultSort: { field: 'name', dir: 'asc' },
    sortable: ['state', 'createdAt'],
  },
  search: { exact: ['id'], text: ['name'] },
  form: [{ title: 'City', fields: ['name', 'state', 'latitude', 'longitude'] }],
  permissions: { view: 'ROLE_VIEW_CITY', create: 'ROLE_UPDATE_CITY', update: 'ROLE_UPDATE_CITY', activate: 'ROLE_UPDATE_CITY' },
  activeField: 'isActive',
  views: [{ path: `${GD}/city`, title: 'All City' }],
  createPath: `${GD}/city/add`,
});
