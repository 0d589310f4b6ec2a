import { z } from 'zod';
import { defineResource, type Resource } from '../resource/define-resource';
import { f, optionsOf, type FieldDef } from '../resource/field';
import { INVOICE_PAYMENT_STATUSES } from '../invoices';

const FM = '/finance-management';
const SC = '/sustain-capital-management';

/** Settlement states: a draft is prepared, approved, notified to the host, then paid or rejected. */
export const settlementStatuses = ['DRAFT', 'PENDING_APPROVAL', 'NOTIFIED', 'SUCCESS', 'REJECTED'] as const;
/** Payout states (ours). */
export const payoutStatuses = ['SCHEDULED', 'PROCESSING', 'PAID', 'FAILED', 'CANCELLED'] as const;
/** Bank transfer modes of a payout. */
export const payoutModes = ['NEFT', 'IMPS', 'UPI'] as const;
/** Investment lead bundle states (ours). */
export const leadBundleStatuses = ['OPEN', 'IN_DISCUSSION', 'CLOSED_WON', 'CLOSED_LOST'] as const;
/** Whom a postpaid configuration bills. */
export const postpaidTargets = ['GROUP', 'CPO'] as const;
/** Postpaid billing cycles. */
export const billingCycles = ['WEEKLY', 'FORTNIGHTLY', 'MONTHLY'] as const;
/** Investor bundle states (ours). */
export const investorBundleStatuses = ['PROPOSED', 'AGREEMENT_SIGNED', 'PAYMENT_RECEIVED', 'DEPLOYED', 'CANCELLED'] as const;
/** Kinds of sites an investment opportunity funds (ours). */
export const opportunityTypes = ['CHARGING_HUB', 'RESIDENTIAL_SOCIETY', 'COMMERCIAL_COMPLEX', 'HIGHWAY_CORRIDOR', 'FLEET_DEPOT'] as const;
/** Investment opportunity states (ours). */
export const opportunityStatuses = ['DRAFT', 'LIVE', 'FULLY_SUBSCRIBED', 'FUNDED', 'CLOSED'] as const;
/** Opportunity lead states (ours). */
export const opportunityLeadStatuses = ['NEW', 'CONTACTED', 'INTERESTED', 'KYC_PENDING', 'INVESTED', 'NOT_INTERESTED'] as const;

const pinCodeSchema = z.string({ error: 'This field is required' }).trim().regex(/^[1-9][0-9]{5}$/, 'Enter a 6-digit PIN code');
/** A six-digit Indian PIN code (digit-only key filter). */
const pinCode = (label: string, required: boolean): FieldDef => ({ ...f.text(label, { required, max: 6, digitsOnly: true }), input: pinCodeSchema });

