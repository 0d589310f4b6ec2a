// A list's row limit and a closed filter's chosen options are written into its statement's text (literalLimit,
// literalOption), so PostgreSQL plans a kept statement once for the rows it will really read; only a whole,
// non-negative number of rows, or one of the field's own options, can be written there.
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { literalLimit, literalOption } from '@server/resources/resource-query';

describe('literalLimit', () => {
  it('writes the limit into the text, with no parameter for it', () => {
    const query = new PgDialect().sqlToQuery(sql`select 1 from bookings where status = ${'SCHEDULED'} limit ${literalLimit(21)}`);
    expect(query.sql).toBe('select 1 from bookings where status = $1 limit 21');
    expect(query.params).toEqual(['SCHEDULED']);
  });

  it('refuses anything but a whole number of rows, so no text can reach the statement', () => {
    for (const bad of [1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, '21; drop table bookings' as unknown as number]) {
      expect(() => literalLimit(bad), String(bad)).toThrow(/Not a row limit/);
    }
    expect(() => literalLimit(0)).not.toThrow();
  });
});

describe('literalOption', () => {
  it('writes an option as a quoted literal, with no parameter for it', () => {
    const query = new PgDialect().sqlToQuery(sql`select 1 from bookings where status in (${literalOption('SCHEDULED', ['SCHEDULED', 'COMPLETED'])}) and is_active = ${literalOption(false, [true, false])}`);
    expect(query.sql).toBe("select 1 from bookings where status in ('SCHEDULED') and is_active = false");
    expect(query.params).toEqual([]);
  });

  it("doubles a quote inside an option's own value", () => {
    const query = new PgDialect().sqlToQuery(sql`select ${literalOption("O'Brien", ["O'Brien"])}`);
    expect(query.sql).toBe("select 'O''Brien'");
  });

  it("refuses a value that is not one of the field's options, so no other text can reach the statement", () => {
    for (const bad of ["SCHEDULED') or true --", 'scheduled', '', 'true']) {
      expect(() => literalOption(bad, ['SCHEDULED', 'COMPLETED', true]), bad).toThrow(/Not an option/);
    }
  });
});
