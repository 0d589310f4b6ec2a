import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { FM } from '../settlements/shared';

/** Investor bundle states (ours). */
export const investorBundleStatuses = ['PROPOSED', 'AGREEMENT_SIGNED', 'PAYMENT_RECEIVED', 'DEPLOYED', 'CANCELLED'] as const;

/**
 * Bundles of chargers sold to an investor, with the price and the expected return. Its status moves only through
 * the investor bundle workflow (machines/investor-bundle.machine.ts): the agreement's reference and date come with
 * Sign agreement, the amount received (the price, exactly) and its bank reference with Record payment.
 */
export const investorBundleResource = defineResource({
  name: 'investor-bundles',
  title: 'Investor bundle',
  plural: 'Investor bundles',
  service: '/pw-service',
  path: 'investor-bundle',
  table: 'investor_bundles',
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 120 }),
    investorId: f.relation('Investor', 'users', { idType: 'uuid', required: true }),
    numberOfChargers: f.int('Chargers', { required: true, min: 1, max: 10_000 }),
    price: f.money('Price', { required: true }),
    expectedIrr: f.decimal('Expected IRR', { required: true, max: 100, unit: '%' }),
    status: f.choice(
      'Status',
      optionsOf(investorBundleStatuses, { PROPOSED: 'info', AGREEMENT_SIGNED: 'warning', PAYMENT_RECEIVED: 'warning', DEPLOYED: 'success', CANCELLED: 'danger' }),
      { defaultValue: 'PROPOSED' },
    ),
    agreementReference: f.text('Agreement reference', { max: 60, help: 'The number of the signed investment agreement' }),
    agreementSignedOn: f.date('Agreement signed on'),
    amountReceived: f.money('Amount received', { help: 'What the investor paid: the bundle\'s price, exactly' }),
    paymentReference: f.code('Payment reference (UTR)', { max: 22 }),
    isActive: f.boolean('Active', { defaultValue: true }),
    // Optimistic lock of the investor bundle workflow and of every generic edit.
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'name' },
      { field: 'investorId' },
      { field: 'numberOfChargers' },
      { field: 'price' },
      { field: 'expectedIrr' },
      { field: 'status' },
      { field: 'agreementReference', hidden: true },
      { field: 'agreementSignedOn', hidden: true },
      { field: 'amountReceived', hidden: true },
      { field: 'paymentReference', hidden: true },
      { field: 'isActive' },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'name', kind: 'text' },
      { field: 'status', kind: 'select' },
      { field: 'investorId', kind: 'relation' },
      { field: 'isActive', kind: 'boolean' },
    ],
    sortable: ['name', 'price', 'expectedIrr'],
  },
  search: { exact: ['id', 'agreementReference'], text: ['name'] },
  form: [{ title: 'Bundle', fields: ['name', 'investorId', 'numberOfChargers', 'price', 'expectedIrr'] }],
  owned: {
    status: 'the investor bundle workflow',
    agreementReference: 'Sign agreement',
    agreementSignedOn: 'Sign agreement',
    amountReceived: 'Record payment',
    paymentReference: 'Record payment',
  },
  permissions: { view: 'ROLE_VIEW_INVESTOR_BUNDLES', create: 'ROLE_UPDATE_INVESTOR_BUNDLES', update: 'ROLE_UPDATE_INVESTOR_BUNDLES', activate: 'ROLE_UPDATE_INVESTOR_BUNDLES' },
  activeField: 'isActive',
  views: [{ path: `${FM}/investor-bundle`, title: 'Investor Bundle' }],
  createPath: `${FM}/investor-bundle/add-investor-bundle`,
});
