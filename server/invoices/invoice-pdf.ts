// The PDF of a GST invoice, drawn with pdfkit. pdfkit's built-in fonts have no ₹ (U+20B9), so the text is
// set in DejaVu Sans from the dejavu-fonts-ttf package, embedded (subset) in the file. Dates are IST.
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { formatDate, formatDateTime } from '@domain/format-date';
import { formatKwh } from '@domain/format-energy';
import { formatInrExact } from '@domain/invoices';

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
/** The TTFs the invoice is set in (both have ₹). */
export const invoiceFonts = { regular: path.join(fontDir, 'DejaVuSans.ttf'), bold: path.join(fontDir, 'DejaVuSans-Bold.ttf') };

/** Everything printed on an invoice, amounts in paise. */
export interface InvoiceDocument {
  invoiceNumber: string;
  issuedOn: string;
  createdAt: Date | string;
  operator: { name: string; gstin: string | null; address: string | null };
  customer: { name: string | null; mobileNumber: string | null; gstin: string | null };
  placeOfSupply: string | null;
  booking: { id: number; chargerName: string | null; startedAt: Date | string | null; endedAt: Date | string | null; energyWh: number | null; tariffPerKwh: number | null } | null;
  taxableAmount: number;
  cgst: number;
  sgst: number;
  igst: number;
  totalAmount: number;
  paymentStatus: string;
  dueOn: string | null;
}

/** Options of renderInvoicePdf. */
export interface RenderOptions {
  /** Deflate the page contents (default true; tests turn it off to read the text). */
  compress?: boolean;
}

/** The invoice as a PDF file (A4). */
export function renderInvoicePdf(invoice: InvoiceDocument, options: RenderOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: options.compress ?? true,
    info: { Title: `Tax invoice ${invoice.invoiceNumber}`, Author: invoice.operator.name, Subject: 'GST tax invoice' },
  });
  doc.registerFont('body', invoiceFonts.regular);
  doc.registerFont('bold', invoiceFonts.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('bold').fontSize(18).text('Tax invoice', left, 50);
  doc.font('body').fontSize(10).moveDown(0.3);
  doc.font('bold').text(invoice.operator.name);
  doc.font('body');
  if (invoice.operator.address) doc.text(invoice.operator.address);
  doc.text(`GSTIN: ${invoice.operator.gstin ?? 'not registered'}`);
  doc.moveDown();

  const pair = (label: string, value: string) => {
    doc.font('bold').text(`${label}: `, { continued: true }).font('body').text(value);
  };
  pair('Invoice number', invoice.invoiceNumber);
  pair('Invoice date', `${formatDate(`${invoice.issuedOn}T12:00:00+05:30`)} (issued ${formatDateTime(invoice.createdAt)} IST)`);
  pair('Place of supply', invoice.placeOfSupply ?? 'Not recorded');
  pair('Payment', invoice.paymentStatus === 'PAID' ? 'Paid' : `Unpaid${invoice.dueOn ? `, due on ${formatDate(`${invoice.dueOn}T12:00:00+05:30`)}` : ''}`);
  doc.moveDown();

  doc.font('bold').text('Billed to');
  doc.font('body').text(invoice.customer.name ?? 'Customer');
  if (invoice.customer.mobileNumber) doc.text(`Mobile: ${invoice.customer.mobileNumber}`);
  if (invoice.customer.gstin) doc.text(`GSTIN: ${invoice.customer.gstin}`);
  doc.moveDown();

  // Lines: one charging session per booking invoice.
  const columns = [
    { title: 'Description', x: left, w: width * 0.55, align: 'left' as const },
    { title: 'SAC', x: left + width * 0.55, w: width * 0.15, align: 'left' as const },
    { title: 'Taxable value', x: left + width * 0.7, w: width * 0.3, align: 'right' as const },
  ];
  const row = (cells: string[], font: 'body' | 'bold') => {
    const y = doc.y;
    doc.font(font);
    const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.w - 6 }));
    cells.forEach((cell, i) => doc.text(cell, columns[i]!.x, y, { width: columns[i]!.w - 6, align: columns[i]!.align }));
    doc.x = left;
    doc.y = y + Math.max(...heights) + 6;
  };
  const rule = () => {
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(0.5).strokeColor('#888888').stroke();
    doc.y += 6;
  };
  row(columns.map((c) => c.title), 'bold');
  rule();
  const b = invoice.booking;
  const description = b
    ? [
        `EV charging, booking ${b.id}`,
        b.chargerName ? `Charger ${b.chargerName}` : null,
        b.startedAt ? `${formatDateTime(b.startedAt)}${b.endedAt ? ` to ${formatDateTime(b.endedAt)}` : ''} IST` : null,
        b.energyWh !== null ? `Energy ${formatKwh(b.energyWh)}${b.tariffPerKwh !== null ? ` at ${formatInrExact(b.tariffPerKwh)} per kWh (GST included)` : ''}` : null,
      ]
        .filter(Boolean)
        .join('\n')
    : 'EV charging (billing period)';
  row([description, '998714', formatInrExact(invoice.taxableAmount)], 'body');
  rule();

  const total = (label: string, paise: number, font: 'body' | 'bold' = 'body') => row([label, '', formatInrExact(paise)], font);
  total('Taxable value', invoice.taxableAmount);
  if (invoice.igst > 0 || (invoice.cgst === 0 && invoice.sgst === 0)) total('IGST at 18%', invoice.igst);
  else {
    total('CGST at 9%', invoice.cgst);
    total('SGST at 9%', invoice.sgst);
  }
  rule();
  total('Total', invoice.totalAmount, 'bold');
  doc.moveDown(2);
  doc.font('body').fontSize(8).fillColor('#555555').text('Amounts in Indian rupees (₹). This is a computer-generated invoice and needs no signature.', left, doc.y, { width });
  doc.end();
  return done;
}
