import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { GD } from './shared';

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