/** Host settlements: what the network owes a host for a period of bookings (the settle workflow is separate). */
export const settlementResource = defineResource({
  name: 'settlements',
  title: 'Settlement',
  plural: 'Settlements',
  service: '/pw-service',
  path: 'settlement',
  table: 'settlements',
  labelField: 'id',
  fields: {
    hostId: f.relation('Host', 'users', { idType: 'uuid', required: true }),
    periodFrom: f.date('Period from', { required: true }),
    periodTo: f.date('Period to', { required: true }),
    bookingsCount: f.int('Bookings', { defaultValue: 0 }),
    grossAmount: f.money('Gross amount', { required: true }),
    commission: f.money('Commission', { required: true }),
    gst: f.money('GST', { required: true }),
    netPayable: f.money('Net payable', { required: true }),
    status: f.choice('Status', optionsOf(settlementStatuses, { DRAFT: 'neutral', PENDING_APPROVAL: 'warning', NOTIFIED: 'info', SUCCESS: 'success', REJECTED: 'danger' }), {
      defaultValue: 'DRAFT',
    }),
    utrReference: f.code('UTR reference', { max: 22 }),
    settledAt: f.datetime('Settled at'),
    notes: f.longText('Notes', { max: 2000 }),
    // Optimistic lock of the settlement workflow (every transition sends the version it saw).
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'hostId' },
      { field: 'periodFrom' },
      { field: 'periodTo' },
      { field: 'bookingsCount' },
      { field: 'grossAmount', hidden: true },
      { field: 'commission', hidden: true },
      { field: 'gst', hidden: true },
      { field: 'netPayable' },
      { field: 'status' },
      { field: 'utrReference' },
      { field: 'settledAt', hidden: true },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'hostId', kind: 'relation' },
      { field: 'periodFrom', kind: 'dateRange' },
      { field: 'netPayable', kind: 'numberRange' },
      { field: 'createdAt', kind: 'dateRange' },
    ],
    sortable: ['periodFrom', 'netPayable'],
  },
  search: { exact: ['id', 'utrReference'] },
  form: [{ title: 'Notes', fields: ['notes'] }],
  // Settlements are made by their own add and upload screens (amounts computed from bookings) and moved through
  // their states by the settlement workflow, not by a generic form.
  create: [],
  update: ['notes'],
  owned: { status: 'the settlement workflow', utrReference: 'Mark success and Settle immediately' },
  permissions: { view: 'ROLE_VIEW_SETTLEMENT', create: 'ROLE_CREATE_SETTLEMENT', update: 'ROLE_UPDATE_SETTLEMENT' },
  views: [{ path: `${FM}/settlement-history`, title: 'Settlement' }],
  createPath: `${FM}/settlement-history/add`,
  otherCreatePaths: [{ path: `${FM}/settlement-history/upload`, title: 'Upload CSV' }],
  related: [{ resource: 'settlement-bookings', field: 'settlementId', title: 'Settled bookings' }],
});

/** The bookings a settlement pays a host for: one row per booking, and a booking is settled at most once (unique). */
export const settlementBookingResource = defineResource({
  name: 'settlement-bookings',
  title: 'Settled booking',
  plural: 'Settled bookings',
  service: '/pw-service',
  path: 'settlement-booking',
  table: 'settlement_bookings',
  labelField: 'bookingId',
  fields: {
    bookingId: f.relation('Booking', 'bookings', { required: true, unique: true }),
    settlementId: f.relation('Settlement', 'settlements', { required: true }),
    hostId: f.relation('Host', 'users', { idType: 'uuid', required: true }),
    grossAmount: f.money('Gross amount', { required: true }),
    commission: f.money('Commission', { required: true }),
    gst: f.money('GST', { required: true }),
    netPayable: f.money('Net payable', { required: true }),
  },
  list: {
    columns: [{ field: 'bookingId' }, { field: 'grossAmount' }, { field: 'commission' }, { field: 'gst' }, { field: 'netPayable' }, { field: 'settlementId' }, { field: 'hostId', hidden: true }, { field: 'createdAt', hidden: true }],
    filters: [
      { field: 'settlementId', kind: 'relation' },
      { field: 'bookingId', kind: 'relation' },
      { field: 'hostId', kind: 'relation' },
    ],
  },
  search: { exact: ['bookingId', 'settlementId'] },
  permissions: { view: 'ROLE_VIEW_SETTLEMENT' },
  views: [{ path: `${FM}/settlement-history/bookings`, title: 'Settled bookings' }],
  readOnly: true,
});

