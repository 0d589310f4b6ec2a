import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { GD } from '../catalogue/shared';

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
