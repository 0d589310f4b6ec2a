import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { FM } from '../settlements/shared';

/** Investment lead bundle states (ours). */
export const leadBundleStatuses = ['OPEN', 'IN_DISCUSSION', 'CLOSED_WON', 'CLOSED_LOST'] as const;

/** Bundles of investor leads handed to a relationship manager, per city. */
export const investmentLeadBundleResource = defineResource({
  name: 'investment-lead-bundles',
  title: 'Investment lead bundle',
  plural: 'Investment lead bundles',
  service: '/lms',
  path: 'investment-bundle',
  table: 'investment_lead_bundles',
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 120 }),
    cityId: f.relation('City', 'cities', { idType: 'uuid' }),
    leadsCount: f.int('Leads', { required: true, max: 10_000 }),
    expectedInvestment: f.money('Expected investment'),
    ownerId: f.relation('Relationship manager', 'users', { idType: 'uuid' }),
    status: f.choice('Status', optionsOf(leadBundleStatuses, { OPEN: 'info', IN_DISCUSSION: 'warning', CLOSED_WON: 'success', CLOSED_LOST: 'danger' }), {
      defaultValue: 'OPEN',
    }),
    notes: f.longText('Notes', { max: 2000 }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'name' },
      { field: 'cityId' },
      { field: 'leadsCount' },
      { field: 'expectedInvestment' },
      { field: 'ownerId' },
      { field: 'status' },
      { field: 'isActive' },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'name', kind: 'text' },
      { field: 'status', kind: 'select' },
      { field: 'cityId', kind: 'relation' },
      { field: 'isActive', kind: 'boolean' },
    ],
    sortable: ['name', 'expectedInvestment'],
  },
  search: { exact: ['id'], text: ['name'] },
  form: [
    { title: 'Bundle', fields: ['name', 'cityId', 'leadsCount', 'expectedInvestment'] },
    { title: 'Follow-up', fields: ['ownerId', 'status', 'notes'] },
  ],
  permissions: {
    view: 'ROLE_VIEW_INVESTMENT_LEAD_BUNDLES',
    create: 'ROLE_UPDATE_INVESTMENT_LEAD_BUNDLES',
    update: 'ROLE_UPDATE_INVESTMENT_LEAD_BUNDLES',
    activate: 'ROLE_UPDATE_INVESTMENT_LEAD_BUNDLES',
  },
  activeField: 'isActive',
  views: [{ path: `${FM}/investment-lead-bundles`, title: 'Investment Lead Bundles' }],
  createPath: `${FM}/investment-lead-bundles/add`,
});
