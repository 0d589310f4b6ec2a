import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { UM } from '../users/shared';

/** The permission of Add member and Remove member (membership has no permission of its own: it is an update of the group). */
export const UPDATE_GROUP_PERMISSION = 'ROLE_UPDATE_GROUP' as const;
/** The permission of Make group admin. */
export const MAKE_GROUP_ADMIN_PERMISSION = 'ROLE_MAKE_GROUP_ADMIN' as const;

const groupOfRecord = f.relation('Group', 'groups', { required: true });

/**
 * User groups (fleets, societies, companies) with a shared discount and an admin. Members change only through Add
 * member and Remove member (server/users/group-member-routes.ts), which keep `memberCount` equal to the member rows;
 * the admin is a member and changes only through Make group admin. A new group starts with no members and no admin.
 */
export const groupResource = defineResource({
  name: 'groups',
  title: 'Group',
  plural: 'Groups',
  service: '/user-service',
  path: 'group',
  table: 'user_groups',
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 120, unique: true }),
    adminUserId: f.relation('Group admin', 'users', { idType: 'uuid' }),
    memberCount: f.int('Members', { defaultValue: 0, readOnly: true }),
    discountPercent: f.decimal('Discount', { defaultValue: 0, max: 100, unit: '%' }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'id' }, { field: 'name' }, { field: 'adminUserId' }, { field: 'memberCount' }, { field: 'discountPercent' }, { field: 'isActive' }, { field: 'createdAt' }],
    filters: [{ field: 'isActive', kind: 'boolean' }],
    sortable: ['name', 'memberCount'],
  },
  search: { exact: ['id'], text: ['name'] },
  form: [{ title: 'Group', fields: ['name', 'discountPercent'] }],
  owned: { adminUserId: 'the Make group admin action', memberCount: 'the Add member and Remove member actions' },
  permissions: { view: 'ROLE_VIEW_GROUPS', create: 'ROLE_CREATE_GROUP', update: UPDATE_GROUP_PERMISSION, activate: UPDATE_GROUP_PERMISSION },
  activeField: 'isActive',
  views: [{ path: `${UM}/groups`, title: 'User Groups' }],
  createPath: `${UM}/groups/add-group`,
  related: [
    { resource: 'group-members', field: 'groupId', title: 'Members' },
    { resource: 'chargers', field: 'groupId', title: 'Chargers' },
  ],
  actions: [
    {
      name: 'add-member',
      path: 'group/member/add',
      title: 'Add member',
      permission: UPDATE_GROUP_PERMISSION,
      on: 'record',
      fields: { id: groupOfRecord, userId: f.relation('User', 'users', { idType: 'uuid', required: true }) },
      fromRecord: ['id'],
      confirm: 'The user gets the group’s discount from their next booking.',
      variant: 'primary',
    },
    {
      name: 'make-admin',
      path: 'group/admin',
      title: 'Make group admin',
      permission: MAKE_GROUP_ADMIN_PERMISSION,
      on: 'record',
      fields: { id: groupOfRecord, userId: f.relation('Member', 'users', { idType: 'uuid', required: true, help: 'The admin must be a member of the group.' }) },
      fromRecord: ['id'],
      confirm: 'The member becomes the group’s admin in place of the current one.',
    },
    {
      name: 'remove-member',
      path: 'group/member/remove',
      title: 'Remove member',
      permission: UPDATE_GROUP_PERMISSION,
      on: 'record',
      fields: { id: groupOfRecord, userId: f.relation('Member', 'users', { idType: 'uuid', required: true }) },
      fromRecord: ['id'],
      confirm: 'The user loses the group’s discount. This cannot be undone: to have them back, add them again. Removing the admin leaves the group without one.',
      variant: 'danger',
    },
  ],
});
