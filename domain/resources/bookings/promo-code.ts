import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { BM } from './shared';

/** Kinds of discount a promo code gives. */
export const DISCOUNT_TYPES = ['PERCENT', 'FLAT'] as const;

/** Promotional codes drivers apply to bookings. */
export const promoCodeResource = defineResource({
  name: 'promo-codes',
  title: 'Promo code',
  plural: 'Promo codes',
  service: '/booking-service',
  path: 'promo-code',
  table: 'promo_codes',
  labelField: 'code',
  fields: {
    code: f.code('Code', { required: true, max: 32, unique: true }),
    description: f.longText('Description', { max: 500 }),
    discountType: f.choice('Discount type', optionsOf(DISCOUNT_TYPES), { required: true, display: 'badge' }),
    value: f.int('Discount value', { required: true, min: 1, max: 100_000, help: 'Percent off for PERCENT (1 to 100); whole rupees off for FLAT.' }),
    maxDiscount: f.money('Maximum discount', { help: 'Cap of a PERCENT discount per booking.' }),
    validFrom: f.datetime('Valid from', { required: true }),
    validTo: f.datetime('Valid to', { required: true }),
    usageLimit: f.int('Usage limit', { help: 'Total uses allowed; empty for no limit.' }),
    timesUsed: f.int('Times used', { defaultValue: 0, readOnly: true }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [
      { field: 'code' },
      { field: 'description', hidden: true },
      { field: 'discountType' },
      { field: 'value' },
      { field: 'maxDiscount' },
      { field: 'validFrom' },
      { field: 'validTo' },
      { field: 'usageLimit' },
      { field: 'timesUsed' },
      { field: 'isActive' },
    ],
    filters: [{ field: 'discountType', kind: 'select' }, { field: 'isActive', kind: 'boolean' }, { field: 'validTo', kind: 'dateRange' }],
    sortable: ['validTo', 'timesUsed'],
  },
  search: { exact: ['id', 'code'] },
  form: [
    { title: 'Promo code', fields: ['code', 'description'] },
    { title: 'Discount', fields: ['discountType', 'value', 'maxDiscount'] },
    { title: 'Validity', fields: ['validFrom', 'validTo', 'usageLimit'] },
  ],
  update: ['description', 'discountType', 'value', 'maxDiscount', 'validFrom', 'validTo', 'usageLimit'],
  permissions: { view: 'ROLE_VIEW_PROMO_CODES', create: 'ROLE_CREATE_PROMO_CODE', update: 'ROLE_UPDATE_PROMO_CODE', activate: 'ROLE_UPDATE_PROMO_CODE' },
  activeField: 'isActive',
  views: [{ path: `${BM}/promo-codes`, title: 'Promotional Codes' }],
  createPath: `${BM}/promo-codes/create`,
});
