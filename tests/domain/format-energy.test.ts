import { describe, expect, it } from 'vitest';
import { formatKwh, formatKwhRange } from '@domain/format-energy';

describe('formatKwh', () => {
  it('shows Wh as kWh with 2 decimals', () => {
    expect(formatKwh(12345)).toBe('12.35 kWh');
    expect(formatKwh(0)).toBe('0.00 kWh');
    expect(formatKwh(500)).toBe('0.50 kWh');
    expect(formatKwh(1)).toBe('0.00 kWh');
  });

  it('groups large values the en-IN way', () => {
    expect(formatKwh(123456789)).toBe('1,23,456.79 kWh');
  });

  it('accepts numeric strings', () => {
    expect(formatKwh('2500')).toBe('2.50 kWh');
  });

  it('shows a dash for empty values', () => {
    expect(formatKwh(null)).toBe('-');
    expect(formatKwh(undefined)).toBe('-');
    expect(formatKwh('')).toBe('-');
    expect(formatKwh(Number.NaN)).toBe('-');
    expect(formatKwh('n/a')).toBe('-');
  });
});

describe('formatKwhRange', () => {
  it('shows both ends with 3 decimals and one unit', () => {
    expect(formatKwhRange(1235, 2500)).toBe('1.235 – 2.500 kWh');
    expect(formatKwhRange(0, 1)).toBe('0.000 – 0.001 kWh');
  });

  it('shows a dash when either end is empty', () => {
    expect(formatKwhRange(null, 2500)).toBe('-');
    expect(formatKwhRange(1235, undefined)).toBe('-');
    expect(formatKwhRange(undefined, undefined)).toBe('-');
  });
});
