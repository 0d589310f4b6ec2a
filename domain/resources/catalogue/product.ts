import { chargerPowerTypeOptions } from '@domain/charger-power-types';
import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { GD } from './shared';

/** Chargers and accessories the network sells. */
export const productResource = defineResource({
  name: 'products',
  title: 'Product',
  plural: 'Products',
  service: '/config',
  path: 'products',
  table: 'products',
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 120 }),
    sku: f.code('SKU', { required: true, unique: true, max: 40 }),
    powerType: f.choice('Power type', chargerPowerTypeOptions, { required: true, display: 'badge' }),
    price: f.money('Price', { required: true }),
    warrantyMonths: f.int('Warranty', { required: true, max: 120, unit: 'months' }),
    image: f.image('Image'),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'image' }, { field: 'name' }, { field: 'sku' }, { field: 'powerType' }, { field: 'price' }, { field: 'warrantyMonths' }, { field: 'isActive' }],
    filters: [{ field: 'powerType', kind: 'select' }, { field: 'price', kind: 'numberRange' }, { field: 'isActive', kind: 'boolean' }],
    defaultSort: { field: 'name', dir: 'asc' },
    sortable: ['price', 'createdAt'],
  },
  search: { exact: ['id', 'sku'], text: ['name'] },
  form: [{ title: 'Product', fields: ['name', 'sku', 'powerType', 'price', 'warrantyMonths', 'image'] }],
  permissions: { view: 'ROLE_VIEW_PRODUCTS', create: 'ROLE_UPDATE_PRODUCTS', update: 'ROLE_UPDATE_PRODUCTS', activate: 'ROLE_UPDATE_PRODUCTS' },
  activeField: 'isActive',
  views: [{ path: `${GD}/product`, title: 'Product Management' }],
  createPath: `${GD}/product/add`,
});
