import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { UM } from './shared';

/**
 * Staff access (CZO users): an existing user made staff, keyed by the user's id (the foundation's czo_users
 * table, which sign-in checks). Access needs the user and this record active; permissions come from roles.
 */
export const czoUserResource = defineResource({
  name: 'czo-users',
  title: 'Staff user',
  plural: 'Staff users',
  service: '/user-service',
  path: 'czo-user',
  table: 'czo_users',
  id: { field: 'userId', type: 'uuid' },
  labelField: 'userId',
  fields: {
    userId: f.relation('User', 'users', { idType: 'uuid', required: true, unique: true, help: 'Find the user by mobile number; add them under All Users first if they have no account.' }),
    designation: f.text('Designation', { max: 120 }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'userId' }, { field: 'designation' }, { field: 'isActive' }, { field: 'createdAt' }],
    filters: [{ field: 'userId', kind: 'relation' }, { field: 'isActive', kind: 'boolean' }],
  },
  search: { exact: ['userId'], text: ['designation'] },
  form: [{ title: 'Staff user', fields: ['userId', 'designation'] }],
  update: ['designation'],
  permissions: { view: 'ROLE_VIEW_ALL_CZO_USERS', create: 'ROLE_ADD_CZO_USER', update: 'ROLE_UPDATE_CZO_USER', activate: 'ROLE_ACTIVATE_INACTIVATE_CZO_USER' },
  activeField: 'isActive',
  views: [{ path: `${UM}/czo-access`, title: 'CZO Access' }],
  related: [{ resource: 'user-roles', field: 'userId', title: 'Roles' }],
});
