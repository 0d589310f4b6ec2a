import { defineResource } from '@domain/resource/define-resource';
import { leadFields, changeLevelAction, UPDATE_LEAD_LEVEL_PERMISSION, LM } from './shared';

/** The level a lead's level never leaves: a converted lead is a customer (Change lead level answers 409). */
export const FINAL_LEAD_LEVEL = 'CONVERTED' as const;

/** Every lead: the inbound enquiries (website, referral, walk-in, campaign, partner) and the utilization leads. */
export const leadResource = defineResource({
  name: 'leads',
  title: 'Lead',
  plural: 'Leads',
  service: '/lms',
  path: 'lead',
  table: 'leads',
  labelField: 'name',
  fields: leadFields(false),
  list: {
    columns: [
      { field: 'name' },
      { field: 'phone' },
      { field: 'email', hidden: true },
      { field: 'leadType' },
      { field: 'source' },
      { field: 'leadLevel' },
      { field: 'city' },
      { field: 'owner' },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'leadType', kind: 'select' },
      { field: 'source', kind: 'select' },
      { field: 'leadLevel', kind: 'select' },
      { field: 'city', kind: 'relation' },
      { field: 'owner', kind: 'relation' },
      { field: 'createdAt', kind: 'dateRange' },
    ],
  },
  search: { exact: ['id', 'phone'], text: ['name'] },
  form: [{ title: 'Follow-up', fields: ['owner', 'notes'] }],
  create: [],
  update: ['owner', 'notes'],
  // The level changes only through Change lead level (server/leads/lead-level-routes.ts), audited.
  owned: { leadLevel: 'the Change lead level action' },
  actions: [changeLevelAction('leads')],
  permissions: { view: 'ROLE_VIEW_LEADS', update: UPDATE_LEAD_LEVEL_PERMISSION },
  scopes: { inbound: { title: 'Inbound leads', where: [{ field: 'leadType', op: 'eq', value: 'INBOUND' }] } },
  views: [
    { path: `${LM}/all-leads`, title: 'All Leads' },
    { path: `${LM}/inbound-leads`, title: 'Inbound Leads', scope: 'inbound' },
  ],
});
