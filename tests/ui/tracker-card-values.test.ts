// The tracker's cards show each total short enough to fit a card at 1366 and 390 pixels wide, in its unit, with the
// exact value kept for the card's title.
import { describe, expect, it } from 'vitest';
import { formatEnergyShort } from '@domain/format-energy';
import { formatInrShort } from '@domain/format-money';
import { formatMetric, formatMetricShort } from '@app/network/tracker-page';

describe('tracker card values', () => {
  it('abbreviates energy past 1,000 kWh in MWh and GWh, one decimal', () => {
    expect(formatEnergyShort(12_400_000)).toBe('12.4 MWh');
    expect(formatEnergyShort(91_969_320)).toBe('92 MWh');
    expect(formatEnergyShort(1_250_000_000)).toBe('1.3 GWh');
    expect(formatEnergyShort(999_990)).toBe('999.99 kWh');
    expect(formatEnergyShort(null)).toBe('-');
  });

  it('abbreviates rupees past ₹1 lakh in lakh and crore, one decimal', () => {
    expect(formatInrShort(123_456_700)).toBe('₹12.3 lakh');
    expect(formatInrShort(25_000_000_000)).toBe('₹25 crore');
    expect(formatInrShort(9_999_900)).toBe('₹99,999');
    expect(formatInrShort(-50_000_000)).toBe('-₹5 lakh');
  });

  it('keeps the exact figure for the title and the short one for the card', () => {
    expect(formatMetric('energyWh', 12_412_345_670)).toBe('1,24,12,345.67 kWh');
    expect(formatMetricShort('energyWh', 12_412_345_670)).toBe('12.4 GWh');
    expect(formatMetricShort('revenuePaise', 123_456_700)).toBe('₹12.3 lakh');
    expect(formatMetricShort('bookings', 123_456)).toBe('1,23,456');
    for (const value of [12_412_345_670, 91_969_320, 999_990]) expect(formatMetricShort('energyWh', value).length).toBeLessThanOrEqual(10);
  });
});
