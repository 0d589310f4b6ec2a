import { defineResource, type Resource } from '../resource/define-resource';
import { AUDIT_CONFIGURATION_HELP, AUDITED_ACTIONS } from '../audit-policy';
import { chargerPowerTypeOptions } from '../charger-power-types';
import { f, optionsOf, type FieldOption } from '../resource/field';

const GD = '/global-data-management';


/** Vehicle categories. */
export const vehicleCategoryOptions = optionsOf(['TWO_WHEELER', 'THREE_WHEELER', 'FOUR_WHEELER']);

/** Language options (hi, en). */
export const languageOptions: readonly FieldOption[] = [
  { value: 'hi', label: 'Hindi' },
  { value: 'en', label: 'English' },
];

/** Channels a notification template sends on. */
export const notificationChannelOptions = optionsOf(['SMS', 'WHATSAPP', 'PUSH', 'EMAIL'], { SMS: 'info', WHATSAPP: 'success', PUSH: 'warning', EMAIL: 'neutral' });

/** Reports the download service can export (one download configuration each). */
export const reportTypeOptions = optionsOf([
  'BOOKINGS',
  'CHARGERS',
  'USERS',
  'WALLET_LEDGER',
  'SETTLEMENTS',
  'PAYOUTS',
  'INVOICES',
  'TICKETS',
  'LEADS',
  'OUTBOUND_CALLS',
]);

/** What a download was made from: a report type, or "List" for an export of any other list. */
export const downloadSourceOptions = optionsOf([...reportTypeOptions.map((o) => o.value), 'LIST']);

/** File formats of a download. */
export const downloadFormatOptions = [
  { value: 'CSV', label: 'CSV' },
  { value: 'XLSX', label: 'Excel' },
] as const;

/** States of a download (machines/download.machine.ts; cancel and retry are the user's events). */
export const downloadStatusOptions = optionsOf(['QUEUED', 'RUNNING', 'READY', 'FAILED', 'CANCELLED', 'EXPIRED'], { QUEUED: 'neutral', RUNNING: 'info', READY: 'success', FAILED: 'danger', CANCELLED: 'warning', EXPIRED: 'neutral' });

/** Suppliers of chargers and hardware. */
export const vendorResource = defineResource({
  name: 'vendors',
  title: 'Vendor',
  plural: 'Vendors',
  service: '/config',
  path: 'admin/vendor',
  table: 'vendors',
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 120 }),
    contactName: f.text('Contact person', { max: 120 }),
    mobileNumber: f.phone('Mobile number', { required: true }),
    email: f.email('Email'),
    gstin: f.code('GSTIN', { max: 15, unique: true }),
    address: f.longText('Address', { max: 500 }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'id' }, { field: 'name' }, { field: 'contactName' }, { field: 'mobileNumber' }, { field: 'email', hidden: true }, { field: 'gstin' }, { field: 'isActive' }, { field: 'createdAt' }],
    filters: [{ field: 'name', kind: 'text' }, { field: 'isActive', kind: 'boolean' }, { field: 'createdAt', kind: 'dateRange' }],
    sortable: ['name', 'createdAt'],
  },
  search: { exact: ['id', 'mobileNumber', 'gstin'], text: ['name'] },
  form: [
    { title: 'Vendor', fields: ['name', 'gstin', 'address'] },
    { title: 'Contact', fields: ['contactName', 'mobileNumber', 'email'] },
  ],
  permissions: { view: 'ROLE_VIEW_VENDOR', create: 'ROLE_ADD_VENDOR', update: 'ROLE_UPDATE_VENDOR', activate: 'ROLE_UPDATE_VENDOR' },
  activeField: 'isActive',
  views: [{ path: `${GD}/vendor-management`, title: 'Vendor Management' }],
  createPath: `${GD}/vendor-management/add`,
});

