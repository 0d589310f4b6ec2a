import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, parseDateOrNull } from '@domain/format-date';

// 13:35 UTC is 19:05 in India (UTC+05:30).
const instant = '2026-11-22T13:35:00Z';

describe('formatDate', () => {
  it('shows day/month/year in IST by default', () => {
    expect(formatDate(instant)).toBe('22/11/2026');
    expect(formatDate(new Date(instant))).toBe('22/11/2026');
    expect(formatDate(Date.parse(instant))).toBe('22/11/2026');
  });

  it('uses the IST date, which can be a day after the UTC date', () => {
    expect(formatDate('2026-11-21T20:00:00Z')).toBe('22/11/2026');
    expect(formatDate('2026-11-21T20:00:00Z', { zone: 'UTC' })).toBe('21/11/2026 UTC');
  });

  it('pads day and month', () => {
    expect(formatDate('2026-01-02T04:00:00Z')).toBe('02/01/2026');
  });
});

describe('formatDateTime', () => {
  it('shows a 12-hour time in IST by default', () => {
    expect(formatDateTime(instant)).toBe('22/11/2026, 07:05 pm');
  });

  it('shows UTC with a suffix when asked', () => {
    expect(formatDateTime(instant, { zone: 'UTC' })).toBe('22/11/2026, 01:35 pm UTC');
  });

  it('shows midnight and noon as 12, not 00', () => {
    expect(formatDateTime('2026-11-21T18:30:00Z')).toBe('22/11/2026, 12:00 am');
    expect(formatDateTime('2026-11-22T06:30:00Z')).toBe('22/11/2026, 12:00 pm');
    expect(formatDateTime('2026-11-22T00:00:00Z', { zone: 'UTC' })).toBe('22/11/2026, 12:00 am UTC');
  });

  it('shows the morning as am', () => {
    expect(formatDateTime('2026-01-02T04:00:00Z')).toBe('02/01/2026, 09:30 am');
  });
});

describe('empty and invalid dates', () => {
  it('shows a dash for empty values without logging', () => {
    const logger = vi.fn();
    expect(formatDate(null, { logger })).toBe('-');
    expect(formatDateTime(undefined, { logger })).toBe('-');
    expect(formatDateTime('', { logger })).toBe('-');
    expect(formatDate('   ', { logger })).toBe('-');
    expect(logger).not.toHaveBeenCalled();
  });

  it('logs invalid date strings and shows a dash', () => {
    const logger = vi.fn();
    expect(formatDate('not a date', { logger })).toBe('-');
    expect(formatDateTime('2026-13-45T99:00:00Z', { logger })).toBe('-');
    expect(formatDate(new Date(Number.NaN), { logger })).toBe('-');
    expect(logger).toHaveBeenCalledTimes(3);
    expect(logger).toHaveBeenCalledWith('Invalid date value', 'not a date');
  });

  it('logs through console.error by default', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(formatDateTime('garbage')).toBe('-');
      expect(spy).toHaveBeenCalledWith('Invalid date value', 'garbage');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('parseDateOrNull', () => {
  it('answers a Date for valid input', () => {
    expect(parseDateOrNull(instant)?.toISOString()).toBe('2026-11-22T13:35:00.000Z');
    expect(parseDateOrNull(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
  });

  it('copies a Date rather than sharing it', () => {
    const original = new Date(instant);
    const parsed = parseDateOrNull(original);
    expect(parsed).not.toBe(original);
    expect(parsed?.getTime()).toBe(original.getTime());
  });

  it('answers null for empty input silently and for invalid input with a log', () => {
    const logger = vi.fn();
    expect(parseDateOrNull(null, logger)).toBeNull();
    expect(parseDateOrNull('', logger)).toBeNull();
    expect(logger).not.toHaveBeenCalled();
    expect(parseDateOrNull('31/31/2026', logger)).toBeNull();
    expect(logger).toHaveBeenCalledOnce();
  });
});
