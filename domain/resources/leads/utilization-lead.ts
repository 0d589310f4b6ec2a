import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { leadFields, changeLevelAction, UPDATE_LEAD_LEVEL_PERMISSION, LM } from './shared';

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
