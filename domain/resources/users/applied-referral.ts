import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { UM } from './shared';

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
