import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { GD } from '../catalogue/shared';

/** WhatsApp messages the platform sent, with delivery status (read-only log). */
export const whatsappNotificationLogResource = defineResource({
  name: 'whatsapp-notification-logs',
  title: 'WhatsApp message',
  plural: 'WhatsApp notification logs',
  service: '/notification-service',
  path: 'whatsapp',
  table: 'whatsapp_notification_logs',
  labelField: 'mobileNumber',
  fields: {
    mobileNumber: f.phone('Mobile number', { required: true }),
    template: f.text('Template', { required: true, max: 80 }),
    status: f.choice('Status', optionsOf(['SENT', 'DELIVERED', 'READ', 'FAILED'], { SENT: 'info', DELIVERED: 'success', READ: 'success', FAILED: 'danger' }), { required: true }),
    error: f.text('Error', { max: 500 }),
    createdAt: f.stamp('Sent at'),
  },
  list: {
    columns: [{ field: 'createdAt' }, { field: 'mobileNumber' }, { field: 'template' }, { field: 'status' }, { field: 'error' }],
    filters: [{ field: 'status', kind: 'select' }, { field: 'createdAt', kind: 'dateRange' }],
  },
  search: { exact: ['id', 'mobileNumber'] },
  permissions: { view: 'ROLE_VIEW_WHATSAPP_LOGS' },
  views: [{ path: `${GD}/whatsapp-notification-logs`, title: 'WhatsApp Notification Logs' }],
  readOnly: true,
});