/** Bank transfers to hosts (scheduled payouts). */
export const payoutResource = defineResource({
  name: 'payouts',
  title: 'Payout',
  plural: 'Payouts',
  service: '/pw-service',
  path: 'payout',
  table: 'payouts',
  labelField: 'id',
  fields: {
    beneficiaryId: f.relation('Beneficiary host', 'users', { idType: 'uuid', required: true }),
    amount: f.money('Amount', { required: true }),
    mode: f.choice('Mode', optionsOf(payoutModes), { required: true, display: 'badge' }),
    scheduledDate: f.date('Scheduled date', { required: true }),
    status: f.choice('Status', optionsOf(payoutStatuses, { SCHEDULED: 'info', PROCESSING: 'warning', PAID: 'success', FAILED: 'danger', CANCELLED: 'neutral' }), {
      defaultValue: 'SCHEDULED',
    }),
    reference: f.code('Bank reference (UTR)', { max: 22 }),
    notes: f.longText('Notes', { max: 1000 }),
    isActive: f.boolean('Active', { defaultValue: true }),
    // Optimistic lock of the payout workflow (every transition sends the version it saw).
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'beneficiaryId' },
      { field: 'amount' },
      { field: 'mode' },
      { field: 'scheduledDate' },
      { field: 'status' },
      { field: 'reference' },
      { field: 'isActive' },
      { field: 'createdAt', hidden: true },
    ],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'mode', kind: 'select' },
      { field: 'beneficiaryId', kind: 'relation' },
      { field: 'scheduledDate', kind: 'dateRange' },
      { field: 'amount', kind: 'numberRange' },
      { field: 'isActive', kind: 'boolean' },
    ],
    defaultSort: { field: 'scheduledDate', dir: 'desc' },
    sortable: ['amount', 'createdAt'],
  },
  search: { exact: ['id', 'reference'] },
  form: [
    { title: 'Payout', fields: ['beneficiaryId', 'amount', 'mode', 'scheduledDate'] },
    { title: 'Notes', fields: ['notes'] },
  ],
  create: ['beneficiaryId', 'amount', 'mode', 'scheduledDate', 'notes'],
  // Status and bank reference move only through the payout workflow (machines/payout.machine.ts); the other fields
  // are edited by its EDIT event, only while the payout waits.
  update: ['amount', 'mode', 'scheduledDate', 'notes'],
  owned: { status: 'the payout workflow', reference: 'Mark paid' },
  permissions: { view: 'ROLE_VIEW_PAYOUTS', create: 'ROLE_CREATE_PAYOUT', update: 'ROLE_UPDATE_PAYOUT', activate: 'ROLE_UPDATE_PAYOUT' },
  activeField: 'isActive',
  views: [{ path: `${FM}/payouts`, title: 'Payouts' }],
  createPath: `${FM}/payouts/add`,
});

/** Bundles of investor leads handed to a relationship manager, per city. */
export const investmentLeadBundleResource = defineResource({
  name: 'investment-lead-bundles',
  title: 'Investment lead bundle',
  plural: 'Investment lead bundles',
  service: '/lms',
  path: 'investment-bundle',
  table: 'investment_lead_bundles',
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 120 }),
    cityId: f.relation('City', 'cities', { idType: 'uuid' }),
    leadsCount: f.int('Leads', { required: true, max: 10_000 }),
    expectedInvestment: f.money('Expected investment'),
    ownerId: f.relation('Relationship manager', 'users', { idType: 'uuid' }),
    status: f.choice('Status', optionsOf(leadBundleStatuses, { OPEN: 'info', IN_DISCUSSION: 'warning', CLOSED_WON: 'success', CLOSED_LOST: 'danger' }), {
      defaultValue: 'OPEN',
    }),
    notes: f.longText('Notes', { max: 2000 }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'name' },
      { field: 'cityId' },
      { field: 'leadsCount' },
      { field: 'expectedInvestment' },
      { field: 'ownerId' },
      { field: 'status' },
      { field: 'isActive' },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'name', kind: 'text' },
      { field: 'status', kind: 'select' },
      { field: 'cityId', kind: 'relation' },
      { field: 'isActive', kind: 'boolean' },
    ],
    sortable: ['name', 'expectedInvestment'],
  },
  search: { exact: ['id'], text: ['name'] },
  form: [
    { title: 'Bundle', fields: ['name', 'cityId', 'leadsCount', 'expectedInvestment'] },
    { title: 'Follow-up', fields: ['ownerId', 'status', 'notes'] },
  ],
  permissions: {
    view: 'ROLE_VIEW_INVESTMENT_LEAD_BUNDLES',
    create: 'ROLE_UPDATE_INVESTMENT_LEAD_BUNDLES',
    update: 'ROLE_UPDATE_INVESTMENT_LEAD_BUNDLES',
    activate: 'ROLE_UPDATE_INVESTMENT_LEAD_BUNDLES',
  },
  activeField: 'isActive',
  views: [{ path: `${FM}/investment-lead-bundles`, title: 'Investment Lead Bundles' }],
  createPath: `${FM}/investment-lead-bundles/add`,
});

