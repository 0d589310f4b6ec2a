import { z } from 'zod';
import { defineResource, type Resource } from '../resource/define-resource';
import { f, optionsOf, type FieldDef } from '../resource/field';

const CPO = '/charge-point-operator-management';
const SC = '/sustain-capital-management';

/** White-label app states. */
export const whiteLabelStatuses = ['SUBMITTED', 'IN_REVIEW', 'BUILDING', 'LIVE', 'REJECTED'] as const;
/** Console access request states (ours). */
export const accessRequestStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const;
/** CPO lead states (ours). */
export const cpoLeadStatuses = ['NEW', 'CONTACTED', 'DEMO_SCHEDULED', 'NEGOTIATION', 'ONBOARDED', 'LOST'] as const;
/** Location bank site states (ours). */
export const locationBankStatuses = ['IDENTIFIED', 'SITE_VISIT_DONE', 'NEGOTIATION', 'APPROVED', 'ALLOCATED', 'REJECTED'] as const;

/** A field whose input schema is narrower than its builder's (format rules such as GSTIN or a colour). */
const withInput = (def: FieldDef, input: z.ZodType): FieldDef => ({ ...def, input });

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

/** White-label app applications: an operator's own branded charging app. */
export const whiteLabelApplicationResource = defineResource({
  name: 'white-label-applications',
  title: 'White-label application',
  plural: 'White-label applications',
  service: '/config',
  path: 'white-label-application',
  table: 'white_label_applications',
  labelField: 'appName',
  fields: {
    chargePointOperatorId: f.relation('Operator', 'charge-point-operators', { idType: 'uuid', required: true }),
    appName: f.text('App name', { required: true, max: 60 }),
    packageId: withInput(
      f.text('Package id', { required: true, unique: true, max: 150 }),
      z
        .string({ error: 'This field is required' })
        .trim()
        .max(150)
        .regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/, 'Use a package id such as com.operator.charging'),
    ),
    brandColour: withInput(
      f.text('Brand colour', { required: true, max: 7, help: 'A hex colour such as #0B8043' }),
      z.string({ error: 'This field is required' }).trim().regex(/^#[0-9A-Fa-f]{6}$/, 'Enter a colour as # and six hex digits'),
    ),
    domain: withInput(
      f.text('Domain', { max: 253 }),
      z
        .string()
        .trim()
        .toLowerCase()
        .max(253)
        .regex(/^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Enter a domain such as charge.example.in'),
    ),
    logo: f.image('Logo'),
    status: f.choice('Status', optionsOf(whiteLabelStatuses, { SUBMITTED: 'info', IN_REVIEW: 'warning', BUILDING: 'warning', LIVE: 'success', REJECTED: 'danger' }), {
      defaultValue: 'SUBMITTED',
    }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [
      { field: 'logo' },
      { field: 'appName' },
      { field: 'chargePointOperatorId' },
      { field: 'packageId' },
      { field: 'brandColour', hidden: true },
      { field: 'domain' },
      { field: 'status' },
      { field: 'isActive' },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'appName', kind: 'text' },
      { field: 'status', kind: 'select' },
      { field: 'chargePointOperatorId', kind: 'relation' },
      { field: 'isActive', kind: 'boolean' },
    ],
    sortable: ['appName'],
  },
  search: { exact: ['id', 'packageId', 'domain'], text: ['appName'] },
  form: [
    { title: 'Application', fields: ['chargePointOperatorId', 'appName', 'packageId', 'domain'] },
    { title: 'Brand', fields: ['brandColour', 'logo', 'status'] },
  ],
  permissions: { view: 'ROLE_VIEW_WHITE_LABEL', create: 'ROLE_UPDATE_WHITE_LABEL', update: 'ROLE_UPDATE_WHITE_LABEL', activate: 'ROLE_UPDATE_WHITE_LABEL' },
  activeField: 'isActive',
  views: [{ path: `${CPO}/white-label`, title: 'White Label Management' }],
  createPath: `${CPO}/white-label/add`,
});

/**
 * Requests from operators' staff for access to the console: read-only but for their status, which moves only along
 * the CPO access request machine (approve, or reject with a reason; machines/cpo-access-request.machine.ts).
 */
export const cpoAccessRequestResource = defineResource({
  name: 'cpo-access-requests',
  title: 'CPO access request',
  plural: 'CPO access requests',
  service: '/cpo-service',
  path: 'cpo-access-request',
  table: 'cpo_access_requests',
  labelField: 'requesterName',
  fields: {
    chargePointOperatorId: f.relation('Operator', 'charge-point-operators', { idType: 'uuid', required: true }),
    requesterName: f.text('Requester', { required: true, max: 120 }),
    requesterPhone: f.phone('Requester phone', { required: true }),
    requesterEmail: f.email('Requester email'),
    status: f.choice('Status', optionsOf(accessRequestStatuses, { PENDING: 'warning', APPROVED: 'success', REJECTED: 'danger' }), { defaultValue: 'PENDING' }),
    // Optimistic lock of the CPO access request workflow (every transition sends the version it saw).
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'chargePointOperatorId' },
      { field: 'requesterName' },
      { field: 'requesterPhone' },
      { field: 'requesterEmail', hidden: true },
      { field: 'status' },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'chargePointOperatorId', kind: 'relation' },
      { field: 'createdAt', kind: 'dateRange' },
    ],
  },
  search: { exact: ['id', 'requesterPhone'], text: ['requesterName'] },
  permissions: { view: 'ROLE_VIEW_CPO_ACCESS_REQUEST' },
  owned: { status: 'the CPO access request workflow' },
  views: [{ path: `${CPO}/cpo-access-request`, title: 'CPO Access Request' }],
  readOnly: true,
});

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