/** Cities the network operates in: the foundation's cities table. */
export const cityResource = defineResource({
  name: 'cities',
  title: 'City',
  plural: 'Cities',
  service: '/config',
  path: 'city',
  table: 'cities',
  id: { type: 'uuid' },
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 80 }),
    state: f.text('State', { required: true, max: 80 }),
    latitude: f.decimal('Latitude', { required: true, min: -90, max: 90 }),
    longitude: f.decimal('Longitude', { required: true, min: -180, max: 180 }),
    isDefault: f.boolean('Default city', { defaultValue: false, readOnly: true }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'name' }, { field: 'state' }, { field: 'latitude' }, { field: 'longitude' }, { field: 'isDefault' }, { field: 'isActive' }],
    filters: [{ field: 'name', kind: 'text' }, { field: 'isActive', kind: 'boolean' }],
    defaultSort: { field: 'name', dir: 'asc' },
    sortable: ['state', 'createdAt'],
  },
  search: { exact: ['id'], text: ['name'] },
  form: [{ title: 'City', fields: ['name', 'state', 'latitude', 'longitude'] }],
  permissions: { view: 'ROLE_VIEW_CITY', create: 'ROLE_UPDATE_CITY', update: 'ROLE_UPDATE_CITY', activate: 'ROLE_UPDATE_CITY' },
  activeField: 'isActive',
  views: [{ path: `${GD}/city`, title: 'All City' }],
  createPath: `${GD}/city/add`,
});

/** Connector kinds (the foundation's socket_types table, keyed by code; the global data call reads it). */
export const socketTypeResource = defineResource({
  name: 'socket-types',
  title: 'Socket type',
  plural: 'Socket types',
  service: '/config',
  path: 'socket-type',
  table: 'socket_types',
  id: { field: 'code', type: 'text' },
  labelField: 'displayText',
  fields: {
    code: f.code('Code', { required: true, max: 40, help: 'Upper-case identifier chargers refer to, e.g. TYPE_2; cannot change later' }),
    displayText: f.text('Display text', { required: true, max: 80 }),
    imageRelativePath: f.image('Image'),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'imageRelativePath' }, { field: 'code' }, { field: 'displayText' }, { field: 'isActive' }, { field: 'updatedAt', hidden: true }],
    filters: [{ field: 'isActive', kind: 'boolean' }],
    defaultSort: { field: 'code', dir: 'asc' },
    sortable: ['displayText', 'createdAt'],
  },
  search: { exact: ['code'], text: ['displayText'] },
  form: [{ title: 'Socket type', fields: ['code', 'displayText', 'imageRelativePath'] }],
  update: ['displayText', 'imageRelativePath'],
  permissions: { view: 'ROLE_VIEW_SOCKET_TYPE', create: 'ROLE_UPDATE_SOCKET_TYPE', update: 'ROLE_UPDATE_SOCKET_TYPE', activate: 'ROLE_UPDATE_SOCKET_TYPE' },
  activeField: 'isActive',
  views: [{ path: `${GD}/socket-types`, title: 'All Socket Types' }],
  createPath: `${GD}/socket-types/add`,
});

/** Press coverage shown as "Featured in" on the public site. */
export const newsResource = defineResource({
  name: 'news',
  title: 'News article',
  plural: 'News',
  service: '/config',
  path: 'featured-in',
  table: 'featured_in',
  labelField: 'title',
  fields: {
    title: f.text('Title', { required: true, max: 200 }),
    publication: f.text('Publication', { required: true, max: 120 }),
    url: f.url('Article link', { required: true }),
    image: f.image('Image'),
    publishedOn: f.date('Published on', { required: true }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'image' }, { field: 'title' }, { field: 'publication' }, { field: 'publishedOn' }, { field: 'url', hidden: true }, { field: 'isActive' }],
    filters: [{ field: 'publication', kind: 'text' }, { field: 'publishedOn', kind: 'dateRange' }, { field: 'isActive', kind: 'boolean' }],
    defaultSort: { field: 'publishedOn', dir: 'desc' },
    sortable: ['title', 'createdAt'],
  },
  search: { exact: ['id'], text: ['title'] },
  form: [{ title: 'Article', fields: ['title', 'publication', 'url', 'publishedOn', 'image'] }],
  permissions: { view: 'ROLE_VIEW_FEATURED_IN', create: 'ROLE_UPDATE_FEATURED_IN', update: 'ROLE_UPDATE_FEATURED_IN', activate: 'ROLE_UPDATE_FEATURED_IN' },
  activeField: 'isActive',
  views: [{ path: `${GD}/news`, title: 'All News' }],
  createPath: `${GD}/news/add`,
});

