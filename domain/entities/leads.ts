import { defineResource, type Resource, type ResourceAction } from '../resource/define-resource';
import { f, optionsOf, type FieldDef } from '../resource/field';

const LM = '/lead-management';

/** Lead types: inbound enquiries and outbound leads that raise a charger's utilization. One `leads` table holds both. */
export const leadTypes = ['INBOUND', 'UTILIZATION'] as const;
/** Where a lead came from. */
export const leadSources = ['WEBSITE', 'REFERRAL', 'WALK_IN', 'CAMPAIGN', 'PARTNER'] as const;
/** How warm a lead is, ending in converted or lost. */
export const leadLevels = ['COLD', 'WARM', 'HOT', 'CONVERTED', 'LOST'] as const;

const levelOptions = optionsOf(leadLevels, { COLD: 'info', WARM: 'warning', HOT: 'danger', CONVERTED: 'success', LOST: 'neutral' });

/** The permission of Change lead level. */
export const UPDATE_LEAD_LEVEL_PERMISSION = 'ROLE_UPDATE_LEAD_LEVEL' as const;
/** The level a lead's level never leaves: a converted lead is a customer (Change lead level answers 409). */
export const FINAL_LEAD_LEVEL = 'CONVERTED' as const;

/** Change lead level of a lead (`POST {lead path}/level`), one declaration per lead resource so each page offers it. */
function changeLevelAction(resource: 'leads' | 'utilization-leads'): ResourceAction {
  return {
    name: 'level',
    title: 'Change lead level',
    permission: UPDATE_LEAD_LEVEL_PERMISSION,
    on: 'record',
    fields: { id: f.relation('Lead', resource, { required: true }), leadLevel: f.choice('Lead level', levelOptions, { required: true }) },
    fromRecord: ['id'],
    edit: ['leadLevel'],
    confirm: 'The lead’s level changes for everyone who follows it up; the old level stays in its history. A converted lead keeps its level.',
    variant: 'secondary',
  };
}

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
  // A new lead is added at a level (COLD by default); the level then changes only through Change lead level.
  update: ['name', 'phone', 'email', 'city', 'source', 'charger', 'expectedSessionsPerDay', 'owner', 'notes'],
  owned: { leadLevel: 'the Change lead level action' },
  actions: [changeLevelAction('utilization-leads')],
  permissions: { view: 'ROLE_VIEW_UTILIZATION_LEADS', create: 'ROLE_ADD_UTILIZATION_LEAD', update: UPDATE_LEAD_LEVEL_PERMISSION },
  scopes: { mine: { title: 'My leads', where: [{ field: 'owner', op: 'isCurrentUser' }], permission: 'ROLE_VIEW_MY_OUTBOUND_LEADS' } },
  views: [
    { path: `${LM}/utilization-leads`, title: 'Utilization Leads' },
    { path: `${LM}/utilization-leads/my`, title: 'My Leads', scope: 'mine' },
  ],
  createPath: `${LM}/utilization-leads/add-utilization-lead`,
});

/** Resources of this module (declared in the order of the side menu). */
export const leadResources: readonly Resource[] = [leadResource, utilizationLeadResource];
