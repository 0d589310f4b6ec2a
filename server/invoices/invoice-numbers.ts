// Gapless invoice numbers per Indian financial year. The counter row of the year is advanced with
// `UPDATE … RETURNING` inside the caller's transaction: a second issue waits on the row's lock until the first
// commits (and then takes the next number) or rolls back (and then takes the same number), so the numbers of a year
// run 1, 2, 3, … with no gaps and no duplicates on both drivers. Never call it outside a transaction.
import { sql } from 'drizzle-orm';
import { financialYearOf, formatInvoiceNumber } from '@domain/invoices';
import type { Database } from '@server/db/database';
import { rowsOf } from '@server/db/rows';

/** The next invoice number of the financial year `at` falls in (IST), e.g. "CZ/2026-27/000124"; call within the invoice's transaction. */
export async function nextInvoiceNumber(tx: Database, at: Date): Promise<{ invoiceNumber: string; financialYear: string; sequence: number }> {
  const financialYear = financialYearOf(at);
  // The year's row is made on its first invoice; a concurrent maker waits for this one and then does nothing.
  await tx.execute(sql`insert into invoice_number_counters (financial_year, last_number, updated_at) values (${financialYear}, 0, ${at.toISOString()}::timestamptz) on conflict (financial_year) do nothing`);
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      update invoice_number_counters set last_number = last_number + 1, updated_at = ${at.toISOString()}::timestamptz
      where financial_year = ${financialYear} returning last_number::int as n`),
  );
  if (!row) throw new Error(`invoice_number_counters has no row for ${financialYear}`);
  return { invoiceNumber: formatInvoiceNumber(financialYear, Number(row.n)), financialYear, sequence: Number(row.n) };
}
