import { z } from 'zod';
import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { withInput, CPO } from './shared';

const gstinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'Enter a 15-character GSTIN, e.g. 29ABCDE1234F1Z5');

/** Charge point operators: the foundation's charge_point_operators table, with their business details. */
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
    legalName: f.text('Legal name', { max: 200 }),
    gstin: withInput(f.code('GSTIN', { max: 15, unique: true }), gstinSchema),
    contactPhone: f.phone('Contact phone'),
    contactEmail: f.email('Contact email'),
    cityId: f.relation('City', 'cities', { idType: 'uuid' }),
    commissionPercent: f.decimal('Commission', { max: 100, unit: '%', help: "The network's share of each booking's revenue" }),
    isOwnNetwork: f.boolean('Own network', { defaultValue: false, readOnly: true }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [
      { field: 'name' },
      { field: 'legalName', hidden: true },
      { field: 'gstin' },
      { field: 'contactPhone' },
      { field: 'contactEmail', hidden: true },
      { field: 'cityId' },
      { field: 'commissionPercent' },
      { field: 'isOwnNetwork' },
      { field: 'isActive' },
      { field: 'createdAt' },
    ],
    filters: [{ field: 'name', kind: 'text' }, { field: 'isActive', kind: 'boolean' }],
    defaultSort: { field: 'name', dir: 'asc' },
    sortable: ['createdAt'],
  },
  search: { exact: ['id', 'gstin', 'contactPhone'], text: ['name'] },
  form: [
    { title: 'Operator', fields: ['name', 'legalName', 'gstin', 'cityId', 'commissionPercent'] },
    { title: 'Contact', fields: ['contactPhone', 'contactEmail'] },
  ],
  permissions: { view: 'ROLE_VIEW_CPO', create: 'ROLE_CREATE_CPO', update: 'ROLE_UPDATE_CPO', activate: 'ROLE_UPDATE_CPO' },
  activeField: 'isActive',
  views: [{ path: `${CPO}/all-operator`, title: 'Charge Point Operators' }],
  createPath: `${CPO}/all-operator/add`,
});
