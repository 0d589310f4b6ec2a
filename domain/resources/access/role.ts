import { permissionSchema } from '@domain/permissions';
import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { CZO } from './shared';

/** Staff roles: named sets of permissions; an inactive role grants nothing (the foundation's roles table). */
export const roleResource = defineResource({
  name: 'roles',
  title: 'Role',
  plural: 'Roles',
  service: '/auth-service',
  path: 'role',
  table: 'roles',
  id: { type: 'uuid' },
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 80, unique: true }),
    description: f.longText('Description', { max: 500 }),
    permissions: f.permissions('Permissions', permissionSchema, { required: true }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'name' }, { field: 'description' }, { field: 'permissions', hidden: true }, { field: 'isActive' }, { field: 'createdAt' }],
    filters: [{ field: 'name', kind: 'text' }, { field: 'isActive', kind: 'boolean' }],
    defaultSort: { field: 'name', dir: 'asc' },
    sortable: ['createdAt'],
  },
  search: { exact: ['id'], text: ['name'] },
  form: [
    { title: 'Role', fields: ['name', 'description'] },
    { title: 'Permissions', fields: ['permissions'] },
  ],
  // A role's permissions change only through Edit permissions, which shows what is added and removed first.
  update: ['name', 'description'],
  owned: { permissions: 'the Edit permissions action' },
  permissions: { view: 'ROLE_VIEW_ROLES', create: 'ROLE_CREATE_ROLE', update: 'ROLE_EDIT_ROLE_PERMISSIONS', activate: 'ROLE_ACTIVATE_INACTIVATE_ROLE' },
  activeField: 'isActive',
  views: [{ path: `${CZO}/all-roles`, title: 'All Roles' }],
  createPath: `${CZO}/all-roles/add`,
  related: [{ resource: 'user-roles', field: 'roleId', title: 'Staff with this role' }],
  actions: [
    {
      // auth-service `role/permission`: the whole new set; the server works out what is added and removed.
      name: 'permission',
      title: 'Edit permissions',
      permission: 'ROLE_EDIT_ROLE_PERMISSIONS',
      on: 'record',
      fields: {
        id: f.relation('Role', 'roles', { idType: 'uuid', required: true }),
        permissions: f.permissions('Permissions', permissionSchema, { required: true }),
      },
      fromRecord: ['id'],
      edit: ['permissions'],
      review: true,
      confirm: 'Staff holding this role get the new permissions on their next request; their menu changes without signing in again.',
      variant: 'primary',
    },
  ],
});
