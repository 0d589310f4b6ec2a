import { defineResource } from '@domain/resource/define-resource';
import { type FieldOption, f } from '@domain/resource/field';
import { city, isActive, CM } from './shared';

/** Connector codes (the seeded socket types) a third-party station may offer. */
const connectorOptions: FieldOption[] = [
  { value: 'CCS_2', label: 'CCS 2' },
  { value: 'CHADEMO', label: 'CHAdeMO' },
  { value: 'TYPE_2', label: 'Type 2' },
  { value: 'GB_T', label: 'GB/T' },
  { value: 'BHARAT_AC_001', label: 'Bharat AC-001' },
  { value: 'BHARAT_DC_001', label: 'Bharat DC-001' },
  { value: '16AMP_WALL_SOCKET', label: '16 Amp Socket' },
  { value: '15AMP_WALL_SOCKET', label: '15 Amp Socket' },
  { value: 'LEV_AC', label: 'LEV AC (light EV)' },
];

/** Public stations of other networks, shown to users next to the network's own. */
export const otherNetworkChargerResource = defineResource({
  name: 'other-network-chargers',
  title: 'Third party charger',
  plural: 'Third party chargers',
  service: '/charger-service',
  path: 'third-party-charger',
  table: 'third_party_chargers',
  labelField: 'stationName',
  fields: {
    networkOperatorName: f.text('Network operator', { required: true, max: 120 }),
    stationName: f.text('Station name', { required: true, max: 160 }),
    address: f.longText('Address', { required: true, max: 500 }),
    cityId: city(),
    coordinates: f.coordinates('Coordinates', { required: true }),
    powerKw: f.decimal('Power', { required: true, max: 400, unit: 'kW' }),
    connectorTypes: f.choices('Connector types', connectorOptions, { required: true }),
    isActive: isActive(),
  },
  list: {
    columns: [
      { field: 'stationName' },
      { field: 'networkOperatorName' },
      { field: 'cityId' },
      { field: 'powerKw' },
      { field: 'connectorTypes' },
      { field: 'coordinates', hidden: true },
      { field: 'isActive' },
      { field: 'createdAt', hidden: true },
    ],
    filters: [
      { field: 'networkOperatorName', kind: 'text' },
      { field: 'cityId', kind: 'relation' },
      { field: 'connectorTypes', kind: 'select' },
      { field: 'isActive', kind: 'boolean' },
    ],
    sortable: ['stationName', 'powerKw'],
  },
  search: { exact: ['id'], text: ['stationName', 'networkOperatorName'] },
  form: [
    { title: 'Station', fields: ['networkOperatorName', 'stationName', 'powerKw', 'connectorTypes'] },
    { title: 'Address', fields: ['address', 'cityId', 'coordinates'] },
  ],
  permissions: { view: 'ROLE_GET_THIRD_PARTY_CHARGER', create: 'ROLE_ADD_THIRD_PARTY_CHARGER', update: 'ROLE_ADD_THIRD_PARTY_CHARGER', activate: 'ROLE_ADD_THIRD_PARTY_CHARGER' },
  activeField: 'isActive',
  views: [{ path: `${CM}/other-network-chargers`, title: 'Third Party Chargers' }],
  createPath: `${CM}/other-network-chargers/create`,
});
