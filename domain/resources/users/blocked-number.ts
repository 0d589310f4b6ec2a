import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { UM } from './shared';

/** Why a number is blocked: too many wrong sign-in codes (server/auth/blocked-numbers.ts) or a staff member's block. */
export const BLOCK_SOURCES = ['SIGN_IN_ATTEMPTS', 'STAFF'] as const;
/** The permission of the blocked numbers screen and of both its actions (one permission, named after unblocking a mobile number). */
export const BLOCKED_NUMBERS_PERMISSION = 'ROLE_UNBLOCK_MOBILE_NUMBER' as const;

const blockReason = f.longText('Reason', { required: true, max: 500, help: 'Recorded in the number’s history.' });

/**
 * Numbers refused at sign-in (auth-service `blocked-numbers`): one row per number ever blocked; `blocked` says
 * whether it is blocked now. Rows change only through the Block number and Unblock actions and the sign-in rule.
 */
export const blockedNumberResource = defineResource({
  name: 'blocked-numbers',
  title: 'Blocked number',
  plural: 'Blocked numbers',
  service: '/auth-service',
  path: 'blocked-numbers',
  table: 'blocked_numbers',
  labelField: 'mobileNumber',
  fields: {
    mobileNumber: f.phone('Mobile number', { required: true, unique: true }),
    blocked: f.boolean('Blocked', { defaultValue: true }),
    source: f.choice('Source', [
      { value: 'SIGN_IN_ATTEMPTS', label: 'Sign-in attempts', tone: 'warning' },
      { value: 'STAFF', label: 'Staff', tone: 'info' },
    ], { required: true, display: 'badge' }),
    reason: f.longText('Why', { max: 500 }),
    blockedAt: f.datetime('Blocked since', { required: true, readOnly: true }),
    blockedByUserId: f.relation('Blocked by', 'users', { idType: 'uuid' }),
    unblockedAt: f.datetime('Last unblocked', { readOnly: true }),
    unblockedByUserId: f.relation('Unblocked by', 'users', { idType: 'uuid' }),
    unblockReason: f.longText('Unblock reason', { max: 500 }),
  },
  list: {
    columns: [
      { field: 'mobileNumber' },
      { field: 'reason' },
      { field: 'source' },
      { field: 'blockedAt' },
      { field: 'blockedByUserId' },
      { field: 'blocked', hidden: true },
      { field: 'unblockedAt', hidden: true },
    ],
    filters: [{ field: 'source', kind: 'select' }, { field: 'blockedAt', kind: 'dateRange' }],
    defaultSort: { field: 'blockedAt', dir: 'desc' },
    sortable: ['mobileNumber'],
  },
  search: { exact: ['id', 'mobileNumber'], text: ['reason'] },
  permissions: { view: BLOCKED_NUMBERS_PERMISSION },
  scopes: { blocked: { title: 'Blocked now', where: [{ field: 'blocked', op: 'eq', value: true }] } },
  views: [{ path: `${UM}/unblock-user`, title: 'Unblock User', scope: 'blocked' }],
  readOnly: true,
  actions: [
    {
      name: 'block',
      title: 'Block number',
      permission: BLOCKED_NUMBERS_PERMISSION,
      on: 'list',
      fields: { mobileNumber: f.phone('Mobile number', { required: true }), reason: blockReason },
      confirm: 'The number cannot sign in until someone unblocks it, and its open sessions end now.',
      variant: 'danger',
    },
    {
      name: 'unblock',
      title: 'Unblock',
      permission: BLOCKED_NUMBERS_PERMISSION,
      on: 'record',
      fields: { mobileNumber: f.phone('Mobile number', { required: true }), reason: blockReason },
      fromRecord: ['mobileNumber'],
      when: { field: 'blocked', equals: true },
      confirm: 'The number can sign in again straight away.',
      variant: 'primary',
    },
  ],
});
