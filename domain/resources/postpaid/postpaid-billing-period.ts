import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { FM } from '../settlements/shared';

/**
 * The periods a postpaid configuration has billed: one row per (configuration, period), written by Bill period
 * only, with the bookings, energy and amount billed and the invoice issued (none for an empty period).
 */
export const postpaidBillingPeriodResource = defineResource({
  name: 'postpaid-billing-periods',
  title: 'Postpaid billing period',
  plural: 'Postpaid billing periods',
  service: '/pw-service',
  path: 'postpaid-billing-period',
  table: 'postpaid_billing_periods',
  labelField: 'id',
  fields: {
    configurationId: f.relation('Configuration', 'postpaid-configurations', { required: true }),
    periodFrom: f.date('From', { required: true }),
    periodTo: f.date('To', { required: true, help: 'The last day billed (IST), included' }),
    bookingsCount: f.int('Bookings', { defaultValue: 0 }),
    energyWh: f.energy('Energy', { defaultValue: 0 }),
    pricePerKwh: f.money('Price per kWh', { required: true, unit: 'per kWh' }),
    amount: f.money('Amount', { required: true, help: 'GST included' }),
    invoiceId: f.relation('Invoice', 'invoices', { unique: true }),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'configurationId' },
      { field: 'periodFrom' },
      { field: 'periodTo' },
      { field: 'bookingsCount' },
      { field: 'energyWh' },
      { field: 'pricePerKwh', hidden: true },
      { field: 'amount' },
      { field: 'invoiceId' },
      { field: 'createdAt', hidden: true },
    ],
    filters: [
      { field: 'configurationId', kind: 'relation' },
      { field: 'periodFrom', kind: 'dateRange' },
    ],
    defaultSort: { field: 'periodFrom', dir: 'desc' },
  },
  search: { exact: ['id'] },
  permissions: { view: 'ROLE_VIEW_POSTPAID_PRICING' },
  views: [{ path: `${FM}/postpaid-billing/periods`, title: 'Postpaid billing periods' }],
  readOnly: true,
});