/** Open positions shown on the careers page. */
export const jobResource = defineResource({
  name: 'jobs',
  title: 'Job',
  plural: 'Careers',
  service: '/config',
  path: 'job',
  table: 'jobs',
  labelField: 'title',
  fields: {
    title: f.text('Title', { required: true, max: 120 }),
    department: f.choice('Department', optionsOf(['OPERATIONS', 'ENGINEERING', 'FIELD_SERVICES', 'SALES', 'CUSTOMER_SUPPORT', 'FINANCE', 'PRODUCT', 'HUMAN_RESOURCES']), { required: true, display: 'badge' }),
    city: f.relation('City', 'cities', { idType: 'uuid', required: true }),
    experienceYears: f.int('Experience', { required: true, max: 30, unit: 'years', help: 'Minimum years of experience' }),
    employmentType: f.choice('Employment type', optionsOf(['FULL_TIME', 'PART_TIME', 'CONTRACT', 'INTERNSHIP']), { required: true, display: 'text' }),
    description: f.longText('Description', { required: true, max: 5000 }),
    applyUrl: f.url('Apply link', { required: true }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'title' }, { field: 'department' }, { field: 'city' }, { field: 'experienceYears' }, { field: 'employmentType' }, { field: 'isActive' }, { field: 'createdAt' }],
    filters: [{ field: 'department', kind: 'select' }, { field: 'city', kind: 'relation' }, { field: 'employmentType', kind: 'select' }, { field: 'isActive', kind: 'boolean' }],
    sortable: ['title', 'experienceYears'],
  },
  search: { exact: ['id'], text: ['title'] },
  form: [
    { title: 'Position', fields: ['title', 'department', 'city', 'experienceYears', 'employmentType'] },
    { title: 'Details', fields: ['description', 'applyUrl'] },
  ],
  permissions: { view: 'ROLE_VIEW_JOB', create: 'ROLE_UPDATE_JOB', update: 'ROLE_UPDATE_JOB', activate: 'ROLE_UPDATE_JOB' },
  activeField: 'isActive',
  views: [{ path: `${GD}/career`, title: 'All Careers' }],
  createPath: `${GD}/career/add`,
});

/** Guides, videos and articles of the app's knowledge hub. */
export const knowledgeHubResource = defineResource({
  name: 'knowledge-hub-links',
  title: 'Knowledge hub link',
  plural: 'Knowledge hub',
  service: '/config',
  path: 'knowledge-hub-links',
  table: 'knowledge_hub_links',
  labelField: 'title',
  fields: {
    title: f.text('Title', { required: true, max: 200 }),
    category: f.choice('Category', optionsOf(['GUIDE', 'VIDEO', 'BLOG', 'FAQ', 'CASE_STUDY', 'POLICY']), { required: true, display: 'badge' }),
    url: f.url('Link', { required: true }),
    thumbnail: f.image('Thumbnail'),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'thumbnail' }, { field: 'title' }, { field: 'category' }, { field: 'url' }, { field: 'isActive' }, { field: 'createdAt' }],
    filters: [{ field: 'category', kind: 'select' }, { field: 'isActive', kind: 'boolean' }],
    sortable: ['title'],
  },
  search: { exact: ['id'], text: ['title'] },
  form: [{ title: 'Link', fields: ['title', 'category', 'url', 'thumbnail'] }],
  permissions: { view: 'ROLE_VIEW_KNOWLEDGE_HUB', create: 'ROLE_UPDATE_KNOWLEDGE_HUB', update: 'ROLE_UPDATE_KNOWLEDGE_HUB', activate: 'ROLE_UPDATE_KNOWLEDGE_HUB' },
  activeField: 'isActive',
  views: [{ path: `${GD}/knowledge-hub`, title: 'Knowledge Hub' }],
  createPath: `${GD}/knowledge-hub/add`,
});

