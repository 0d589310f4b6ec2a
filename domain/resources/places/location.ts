import { z } from 'zod';
import { defineResource } from '@domain/resource/define-resource';
import { type FieldDef, f, optionsOf } from '@domain/resource/field';
import { city, isActive, CM } from '../chargers/shared';

export const locationTypes = ['RESIDENTIAL', 'COMMERCIAL', 'KIRANA_STORE', 'HIGHWAY', 'OFFICE', 'HOTEL', 'MALL', 'FUEL_STATION'] as const;
export const locationStatuses = ['PROSPECT', 'READY_FOR_INSTALLATION', 'LIVE', 'INACTIVE'] as const;

/** A six-digit Indian PIN code (digits only). */
const pinCode = (): FieldDef => ({
  ...f.text('PIN code', { required: true, digitsOnly: true, max: 6 }),
  input: z.string({ error: 'This field is required' }).trim().regex(/^[1-9][0-9]{5}$/, 'Enter a 6-digit PIN code'),
});

/** Sites (premises of a host) where chargers are or will be installed. */
export const locationResource = defineResource({
  name: 'locations',
  title: 'Location',
  plural: 'Locations',
  service: '/charger-service',
  path: 'location',
  table: 'locations',
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 160 }),
    address: f.longText('Address', { required: true, max: 500 }),
    locality: f.text('Locality', { max: 120 }),
    cityId: city(),
    pinCode: pinCode(),
    coordinates: f.coordinates('Coordinates', { required: true, help: 'Latitude,longitude, e.g. 12.9716,77.5946' }),
    hostId: f.relation('Host', 'users', { idType: 'uuid' }),
    locationType: f.choice('Location type', optionsOf(locationTypes), { required: true, display: 'badge' }),
    status: f.choice('Status', optionsOf(locationStatuses, { PROSPECT: 'info', READY_FOR_INSTALLATION: 'warning', LIVE: 'success', INACTIVE: 'neutral' }), { defaultValue: 'PROSPECT' }),
    isActive: isActive(),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'name' },
      { field: 'locality' },
      { field: 'cityId' },
      { field: 'pinCode', hidden: true },
      { field: 'locationType' },
      { field: 'status' },
      { field: 'hostId' },
      { field: 'coordinates', hidden: true },
      { field: 'isActive' },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'name', kind: 'text' },
      { field: 'cityId', kind: 'relation' },
      { field: 'status', kind: 'select' },
      { field: 'locationType', kind: 'select' },
      { field: 'isActive', kind: 'boolean' },
      { field: 'createdAt', kind: 'dateRange' },
    ],
    sortable: ['name', 'createdAt'],
  },
  search: { exact: ['id', 'pinCode'], text: ['name', 'locality'] },
  form: [
    { title: 'Location', fields: ['name', 'locationType', 'status', 'hostId'] },
    { title: 'Address', fields: ['address', 'locality', 'cityId', 'pinCode', 'coordinates'] },
  ],
  permissions: { view: 'ROLE_VIEW_ALL_LOCATION', create: 'ROLE_ADD_LOCATION', update: 'ROLE_UPDATE_LOCATION', activate: 'ROLE_UPDATE_LOCATION_STATUS' },
  activeField: 'isActive',
  views: [{ path: `${CM}/all-location`, title: 'All Location' }],
  createPath: `${CM}/all-location/add-location`,
  related: [{ resource: 'chargers', field: 'locationId', title: 'Chargers' }],
});
