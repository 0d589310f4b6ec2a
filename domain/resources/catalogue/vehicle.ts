import { defineResource } from '@domain/resource/define-resource';
import { optionsOf, f } from '@domain/resource/field';
import { GD } from './shared';

/** Vehicle categories. */
export const vehicleCategoryOptions = optionsOf(['TWO_WHEELER', 'THREE_WHEELER', 'FOUR_WHEELER']);

/** Electric vehicle models customers pick in the app (battery size drives charge estimates). */
export const vehicleResource = defineResource({
  name: 'vehicles',
  title: 'Vehicle',
  plural: 'Vehicles',
  service: '/vehicle-service',
  path: 'vehicle',
  table: 'vehicles',
  labelField: 'model',
  fields: {
    make: f.text('Make', { required: true, max: 80 }),
    model: f.text('Model', { required: true, max: 120 }),
    vehicleCategory: f.choice('Vehicle category', vehicleCategoryOptions, { required: true, display: 'badge' }),
    batteryKwh: f.decimal('Battery', { required: true, min: 0.5, max: 250, unit: 'kWh' }),
    connector: f.relation('Connector', 'socket-types', { idType: 'text', required: true }),
    image: f.image('Image'),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'image' }, { field: 'make' }, { field: 'model' }, { field: 'vehicleCategory' }, { field: 'batteryKwh' }, { field: 'connector' }, { field: 'isActive' }],
    filters: [{ field: 'make', kind: 'text' }, { field: 'vehicleCategory', kind: 'select' }, { field: 'connector', kind: 'relation' }, { field: 'isActive', kind: 'boolean' }],
    defaultSort: { field: 'make', dir: 'asc' },
    sortable: ['model', 'batteryKwh', 'createdAt'],
  },
  search: { exact: ['id'], text: ['model'] },
  form: [{ title: 'Vehicle', fields: ['make', 'model', 'vehicleCategory', 'batteryKwh', 'connector', 'image'] }],
  permissions: { view: 'ROLE_VIEW_VEHICLE', create: 'ROLE_UPDATE_VEHICLE', update: 'ROLE_UPDATE_VEHICLE', activate: 'ROLE_UPDATE_VEHICLE' },
  activeField: 'isActive',
  views: [{ path: `${GD}/vehicle-management`, title: 'Vehicle Management' }],
  createPath: `${GD}/vehicle-management/add`,
});
