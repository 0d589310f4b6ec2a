import { permissionSchema } from '../permissions';
import { defineResource, type Resource } from '../resource/define-resource';
import { f, optionsOf } from '../resource/field';
import { PERSON_NAME_MAX, personNameSchema } from '../person-name';

const UM = '/user-management';
const CZO = '/czo-management';

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

/** Credits wallets, one per user (read-only here; credits move through the wallet workflows): the foundation's wallets table. */
export const walletResource = defineResource({
  name: 'wallets',
  title: 'Wallet',
  plural: 'Wallets',
  service: '/pw-service',
  path: 'admin/wallet',
  table: 'wallets',
  id: { type: 'uuid' },
  labelField: 'userId',
  fields: {
    userId: f.relation('User', 'users', { idType: 'uuid', required: true, unique: true }),
    credits: f.money('Credits', { defaultValue: 0 }),
    // What the customer owes: a delivered session the wallet could not pay in full; the next credit settles it.
    owed: f.money('Owed', { defaultValue: 0, help: 'Charging the wallet could not pay; settled from the next credit' }),
  },
  list: {
    columns: [{ field: 'userId' }, { field: 'credits' }, { field: 'owed' }, { field: 'updatedAt' }],
    filters: [{ field: 'userId', kind: 'relation' }],
  },
  search: { exact: ['id', 'userId'] },
  permissions: { view: 'ROLE_GET_WALLET' },
  views: [{ path: `${UM}/wallets`, title: 'Wallets' }],
  related: [{ resource: 'wallet-ledger', field: 'walletId', title: 'History' }],
  readOnly: true,
});

/** Host business types. */
export const HOST_BUSINESS_TYPES = ['PREMISE_OWNER', 'NETWORK_BUYER_IP', 'INVESTMENT_PLATFORM', 'NETWORK_BUYER_WITH_WHITELABEL_APP_IP'] as const;
/** KYC review states of a host. */
export const KYC_STATUSES = ['PENDING', 'SUBMITTED', 'VERIFIED', 'REJECTED'] as const;

/** Hosts: people and businesses who own the premises chargers stand on (one host record per user). */
export const hostResource = defineResource({
  name: 'hosts',
  title: 'Host',
  plural: 'Hosts',
  service: '/user-service',
  path: 'host',
  table: 'hosts',
  labelField: 'businessName',
  fields: {
    userId: f.relation('User', 'users', { idType: 'uuid', required: true, unique: true }),
    businessName: f.text('Business name', { required: true, max: 160 }),
    businessType: f.choice('Business type', optionsOf(HOST_BUSINESS_TYPES), { required: true, display: 'badge' }),
    contactNumber: f.phone('Contact number', { required: true }),
    cityId: f.relation('City', 'cities', { idType: 'uuid' }),
    gstin: f.code('GSTIN', { max: 15, unique: true }),
    kycStatus: f.choice('KYC status', optionsOf(KYC_STATUSES, { PENDING: 'neutral', SUBMITTED: 'info', VERIFIED: 'success', REJECTED: 'danger' }), { defaultValue: 'PENDING' }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'businessName' },
      { field: 'userId' },
      { field: 'contactNumber' },
      { field: 'businessType' },
      { field: 'cityId' },
      { field: 'gstin', hidden: true },
      { field: 'kycStatus' },
      { field: 'isActive' },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'businessType', kind: 'select' },
      { field: 'kycStatus', kind: 'select' },
      { field: 'cityId', kind: 'relation' },
      { field: 'isActive', kind: 'boolean' },
      { field: 'createdAt', kind: 'dateRange' },
    ],
    sortable: ['businessName'],
  },
  search: { exact: ['id', 'contactNumber', 'gstin'], text: ['businessName'], prefix: ['contactNumber'] },
  form: [
    { title: 'Host', fields: ['userId', 'businessName', 'businessType', 'contactNumber', 'cityId'] },
    { title: 'KYC', fields: ['gstin', 'kycStatus'] },
  ],
  update: ['businessName', 'businessType', 'contactNumber', 'cityId', 'gstin', 'kycStatus'],
  permissions: { view: 'ROLE_VIEW_HOSTS', create: 'ROLE_UPDATE_HOST', update: 'ROLE_UPDATE_HOST', activate: 'ROLE_UPDATE_HOST' },
  activeField: 'isActive',
  views: [{ path: `${UM}/hosts`, title: 'All Host' }],
  related: [
    { resource: 'bank-details', field: 'hostId', title: 'Bank details' },
    { resource: 'host-support-requests', field: 'hostId', title: 'Support requests' },
  ],
});

/** States of a host support request. */
export const HOST_SUPPORT_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'] as const;
/** Priorities of a host support request. */
export const HOST_SUPPORT_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;

/**
 * Requests hosts raise about their premises, payouts or chargers. The status moves only along the host support
 * request machine (start, resolve with a resolution note, reopen, close with a reason;
 * machines/host-support-request.machine.ts), which also owns the resolution note.
 */
