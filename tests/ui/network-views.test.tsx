/** @vitest-environment jsdom */
// The map and chart wrappers where jsdom allows: the map's data shaping and its no-WebGL message, the chart's option
// (aria on, units in tooltips) and its drawing as SVG, the Chart | Table panel; the tracker's table and labels.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { circleRing, distanceKm } from '@domain/network-map';
import { bucketsOf, previousRange, type TrackerResult } from '@domain/trackers';
import { chartOption } from '@ui/chart/chart-option';
import { Chart } from '@ui/chart/chart';
import { ChartPanel } from '@ui/chart/chart-panel';
import { boundsOf, nearestPoint, pointsInBounds, pointsToMultiPoints } from '@ui/map/map-data';
import { NetworkMap } from '@ui/map/network-map';
import { bucketLabel, defaultRange, seriesTable } from '@app/network/tracker-page';

const points = { ids: [1, 2, 3], lat: [12.97, 28.61, 19.07], lng: [77.59, 77.2, 72.87], category: [0, 2, 0] };

describe('map wrapper', () => {
  it('shapes parallel arrays into a MultiPoint per category, leaving hidden categories out, tells a drawn point apart, and finds the points in view and their bounds', () => {
    const all = pointsToMultiPoints(points);
    expect(all.features.map((f) => [f.properties.c, f.geometry.coordinates])).toEqual([
      [0, [[77.59, 12.97], [72.87, 19.07]]],
      [2, [[77.2, 28.61]]],
    ]);
    expect(pointsToMultiPoints(points, new Set([0])).features.map((f) => f.properties.c)).toEqual([2]);
    // A drawn point comes back rounded to its tile's grid: the nearest point of its category is the one drawn.
    expect(nearestPoint(points, 72.8703, 19.0698, 0)).toBe(2);
    expect(nearestPoint(points, 77.5899, 12.9701, 0)).toBe(0);
    expect(nearestPoint(points, 77.5899, 12.9701, 2)).toBe(1);
    expect(nearestPoint(points, 77.5899, 12.9701, 4)).toBe(-1);
    // South India only: Bengaluru in, Delhi and Mumbai out.
    expect(pointsInBounds(points, [74, 8, 80, 16])).toEqual([0]);
    expect(boundsOf(points, undefined)).toEqual([72.87, 12.97, 77.59, 28.61]);
    expect(boundsOf(undefined, [])).toBeUndefined();
  });

  it('draws zone circles whose every vertex is the radius away from the centre', () => {
    const centre = { lat: 12.9716, lng: 77.5946 };
    const ring = circleRing(centre, 5);
    expect(ring).toHaveLength(65);
    expect(ring[0]).toEqual(ring[64]);
    for (const [lng, lat] of ring) expect(distanceKm(centre, { lat, lng })).toBeCloseTo(5, 2);
  });

  it('says the map needs WebGL instead of failing when the browser has none (jsdom has none)', async () => {
    render(<NetworkMap label="Map of chargers" points={points} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The map needs WebGL');
  });
});

describe('chart wrapper', () => {
  const data = { label: 'Energy per day', categories: ['1 Jan', '2 Jan'], series: [{ name: 'Energy', values: [1500, 0] }], format: (v: number) => `${(v / 1000).toFixed(2)} kWh` };

  it('turns the aria description on and formats tooltip values with their unit', () => {
    const option = chartOption(data) as { aria: { enabled: boolean }; tooltip: { valueFormatter: (v: unknown) => string }; series: { type: string; data: number[] }[] };
    expect(option.aria.enabled).toBe(true);
    expect(option.tooltip.valueFormatter(1500)).toBe('1.50 kWh');
    expect(option.series).toEqual([expect.objectContaining({ type: 'bar', data: [1500, 0] })]);
  });

  it('draws as SVG inside an image named by its label', async () => {
    const { container } = render(<Chart {...data} />);
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    // echarts' aria component describes the data after the label.
    expect(screen.getByRole('img', { name: /^Energy per day\..*Energy.*1500/ })).toBeInTheDocument();
  });

  it('switches between the chart and a table of the same numbers', async () => {
    const user = userEvent.setup();
    render(<ChartPanel title="Energy" chart={<p>the chart</p>} table={{ caption: 'Energy per day', columns: ['Day', 'Energy'], rows: [['1 Jan', '1.50 kWh'], ['2 Jan', '0.00 kWh']] }} />);
    expect(screen.getByText('the chart')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(screen.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('row', { name: '2 Jan 0.00 kWh' })).toBeInTheDocument();
    expect(screen.queryByText('the chart')).toBeNull();
  });
});

describe('tracker helpers', () => {
  it('lists every day or month of a range, the range before it, and the default ranges in IST', () => {
    expect(bucketsOf('day', '2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
    expect(bucketsOf('month', '2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(previousRange('day', '2024-03-01', '2024-03-03')).toEqual({ from: '2024-02-27', to: '2024-02-29' });
    expect(previousRange('month', '2026-01', '2026-03')).toEqual({ from: '2025-10', to: '2025-12' });
    expect(defaultRange('day', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(defaultRange('month', '2026-03-01')).toEqual({ from: '2025-04', to: '2026-03' });
    expect([bucketLabel('2026-03-01'), bucketLabel('2026-03-01', true), bucketLabel('2026-03')]).toEqual(['1 Mar', '1 Mar 2026', 'Mar 2026']);
  });

  it('builds the table view from the same series, with units', () => {
    const zero = { bookings: 0, energyWh: 0, revenuePaise: 0, newChargers: 0, installations: 0, ticketsOpened: 0, ticketsClosed: 0 };
    const result: TrackerResult = {
      period: 'day',
      from: '2026-03-01',
      to: '2026-03-02',
      buckets: ['2026-03-01', '2026-03-02'],
      series: { bookings: [1200, 0], energyWh: [12345, 0], revenuePaise: [12345600, 0], newChargers: [1, 0], installations: [0, 0], ticketsOpened: [3, 0], ticketsClosed: [2, 0] },
      totals: zero,
      previous: { from: '2026-02-27', to: '2026-02-28', totals: zero },
    };
    const table = seriesTable(result, 'Daily Tracker', 'day');
    expect(table.columns).toEqual(['Day', 'Bookings', 'Energy', 'Revenue', 'New chargers', 'Installations', 'Tickets opened', 'Tickets closed']);
    expect(table.rows[0]).toEqual(['1 Mar 2026', '1,200', '12.35 kWh', '₹1,23,456', '1', '0', '3', '2']);
    expect(table.rows[1]).toEqual(['2 Mar 2026', '0', '0.00 kWh', '₹0', '0', '0', '0', '0']);
  });
});
