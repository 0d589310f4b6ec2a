import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { FM } from '../settlements/shared';

/** Whom a postpaid configuration bills. */
export const postpaidTargets = ['GROUP', 'CPO'] as const;
/** Postpaid billing cycles. */
export const billingCycles = ['WEEKLY', 'FORTNIGHTLY', 'MONTHLY'] as const;

/** Permission of Bill period on a postpaid configuration (a permission of its own, beside editing the configuration). */
export const BILL_POSTPAID_PERIOD_PERMISSION = 'ROLE_BILL_POSTPAID_PERIOD' as const;

/** Postpaid pricing: a per-kWh price, billing cycle and credit limit for a user group or a charge point operator. */
export const postpaidBillingResource = defineResource({
  name: 'postpaid-configurations',
  title: 'Postpaid billing configuration',
  plural: 'Postpaid billing configurations',
  service: '/pw-service',
  path: 'postpaid-configuration',
  table: 'postpaid_configurations',
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 120 }),
    billedTo: f.choice('Billed to', optionsOf(postpaidTargets), { required: true, display: 'badge' }),
    groupId: f.relation('User group', 'groups', { help: 'The group whose members charge on credit (when billed to a group)' }),
    chargePointOperatorId: f.relation('Charge point operator', 'charge-point-operators', { idType: 'uuid' }),
    pricePerKwh: f.money('Price per kWh', { required: true, unit: 'per kWh', help: 'GST included. A change applies from the next billing period; a billed period keeps its price.' }),
    billingCycle: f.choice('Billing cycle', optionsOf(billingCycles), {
      required: true,
      display: 'text',
      help: 'Weeks run Monday to Sunday, fortnights the 1st to the 15th and the 16th to the month\'s end, months the calendar month (IST). A change applies from the next billing period.',
    }),
    creditLimit: f.money('Credit limit', { required: true, help: 'A change applies from the next billing period.' }),
    paymentTermsDays: f.int('Payment terms', { defaultValue: 15, max: 90, unit: 'days' }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'name' },
      { field: 'billedTo' },
      { field: 'groupId' },
      { field: 'chargePointOperatorId' },
      { field: 'pricePerKwh' },
      { field: 'billingCycle' },
      { field: 'creditLimit' },
      { field: 'paymentTermsDays', hidden: true },
      { field: 'isActive' },
    ],
    filters: [
      { field: 'name', kind: 'text' },
      { field: 'billedTo', kind: 'select' },
      { field: 'billingCycle', kind: 'select' },
      { field: 'groupId', kind: 'relation' },
      { field: 'chargePointOperatorId', kind: 'relation' },
      { field: 'isActive', kind: 'boolean' },
    ],
    defaultSort: { field: 'name', dir: 'asc' },
    sortable: ['pricePerKwh', 'creditLimit', 'createdAt'],
  },
  search: { exact: ['id'], text: ['name'] },
  form: [
    { title: 'Billed to', fields: ['name', 'billedTo', 'groupId', 'chargePointOperatorId'] },
    { title: 'Pricing', fields: ['pricePerKwh', 'billingCycle', 'creditLimit', 'paymentTermsDays'] },
  ],
  permissions: { view: 'ROLE_VIEW_POSTPAID_PRICING', create: 'ROLE_UPDATE_POSTPAID_PRICING', update: 'ROLE_UPDATE_POSTPAID_PRICING', activate: 'ROLE_UPDATE_POSTPAID_PRICING' },
  activeField: 'isActive',
  views: [{ path: `${FM}/postpaid-billing`, title: 'Post Paid Billing Configuration' }],
  createPath: `${FM}/postpaid-billing/add-postpaid-billing`,
  related: [{ resource: 'postpaid-billing-periods', field: 'configurationId', title: 'Billed periods' }],
  actions: [
    {
      // Its route lives with the invoices (server/invoices/postpaid-billing.ts).
      name: 'bill-period',
      title: 'Bill period',
      permission: BILL_POSTPAID_PERIOD_PERMISSION,
      on: 'record',
      fields: { id: f.relation('Postpaid billing configuration', 'postpaid-configurations', { required: true }) },
      fromRecord: ['id'],
      when: { field: 'isActive', equals: true },
      confirm:
        "Bills the postpaid bookings charged since the last billed period (or the configuration's start) up to the end of the last complete billing cycle (IST), at this configuration's price per kWh, with one GST invoice under the next invoice number. An invoice cannot be withdrawn. A period with no bookings is recorded at ₹0 with no invoice.",
      variant: 'primary',
    },
  ],
});
