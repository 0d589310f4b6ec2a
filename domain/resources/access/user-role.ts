import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { CZO } from './shared';

/** Which staff user holds which role; removing a mapping inactivates it (the foundation's user_roles table). */
export const userRoleResource = defineResource({
  name: 'user-roles',
  title: 'User role',
  plural: 'User roles',
  service: '/auth-service',
  path: 'admin/user-role',
  table: 'user_roles',
  labelField: 'roleId',
  fields: {
    userId: f.relation('Staff user', 'users', { idType: 'uuid', required: true }),
    roleId: f.relation('Role', 'roles', { idType: 'uuid', required: true }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'id' }, { field: 'userId' }, { field: 'roleId' }, { field: 'isActive' }, { field: 'createdAt' }],
    filters: [{ field: 'userId', kind: 'relation' }, { field: 'roleId', kind: 'relation' }, { field: 'isActive', kind: 'boolean' }],
  },
  search: { exact: ['id', 'userId', 'roleId'] },
  form: [{ title: 'Role mapping', fields: ['userId', 'roleId'] }],
  update: [],
  permissions: { view: 'ROLE_VIEW_USER_ROLES', create: 'ROLE_ADD_USER_ROLE_MAPPING', activate: 'ROLE_REMOVE_USER_ROLE_MAPPING' },
  activeField: 'isActive',
  views: [{ path: `${CZO}/user-roles`, title: 'User Roles' }],
  createPath: `${CZO}/user-roles/add`,
  actions: [
    {
      // auth-service `user-role/role`: one role to many staff in one request, answered per user (who got it, who
      // had it, who was refused and why); server/users/role-routes.ts.
      name: 'bulk-assign',
      path: 'user-role/role',
      title: 'Bulk assign role',
      permission: 'ROLE_BULK_ASSIGN_ROLES',
      on: 'list',
      fields: {
        roleId: f.relation('Role', 'roles', { idType: 'uuid', required: true }),
        userIds: f.relations('Staff users', 'users', { required: true, max: 200, help: 'Find each staff user by name or mobile number; users who are not staff are refused.' }),
      },
      confirm: 'Each staff user gets the role on their next request. Users you may not change are refused one by one; the others are assigned.',
      variant: 'primary',
    },
  ],
});
