import { describe, expect, it } from 'vitest';
import { resourceByName } from '@domain/resource/registry';
import { columnWidth } from '@resources/cell-value';

describe('default column widths', () => {
  it('keep record numbers narrow and names wide', () => {
    const bookings = resourceByName('bookings')!;
    expect(columnWidth(bookings.allFields[bookings.idField]!)).toBe(96);
    const users = resourceByName('users')!;
    expect(columnWidth(users.allFields.name!)).toBeGreaterThanOrEqual(200);
  });
});