/** Chargers and accessories the network sells. */
export const productResource = defineResource({
  name: 'products',
  title: 'Product',
  plural: 'Products',
  service: '/config',
  path: 'products',
  table: 'products',
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 120 }),
    sku: f.code('SKU', { required: true, unique: true, max: 40 }),
    powerType: f.choice('Power type', chargerPowerTypeOptions, { required: true, display: 'badge' }),
    price: f.money('Price', { required: true }),
    warrantyMonths: f.int('Warranty', { required: true, max: 120, unit: 'months' }),
    image: f.image('Image'),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'image' }, { field: 'name' }, { field: 'sku' }, { field: 'powerType' }, { field: 'price' }, { field: 'warrantyMonths' }, { field: 'isActive' }],
    filters: [{ field: 'powerType', kind: 'select' }, { field: 'price', kind: 'numberRange' }, { field: 'isActive', kind: 'boolean' }],
    defaultSort: { field: 'name', dir: 'asc' },
    sortable: ['price', 'createdAt'],
  },
  search: { exact: ['id', 'sku'], text: ['name'] },
  form: [{ title: 'Product', fields: ['name', 'sku', 'powerType', 'price', 'warrantyMonths', 'image'] }],
  permissions: { view: 'ROLE_VIEW_PRODUCTS', create: 'ROLE_UPDATE_PRODUCTS', update: 'ROLE_UPDATE_PRODUCTS', activate: 'ROLE_UPDATE_PRODUCTS' },
  activeField: 'isActive',
  views: [{ path: `${GD}/product`, title: 'Product Management' }],
  createPath: `${GD}/product/add`,
});

/** Electric vehicle models customers pick in the app (battery size drives charge estimates). */
export const vehicleResource = defineResource({
  name: 'vehicles',
  title: 'Vehicle',
  plural: 'Vehicles',
  service: '/vehicle-service',
  path: 'vehicle',
  table: 'vehicles',
  labelField: 'model',
  fields: {
    make: f.text('Make', { required: true, max: 80 }),
    model: f.text('Model', { required: true, max: 120 }),
    vehicleCategory: f.choice('Vehicle category', vehicleCategoryOptions, { required: true, display: 'badge' }),
    batteryKwh: f.decimal('Battery', { required: true, min: 0.5, max: 250, unit: 'kWh' }),
    connector: f.relation('Connector', 'socket-types', { idType: 'text', required: true }),
    image: f.image('Image'),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'image' }, { field: 'make' }, { field: 'model' }, { field: 'vehicleCategory' }, { field: 'batteryKwh' }, { field: 'connector' }, { field: 'isActive' }],
    filters: [{ field: 'make', kind: 'text' }, { field: 'vehicleCategory', kind: 'select' }, { field: 'connector', kind: 'relation' }, { field: 'isActive', kind: 'boolean' }],
    defaultSort: { field: 'make', dir: 'asc' },
    sortable: ['model', 'batteryKwh', 'createdAt'],
  },
  search: { exact: ['id'], text: ['model'] },
  form: [{ title: 'Vehicle', fields: ['make', 'model', 'vehicleCategory', 'batteryKwh', 'connector', 'image'] }],
  permissions: { view: 'ROLE_VIEW_VEHICLE', create: 'ROLE_UPDATE_VEHICLE', update: 'ROLE_UPDATE_VEHICLE', activate: 'ROLE_UPDATE_VEHICLE' },
  activeField: 'isActive',
  views: [{ path: `${GD}/vehicle-management`, title: 'Vehicle Management' }],
  createPath: `${GD}/vehicle-management/add`,
});

