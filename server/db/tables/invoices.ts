// Gapless invoice numbers: one counter row per financial year ("2026-27"), advanced with
// `UPDATE … RETURNING` in the transaction that writes the invoice. A rolled-back invoice rolls its number back with
// it, and two issues at once queue on the row's lock, so numbers have no gaps and no duplicates (a sequence would
// leave a gap on every rollback). server/invoices/invoice-numbers.ts is the only writer.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The last invoice number given in each financial year. */
export const invoiceNumberCounters = pgTable(
  'invoice_number_counters',
  {
    financialYear: text('financial_year').primaryKey(),
    lastNumber: integer('last_number').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('invoice_number_counters_financial_year_check', sql`${t.financialYear} ~ '^[0-9]{4}-[0-9]{2}$'`),
    check('invoice_number_counters_last_number_check', sql`${t.lastNumber} >= 0`),
  ],
);
