// A CSV the console writes (a batch's results): every cell quoted, quotes doubled, a cell a spreadsheet would run as
// a formula written with an apostrophe first; and it reads back as written.
import { describe, expect, it } from 'vitest';
import { csvText, neutralise, parseCsv } from '@domain/csv';

describe('csvText', () => {
  it('quotes every cell, doubles quotes, ends lines with CRLF and neutralises formulas', () => {
    const text = csvText([
      ['Charger', 'Result'],
      ['CZ "7"', 'Accepted, after a reboot'],
      ['=HYPERLINK("x")', '-1+1'],
    ]);
    expect(text).toBe('"Charger","Result"\r\n"CZ ""7""","Accepted, after a reboot"\r\n"\'=HYPERLINK(""x"")","\'-1+1"\r\n');
    const read = parseCsv(text);
    expect(read.ok && read.records.map((r) => r.fields)).toEqual([
      ['Charger', 'Result'],
      ['CZ "7"', 'Accepted, after a reboot'],
      ["'=HYPERLINK(\"x\")", "'-1+1"],
    ]);
    expect(neutralise('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutralise('plain')).toBe('plain');
  });
});
