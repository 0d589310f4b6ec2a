import { describe, expect, it } from 'vitest';
import { parseCsv } from '@domain/csv';
import { settlementAmountsOf, sumSettlementAmounts } from '@domain/settlement-amounts';
import { readSettlementCsv } from '@domain/settlement-csv';

describe('parseCsv (RFC 4180)', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and LF, and drops a BOM', () => {
    const result = parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\n"two\nlines",3\n');
    expect(result).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['x, y', 'say "hi"'] },
        { line: 3, fields: ['two\nlines', '3'] },
      ],
    });
  });

  it('keeps empty fields and a last line without a line break', () => {
    expect(parseCsv('a,,c\n,\n1')).toEqual({ ok: true, records: [{ line: 1, fields: ['a', '', 'c'] }, { line: 2, fields: ['', ''] }, { line: 3, fields: ['1'] }] });
    expect(parseCsv('')).toEqual({ ok: true, records: [] });
  });

  it('refuses an unclosed or malformed quoted field, naming the line; a quote inside an unquoted field is kept', () => {
    expect(parseCsv('a\n"open,1\n2')).toEqual({ ok: false, line: 2, message: 'Line 2: a quoted field is not closed.' });
    expect(parseCsv('a\n"x"y')).toEqual({ ok: false, line: 2, message: "Line 2: a quoted field must end at a comma or the line's end." });
    expect(parseCsv('a\nb"c')).toEqual({ ok: true, records: [{ line: 1, fields: ['a'] }, { line: 2, fields: ['b"c'] }] });
  });

  it('numbers records by the line they start on, past empty lines and quoted line breaks', () => {
    expect(parseCsv('a\n\n"b\nc",d\re\r\n')).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['a'] },
        { line: 2, fields: [''] },
        { line: 3, fields: ['b\nc', 'd'] },
        { line: 5, fields: ['e'] },
      ],
    });
  });
});

describe('readSettlementCsv', () => {
  it('reads booking numbers and optional amounts, flagging bad values and duplicates by column', () => {
    const read = readSettlementCsv('booking_id,amount_inr\n101,245.50\n102,\nabc,1\n101,2\n103,12.345\n');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.rows.map((r) => [r.line, r.bookingId, r.amountPaise, r.errors.map((e) => e.column)])).toEqual([
      [2, 101, 24550, []],
      [3, 102, null, []],
      [4, null, 100, ['booking_id']],
      [5, 101, 200, ['booking_id']],
      [6, 103, null, ['amount_inr']],
    ]);
    expect(read.rows[3]!.errors[0]!.message).toBe('Booking 101 is also on line 2.');
  });

  it('refuses files without a booking_id header, with unknown columns, or without rows', () => {
    expect(readSettlementCsv('')).toMatchObject({ ok: false });
    expect(readSettlementCsv('amount_inr\n1')).toMatchObject({ ok: false, message: 'The header row must name a booking_id column.' });
    expect(readSettlementCsv('booking_id,host\n1,x')).toMatchObject({ ok: false });
    expect(readSettlementCsv('booking_id\n\n')).toMatchObject({ ok: false });
    expect(readSettlementCsv('booking_id\n5,6')).toMatchObject({ ok: true, rows: [{ errors: [{ column: '', message: 'Expected 1 columns, found 2.' }] }] });
  });
});

describe('settlement amounts', () => {
  it('takes 15% commission and 18% GST on it, in whole paise, net the rest', () => {
    expect(settlementAmountsOf(10_000)).toEqual({ grossAmount: 10_000, commission: 1_500, gst: 270, netPayable: 8_230 });
    expect(settlementAmountsOf(333)).toEqual({ grossAmount: 333, commission: 50, gst: 9, netPayable: 274 });
    expect(sumSettlementAmounts([settlementAmountsOf(10_000), settlementAmountsOf(333)])).toEqual({ grossAmount: 10_333, commission: 1_550, gst: 279, netPayable: 8_504 });
  });
});
