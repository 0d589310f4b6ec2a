import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { SC } from './shared';

/** Opportunity lead states (ours). */
export const opportunityLeadStatuses = ['NEW', 'CONTACTED', 'INTERESTED', 'KYC_PENDING', 'INVESTED', 'NOT_INTERESTED'] as const;

/** Investors who asked about an opportunity (from the investor app); staff follow them up. */
export const opportunityLeadResource = defineResource({
  name: 'opportunity-leads',
  title: 'Opportunity lead',
  plural: 'Opportunity leads',
  service: '/sc-service',
  path: 'opportunity-lead',
  table: 'opportunity_leads',
  labelField: 'investorName',
  fields: {
    investorName: f.text('Investor', { required: true, max: 120 }),
    phone: f.phone('Phone', { required: true }),
    email: f.email('Email'),
    opportunityId: f.relation('Opportunity', 'investment-opportunities'),
    amountInLakhs: f.decimal('Amount', { required: true, max: 100_000, unit: 'lakhs' }),
    status: f.choice(
      'Status',
      optionsOf(opportunityLeadStatuses, { NEW: 'info', CONTACTED: 'neutral', INTERESTED: 'warning', KYC_PENDING: 'warning', INVESTED: 'success', NOT_INTERESTED: 'danger' }),
      { defaultValue: 'NEW' },
    ),
    notes: f.longText('Notes', { max: 2000 }),
    // Optimistic lock of the opportunity lead workflow and of every generic edit.
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'investorName' },
      { field: 'phone' },
      { field: 'email', hidden: true },
      { field: 'opportunityId' },
      { field: 'amountInLakhs' },
      { field: 'status' },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'opportunityId', kind: 'relation' },
      { field: 'amountInLakhs', kind: 'numberRange' },
      { field: 'createdAt', kind: 'dateRange' },
    ],
    sortable: ['amountInLakhs', 'investorName'],
  },
  search: { exact: ['id', 'phone'], text: ['investorName'] },
  form: [{ title: 'Follow-up', fields: ['notes'] }],
  // Leads arrive from the investor app; staff keep notes and move their status along the opportunity lead machine.
  create: [],
  update: ['notes'],
  owned: { status: 'the opportunity lead workflow' },
  permissions: { view: 'ROLE_VIEW_SUSTAIN_CAPITAL_LEADS', update: 'ROLE_UPDATE_SUSTAIN_CAPITAL_LEADS' },
  views: [{ path: `${SC}/opportunity-leads`, title: 'Opportunity Leads' }],
});