/** Charger error codes the error subscriber ignores (no alert, no ticket) until a date. */
export const ignoredErrorCodeResource = defineResource({
  name: 'ignored-error-codes',
  title: 'Ignored error code',
  plural: 'Error codes to be ignored',
  service: '/charger-service',
  path: 'error-subscriber',
  table: 'ignored_error_codes',
  labelField: 'errorCode',
  fields: {
    chargerType: f.code('Charger type', { required: true, max: 60, help: 'As on the charger, e.g. OCPP_16_JSON_CHARGER' }),
    errorCode: f.code('Error code', { required: true, max: 60 }),
    description: f.longText('Description', { max: 500 }),
    ignoreUntil: f.date('Ignore until', { help: 'Empty: ignored until inactivated' }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'chargerType' }, { field: 'errorCode' }, { field: 'description' }, { field: 'ignoreUntil' }, { field: 'isActive' }, { field: 'createdAt', hidden: true }],
    filters: [{ field: 'chargerType', kind: 'text' }, { field: 'ignoreUntil', kind: 'dateRange' }, { field: 'isActive', kind: 'boolean' }],
    sortable: ['errorCode', 'ignoreUntil'],
  },
  search: { exact: ['id', 'errorCode', 'chargerType'] },
  form: [{ title: 'Error code', fields: ['chargerType', 'errorCode', 'description', 'ignoreUntil'] }],
  permissions: { view: 'ROLE_VIEW_ERROR_CODES', create: 'ROLE_UPDATE_ERROR_CODES', update: 'ROLE_UPDATE_ERROR_CODES', activate: 'ROLE_UPDATE_ERROR_CODES' },
  activeField: 'isActive',
  views: [{ path: `${GD}/error-code-managment`, title: 'Error Codes To Be Ignored' }],
});

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

/**
 * Which actions are audited per entity type and how long audit rows are kept: writeAudit applies it (through a
 * cache of a few seconds) and the hourly housekeeping deletes rows past the retention (domain/audit-policy.ts).
 */
export const auditConfigurationResource = defineResource({
  name: 'audit-configurations',
  title: 'Audit configuration',
  plural: 'Audit configuration',
  service: '/upload-service',
  path: 'audit-config',
  table: 'audit_configurations',
  labelField: 'entityType',
  fields: {
    entityType: f.code('Entity type', { required: true, unique: true, max: 80, help: 'Resource name, e.g. chargers' }),
    auditedActions: f.choices('Audited actions', optionsOf(AUDITED_ACTIONS), { required: true, help: AUDIT_CONFIGURATION_HELP }),
    retentionDays: f.int('Retention', { required: true, min: 30, max: 3650, unit: 'days' }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'entityType' }, { field: 'auditedActions' }, { field: 'retentionDays' }, { field: 'isActive' }, { field: 'updatedAt' }],
    filters: [{ field: 'auditedActions', kind: 'select' }, { field: 'isActive', kind: 'boolean' }],
    defaultSort: { field: 'entityType', dir: 'asc' },
    sortable: ['retentionDays', 'updatedAt'],
  },
  search: { exact: ['id', 'entityType'] },
  form: [{ title: 'Audit', fields: ['entityType', 'auditedActions', 'retentionDays'] }],
  update: ['auditedActions', 'retentionDays'],
  permissions: { view: 'ROLE_VIEW_AUDIT_CONFIG', create: 'ROLE_UPDATE_AUDIT_CONFIG', update: 'ROLE_UPDATE_AUDIT_CONFIG', activate: 'ROLE_UPDATE_AUDIT_CONFIG' },
  activeField: 'isActive',
  views: [{ path: `${GD}/audit-configuration`, title: 'Audit Configuration' }],
});

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

