// The settlement upload format: a CSV with a header row naming the columns `booking_id` (required: the booking
// number) and `amount_inr` (optional: the booking's amount in rupees, checked against the booking when given).
// One row per booking; blank lines are skipped. The server turns the rows into one settlement per host.
import { parseCsv } from './csv';

/** Most rows one upload may hold. */
export const SETTLEMENT_CSV_MAX_ROWS = 5_000;
/** The columns of the upload, in the order the template lists them. */
export const SETTLEMENT_CSV_COLUMNS = ['booking_id', 'amount_inr'] as const;

/** A problem of one row, in one column (or the whole row: column ''). */
export interface CsvRowError {
  column: string;
  message: string;
}

/** One data row of the upload as read (before the bookings are looked up). */
export interface SettlementCsvRow {
  /** 1-based line in the file. */
  line: number;
  bookingId: number | null;
  /** The amount column in paise, when given and valid. */
  amountPaise: number | null;
  errors: CsvRowError[];
}

/** The rows of an upload, or what makes the whole file unreadable. */
export type SettlementCsv = { ok: true; rows: SettlementCsvRow[] } | { ok: false; message: string };

/** Reads an upload: header, then per-row checks of the format (numbers, duplicates); bookings are not looked up here. */
export function readSettlementCsv(text: string): SettlementCsv {
  const parsed = parseCsv(text);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const records = parsed.records.filter((r) => r.fields.some((f) => f.trim() !== ''));
  const header = records[0];
  if (!header) return { ok: false, message: 'The file is empty: give a header row (booking_id) and one row per booking.' };
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const unknown = names.filter((n) => !(SETTLEMENT_CSV_COLUMNS as readonly string[]).includes(n));
  if (unknown.length > 0) return { ok: false, message: `Unknown column ${unknown.map((u) => `"${u}"`).join(', ')}: the columns are booking_id and amount_inr (optional).` };
  const bookingCol = names.indexOf('booking_id');
  if (bookingCol < 0) return { ok: false, message: 'The header row must name a booking_id column.' };
  if (new Set(names).size !== names.length) return { ok: false, message: 'A column is named twice in the header row.' };
  const amountCol = names.indexOf('amount_inr');
  const data = records.slice(1);
  if (data.length === 0) return { ok: false, message: 'The file has no bookings: add one row per booking below the header.' };
  if (data.length > SETTLEMENT_CSV_MAX_ROWS) return { ok: false, message: `The file has ${data.length} rows; at most ${SETTLEMENT_CSV_MAX_ROWS} fit in one upload.` };
  const firstLine = new Map<number, number>();
  const rows = data.map((record): SettlementCsvRow => {
    const errors: CsvRowError[] = [];
    if (record.fields.length !== names.length) errors.push({ column: '', message: `Expected ${names.length} columns, found ${record.fields.length}.` });
    const rawId = (record.fields[bookingCol] ?? '').trim();
    let bookingId: number | null = null;
    if (rawId === '') errors.push({ column: 'booking_id', message: 'Give the booking number.' });
    else if (!/^[1-9][0-9]{0,14}$/.test(rawId)) errors.push({ column: 'booking_id', message: `"${rawId}" is not a booking number.` });
    else bookingId = Number(rawId);
    let amountPaise: number | null = null;
    if (amountCol >= 0) {
      const rawAmount = (record.fields[amountCol] ?? '').trim().replace(/,/g, '');
      if (rawAmount !== '') {
        if (!/^[0-9]{1,10}(\.[0-9]{1,2})?$/.test(rawAmount)) errors.push({ column: 'amount_inr', message: `"${rawAmount}" is not an amount in rupees (e.g. 245.50).` });
        else amountPaise = Math.round(Number(rawAmount) * 100);
      }
    }
    if (bookingId !== null) {
      const seen = firstLine.get(bookingId);
      if (seen !== undefined) errors.push({ column: 'booking_id', message: `Booking ${bookingId} is also on line ${seen}.` });
      else firstLine.set(bookingId, record.line);
    }
    return { line: record.line, bookingId, amountPaise, errors };
  });
  return { ok: true, rows };
}