/** Permission of Issue invoice on a completed booking (a permission of its own, beside viewing invoices). */
export const ISSUE_INVOICE_PERMISSION = 'ROLE_ISSUE_INVOICE' as const;
/** Permission of the invoice reminder (the pw service's `invoice/reminder` route). */
export const SEND_INVOICE_REMINDER_PERMISSION = 'ROLE_SEND_INVOICE_REMINDER' as const;

/**
 * GST invoices: one per completed paid booking (issued by Issue invoice or the booking's completion, numbered
 * without gaps per financial year: CZ/2026-27/000123) and per postpaid billing period. Read-only: the numbers and
 * amounts are the server's; the PDF is a file of the record; an unpaid invoice takes a reminder at most once a day.
 */
export const invoiceResource = defineResource({
  name: 'invoices',
  title: 'Invoice',
  plural: 'Invoices',
  service: '/pw-service',
  path: 'gst-invoice',
  table: 'invoices',
  labelField: 'invoiceNumber',
  fields: {
    invoiceNumber: f.code('Invoice number', { required: true, unique: true, max: 32 }),
    customerId: f.relation('Customer', 'users', { idType: 'uuid' }),
    customerGstin: f.code('Customer GSTIN', { max: 15 }),
    // One invoice per booking (unique): issuing twice answers the invoice already issued.
    bookingId: f.relation('Booking', 'bookings', { unique: true }),
    placeOfSupply: f.text('Place of supply', { max: 80 }),
    taxableAmount: f.money('Taxable amount', { required: true }),
    cgst: f.money('CGST', { defaultValue: 0 }),
    sgst: f.money('SGST', { defaultValue: 0 }),
    igst: f.money('IGST', { defaultValue: 0 }),
    totalAmount: f.money('Total', { required: true }),
    issuedOn: f.date('Issued on', { required: true }),
    paymentStatus: f.choice('Payment', optionsOf(INVOICE_PAYMENT_STATUSES, { PAID: 'success', UNPAID: 'warning' }), { defaultValue: 'PAID' }),
    dueOn: f.date('Due on'),
    lastReminderAt: f.datetime('Last reminder sent'),
  },
  list: {
    columns: [
      { field: 'invoiceNumber' },
      { field: 'customerId' },
      { field: 'bookingId' },
      { field: 'placeOfSupply', hidden: true },
      { field: 'taxableAmount' },
      { field: 'cgst', hidden: true },
      { field: 'sgst', hidden: true },
      { field: 'igst', hidden: true },
      { field: 'totalAmount' },
      { field: 'issuedOn' },
      { field: 'paymentStatus' },
      { field: 'dueOn', hidden: true },
      { field: 'lastReminderAt', hidden: true },
    ],
    filters: [
      { field: 'issuedOn', kind: 'dateRange' },
      { field: 'paymentStatus', kind: 'select' },
      { field: 'customerId', kind: 'relation' },
      { field: 'totalAmount', kind: 'numberRange' },
    ],
    defaultSort: { field: 'issuedOn', dir: 'desc' },
    sortable: ['totalAmount'],
  },
  search: { exact: ['id', 'invoiceNumber', 'bookingId', 'customerGstin'] },
  permissions: { view: 'ROLE_VIEW_INVOICES' },
  views: [{ path: `${FM}/invoice`, title: 'All Invoices' }],
  readOnly: true,
  owned: { invoiceNumber: 'issuing (gapless per financial year)', lastReminderAt: 'Send reminder' },
  files: [{ path: 'pdf', title: 'Download PDF', permission: 'ROLE_VIEW_INVOICES' }],
  actions: [
    {
      name: 'reminder',
      path: 'invoice/reminder',
      title: 'Send reminder',
      permission: SEND_INVOICE_REMINDER_PERMISSION,
      on: 'record',
      fields: { id: f.relation('Invoice', 'invoices', { required: true }) },
      fromRecord: ['id'],
      when: { field: 'paymentStatus', equals: 'UNPAID' },
      confirm: 'Sends the customer an SMS that this invoice is unpaid, with its amount and due date. It is kept in the SMS notification log; an invoice gets at most one reminder a day.',
      variant: 'primary',
    },
  ],
});

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

