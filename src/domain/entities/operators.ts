import { defineResource, type Resource } from '../resource/define-resource';
import { f } from '../resource/field';

const CPO = '/charge-point-operator-management';

/** Charge point operators: the foundation's charge_point_operators table. */
export const chargePointOperatorResource = defineResource({
  name: 'charge-point-operators',
  title: 'Charge point operator',
  plural: 'Charge point operators',
  service: '/user-service',
  path: 'charger-point-operator',
  table: 'charge_point_operators',
  id: { type: 'uuid' },
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 120 }),
    isOwnNetwork: f.boolean('Own network', { defaultValue: false, readOnly: true }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'name' }, { field: 'isOwnNetwork' }, { field: 'isActive' }, { field: 'createdAt' }],
    filters: [{ field: 'name', kind: 'text' }, { field: 'isActive', kind: 'boolean' }],
    defaultSort: { field: 'name', dir: 'asc' },
    sortable: ['createdAt'],
  },
  search: { exact: ['id'], text: ['name'] },
  form: [{ title: 'Operator', fields: ['name'] }],
  permissions: { view: 'ROLE_VIEW_CPO', create: 'ROLE_CREATE_CPO', update: 'ROLE_UPDATE_CPO', activate: 'ROLE_UPDATE_CPO' },
  activeField: 'isActive',
  views: [{ path: `${CPO}/all-operator`, title: 'Charge Point Operators' }],
  createPath: `${CPO}/all-operator/add`,
});

/** Resources of this module (declared in the order of the side menu). */
export const operatorResources: readonly Resource[] = [chargePointOperatorResource];
