// A small RFC 4180 CSV reader (no CSV library is installed): comma-separated fields, records ended by CRLF or LF,
// fields in double quotes may hold commas, line breaks and doubled quotes (""). A leading byte-order mark is
// dropped; a last empty line is not a record.

/** One record of a CSV text, with the 1-based line it starts on. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** The records of a CSV text, or the error that stopped reading (an unterminated quote, a stray quote). */
export type CsvResult = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };

/** Reads a CSV text into records (fields as written, quotes removed). */
export function parseCsv(text: string): CsvResult {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let quotedField = false;
  const endRecord = () => {
    fields.push(field);
    records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    quotedField = false;
  };
  while (i < input.length) {
    const ch = input[i]!;
    if (ch === '"' && field === '' && !quotedField) {
      // A quoted field: read up to the closing quote.
      quotedField = true;
      const startLine = line;
      i += 1;
      for (;;) {
        if (i >= input.length) return { ok: false, line: startLine, message: `Line ${startLine}: a quoted field is not closed.` };
        const q = input[i]!;
        if (q === '"') {
          if (input[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        if (q === '\n') line += 1;
        field += q;
        i += 1;
      }
      const next = input[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') return { ok: false, line, message: `Line ${line}: a quoted field must end at a comma or the line's end.` };
      continue;
    }
    if (ch === '"') return { ok: false, line, message: `Line ${line}: a quote inside an unquoted field (quote the field and double the quote).` };
    if (ch === ',') {
      fields.push(field);
      field = '';
      quotedField = false;
      i += 1;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && input[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    field += ch;
    i += 1;
  }
  if (field !== '' || fields.length > 0 || quotedField) endRecord();
  return { ok: true, records };
}
