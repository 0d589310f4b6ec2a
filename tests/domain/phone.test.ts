import { describe, expect, it } from 'vitest';
import { formatIndianMobile, indianMobileSchema, maskMobile, normaliseIndianMobile } from '@domain/phone';

describe('normaliseIndianMobile', () => {
  it.each([
    ['9876543210'],
    ['+91 9876543210'],
    ['+91-9876543210'],
    ['+919876543210'],
    ['919876543210'],
    ['09876543210'],
    ['0 9876543210'],
    ['0919876543210'],
    ['091-98765-43210'],
    ['00919876543210'],
    ['0091 98765 43210'],
    [' 98765 43210 '],
    ['(+91) 98765-43210'],
  ])('reads %j as 9876543210', (input) => {
    expect(normaliseIndianMobile(input)).toBe('9876543210');
  });

  it('accepts numbers starting 6, 7, 8 and 9', () => {
    for (const first of '6789') expect(normaliseIndianMobile(`${first}123456789`)).toBe(`${first}123456789`);
  });

  it.each([
    [''],
    ['   '],
    ['98765'],
    ['98765432101'],
    ['5876543210'],
    ['1234567890'],
    ['+92 9876543210'],
    ['98765abc10'],
    ['+91 98765 4321x'],
    ['++919876543210'],
    ['00929876543210'],
  ])('refuses %j', (input) => {
    expect(normaliseIndianMobile(input)).toBeUndefined();
  });
});

describe('indianMobileSchema', () => {
  it('outputs the 10 national digits', () => {
    expect(indianMobileSchema.parse(' +91 98765 43210 ')).toBe('9876543210');
  });

  it('requires a value and explains an invalid one', () => {
    expect(indianMobileSchema.safeParse('').error?.issues[0]?.message).toBe('This field is required');
    expect(indianMobileSchema.safeParse(undefined).error?.issues[0]?.message).toBe('This field is required');
    expect(indianMobileSchema.safeParse('12345').error?.issues[0]?.message).toBe('Enter a valid 10-digit Indian mobile number');
  });
});

describe('formatIndianMobile and maskMobile', () => {
  it('formats national digits and shows a dash when empty', () => {
    expect(formatIndianMobile('9876543210')).toBe('+91 98765 43210');
    expect(formatIndianMobile('12345')).toBe('12345');
    expect(formatIndianMobile(null)).toBe('-');
    expect(formatIndianMobile('')).toBe('-');
  });

  it('masks all but the last four digits', () => {
    expect(maskMobile('9876543210')).toBe('******3210');
    expect(maskMobile('321')).toBe('321');
  });
});
