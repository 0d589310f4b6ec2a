import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { GD } from '../catalogue/shared';

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
