import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';

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
