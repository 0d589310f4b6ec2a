import { defineResource, type Resource } from '../resource/define-resource';
import { f } from '../resource/field';

/** Everyone with an account (customers, hosts, staff): the foundation's users table. */
export const userResource = defineResource({
  name: 'users',
  title: 'User',
  plural: 'Users',
  service: '/user-service',
  path: 'user',
  table: 'users',
  id: { type: 'uuid' },
  labelField: 'name',
  fields: {
    name: f.text('Name', { max: 120 }),
    mobileNumber: f.phone('Mobile number', { required: true, unique: true }),
    email: f.email('Email'),
    image: f.image('Photo'),
    referralCode: f.code('Referral code', { readOnly: true }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'image' }, { field: 'name' }, { field: 'mobileNumber' }, { field: 'email' }, { field: 'referralCode', hidden: true }, { field: 'isActive' }, { field: 'createdAt' }],
    filters: [{ field: 'name', kind: 'text' }, { field: 'isActive', kind: 'boolean' }, { field: 'createdAt', kind: 'dateRange' }],
    sortable: ['name', 'createdAt'],
  },
  search: { exact: ['id', 'mobileNumber', 'referralCode'], text: ['name'] },
  form: [{ title: 'User', fields: ['name', 'mobileNumber', 'email', 'image'] }],
  permissions: { view: 'ROLE_VIEW_USERS', create: 'ROLE_CREATE_USER', update: 'ROLE_CHANGE_USER_NAME', activate: 'ROLE_BLOCK_USER' },
  activeField: 'isActive',
  views: [{ path: '/user-management', title: 'All Users' }],
  createPath: '/user-management/add',
  detailPath: '/user-management/users/:id',
});

/** Resources of this module (declared in the order of the side menu). */
export const userResources: readonly Resource[] = [userResource];