const DM = '/downloads-management';

/** Per report type: the columns a download has and its row limit. */
export const downloadConfigurationResource = defineResource({
  name: 'download-configurations',
  title: 'Download configuration',
  plural: 'Download configuration',
  service: '/upload-service',
  path: 'download/config',
  table: 'download_configurations',
  labelField: 'reportType',
  fields: {
    reportType: f.choice('Report type', reportTypeOptions, { required: true, unique: true, display: 'text' }),
    columns: f.items(
      'Columns offered',
      { field: f.code('Field', { required: true, max: 60 }), header: f.text('Header', { required: true, max: 80 }), isDefault: f.boolean('Selected by default') },
      { required: true, minItems: 1, maxItems: 60, help: 'Fields of the report’s list; unticked “Selected by default” columns are offered but not preselected' },
    ),
    maxRows: f.int('Maximum rows', { required: true, min: 1, max: 1_000_000 }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'reportType' }, { field: 'columns' }, { field: 'maxRows' }, { field: 'isActive' }, { field: 'updatedAt' }],
    filters: [{ field: 'isActive', kind: 'boolean' }],
    defaultSort: { field: 'reportType', dir: 'asc' },
    sortable: ['maxRows', 'updatedAt'],
  },
  search: { exact: ['id'] },
  form: [{ title: 'Report', fields: ['reportType', 'maxRows', 'columns'] }],
  update: ['maxRows', 'columns'],
  permissions: { view: 'ROLE_VIEW_DOWNLOAD_CONFIG', create: 'ROLE_UPDATE_DOWNLOAD_CONFIG', update: 'ROLE_UPDATE_DOWNLOAD_CONFIG', activate: 'ROLE_UPDATE_DOWNLOAD_CONFIG' },
  activeField: 'isActive',
  views: [{ path: `${DM}/download-configuration`, title: 'Download Configuration' }],
});

/**
 * Report exports staff requested. The side menu opens All Downloads to every signed-in staff user, so the
 * list shows who exported what (metadata only); the file itself is served by the download workflow, which checks it.
 */
export const downloadResource = defineResource({
  name: 'downloads',
  title: 'Download',
  plural: 'Downloads',
  service: '/upload-service',
  path: 'download',
  table: 'downloads',
  labelField: 'reportType',
  fields: {
    reportType: f.choice('Report type', downloadSourceOptions, { required: true, display: 'text' }),
    filtersSummary: f.text('Filters', { max: 500 }),
    status: f.choice('Status', downloadStatusOptions, { required: true }),
    format: f.choice('Format', [...downloadFormatOptions], { defaultValue: 'CSV', display: 'text' }),
    /** Rows in the file (known when the export starts). */
    rowCount: f.int('Rows'),
    rowsWritten: f.int('Rows written', { defaultValue: 0 }),
    filePath: f.text('File', { max: 300 }),
    /** The list exported (a resource name) and its query as the list's URL carries it, so a retry asks the same. */
    source: f.code('List', { max: 80 }),
    scope: f.code('Scope', { max: 40 }),
    query: f.text('Query', { max: 2000 }),
    columnFields: f.text('Columns', { max: 2000 }),
    error: f.text('Error', { max: 500 }),
    // Optimistic lock of the download workflow (every transition sends the version it saw).
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
    requestedBy: f.relation('Requested by', 'users', { idType: 'uuid', required: true }),
    requestedAt: f.datetime('Requested at', { required: true }),
    finishedAt: f.datetime('Finished at'),
  },
  list: {
    columns: [{ field: 'id' }, { field: 'reportType' }, { field: 'filtersSummary' }, { field: 'format' }, { field: 'status' }, { field: 'rowCount' }, { field: 'requestedBy' }, { field: 'requestedAt' }, { field: 'finishedAt', hidden: true }, { field: 'filePath', hidden: true }],
    filters: [{ field: 'status', kind: 'select' }, { field: 'reportType', kind: 'select' }, { field: 'requestedBy', kind: 'relation' }, { field: 'requestedAt', kind: 'dateRange' }],
    defaultSort: { field: 'requestedAt', dir: 'desc' },
  },
  search: { exact: ['id'] },
  owned: { status: 'the download workflow and the job queue', rowsWritten: 'the export job', rowCount: 'the export job', filePath: 'the export job', error: 'the export job' },
  permissions: { view: null },
  scopes: { mine: { title: 'My Downloads', where: [{ field: 'requestedBy', op: 'isCurrentUser' }], permission: null } },
  views: [
    { path: `${DM}/all-downloads`, title: 'All Downloads' },
    { path: `${DM}/my-downloads`, title: 'My Downloads', scope: 'mine' },
  ],
  readOnly: true,
});