/** Candidate sites for new charge points (the location bank), with the landlord's terms (machines/location-bank.machine.ts). */
export const locationBankResource = defineResource({
  name: 'location-banks',
  title: 'Location bank site',
  plural: 'Location bank',
  service: '/cpo-service',
  path: 'location-bank',
  table: 'location_banks',
  labelField: 'name',
  fields: {
    name: f.text('Site name', { required: true, max: 150 }),
    address: f.longText('Address', { required: true, max: 500 }),
    cityId: f.relation('City', 'cities', { idType: 'uuid', required: true }),
    coordinates: f.coordinates('Coordinates', { required: true }),
    areaSqFt: f.int('Area', { max: 10_000_000, unit: 'sq ft' }),
    monthlyRent: f.money('Monthly rent'),
    ownerName: f.text('Owner', { max: 120 }),
    ownerPhone: f.phone('Owner phone'),
    status: f.choice(
      'Status',
      optionsOf(locationBankStatuses, { IDENTIFIED: 'info', SITE_VISIT_DONE: 'neutral', NEGOTIATION: 'warning', APPROVED: 'success', ALLOCATED: 'success', REJECTED: 'danger' }),
      { defaultValue: 'IDENTIFIED' },
    ),
    isActive: f.boolean('Active', { defaultValue: true }),
    // Optimistic lock of the location bank workflow and of every generic edit.
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'name' },
      { field: 'cityId' },
      { field: 'address', hidden: true },
      { field: 'coordinates', hidden: true },
      { field: 'areaSqFt' },
      { field: 'monthlyRent' },
      { field: 'ownerName', hidden: true },
      { field: 'ownerPhone' },
      { field: 'status' },
      { field: 'isActive' },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'name', kind: 'text' },
      { field: 'status', kind: 'select' },
      { field: 'cityId', kind: 'relation' },
      { field: 'monthlyRent', kind: 'numberRange' },
      { field: 'isActive', kind: 'boolean' },
    ],
    sortable: ['name', 'monthlyRent', 'areaSqFt'],
  },
  search: { exact: ['id', 'ownerPhone'], text: ['name'] },
  form: [
    { title: 'Site', fields: ['name', 'address', 'cityId', 'coordinates', 'areaSqFt'] },
    { title: 'Owner and terms', fields: ['ownerName', 'ownerPhone', 'monthlyRent'] },
  ],
  // A new site starts as identified; its status then moves only along the location bank machine.
  owned: { status: 'the location bank workflow' },
  permissions: { view: 'ROLE_VIEW_LOCATION_BANK', create: 'ROLE_UPDATE_LOCATION_BANK', update: 'ROLE_UPDATE_LOCATION_BANK', activate: 'ROLE_UPDATE_LOCATION_BANK' },
  activeField: 'isActive',
  views: [{ path: `${SC}/location-banks`, title: 'Location Bank' }],
  createPath: `${SC}/location-banks/add`,
});

/** Resources of this module (declared in the order of the side menu). */
export const operatorResources: readonly Resource[] = [
  chargePointOperatorResource,
  whiteLabelApplicationResource,
  cpoAccessRequestResource,
  cpoLeadResource,
  locationBankResource,
];
