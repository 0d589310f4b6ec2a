import { describe, expect, it } from 'vitest';
import { formatInr, rupeesToPaise } from '@domain/format-money';

describe('formatInr', () => {
  it('divides paise by 100 and groups the Indian way without decimals', () => {
    expect(formatInr(12345600)).toBe('₹1,23,456');
    expect(formatInr(100)).toBe('₹1');
    expect(formatInr(0)).toBe('₹0');
    expect(formatInr(1234567890)).toBe('₹1,23,45,679');
  });

  it('rounds to whole rupees', () => {
    expect(formatInr(12349)).toBe('₹123');
    expect(formatInr(12350)).toBe('₹124');
  });

  it('shows negatives with a minus and never "-₹0"', () => {
    expect(formatInr(-50000)).toBe('-₹500');
    expect(formatInr(-40)).toBe('₹0');
  });

  it('accepts numeric strings and bigints (node-postgres answers int8 as text)', () => {
    expect(formatInr('12345600')).toBe('₹1,23,456');
    expect(formatInr(12345600n)).toBe('₹1,23,456');
  });

  it('shows a dash for empty and non-numeric values', () => {
    expect(formatInr(null)).toBe('-');
    expect(formatInr(undefined)).toBe('-');
    expect(formatInr(Number.NaN)).toBe('-');
    expect(formatInr(Number.POSITIVE_INFINITY)).toBe('-');
    expect(formatInr('')).toBe('-');
    expect(formatInr('abc')).toBe('-');
  });
});

describe('rupeesToPaise', () => {
  it('converts rupees to integer paise', () => {
    expect(rupeesToPaise(1234)).toBe(123400);
    expect(rupeesToPaise('19.99')).toBe(1999);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise(' 250 ')).toBe(25000);
  });

  it('rounds sub-paise amounts half away from zero, using the decimal text', () => {
    expect(rupeesToPaise(1.005)).toBe(101);
    expect(rupeesToPaise(1.004)).toBe(100);
    expect(rupeesToPaise(-1.005)).toBe(-101);
  });

  it('answers undefined for empty or non-numeric input', () => {
    expect(rupeesToPaise('')).toBeUndefined();
    expect(rupeesToPaise('  ')).toBeUndefined();
    expect(rupeesToPaise('12a')).toBeUndefined();
    expect(rupeesToPaise(null)).toBeUndefined();
    expect(rupeesToPaise(Number.NaN)).toBeUndefined();
  });
});
