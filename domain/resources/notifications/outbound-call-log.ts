import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { GD } from '../catalogue/shared';

/** Calls staff placed to customers through the call bridge (read-only log). */
export const outboundCallLogResource = defineResource({
  name: 'outbound-call-logs',
  title: 'Outbound call',
  plural: 'Outbound call logs',
  service: '/notification-service',
  path: 'outbound-call',
  table: 'outbound_call_logs',
  labelField: 'customerPhone',
  fields: {
    staff: f.relation('Staff', 'users', { idType: 'uuid', required: true }),
    customerPhone: f.phone('Customer phone', { required: true }),
    bookingNumber: f.code('Booking', { max: 40 }),
    durationSeconds: f.int('Duration', { required: true, unit: 's' }),
    status: f.choice('Status', optionsOf(['INITIATED', 'ANSWERED', 'NO_ANSWER', 'BUSY', 'FAILED'], { INITIATED: 'info', ANSWERED: 'success', NO_ANSWER: 'warning', BUSY: 'warning', FAILED: 'danger' }), { required: true }),
    createdAt: f.stamp('Called at'),
  },
  list: {
    columns: [{ field: 'createdAt' }, { field: 'staff' }, { field: 'customerPhone' }, { field: 'bookingNumber' }, { field: 'durationSeconds' }, { field: 'status' }],
    filters: [{ field: 'status', kind: 'select' }, { field: 'staff', kind: 'relation' }, { field: 'createdAt', kind: 'dateRange' }],
  },
  search: { exact: ['id', 'customerPhone', 'bookingNumber'] },
  permissions: { view: 'ROLE_VIEW_OUTBOUND_CALL_LOGS' },
  views: [{ path: `${GD}/outbond-call-logs`, title: 'Outbound Call Logs' }],
  readOnly: true,
});
