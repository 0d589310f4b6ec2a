// A list's row limit is written into its statement's text (literalLimit), so PostgreSQL plans a kept statement for
// the rows it will really read; only a whole, non-negative number of rows can be written there.
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { literalLimit } from '@server/resources/resource-query';

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
