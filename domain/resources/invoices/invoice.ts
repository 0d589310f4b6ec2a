import { INVOICE_PAYMENT_STATUSES } from '@domain/invoices';
import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { FM } from '../settlements/shared';

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
