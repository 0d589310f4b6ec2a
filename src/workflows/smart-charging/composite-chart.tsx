// The composite schedule drawn as steps: time from its start on the x axis, the limit (A, or kW for a schedule in W)
// on the y axis. Loaded lazily with echarts (smart-charging-panel.tsx), never with the first screen.
import { useEffect, useRef, useState } from 'react';
import { chartLimit, scheduleSteps, type CompositeScheduleView } from '@domain/smart-charging';
import { echarts } from '@ui/chart/echarts-core';
import '@ui/chart/chart.css';
import { durationText } from './composite-duration';

/** The chart of a composite schedule that has periods. */
export default function CompositeChart({ schedule, duration }: { schedule: NonNullable<CompositeScheduleView['chargingSchedule']>; duration: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const unit = schedule.chargingRateUnit === 'W' ? 'kW' : 'A';
  const label = `Composite schedule: ${schedule.chargingSchedulePeriod.map((p) => `${chartLimit(p.limit, schedule.chargingRateUnit)} ${unit} from ${durationText(p.startPeriod)}`).join(', ')}`;
  useEffect(() => {
    if (!box.current) return;
    const steps = scheduleSteps(schedule.chargingSchedulePeriod, schedule.duration ?? duration).map(([s, limit]) => [s / 60, chartLimit(limit, schedule.chargingRateUnit)]);
    let chart: ReturnType<typeof echarts.init>;
    try {
      chart = echarts.init(box.current, undefined, { renderer: 'svg' });
    } catch {
      setFailed(true);
      return;
    }
    chart.setOption({
      aria: { enabled: true, label: { enabled: true, general: { withTitle: `${label}.`, withoutTitle: `${label}.` } } },
      animation: false,
      grid: { left: 8, right: 16, top: 24, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${Number(v)} ${unit}` },
      xAxis: { type: 'value', name: 'min', min: 0, max: (schedule.duration ?? duration) / 60, axisLabel: { fontSize: 11, formatter: (v: number) => `${v} min` } },
      yAxis: { type: 'value', name: unit, min: 0, axisLabel: { fontSize: 11, formatter: (v: number) => `${v} ${unit}` } },
      series: [{ name: `Limit (${unit})`, type: 'line', step: 'end', data: steps, symbolSize: 5, itemStyle: { color: '#0b6e4f' }, lineStyle: { color: '#0b6e4f' } }],
    });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => chart.resize());
    observer?.observe(box.current);
    return () => {
      observer?.disconnect();
      chart.dispose();
    };
  }, [label, schedule, duration, unit]);
  if (failed) return <p className="chart chart--failed">The chart cannot be drawn here; the table below shows the same periods.</p>;
  return <div ref={box} className="chart" role="img" aria-label={label} data-testid="composite-chart" style={{ height: '240px' }} />;
}
