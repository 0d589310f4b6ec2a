// CSV reading through Papa Parse (RFC 4180: comma-separated fields, quoted fields may hold commas, line breaks and
// doubled quotes). This wrapper fixes the dialect (comma, double quote, any of CRLF / LF / CR as the line break), drops
// a leading byte-order mark, and keeps the line each record starts on so errors can name it.
import Papa from 'papaparse';

/** One record of a CSV text, with the 1-based line it starts on. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** The records of a CSV text, or the error that stopped reading (an unterminated or malformed quoted field). */
export type CsvResult = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };

/** What each kind of Papa Parse quote error means to the person who wrote the file. */
const quoteMessages: Readonly<Record<string, string>> = {
  MissingQuotes: 'a quoted field is not closed.',
  InvalidQuotes: "a quoted field must end at a comma or the line's end.",
};

/** Reads a CSV text into records (fields as written, quotes removed); a last empty line is not a record. */
export function parseCsv(text: string): CsvResult {
  const input = (text.startsWith('\uFEFF') ? text.slice(1) : text).replace(/\r\n?/g, '\n');
  const records: CsvRecord[] = [];
  if (input === '') return { ok: true, records };
  let failure: { line: number; message: string } | undefined;
  let line = 1;
  let consumed = 0;
  Papa.parse<string[]>(input.endsWith('\n') ? input.slice(0, -1) : input, {
    delimiter: ',',
    newline: '\n',
    quoteChar: '"',
    escapeChar: '"',
    skipEmptyLines: false,
    step: (row, parser) => {
      const error = row.errors[0];
      if (error) {
        failure = { line, message: `Line ${line}: ${quoteMessages[error.code] ?? `${error.message.toLowerCase()}.`}` };
        parser.abort();
        return;
      }
      records.push({ line, fields: row.data });
      // The cursor is past this record's own line break: the next record starts after every line break up to it
      // (its own and those inside quoted fields).
      const end = row.meta.cursor;
      for (let i = consumed; i < end; i += 1) if (input[i] === '\n') line += 1;
      consumed = end;
    },
  });
  return failure ? { ok: false, ...failure } : { ok: true, records };
}

/**
 * A text that a spreadsheet runs as a formula (`=HYPERLINK(…)`, `+cmd|…`, `-1+1`, `@SUM(…)`, or one of these after
 * a tab or CR, which some apps strip first): its first character, captured. Written with a leading apostrophe.
 */
export const FORMULA_START = '^([-=+@\t\r])';
const formulaStart = new RegExp(FORMULA_START);

/** A text as a file cell: a first character a spreadsheet would run as a formula gets an apostrophe before it. */
export const neutralise = (text: string): string => text.replace(formulaStart, "'$1");

/** A CSV text of rows (the first one the header): every cell quoted (quotes doubled) and neutralised, CRLF line ends. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map((cells) => cells.map((c) => `"${neutralise(c).replace(/"/g, '""')}"`).join(',')).join('\r\n') + '\r\n';
}