/** Banners of the customer app, per placement, city and date range. */
export const advertisementResource = defineResource({
  name: 'advertisements',
  title: 'Advertisement',
  plural: 'Ads',
  service: '/lms',
  path: 'advertisement',
  table: 'advertisements',
  labelField: 'title',
  fields: {
    title: f.text('Title', { required: true, max: 120 }),
    placement: f.choice('Placement', optionsOf(['HOME_BANNER', 'CHARGER_DETAIL', 'BOOKING_COMPLETE']), { required: true, display: 'badge' }),
    image: f.image('Image', { required: true }),
    targetUrl: f.url('Target link'),
    city: f.relation('City', 'cities', { idType: 'uuid', help: 'Empty: every city' }),
    startDate: f.date('Start date', { required: true }),
    endDate: f.date('End date', { required: true }),
    priority: f.int('Priority', { required: true, min: 1, max: 100, help: 'Higher shows first' }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'image' }, { field: 'title' }, { field: 'placement' }, { field: 'city' }, { field: 'startDate' }, { field: 'endDate' }, { field: 'priority' }, { field: 'isActive' }],
    filters: [{ field: 'placement', kind: 'select' }, { field: 'city', kind: 'relation' }, { field: 'startDate', kind: 'dateRange' }, { field: 'isActive', kind: 'boolean' }],
    defaultSort: { field: 'startDate', dir: 'desc' },
    sortable: ['priority', 'endDate', 'title'],
  },
  search: { exact: ['id'], text: ['title'] },
  form: [
    { title: 'Ad', fields: ['title', 'placement', 'image', 'targetUrl'] },
    { title: 'Audience and schedule', fields: ['city', 'startDate', 'endDate', 'priority'] },
  ],
  permissions: { view: 'ROLE_VIEW_ADS', create: 'ROLE_UPDATE_ADS', update: 'ROLE_UPDATE_ADS', activate: 'ROLE_UPDATE_ADS' },
  activeField: 'isActive',
  views: [{ path: '/app-management/ads-management', title: 'Ads Management' }],
  createPath: '/app-management/ads-management/add',
});

/**
 * Resources of global data management (side-menu order), then downloads and ads. Download configurations come
 * before downloads: `/upload-service/download/config` must be registered before `/upload-service/download/:id`.
 */
export const globalDataResources: readonly Resource[] = [
  notificationTemplateResource,
  auditConfigurationResource,
  socketTypeResource,
  cityResource,
  newsResource,
  jobResource,
  knowledgeHubResource,
  productResource,
  vendorResource,
  ignoredErrorCodeResource,
  outboundCallLogResource,
  smsNotificationLogResource,
  whatsappNotificationLogResource,
  vehicleResource,
  downloadConfigurationResource,
  downloadResource,
  advertisementResource,
];