export const hostSupportRequestResource = defineResource({
  name: 'host-support-requests',
  title: 'Host support request',
  plural: 'Host support requests',
  service: '/user-service',
  path: 'host-support',
  table: 'host_support_requests',
  labelField: 'subject',
  fields: {
    hostId: f.relation('Host', 'hosts', { required: true }),
    subject: f.text('Subject', { required: true, max: 200 }),
    description: f.longText('Description', { max: 2000 }),
    status: f.choice('Status', optionsOf(HOST_SUPPORT_STATUSES, { OPEN: 'warning', IN_PROGRESS: 'info', RESOLVED: 'success', CLOSED: 'neutral' }), { defaultValue: 'OPEN' }),
    priority: f.choice('Priority', optionsOf(HOST_SUPPORT_PRIORITIES, { HIGH: 'warning', URGENT: 'danger' }), { defaultValue: 'MEDIUM', display: 'badge' }),
    resolution: f.longText('Resolution', { max: 2000 }),
    // Optimistic lock of the host support request workflow (every transition and edit sends the version it saw).
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  },
  list: {
    columns: [{ field: 'id' }, { field: 'subject' }, { field: 'hostId' }, { field: 'status' }, { field: 'priority' }, { field: 'createdAt' }],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'priority', kind: 'select' },
      { field: 'hostId', kind: 'relation' },
      { field: 'createdAt', kind: 'dateRange' },
    ],
  },
  search: { exact: ['id'], text: ['subject'] },
  form: [{ title: 'Request', fields: ['hostId', 'subject', 'description', 'priority'] }],
  update: ['subject', 'description', 'priority'],
  owned: { status: 'the host support request workflow', resolution: 'the Resolve event of the host support request workflow' },
  permissions: { view: 'ROLE_VIEW_HOST_SUPPORT', create: 'ROLE_UPDATE_HOST_SUPPORT', update: 'ROLE_UPDATE_HOST_SUPPORT' },
  scopes: { open: { title: 'Open requests', where: [{ field: 'status', op: 'in', values: ['OPEN', 'IN_PROGRESS'] }] } },
  views: [{ path: `${UM}/host-support`, title: 'Host Support' }],
});

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

/** Verification states of a host's bank account. */
export const BANK_VERIFICATION_STATUSES = ['PENDING', 'VERIFIED', 'REJECTED'] as const;

/** Bank accounts hosts are paid out to. */
export const bankDetailResource = defineResource({
  name: 'bank-details',
  title: 'Bank detail',
  plural: 'Bank details',
  service: '/user-service',
  path: 'bank-details',
  table: 'host_bank_details',
  labelField: 'accountHolderName',
  fields: {
    hostId: f.relation('Host', 'hosts', { required: true }),
    accountHolderName: f.text('Account holder', { required: true, max: 120 }),
    bankName: f.text('Bank', { required: true, max: 120 }),
    ifsc: f.code('IFSC', { required: true, max: 11 }),
    accountNumber: f.code('Account number', { required: true, max: 20, digitsOnly: true }),
    verificationStatus: f.choice('Verification', optionsOf(BANK_VERIFICATION_STATUSES, { PENDING: 'warning', VERIFIED: 'success', REJECTED: 'danger' }), { defaultValue: 'PENDING' }),
  },
  list: {
    columns: [{ field: 'id' }, { field: 'hostId' }, { field: 'accountHolderName' }, { field: 'bankName' }, { field: 'ifsc' }, { field: 'accountNumber' }, { field: 'verificationStatus' }, { field: 'createdAt' }],
    filters: [{ field: 'verificationStatus', kind: 'select' }, { field: 'hostId', kind: 'relation' }],
  },
  search: { exact: ['id', 'ifsc', 'accountNumber'], text: ['accountHolderName'] },
  form: [{ title: 'Bank account', fields: ['hostId', 'accountHolderName', 'bankName', 'ifsc', 'accountNumber', 'verificationStatus'] }],
  permissions: { view: 'ROLE_VIEW_BANK_DETAILS', create: 'ROLE_UPDATE_BANK_DETAILS', update: 'ROLE_UPDATE_BANK_DETAILS' },
  views: [{ path: `${UM}/bank-details`, title: 'Host Bank Details' }],
});

/** States of an applied referral. */
export const REFERRAL_STATUSES = ['PENDING', 'REWARDED', 'EXPIRED', 'REJECTED'] as const;

/** Referral codes applied by new users, and the reward their referrer earned (read-only). */
export const appliedReferralResource = defineResource({
  name: 'applied-referrals',
  title: 'Applied referral',
  plural: 'Applied referrals',
  service: '/user-service',
  path: 'referral',
  table: 'applied_referrals',
  labelField: 'code',
  fields: {
    referrerUserId: f.relation('Referrer', 'users', { idType: 'uuid', required: true }),
    referredUserId: f.relation('Referred user', 'users', { idType: 'uuid', required: true, unique: true }),
    code: f.code('Code', { required: true, max: 32 }),
    reward: f.money('Reward', { defaultValue: 0 }),
    status: f.choice('Status', optionsOf(REFERRAL_STATUSES, { PENDING: 'warning', REWARDED: 'success', EXPIRED: 'neutral', REJECTED: 'danger' }), { defaultValue: 'PENDING' }),
  },
  list: {
    columns: [{ field: 'id' }, { field: 'code' }, { field: 'referrerUserId' }, { field: 'referredUserId' }, { field: 'reward' }, { field: 'status' }, { field: 'createdAt' }],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'referrerUserId', kind: 'relation' },
      { field: 'createdAt', kind: 'dateRange' },
    ],
  },
  search: { exact: ['id', 'code'] },
  permissions: { view: 'ROLE_VIEW_APPLIED_REFERRALS' },
  views: [{ path: `${UM}/applied-referrals`, title: 'Applied Referral Link' }],
  readOnly: true,
});

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

/** Resources of this module (declared in the order of the side menu). */
export const userResources: readonly Resource[] = [
  userResource,
  hostResource,
  hostSupportRequestResource,
  groupResource,
  groupMemberResource,
  bankDetailResource,
  appliedReferralResource,
  walletResource,
  czoUserResource,
  roleResource,
  userRoleResource,
  blockedNumberResource,
];
