import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { chargerTypeOptions, CM } from './shared';

export const hardwareStatuses = ['IN_STOCK', 'ASSIGNED', 'IN_TRANSIT', 'INSTALLED', 'UNDER_REPAIR', 'SCRAPPED'] as const;

/** Charger hardware units (stock, in transit, installed), by serial number; INSTALLED only through Replace hardware. */
export const hardwareResource = defineResource({
  name: 'hardware',
  title: 'Hardware',
  plural: 'Hardware',
  service: '/ccu',
  path: 'hardware',
  table: 'hardware',
  labelField: 'serialNumber',
  fields: {
    serialNumber: f.code('Serial number', { required: true, unique: true, max: 40 }),
    deviceId: f.code('Device id', { max: 40 }),
    imeiNumber: f.text('IMEI number', { digitsOnly: true, max: 15 }),
    hardwareType: f.choice('Hardware type', chargerTypeOptions, { required: true, display: 'badge' }),
    status: f.choice('Status', optionsOf(hardwareStatuses, { IN_STOCK: 'info', ASSIGNED: 'neutral', IN_TRANSIT: 'warning', INSTALLED: 'success', UNDER_REPAIR: 'warning', SCRAPPED: 'danger' }), { defaultValue: 'IN_STOCK' }),
    warehouseId: f.relation('Warehouse', 'warehouses'),
    vendorId: f.relation('Vendor', 'vendors'),
    purchasePrice: f.money('Purchase price'),
    purchasedOn: f.date('Purchased on'),
  },
  list: {
    columns: [
      { field: 'serialNumber' },
      { field: 'hardwareType' },
      { field: 'deviceId' },
      { field: 'imeiNumber', hidden: true },
      { field: 'status' },
      { field: 'warehouseId' },
      { field: 'vendorId' },
      { field: 'purchasePrice' },
      { field: 'purchasedOn' },
      { field: 'createdAt', hidden: true },
    ],
    filters: [
      { field: 'hardwareType', kind: 'select' },
      { field: 'status', kind: 'select' },
      { field: 'warehouseId', kind: 'relation' },
      { field: 'vendorId', kind: 'relation' },
      { field: 'purchasedOn', kind: 'dateRange' },
    ],
    sortable: ['purchasedOn', 'purchasePrice'],
  },
  search: { exact: ['id', 'serialNumber', 'deviceId', 'imeiNumber'] },
  form: [
    { title: 'Device', fields: ['serialNumber', 'hardwareType', 'deviceId', 'imeiNumber'] },
    { title: 'Stock', fields: ['status', 'warehouseId', 'vendorId', 'purchasePrice', 'purchasedOn'] },
  ],
  // A unit is installed in a charger, and taken out of one, only by Replace hardware (which keeps the charger's
  // unit and the unit's status in step): the generic add and edit move it between the other statuses only.
  reservedValues: { status: { values: ['INSTALLED'], by: 'Replace hardware on a charger’s page' } },
  permissions: { view: 'ROLE_VIEW_HARDWARE', create: 'ROLE_CREATE_HARDWARE', update: 'ROLE_UPDATE_HARDWARE' },
  views: [{ path: `${CM}/hardware-inventory`, title: 'Hardware Inventory' }],
  summary: { path: `${CM}/warehouse-summary`, title: 'Summary', groupBy: ['warehouseId', 'status'] },
});
