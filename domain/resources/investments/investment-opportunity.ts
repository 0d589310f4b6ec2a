import { z } from 'zod';
import { defineResource } from '@domain/resource/define-resource';
import { type FieldDef, f, optionsOf } from '@domain/resource/field';
import { SC } from './shared';

/** Kinds of sites an investment opportunity funds (ours). */
export const opportunityTypes = ['CHARGING_HUB', 'RESIDENTIAL_SOCIETY', 'COMMERCIAL_COMPLEX', 'HIGHWAY_CORRIDOR', 'FLEET_DEPOT'] as const;
/** Investment opportunity states (ours). */
export const opportunityStatuses = ['DRAFT', 'LIVE', 'FULLY_SUBSCRIBED', 'FUNDED', 'CLOSED'] as const;

const pinCodeSchema = z.string({ error: 'This field is required' }).trim().regex(/^[1-9][0-9]{5}$/, 'Enter a 6-digit PIN code');
/** A six-digit Indian PIN code (digit-only key filter). */
const pinCode = (label: string, required: boolean): FieldDef => ({ ...f.text(label, { required, max: 6, digitsOnly: true }), input: pinCodeSchema });

const opportunityDraftFields = [
  'name',
  'images',
  'imageUrl',
  'opportunityType',
  'numberOfChargers',
  'subscribedPercentage',
  'projectedIrr',
  'primaryUser',
  'minInvestmentAmountInLakhs',
  'totalInvestmentAmountInLakhs',
  'buildingNumber',
  'locality',
  'landMark',
  'city',
  'state',
  'pinCode',
  'googleMapLink',
  'featuresOfLocation',
  'overView',
  'whyInvest',
  'resourcesUrl',
] as const;

/**
 * Sustain capital investment opportunities. The address is kept in real columns named as the
 * draft names its parts, so each part has its own validation and error path (`pinCode`) and city/state filter.
 */
export const investmentOpportunityResource = defineResource({
  name: 'investment-opportunities',
  title: 'Investment opportunity',
  plural: 'Investment opportunities',
  service: '/sc-service',
  path: 'investment-opportunity',
  table: 'investment_opportunities',
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 150 }),
    images: f.images('Images', { maxItems: 10 }),
    imageUrl: f.image('Cover image'),
    opportunityType: f.choice('Opportunity type', optionsOf(opportunityTypes), { required: true, display: 'badge' }),
    numberOfChargers: f.int('Chargers', { required: true, min: 1, max: 10_000 }),
    subscribedPercentage: f.decimal('Subscribed', { defaultValue: 0, max: 100, unit: '%' }),
    projectedIrr: f.decimal('Projected IRR', { required: true, max: 100, unit: '%' }),
    primaryUser: f.text('Primary user', { max: 120, help: 'Who charges here most, e.g. delivery two-wheelers or residents' }),
    minInvestmentAmountInLakhs: f.lakhs('Minimum investment', { required: true }),
    totalInvestmentAmountInLakhs: f.lakhs('Total investment', { required: true }),
    buildingNumber: f.text('Building number', { max: 80 }),
    locality: f.text('Locality', { required: true, max: 120 }),
    landMark: f.text('Landmark', { max: 120 }),
    city: f.text('City', { required: true, max: 80 }),
    state: f.text('State', { required: true, max: 80 }),
    pinCode: pinCode('PIN code', true),
    googleMapLink: f.url('Google Maps link'),
    featuresOfLocation: f.longText('Features of the location', { max: 3000 }),
    overView: f.longText('Overview', { max: 5000 }),
    whyInvest: f.longText('Why invest', { max: 5000 }),
    resourcesUrl: f.url('Resources link'),
    status: f.choice('Status', optionsOf(opportunityStatuses, { DRAFT: 'neutral', LIVE: 'info', FULLY_SUBSCRIBED: 'warning', FUNDED: 'success', CLOSED: 'neutral' }), {
      defaultValue: 'DRAFT',
    }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [
      { field: 'imageUrl' },
      { field: 'name' },
      { field: 'opportunityType' },
      { field: 'city' },
      { field: 'numberOfChargers' },
      { field: 'totalInvestmentAmountInLakhs' },
      { field: 'minInvestmentAmountInLakhs', hidden: true },
      { field: 'subscribedPercentage' },
      { field: 'projectedIrr' },
      { field: 'status' },
      { field: 'isActive' },
      { field: 'createdAt', hidden: true },
    ],
    filters: [
      { field: 'name', kind: 'text' },
      { field: 'opportunityType', kind: 'select' },
      { field: 'status', kind: 'select' },
      { field: 'city', kind: 'text' },
      { field: 'isActive', kind: 'boolean' },
    ],
    sortable: ['name', 'projectedIrr', 'subscribedPercentage'],
  },
  search: { exact: ['id', 'pinCode'], text: ['name'] },
  form: [
    { title: 'Opportunity', fields: ['name', 'opportunityType', 'numberOfChargers', 'primaryUser', 'status'] },
    { title: 'Investment', fields: ['minInvestmentAmountInLakhs', 'totalInvestmentAmountInLakhs', 'subscribedPercentage', 'projectedIrr'] },
    { title: 'Address', fields: ['buildingNumber', 'locality', 'landMark', 'city', 'state', 'pinCode', 'googleMapLink'] },
    { title: 'Story', fields: ['overView', 'whyInvest', 'featuresOfLocation', 'resourcesUrl'] },
    { title: 'Images', fields: ['imageUrl', 'images'] },
  ],
  // A new opportunity starts as a draft; its status moves on the edit form once it goes live.
  create: opportunityDraftFields,
  update: [...opportunityDraftFields, 'status'],
  permissions: {
    view: 'ROLE_VIEW_INVESTMENT_OPPORTUNITY',
    create: 'ROLE_CREATE_INVESTMENT_OPPORTUNITY',
    update: 'ROLE_UPDATE_INVESTMENT_OPPORTUNITY',
    activate: 'ROLE_UPDATE_INVESTMENT_OPPORTUNITY',
  },
  activeField: 'isActive',
  scopes: {
    // Opportunities whose money is being collected or deployed: what the finance team follows up.
    funding: { title: 'In funding', where: [{ field: 'status', op: 'in', values: ['FULLY_SUBSCRIBED', 'FUNDED'] }] },
  },
  views: [
    { path: `${SC}/exclusive-prime-deals`, title: 'Opportunity' },
    { path: `${SC}/finance-management`, title: 'Finance Management', scope: 'funding' },
  ],
  // Data insights: how many opportunities each city has in each status.
  summary: { path: `${SC}/data-insights`, title: 'Data Insights', groupBy: ['city', 'status'] },
  createPath: `${SC}/add`,
});
