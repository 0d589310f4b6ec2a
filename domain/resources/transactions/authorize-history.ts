import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { RM } from '../chargers/shared';

export const authorizeResults = ['ACCEPTED', 'REJECTED', 'EXPIRED'] as const;

/** RFID authorize requests chargers sent, with the answer given (read-only log). */
export const authorizeHistoryResource = defineResource({
  name: 'authorize-history',
  title: 'Authorize request',
  plural: 'Authorize history',
  service: '/ccu',
  path: 'authorize-request',
  table: 'rfid_authorize_requests',
  labelField: 'cardNumber',
  fields: {
    cardNumber: f.code('Card number', { required: true, max: 32 }),
    chargerId: f.relation('Charger', 'chargers', { required: true }),
    userId: f.relation('Card holder', 'users', { idType: 'uuid' }),
    result: f.choice('Result', optionsOf(authorizeResults, { ACCEPTED: 'success', REJECTED: 'danger', EXPIRED: 'warning' }), { required: true }),
    reason: f.text('Reason', { max: 200 }),
    requestedAt: f.datetime('At', { required: true }),
  },
  list: {
    columns: [{ field: 'cardNumber' }, { field: 'chargerId' }, { field: 'userId' }, { field: 'result' }, { field: 'reason' }, { field: 'requestedAt' }],
    filters: [{ field: 'result', kind: 'select' }, { field: 'chargerId', kind: 'relation' }, { field: 'requestedAt', kind: 'dateRange' }],
    defaultSort: { field: 'requestedAt', dir: 'desc' },
  },
  search: { exact: ['id', 'cardNumber'] },
  permissions: { view: 'ROLE_VIEW_AUTHORIZE_REQUEST' },
  views: [{ path: `${RM}/authorize-history`, title: 'Authorize History' }],
  readOnly: true,
});