const opportunityDraftFields = [
  'name',
  'images',
  'imageUrl',
  'opportunityType',
  'numberOfChargers',
  'subscribedPercentage',
  'projectedIrr',
  'primaryUser',
  'minInvestmentAmountInLakhs',
  'totalInvestmentAmountInLakhs',
  'buildingNumber',
  'locality',
  'landMark',
  'city',
  'state',
  'pinCode',
  'googleMapLink',
  'featuresOfLocation',
  'overView',
  'whyInvest',
  'resourcesUrl',
] as const;

/**
 * Sustain capital investment opportunities. The address is kept in real columns named as the
 * draft names its parts, so each part has its own validation and error path (`pinCode`) and city/state filter.
 */
export const investmentOpportunityResource = defineResource({
  name: 'investment-opportunities',
  title: 'Investment opportunity',
  plural: 'Investment opportunities',
  service: '/sc-service',
  path: 'investment-opportunity',
  table: 'investment_opportunities',
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, max: 150 }),
    images: f.images('Images', { maxItems: 10 }),
    imageUrl: f.image('Cover image'),
    opportunityType: f.choice('Opportunity type', optionsOf(opportunityTypes), { required: true, display: 'badge' }),
    numberOfChargers: f.int('Chargers', { required: true, min: 1, max: 10_000 }),
    subscribedPercentage: f.decimal('Subscribed', { defaultValue: 0, max: 100, unit: '%' }),
    projectedIrr: f.decimal('Projected IRR', { required: true, max: 100, unit: '%' }),
    primaryUser: f.text('Primary user', { max: 120, help: 'Who charges here most, e.g. delivery two-wheelers or residents' }),
    minInvestmentAmountInLakhs: f.lakhs('Minimum investment', { required: true }),
    totalInvestmentAmountInLakhs: f.lakhs('Total investment', { required: true }),
    buildingNumber: f.text('Building number', { max: 80 }),
    locality: f.text('Locality', { required: true, max: 120 }),
    landMark: f.text('Landmark', { max: 120 }),
    city: f.text('City', { required: true, max: 80 }),
    state: f.text('State', { required: true, max: 80 }),
    pinCode: pinCode('PIN code', true),
    googleMapLink: f.url('Google Maps link'),
    featuresOfLocation: f.longText('Features of the location', { max: 3000 }),
    overView: f.longText('Overview', { max: 5000 }),
    whyInvest: f.longText('Why invest', { max: 5000 }),
    resourcesUrl: f.url('Resources link'),
    status: f.choice('Status', optionsOf(opportunityStatuses, { DRAFT: 'neutral', LIVE: 'info', FULLY_SUBSCRIBED: 'warning', FUNDED: 'success', CLOSED: 'neutral' }), {
      defaultValue: 'DRAFT',
    }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [
      { field: 'imageUrl' },
      { field: 'name' },
      { field: 'opportunityType' },
      { field: 'city' },
      { field: 'numberOfChargers' },
      { field: 'totalInvestmentAmountInLakhs' },
      { field: 'minInvestmentAmountInLakhs', hidden: true },
      { field: 'subscribedPercentage' },
      { field: 'projectedIrr' },
      { field: 'status' },
      { field: 'isActive' },
      { field: 'createdAt', hidden: true },
    ],
    filters: [
      { field: 'name', kind: 'text' },
      { field: 'opportunityType', kind: 'select' },
      { field: 'status', kind: 'select' },
      { field: 'city', kind: 'text' },
      { field: 'isActive', kind: 'boolean' },
    ],
    sortable: ['name', 'projectedIrr', 'subscribedPercentage'],
  },
  search: { exact: ['id', 'pinCode'], text: ['name'] },
  form: [
    { title: 'Opportunity', fields: ['name', 'opportunityType', 'numberOfChargers', 'primaryUser', 'status'] },
    { title: 'Investment', fields: ['minInvestmentAmountInLakhs', 'totalInvestmentAmountInLakhs', 'subscribedPercentage', 'projectedIrr'] },
    { title: 'Address', fields: ['buildingNumber', 'locality', 'landMark', 'city', 'state', 'pinCode', 'googleMapLink'] },
    { title: 'Story', fields: ['overView', 'whyInvest', 'featuresOfLocation', 'resourcesUrl'] },
    { title: 'Images', fields: ['imageUrl', 'images'] },
  ],
  // A new opportunity starts as a draft; its status moves on the edit form once it goes live.
  create: opportunityDraftFields,
  update: [...opportunityDraftFields, 'status'],
  permissions: {
    view: 'ROLE_VIEW_INVESTMENT_OPPORTUNITY',
    create: 'ROLE_CREATE_INVESTMENT_OPPORTUNITY',
    update: 'ROLE_UPDATE_INVESTMENT_OPPORTUNITY',
    activate: 'ROLE_UPDATE_INVESTMENT_OPPORTUNITY',
  },
  activeField: 'isActive',
  scopes: {
    // Opportunities whose money is being collected or deployed: what the finance team follows up.
    funding: { title: 'In funding', where: [{ field: 'status', op: 'in', values: ['FULLY_SUBSCRIBED', 'FUNDED'] }] },
  },
  views: [
    { path: `${SC}/exclusive-prime-deals`, title: 'Opportunity' },
    { path: `${SC}/finance-management`, title: 'Finance Management', scope: 'funding' },
  ],
  // Data insights: how many opportunities each city has in each status.
  summary: { path: `${SC}/data-insights`, title: 'Data Insights', groupBy: ['city', 'status'] },
  createPath: `${SC}/add`,
});

