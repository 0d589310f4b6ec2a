import { describe, expect, it } from 'vitest';
import { coerceCount, displayCount, displayValue } from '@domain/format-empty';

describe('displayValue', () => {
  it('shows a dash for empty values', () => {
    expect(displayValue(null)).toBe('-');
    expect(displayValue(undefined)).toBe('-');
    expect(displayValue('')).toBe('-');
    expect(displayValue('   ')).toBe('-');
    expect(displayValue(Number.NaN)).toBe('-');
  });

  it('shows other values as text, keeping zero and false', () => {
    expect(displayValue('Bengaluru')).toBe('Bengaluru');
    expect(displayValue(0)).toBe('0');
    expect(displayValue(42.5)).toBe('42.5');
    expect(displayValue(false)).toBe('false');
    expect(displayValue(10n)).toBe('10');
  });
});

describe('displayCount', () => {
  it('keeps finite numbers', () => {
    expect(displayCount(7)).toBe(7);
    expect(displayCount(0)).toBe(0);
  });

  it('shows 0 for empty or non-finite counts', () => {
    expect(displayCount(null)).toBe(0);
    expect(displayCount(undefined)).toBe(0);
    expect(displayCount(Number.NaN)).toBe(0);
    expect(displayCount(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('coerceCount', () => {
  it('keeps numbers and parses numeric strings and bigints', () => {
    expect(coerceCount(12)).toBe(12);
    expect(coerceCount('12')).toBe(12);
    expect(coerceCount(' 3 ')).toBe(3);
    expect(coerceCount(5n)).toBe(5);
  });

  it('coerces anything not numeric to 0', () => {
    for (const value of [null, undefined, '', '  ', 'abc', '12abc', Number.NaN, Number.NEGATIVE_INFINITY, {}, [], true, Symbol('x')]) {
      expect(coerceCount(value)).toBe(0);
    }
  });
});
