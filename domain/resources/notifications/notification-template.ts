import { defineResource } from '@domain/resource/define-resource';
import { type FieldOption, optionsOf, f } from '@domain/resource/field';
import { GD } from '../catalogue/shared';

/** Language options (hi, en). */
export const languageOptions: readonly FieldOption[] = [
  { value: 'hi', label: 'Hindi' },
  { value: 'en', label: 'English' },
];

/** Channels a notification template sends on. */
export const notificationChannelOptions = optionsOf(['SMS', 'WHATSAPP', 'PUSH', 'EMAIL'], { SMS: 'info', WHATSAPP: 'success', PUSH: 'warning', EMAIL: 'neutral' });

/** Message templates per channel (the notification template draft). */
export const notificationTemplateResource = defineResource({
  name: 'notification-templates',
  title: 'Notification template',
  plural: 'Notification templates',
  service: '/notification-service',
  path: 'template',
  table: 'notification_templates',
  labelField: 'templateId',
  fields: {
    templateId: f.code('Template id', { required: true, unique: true, max: 80, help: 'Code the services send by, e.g. BOOKING_COMPLETED' }),
    channel: f.choice('Channel', notificationChannelOptions, { required: true }),
    chargePointOperator: f.relation('Charge point operator', 'charge-point-operators', { idType: 'uuid' }),
    whatsapp: f.items(
      'WhatsApp templates',
      {
        templateName: f.code('Template name', { required: true, max: 100 }),
        language: f.choice('Language', languageOptions, { required: true, display: 'text' }),
        variables: f.text('Variables', { max: 500, help: 'Comma-separated, in order: name, bookingId' }),
      },
      { maxItems: 10 },
    ),
    smsText: f.longText('SMS text', { max: 1000, help: 'Use {#var#} for DLT variables' }),
    smsLinkTicketingDetail: f.boolean('Add ticket link to SMS', { defaultValue: false }),
    messageTemplateId: f.code('DLT message template id', { max: 40 }),
    ttl: f.int('Time to live', { max: 2_419_200, unit: 's', help: 'Push notifications: how long the message may wait for the device' }),
    collapseKey: f.code('Collapse key', { max: 64 }),
  },
  list: {
    columns: [{ field: 'templateId' }, { field: 'channel' }, { field: 'chargePointOperator' }, { field: 'messageTemplateId', hidden: true }, { field: 'smsText' }, { field: 'updatedAt' }],
    filters: [{ field: 'channel', kind: 'select' }, { field: 'chargePointOperator', kind: 'relation' }],
    sortable: ['templateId', 'updatedAt'],
  },
  search: { exact: ['id', 'templateId', 'messageTemplateId'], text: ['templateId'] },
  form: [
    { title: 'Template', fields: ['templateId', 'channel', 'chargePointOperator'] },
    { title: 'WhatsApp', fields: ['whatsapp'] },
    { title: 'SMS', fields: ['smsText', 'messageTemplateId', 'smsLinkTicketingDetail'] },
    { title: 'Push', fields: ['ttl', 'collapseKey'] },
  ],
  permissions: { view: 'ROLE_VIEW_TEMPLATES', create: 'ROLE_UPDATE_TEMPLATES', update: 'ROLE_UPDATE_TEMPLATES' },
  views: [{ path: `${GD}/notification-templates`, title: 'Notification Templates' }],
  createPath: `${GD}/notification-templates/add-notification`,
  detailPath: `${GD}/notification-templates/notification-template-details/:id`,
  detailByQuery: true,
  actions: [
    {
      name: 'send-test',
      title: 'Send test',
      permission: 'ROLE_UPDATE_TEMPLATES',
      on: 'record',
      fields: { templateId: f.code('Template id', { required: true, max: 80 }), mobileNumber: f.phone('Mobile number', { required: true }) },
      fromRecord: ['templateId'],
      confirm:
        'Sends this template once to the number, marked as a test, through the notification service: an SMS template appears in the SMS Notification Logs, a WhatsApp template in the WhatsApp Notification Logs.',
    },
  ],
});