/** Investors who asked about an opportunity (from the investor app); staff follow them up. */
export const opportunityLeadResource = defineResource({
  name: 'opportunity-leads',
  title: 'Opportunity lead',
  plural: 'Opportunity leads',
  service: '/sc-service',
  path: 'opportunity-lead',
  table: 'opportunity_leads',
  labelField: 'investorName',
  fields: {
    investorName: f.text('Investor', { required: true, max: 120 }),
    phone: f.phone('Phone', { required: true }),
    email: f.email('Email'),
    opportunityId: f.relation('Opportunity', 'investment-opportunities'),
    amountInLakhs: f.decimal('Amount', { required: true, max: 100_000, unit: 'lakhs' }),
    status: f.choice(
      'Status',
      optionsOf(opportunityLeadStatuses, { NEW: 'info', CONTACTED: 'neutral', INTERESTED: 'warning', KYC_PENDING: 'warning', INVESTED: 'success', NOT_INTERESTED: 'danger' }),
      { defaultValue: 'NEW' },
    ),
    notes: f.longText('Notes', { max: 2000 }),
    // Optimistic lock of the opportunity lead workflow and of every generic edit.
    version: f.int('Version', { readOnly: true, defaultValue: 0 }),
  },
  list: {
    columns: [
      { field: 'id' },
      { field: 'investorName' },
      { field: 'phone' },
      { field: 'email', hidden: true },
      { field: 'opportunityId' },
      { field: 'amountInLakhs' },
      { field: 'status' },
      { field: 'createdAt' },
    ],
    filters: [
      { field: 'status', kind: 'select' },
      { field: 'opportunityId', kind: 'relation' },
      { field: 'amountInLakhs', kind: 'numberRange' },
      { field: 'createdAt', kind: 'dateRange' },
    ],
    sortable: ['amountInLakhs', 'investorName'],
  },
  search: { exact: ['id', 'phone'], text: ['investorName'] },
  form: [{ title: 'Follow-up', fields: ['notes'] }],
  // Leads arrive from the investor app; staff keep notes and move their status along the opportunity lead machine.
  create: [],
  update: ['notes'],
  owned: { status: 'the opportunity lead workflow' },
  permissions: { view: 'ROLE_VIEW_SUSTAIN_CAPITAL_LEADS', update: 'ROLE_UPDATE_SUSTAIN_CAPITAL_LEADS' },
  views: [{ path: `${SC}/opportunity-leads`, title: 'Opportunity Leads' }],
});

/** Resources of this module (declared in the order of the side menu). */
export const financeResources: readonly Resource[] = [
  settlementResource,
  settlementBookingResource,
  payoutResource,
  investmentLeadBundleResource,
  invoiceResource,
  postpaidBillingResource,
  postpaidBillingPeriodResource,
  investorBundleResource,
  investmentOpportunityResource,
  opportunityLeadResource,
];
