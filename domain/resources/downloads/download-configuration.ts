import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { reportTypeOptions, DM } from './shared';

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
