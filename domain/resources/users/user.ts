import { PERSON_NAME_MAX, personNameSchema } from '@domain/person-name';
import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { UM } from './shared';

/** The approval states of a user (machines/user-approval.machine.ts): a new sign-up waits as PENDING. */
export const USER_APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
/** The permission of New referral code and Disable referral code (the referral codes family). */
export const REFERRAL_CODE_PERMISSION = 'ROLE_CREATE_REFERRAL_CODE' as const;

/**
 * A user's new referral code: up to 6 letters of their first name (A–Z; "CZO" when it has none) and 6 digits, e.g.
 * PRIYA042917. `digits` is a number below 1,000,000 (the server draws it at random).
 */
export function referralCodeFor(name: string | null | undefined, digits: number): string {
  const first = (name ?? '').trim().split(/\s+/)[0] ?? '';
  const letters = first.normalize('NFD').toUpperCase().replace(/[^A-Z]/g, '').slice(0, 6);
  return `${letters || 'CZO'}${String(Math.trunc(digits) % 1_000_000).padStart(6, '0')}`;
}

const referralReason = () => f.longText('Reason', { required: true, max: 500, help: 'Kept in the user’s history.' });

/** The permission of Change name. */
export const CHANGE_USER_NAME_PERMISSION = 'ROLE_CHANGE_USER_NAME' as const;

/**
 * Everyone with an account (customers, hosts, staff): the foundation's users table. The name changes only through
 * Change name (server/users/user-name-routes.ts), the sign-in number through its own action, and the approval
 * status only along the user approval machine (its `version` is the optimistic lock of every generic edit).
 */
export const userResource = defineResource({
  name: 'users',
  title: 'User',
  plural: 'Users',
  service: '/user-service',
  path: 'user',
  table: 'users',
  id: { type: 'uuid' },
  labelField: 'name',
  subtitleField: 'mobileNumber',
  fields: {
    name: f.text('Name', { max: 120 }),
    mobileNumber: f.phone('Mobile number', { required: true, unique: true }),
    email: f.email('Email'),
    image: f.image('Photo'),
    referralCode: f.code('Referral code', { readOnly: true }),
    approvalStatus: f.choice('Approval', optionsOf(USER_APPROVAL_STATUSES, { PENDING: 'warning', APPROVED: 'success', REJECTED: 'danger' }), { defaultValue: 'APPROVED' }),
    isActive: f.boolean('Active', { defaultValue: true }),
    operationsLocked: f.boolean('Customer operations locked', { defaultValue: false, readOnly: true }),
    operationsLockReason: f.longText('Lock reason', { max: 500, readOnly: true }),
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  },
  list: {
    columns: [
      { field: 'image' },
      { field: 'name' },
      { field: 'mobileNumber' },
      { field: 'email' },
      { field: 'referralCode', hidden: true },
      { field: 'approvalStatus' },
      { field: 'isActive' },
      { field: 'createdAt' },
    ],
    filters: [{ field: 'name', kind: 'text' }, { field: 'approvalStatus', kind: 'select' }, { field: 'isActive', kind: 'boolean' }, { field: 'createdAt', kind: 'dateRange' }],
    sortable: ['name', 'createdAt'],
  },
  search: { exact: ['id', 'mobileNumber', 'referralCode'], text: ['name'] },
  form: [{ title: 'User', fields: ['name', 'mobileNumber', 'email', 'image'] }],
  update: ['email', 'image'],
  // The mobile number is the sign-in identity: it changes only through its own action, confirmed by a code sent to
  // the new number (server/users/change-mobile-number-routes.ts).
  owned: {
    name: 'the Change name action',
    mobileNumber: 'the Change sign-in number action',
    approvalStatus: 'the user approval workflow',
    referralCode: 'the New referral code and Disable referral code actions',
    operationsLocked: 'the Lock customer operations action (bookings)',
    operationsLockReason: 'the Lock customer operations action (bookings)',
  },
  headerBadges: [{ field: 'operationsLocked', label: 'Customer operations locked', tone: 'danger' }],
  permissions: { view: 'ROLE_VIEW_USERS', create: 'ROLE_CREATE_USER', update: CHANGE_USER_NAME_PERMISSION, activate: 'ROLE_BLOCK_USER' },
  activeField: 'isActive',
  scopes: {
    pending: { title: 'Pending users', where: [{ field: 'approvalStatus', op: 'eq', value: 'PENDING' }] },
    // Referral codes: the users who hold one, for staff who see referral codes but not every user.
    referral: { title: 'Referral codes', where: [{ field: 'referralCode', op: 'notNull' }], permission: 'ROLE_VIEW_REFERRAL_CODES' },
  },
  views: [
    { path: UM, title: 'All Users' },
    { path: `${UM}/referral-codes`, title: 'Referral Codes', scope: 'referral' },
  ],
  createPath: `${UM}/add`,
  detailPath: `${UM}/users/:id`,
  related: [
    { resource: 'wallets', field: 'userId', title: 'Wallet' },
    { resource: 'wallet-ledger', field: 'userId', title: 'Wallet history' },
    { resource: 'top-up-requests', field: 'userId', title: 'Top-up requests' },
    { resource: 'rfid-cards', field: 'userId', title: 'RFID cards' },
    { resource: 'rfid-history', field: 'userId', title: 'RFID history' },
    { resource: 'bookings', field: 'userId', title: 'Bookings' },
  ],
  actions: [
    {
      // user-service `user/name`: the user's id and the new name; server/users/user-name-routes.ts.
      name: 'name',
      title: 'Change name',
      permission: CHANGE_USER_NAME_PERMISSION,
      on: 'record',
      fields: {
        id: f.relation('User', 'users', { idType: 'uuid', required: true }),
        name: { ...f.text('Name', { required: true, max: PERSON_NAME_MAX, help: 'As the person writes it, in any script (Hindi too).' }), input: personNameSchema },
      },
      fromRecord: ['id'],
      edit: ['name'],
      confirm: 'The new name shows everywhere the user appears, and the old one stays in the user’s history.',
      variant: 'secondary',
    },
    {
      // user-service `referral`: server/users/referral-code-routes.ts.
      name: 'referral-code',
      path: 'referral/code',
      title: 'New referral code',
      permission: REFERRAL_CODE_PERMISSION,
      on: 'record',
      fields: { id: f.relation('User', 'users', { idType: 'uuid', required: true }), reason: referralReason() },
      fromRecord: ['id'],
      confirm: 'The user gets a new referral code made from their first name; the old one, if any, stops working for new sign-ups. Referrals already applied keep the code they used.',
    },
    {
      name: 'disable-referral-code',
      path: 'referral/code/disable',
      title: 'Disable referral code',
      permission: REFERRAL_CODE_PERMISSION,
      on: 'record',
      fields: { id: f.relation('User', 'users', { idType: 'uuid', required: true }), reason: referralReason() },
      fromRecord: ['id'],
      confirm: 'Nobody can sign up with this user’s referral code any more, until they are given a new one. Referrals already applied stay as they are.',
      variant: 'danger',
    },
  ],
});
