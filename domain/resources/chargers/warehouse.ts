import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { city, isActive } from './shared';

const GD = '/global-data-management';

/** Warehouses that hold hardware stock before installation. */
export const warehouseResource = defineResource({
  name: 'warehouses',
  title: 'Warehouse',
  plural: 'Warehouses',
  service: '/config',
  path: 'admin/warehouse',
  table: 'warehouses',
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 120 }),
    code: f.code('Code', { required: true, unique: true, max: 20 }),
    cityId: city(),
    address: f.longText('Address', { required: true, max: 500 }),
    managerName: f.text('Manager name', { max: 120 }),
    managerMobileNumber: f.phone('Manager mobile number'),
    isActive: isActive(),
  },
  list: {
    columns: [{ field: 'code' }, { field: 'name' }, { field: 'cityId' }, { field: 'managerName' }, { field: 'managerMobileNumber' }, { field: 'address', hidden: true }, { field: 'isActive' }, { field: 'createdAt' }],
    filters: [{ field: 'name', kind: 'text' }, { field: 'cityId', kind: 'relation' }, { field: 'isActive', kind: 'boolean' }],
    defaultSort: { field: 'name', dir: 'asc' },
    sortable: ['code', 'createdAt'],
  },
  search: { exact: ['id', 'code', 'managerMobileNumber'], text: ['name'] },
  form: [
    { title: 'Warehouse', fields: ['name', 'code', 'cityId', 'address'] },
    { title: 'Manager', fields: ['managerName', 'managerMobileNumber'] },
  ],
  permissions: { view: 'ROLE_VIEW_WAREHOUSE', create: 'ROLE_ADD_WAREHOUSE', update: 'ROLE_UPDATE_WAREHOUSE', activate: 'ROLE_UPDATE_WAREHOUSE' },
  activeField: 'isActive',
  views: [{ path: `${GD}/warehouse-management`, title: 'Warehouse Management' }],
  createPath: `${GD}/warehouse-management/add`,
});
