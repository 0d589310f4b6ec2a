// Lists turn timestamps into ISO text straight from PostgreSQL's text (isoFromTimestampText): the same text a Date
// parsed from it prints, or undefined for the forms left to Date.
import { describe, expect, it } from 'vitest';
import { isoFromTimestampText } from '@server/resources/resource-query';

describe('ISO text from a timestamp as PostgreSQL prints it', () => {
  it('matches what Date makes of the same text, fractions of every length truncated to milliseconds', () => {
    const texts = ['2026-11-27 07:04:10+00', '2026-11-27 07:04:10.5+00', '2026-11-27 07:04:10.52+00', '2026-11-27 07:04:10.521+00', '2026-11-27 07:04:10.5219+00', '2026-02-28 23:59:59.999999+00', '1970-01-01 00:00:00+00', '0999-12-31 12:00:00.1+00'];
    for (let i = 0; i < 200; i += 1) {
      const at = new Date(Date.UTC(1990 + (i % 60), i % 12, 1 + (i % 28), i % 24, (i * 7) % 60, (i * 13) % 60, (i * 37) % 1000));
      texts.push(`${at.toISOString().slice(0, 19).replace('T', ' ')}.${String((i * 37) % 1000).padStart(3, '0')}${String(i % 1000).padStart(3, '0')}+00`);
    }
    for (const text of texts) expect(isoFromTimestampText(text, true), text).toBe(new Date(text).toISOString());
    // Without time zone: the text read as UTC, as drizzle does.
    expect(isoFromTimestampText('2026-11-27 07:04:10.52', false)).toBe(new Date('2026-11-27 07:04:10.52+0000').toISOString());
  });

  it('leaves other forms to Date: another offset, no offset where one is expected, BC, infinity, a year past 9999', () => {
    for (const text of ['2026-11-27 12:34:10.521+05:30', '2026-11-27 07:04:10.521', '0044-03-15 12:00:00+00 BC', 'infinity', '-infinity', '12026-11-27 07:04:10+00']) {
      expect(isoFromTimestampText(text, true), text).toBeUndefined();
    }
    expect(isoFromTimestampText('2026-11-27 07:04:10.521+00', false)).toBeUndefined();
  });
});
