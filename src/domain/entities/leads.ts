import { defineResource, type Resource } from '../resource/define-resource';
import { f, optionsOf, type FieldDef } from '../resource/field';

const LM = '/lead-management';

/** Lead types: inbound enquiries and outbound leads that raise a charger's utilization. One `leads` table holds both. */
export const leadTypes = ['INBOUND', 'UTILIZATION'] as const;
/** Where a lead came from. */
export const leadSources = ['WEBSITE', 'REFERRAL', 'WALK_IN', 'CAMPAIGN', 'PARTNER'] as const;
/** How warm a lead is, ending in converted or lost. */
export const leadLevels = ['COLD', 'WARM', 'HOT', 'CONVERTED', 'LOST'] as const;

const levelOptions = optionsOf(leadLevels, { COLD: 'info', WARM: 'warning', HOT: 'danger', CONVERTED: 'success', LOST: 'neutral' });

/** Fields every lead has; `required` is false for the cross-type resource (it never creates). */
function leadFields(required: boolean): Record<string, FieldDef> {
  return {
    leadType: f.choice('Lead type', optionsOf(leadTypes), { readOnly: true, display: 'badge' }),
    name: f.text('Name', { required, max: 120, searchable: true }),
    phone: f.phone('Phone', { required }),
    email: f.email('Email'),
    city: f.relation('City', 'cities', { idType: 'uuid' }),
    source: f.choice('Source', optionsOf(leadSources), { display: 'text' }),
    leadLevel: f.choice('Lead level', levelOptions, { defaultValue: 'COLD' }),
    owner: f.relation('Owner', 'users', { idType: 'uuid' }),
    notes: f.longText('Notes', { max: 2000 }),
  };
}

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
  form: [{ title: 'Follow-up', fields: ['leadLevel', 'owner', 'notes'] }],
  create: [],
  update: ['leadLevel', 'owner', 'notes'],
  permissions: { view: 'ROLE_VIEW_LEADS', update: 'ROLE_UPDATE_LEAD_LEVEL' },
  scopes: { inbound: { title: 'Inbound leads', where: [{ field: 'leadType', op: 'eq', value: 'INBOUND' }] } },
  views: [
    { path: `${LM}/all-leads`, title: 'All Leads' },
    { path: `${LM}/inbound-leads`, title: 'Inbound Leads', scope: 'inbound' },
  ],
});

/** Utilization leads: people or fleets who could use a charger that is under-used. */
export const utilizationLeadResource = defineResource({
  name: 'utilization-leads',
  title: 'Utilization lead',
  plural: 'Utilization leads',
  service: '/lms',
  path: 'utilization-lead',
  table: 'leads',
  labelField: 'name',
  fields: {
    ...leadFields(true),
    charger: f.relation('Charger', 'chargers'),
    expectedSessionsPerDay: f.int('Expected sessions per day', { min: 0, max: 500 }),
  },
  fixed: { leadType: 'UTILIZATION' },
  list: {
    columns: [
      { field: 'name' },
      { field: 'phone' },
      { field: 'charger' },
      { field: 'expectedSessionsPerDay' },
      { field: 'leadLevel' },
      { field: 'source' },
      { field: 'city' },
      { field: 'owner' },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'leadLevel', kind: 'select' },
      { field: 'source', kind: 'select' },
      { field: 'city', kind: 'relation' },
      { field: 'owner', kind: 'relation' },
      { field: 'createdAt', kind: 'dateRange' },
    ],
  },
  search: { exact: ['id', 'phone'], text: ['name'] },
  form: [
    { title: 'Lead', fields: ['name', 'phone', 'email', 'city', 'source'] },
    { title: 'Charger', fields: ['charger', 'expectedSessionsPerDay'] },
    { title: 'Follow-up', fields: ['leadLevel', 'owner', 'notes'] },
  ],
  permissions: { view: 'ROLE_VIEW_UTILIZATION_LEADS', create: 'ROLE_ADD_UTILIZATION_LEAD', update: 'ROLE_UPDATE_LEAD_LEVEL' },
  scopes: { mine: { title: 'My leads', where: [{ field: 'owner', op: 'isCurrentUser' }], permission: 'ROLE_VIEW_MY_OUTBOUND_LEADS' } },
  views: [
    { path: `${LM}/utilization-leads`, title: 'Utilization Leads' },
    { path: `${LM}/utilization-leads/my`, title: 'My Leads', scope: 'mine' },
  ],
  createPath: `${LM}/utilization-leads/add-utilization-lead`,
});

/** Resources of this module (declared in the order of the side menu). */
export const leadResources: readonly Resource[] = [leadResource, utilizationLeadResource];
