import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';

const SC = '/sustain-capital-management';
/** Location bank site states (ours). */
export const locationBankStatuses = ['IDENTIFIED', 'SITE_VISIT_DONE', 'NEGOTIATION', 'APPROVED', 'ALLOCATED', 'REJECTED'] as const;

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
