import { type FieldOption, f, optionsOf } from '@domain/resource/field';
import { kindResource, TM } from './shared';

/** Mounting options. */
export const mountingOptions: readonly FieldOption[] = [
  { value: 'STAND', label: 'Stand' },
  { value: 'WALL', label: 'Wall' },
  { value: 'RCC_SLAB', label: 'RCC slab' },
  { value: 'OTHER', label: 'Other' },
];

/** Protection options. */
export const protectionOptions: readonly FieldOption[] = [
  { value: 'MCB_16A_2_POLE', label: 'MCB 16A 2-Pole' },
  { value: 'MCB_40A_2_POLE', label: 'MCB 40A 2-Pole' },
  { value: 'MCB_40A_4_POLE', label: 'MCB 40A 4-Pole' },
  { value: 'MCB_63A_4_POLE', label: 'MCB 63A 4-Pole' },
  { value: 'MCCB_100A_4_POLE', label: 'MCCB 100A 4-Pole' },
  { value: 'MCCB_160A_4_POLE', label: 'MCCB 160A 4-Pole' },
  { value: 'MCCB_250A_4_POLE', label: 'MCCB 250A 4-Pole' },
  { value: 'OTHERS', label: 'Others' },
];

/** Where a charger would be parked at an inspected site. */
export const parkingTypes = ['OPEN_PARKING', 'COVERED_PARKING', 'BASEMENT', 'STILT_PARKING', 'STREET_SIDE'] as const;

/** Site inspections: a field visit that records whether and how a site can host a charger. */
export const siteInspectionTicketResource = kindResource({
  kind: 'SITE_INSPECTION',
  name: 'site-inspection-tickets',
  title: 'Site inspection ticket',
  plural: 'Site inspection tickets',
  path: 'site-inspection-ticket',
  fields: {
    siteName: f.text('Site name', { required: true, max: 200 }),
    address: f.longText('Address', { required: true, max: 500 }),
    coordinates: f.coordinates('Coordinates'),
    hostPhone: f.phone('Host phone'),
    images: f.images('Site images'),
    powerAvailableKw: f.decimal('Power available', { unit: 'kW', max: 5000 }),
    mounting: f.choice('Mounting', mountingOptions, { display: 'text' }),
    protection: f.choice('Protection', protectionOptions, { display: 'text' }),
    parkingType: f.choice('Parking type', optionsOf(parkingTypes), { display: 'text' }),
  },
  columns: ['siteName', 'hostPhone'],
  exact: ['hostPhone'],
  text: ['siteName'],
  view: 'ROLE_VIEW_ALL_SITE_INSPECTION_TICKETS',
  openView: 'ROLE_VIEW_OPEN_SITE_INSPECTION_TICKETS',
  create: 'ROLE_ADD_SITE_INSPECTION_DATA',
  update: 'ROLE_ADD_SITE_INSPECTION_DATA',
  views: [
    { path: `${TM}/site-inspection-tickets`, title: 'All Site Inspection Tickets' },
    { path: `${TM}/site-inspection-tickets/open`, title: 'Open Site Inspection Tickets', scope: 'open' },
  ],
  createPath: `${TM}/site-inspection-tickets/add`,
  detailPath: `${TM}/site-inspection-tickets/:id`,
});
