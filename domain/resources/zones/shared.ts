import { f } from '@domain/resource/field';
import { city, isActive } from '../chargers/shared';

export const ZM = '/zone-management';

export const zoneFields = () => ({
  name: f.text('Name', { required: true, max: 120 }),
  cityId: city(),
  centre: f.coordinates('Centre', { required: true, help: 'Latitude,longitude of the zone centre' }),
  radiusKm: f.decimal('Radius', { required: true, min: 0.1, max: 100, unit: 'km' }),
  ownerId: f.relation('Owner', 'users', { idType: 'uuid', help: 'The staff member responsible for the zone' }),
  isActive: isActive(),
});

export const zoneList = (extra: readonly string[]) => ({
  columns: [{ field: 'name' }, { field: 'cityId' }, ...extra.map((field) => ({ field })), { field: 'radiusKm' }, { field: 'ownerId' }, { field: 'isActive' }, { field: 'createdAt' }],
  filters: [{ field: 'name', kind: 'text' as const }, { field: 'cityId', kind: 'relation' as const }, ...extra.map((field) => ({ field, kind: 'select' as const })), { field: 'isActive', kind: 'boolean' as const }],
  sortable: ['name', 'createdAt'],
});

export const zonePermissions = { view: 'ROLE_VIEW_ZONES', create: 'ROLE_SAVE_ZONE', update: 'ROLE_SAVE_ZONE', activate: 'ROLE_ACTIVATE_INACTIVATE_ZONE' } as const;
