import { defineResource } from '@domain/resource/define-resource';
import { optionsOf, f } from '@domain/resource/field';
import { reportTypeOptions, DM } from './shared';

/** What a download was made from: a report type, or "List" for an export of any other list. */
export const downloadSourceOptions = optionsOf([...reportTypeOptions.map((o) => o.value), 'LIST']);

/** File formats of a download. */
export const downloadFormatOptions = [
  { value: 'CSV', label: 'CSV' },
  { value: 'XLSX', label: 'Excel' },
] as const;

/** States of a download (machines/download.machine.ts; cancel and retry are the user's events). */
export const downloadStatusOptions = optionsOf(['QUEUED', 'RUNNING', 'READY', 'FAILED', 'CANCELLED', 'EXPIRED'], { QUEUED: 'neutral', RUNNING: 'info', READY: 'success', FAILED: 'danger', CANCELLED: 'warning', EXPIRED: 'neutral' });

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
