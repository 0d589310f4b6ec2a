import type { ResourceAction } from '@domain/resource/define-resource';
import { optionsOf, f, type FieldDef } from '@domain/resource/field';

export const LM = '/lead-management';

/** Lead types: inbound enquiries and outbound leads that raise a charger's utilization. One `leads` table holds both. */
export const leadTypes = ['INBOUND', 'UTILIZATION'] as const;
/** Where a lead came from. */
export const leadSources = ['WEBSITE', 'REFERRAL', 'WALK_IN', 'CAMPAIGN', 'PARTNER'] as const;
/** How warm a lead is, ending in converted or lost. */
export const leadLevels = ['COLD', 'WARM', 'HOT', 'CONVERTED', 'LOST'] as const;

const levelOptions = optionsOf(leadLevels, { COLD: 'info', WARM: 'warning', HOT: 'danger', CONVERTED: 'success', LOST: 'neutral' });

/** The permission of Change lead level. */
export const UPDATE_LEAD_LEVEL_PERMISSION = 'ROLE_UPDATE_LEAD_LEVEL' as const;

/** Change lead level of a lead (`POST {lead path}/level`), one declaration per lead resource so each page offers it. */
export function changeLevelAction(resource: 'leads' | 'utilization-leads'): ResourceAction {
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
export function leadFields(required: boolean): Record<string, FieldDef> {
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
