import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { CPO } from './shared';

/** CPO lead states (ours). */
export const cpoLeadStatuses = ['NEW', 'CONTACTED', 'DEMO_SCHEDULED', 'NEGOTIATION', 'ONBOARDED', 'LOST'] as const;

/** Companies interested in running charge points on the network (from the website); sales follows them up. */
export const cpoLeadResource = defineResource({
  name: 'cpo-leads',
  title: 'CPO lead',
  plural: 'CPO leads',
  service: '/cpo-service',
  path: 'cpo-lead',
  table: 'cpo_leads',
  labelField: 'companyName',
  fields: {
    companyName: f.text('Company', { required: true, max: 150 }),
    contactName: f.text('Contact', { required: true, max: 120 }),
    phone: f.phone('Phone', { required: true }),
    email: f.email('Email'),
    cityId: f.relation('City', 'cities', { idType: 'uuid' }),
    fleetSize: f.int('Fleet size', { max: 1_000_000, unit: 'vehicles' }),
    status: f.choice(
      'Status',
      optionsOf(cpoLeadStatuses, { NEW: 'info', CONTACTED: 'neutral', DEMO_SCHEDULED: 'warning', NEGOTIATION: 'warning', ONBOARDED: 'success', LOST: 'danger' }),
      { defaultValue: 'NEW' },
    ),
    notes: f.longText('Notes', { max: 2000 }),
    isActive: f.boolean('Active', { defaultValue: true }),
    // Optimistic lock of the CPO lead workflow and of every generic edit.
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'companyName' },
      { field: 'contactName' },
      { field: 'phone' },
      { field: 'email', hidden: true },
      { field: 'cityId' },
      { field: 'fleetSize' },
      { field: 'status' },
      { field: 'isActive' },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'companyName', kind: 'text' },
      { field: 'status', kind: 'select' },
      { field: 'cityId', kind: 'relation' },
      { field: 'fleetSize', kind: 'numberRange' },
      { field: 'isActive', kind: 'boolean' },
      { field: 'createdAt', kind: 'dateRange' },
    ],
    sortable: ['companyName', 'fleetSize'],
  },
  search: { exact: ['id', 'phone'], text: ['companyName', 'contactName'] },
  form: [{ title: 'Follow-up', fields: ['notes'] }],
  // Leads arrive from the website form; staff move their status along the CPO lead machine, keep notes and
  // inactivate spam.
  create: [],
  update: ['notes'],
  owned: { status: 'the CPO lead workflow' },
  permissions: { view: 'ROLE_VIEW_CPO_LEADS', update: 'ROLE_UPDATE_CPO_LEAD_STATUS', activate: 'ROLE_UPDATE_CPO_LEAD_STATUS' },
  activeField: 'isActive',
  views: [{ path: `${CPO}/cpo-leads`, title: 'CPO Leads' }],
});
