import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { RM } from '../chargers/shared';

export const rfidActions = ['ADDED', 'REMOVED', 'BLOCKED', 'UNBLOCKED'] as const;

/** RFID cards added to, removed from, blocked or unblocked on users' accounts (read-only log). */
export const rfidHistoryResource = defineResource({
  name: 'rfid-history',
  title: 'RFID card event',
  plural: 'RFID history',
  service: '/user-service',
  path: 'rfid-card/history',
  table: 'rfid_card_history',
  labelField: 'cardNumber',
  fields: {
    cardNumber: f.code('Card number', { required: true, max: 32 }),
    userId: f.relation('User', 'users', { idType: 'uuid', required: true }),
    action: f.choice('Action', optionsOf(rfidActions, { ADDED: 'success', REMOVED: 'neutral', BLOCKED: 'danger', UNBLOCKED: 'success' }), { required: true }),
    actedById: f.relation('By', 'users', { idType: 'uuid' }),
    actedAt: f.datetime('At', { required: true }),
    reason: f.longText('Reason', { max: 500 }),
  },
  list: {
    columns: [{ field: 'cardNumber' }, { field: 'userId' }, { field: 'action' }, { field: 'reason' }, { field: 'actedById' }, { field: 'actedAt' }],
    filters: [{ field: 'action', kind: 'select' }, { field: 'userId', kind: 'relation' }, { field: 'actedAt', kind: 'dateRange' }],
    defaultSort: { field: 'actedAt', dir: 'desc' },
  },
  search: { exact: ['id', 'cardNumber'] },
  permissions: { view: null },
  views: [{ path: `${RM}/rfid-history`, title: 'RFID History' }],
  readOnly: true,
});
