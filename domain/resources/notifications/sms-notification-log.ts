import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { GD } from '../catalogue/shared';

/** Text messages the platform sent (the foundation's sms_notification_logs; every number is stored masked, maskMobile). */
export const smsNotificationLogResource = defineResource({
  name: 'sms-notification-logs',
  title: 'SMS',
  plural: 'SMS notification logs',
  service: '/notification-service',
  path: 'sms',
  table: 'sms_notification_logs',
  id: { type: 'uuid' },
  labelField: 'mobileNumber',
  fields: {
    mobileNumber: f.phone('Mobile number', { required: true }),
    template: f.text('Template', { required: true, max: 80 }),
    message: f.longText('Message', { required: true, max: 2000 }),
    provider: f.text('Provider', { required: true, max: 40 }),
    // The SMS sender (server/sms/send-sms.ts) writes these lower-case values.
    status: f.choice(
      'Status',
      [
        { value: 'sent', label: 'Sent', tone: 'info' },
        { value: 'delivered', label: 'Delivered', tone: 'success' },
        { value: 'failed', label: 'Failed', tone: 'danger' },
      ],
      { required: true },
    ),
    createdAt: f.stamp('Sent at'),
  },
  list: {
    columns: [{ field: 'createdAt' }, { field: 'mobileNumber' }, { field: 'template' }, { field: 'message' }, { field: 'provider', hidden: true }, { field: 'status' }],
    filters: [{ field: 'status', kind: 'select' }, { field: 'createdAt', kind: 'dateRange' }],
  },
  search: { exact: ['mobileNumber'] },
  permissions: { view: 'ROLE_VIEW_SMS_LOGS' },
  views: [{ path: `${GD}/sms-notification-logs`, title: 'SMS Notification Logs' }],
  readOnly: true,
});
