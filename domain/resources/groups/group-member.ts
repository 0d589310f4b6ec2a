import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { UM } from '../users/shared';

/**
 * Who belongs to which group (user-service `group-member`): one row per user and group (a unique index, migration
 * 0014), written and deleted only by the group's Add member and Remove member actions.
 */
export const groupMemberResource = defineResource({
  name: 'group-members',
  title: 'Group member',
  plural: 'Group members',
  service: '/user-service',
  // Not `group/member`: that would answer at the groups' `group/:id`.
  path: 'group-member',
  table: 'user_group_members',
  labelField: 'userId',
  fields: {
    groupId: f.relation('Group', 'groups', { required: true }),
    userId: f.relation('Member', 'users', { idType: 'uuid', required: true }),
    addedAt: f.datetime('Added', { required: true, readOnly: true }),
    addedById: f.relation('Added by', 'users', { idType: 'uuid' }),
  },
  list: {
    columns: [{ field: 'userId' }, { field: 'groupId' }, { field: 'addedAt' }, { field: 'addedById' }],
    filters: [{ field: 'groupId', kind: 'relation' }, { field: 'userId', kind: 'relation' }, { field: 'addedAt', kind: 'dateRange' }],
    defaultSort: { field: 'addedAt', dir: 'desc' },
  },
  search: { exact: ['id'] },
  permissions: { view: 'ROLE_VIEW_GROUPS' },
  views: [{ path: `${UM}/groups/members`, title: 'Group Members' }],
  readOnly: true,
});
