// The echarts option of the console's charts, as plain data (tests read it without drawing anything).
import type { EChartsCoreOption } from 'echarts/core';

/** One series of a chart: a value per category. */
export interface ChartSeries {
  name: string;
  values: readonly number[];
  kind?: 'bar' | 'line';
  colour?: string;
  /** Series with the same stack name are stacked (bars). */
  stack?: string;
}

/** What a chart shows. */
export interface ChartData {
  /** Accessible name (also the start of the generated description). */
  label: string;
  /** The x-axis labels. */
  categories: readonly string[];
  series: readonly ChartSeries[];
  /** How a value reads in tooltips and the axis (units included), e.g. "12.35 kWh". */
  format: (value: number) => string;
  /** Shorter axis labels (default: format). */
  axisFormat?: (value: number) => string;
}

const palette = ['#0b6e4f', '#2563eb', '#d97706', '#7c3aed', '#dc2626', '#0891b2', '#64748b'];

/** The echarts option: bars or lines over categories, a tooltip with formatted values, aria description on. */
export function chartOption(data: ChartData): EChartsCoreOption {
  return {
    aria: { enabled: true, label: { enabled: true, description: undefined, general: { withTitle: `${data.label}.`, withoutTitle: `${data.label}.` } } },
    animation: false,
    color: palette,
    grid: { left: 8, right: 16, top: data.series.length > 1 ? 36 : 16, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    legend: data.series.length > 1 ? { top: 0, textStyle: { fontSize: 12 } } : { show: false },
    tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => data.format(Number(value)) },
    xAxis: { type: 'category', data: [...data.categories], axisTick: { alignWithLabel: true }, axisLabel: { fontSize: 11 } },
    yAxis: { type: 'value', axisLabel: { fontSize: 11, formatter: (value: number) => (data.axisFormat ?? data.format)(value) } },
    series: data.series.map((s) => ({
      name: s.name,
      type: s.kind ?? 'bar',
      data: [...s.values],
      ...(s.stack ? { stack: s.stack } : {}),
      ...(s.colour ? { itemStyle: { color: s.colour }, lineStyle: { color: s.colour } } : {}),
      ...(s.kind === 'line' ? { symbolSize: 5, sampling: 'lttb' } : { barMaxWidth: 28 }),
    })),
  };
}
