// GST invoices: the Indian financial year of a moment, the gapless invoice number of a year, and the
// GST split of an amount a customer paid. Pure, shared by the server (issuing, PDF) and tests.

/** The prefix of every invoice number (the network's series). */
export const INVOICE_SERIES = 'CZ';
/** Digits of the running number within a financial year (zero-padded; grows past 999,999 rather than wrap). */
export const INVOICE_NUMBER_DIGITS = 6;
/** GST on EV charging, in percent (18%: 9% CGST + 9% SGST, or 18% IGST). */
export const GST_PERCENT = 18;
/** Payment states of an invoice: a booking paid at once is PAID; a postpaid or B2B invoice waits UNPAID until paid. */
export const INVOICE_PAYMENT_STATUSES = ['PAID', 'UNPAID'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];

const IST_OFFSET_MS = 330 * 60_000;

/** The IST calendar date of a moment as YYYY-MM-DD. */
export function istDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The Indian financial year (April to March, IST) a moment falls in, as "2026-27": 1 April 2026 00:00 IST opens
 * 2026-27, 31 March 2027 23:59:59.999 IST still belongs to it.
 */
export function financialYearOf(at: Date): string {
  const [year, month] = istDate(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The invoice number of the n-th invoice of a financial year: "CZ/2026-27/000123". */
export function formatInvoiceNumber(financialYear: string, n: number): string {
  return `${INVOICE_SERIES}/${financialYear}/${String(n).padStart(INVOICE_NUMBER_DIGITS, '0')}`;
}

/** Invoice numbers as formatInvoiceNumber writes them (financial year and running number as groups). */
export const invoiceNumberPattern = /^CZ\/(\d{4}-\d{2})\/(\d{6,})$/;

/** An invoice's money, all integer paise: taxable value, the GST heads and the total (their exact sum). */
export interface InvoiceAmounts {
  taxableAmount: number;
  cgst: number;
  sgst: number;
  igst: number;
  totalAmount: number;
}

/**
 * The GST split of an amount the customer paid (GST included), in paise. The total is what was paid; the taxable
 * value is total × 100 / 118 rounded to the paisa; the tax is the rest, so taxable + tax = total exactly.
 * Intra-state (the charger's state is the operator's registered state): CGST is half the tax rounded half up,
 * SGST the remainder (they differ by at most one paisa). Inter-state: all of it is IGST.
 */
export function gstOfInclusiveAmount(totalPaise: number, interState: boolean): InvoiceAmounts {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) throw new RangeError('An invoice total is a whole number of paise, zero or more');
  const taxableAmount = Math.round((totalPaise * 100) / (100 + GST_PERCENT));
  const tax = totalPaise - taxableAmount;
  if (interState) return { taxableAmount, cgst: 0, sgst: 0, igst: tax, totalAmount: totalPaise };
  const cgst = Math.ceil(tax / 2);
  return { taxableAmount, cgst, sgst: tax - cgst, igst: 0, totalAmount: totalPaise };
}

const rupees = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Paise as rupees with paise, for a tax document: 123456 → "₹1,234.56". */
export function formatInrExact(paise: number): string {
  return `${paise < 0 ? '-' : ''}₹${rupees.format(Math.abs(paise) / 100)}`;
}

/** Milliseconds between two reminders of one invoice (one a day). */
export const INVOICE_REMINDER_INTERVAL_MS = 24 * 60 * 60 * 1000;
