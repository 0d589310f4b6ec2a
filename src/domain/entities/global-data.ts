import { defineResource, type Resource } from '../resource/define-resource';
import { f } from '../resource/field';

const GD = '/global-data-management';

/** Suppliers of chargers and hardware. */
export const vendorResource = defineResource({
  name: 'vendors',
  title: 'Vendor',
  plural: 'Vendors',
  service: '/config',
  path: 'admin/vendor',
  table: 'vendors',
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 120 }),
    contactName: f.text('Contact person', { max: 120 }),
    mobileNumber: f.phone('Mobile number', { required: true }),
    email: f.email('Email'),
    gstin: f.code('GSTIN', { max: 15, unique: true }),
    address: f.longText('Address', { max: 500 }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'id' }, { field: 'name' }, { field: 'contactName' }, { field: 'mobileNumber' }, { field: 'email', hidden: true }, { field: 'gstin' }, { field: 'isActive' }, { field: 'createdAt' }],
    filters: [{ field: 'name', kind: 'text' }, { field: 'isActive', kind: 'boolean' }, { field: 'createdAt', kind: 'dateRange' }],
    sortable: ['name', 'createdAt'],
  },
  search: { exact: ['id', 'mobileNumber', 'gstin'], text: ['name'] },
  form: [
    { title: 'Vendor', fields: ['name', 'gstin', 'address'] },
    { title: 'Contact', fields: ['contactName', 'mobileNumber', 'email'] },
  ],
  permissions: { view: 'ROLE_VIEW_VENDOR', create: 'ROLE_ADD_VENDOR', update: 'ROLE_UPDATE_VENDOR', activate: 'ROLE_UPDATE_VENDOR' },
  activeField: 'isActive',
  views: [{ path: `${GD}/vendor-management`, title: 'Vendor Management' }],
  createPath: `${GD}/vendor-management/add`,
});

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

/** Resources of global data management (declared in the order of the side menu). */
export const globalDataResources: readonly Resource[] = [vendorResource, cityResource];
