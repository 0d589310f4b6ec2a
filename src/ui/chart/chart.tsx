// A chart drawn by echarts (SVG), sized to its box, with the aria description on. Import only from lazily loaded
// pages: echarts is the biggest library after maplibre-gl.
import { useEffect, useRef, useState } from 'react';
import { chartOption, type ChartData } from './chart-option';
import { echarts } from './echarts-core';
import './chart.css';

/** Props of Chart. */
export interface ChartProps extends ChartData {
  /** CSS height (default 280px). */
  height?: string;
}

/** The chart; a message instead when echarts cannot draw here. */
export function Chart({ height = '280px', ...data }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!box.current) return;
    try {
      chart.current = echarts.init(box.current, undefined, { renderer: 'svg' });
    } catch {
      setFailed(true);
      return;
    }
    const instance = chart.current;
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => instance.resize());
    observer?.observe(box.current);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(chartOption(data), true);
  });

  if (failed) return <p className="chart chart--failed">The chart cannot be drawn here; the table view shows the same numbers.</p>;
  return <div ref={box} className="chart" role="img" aria-label={data.label} style={{ height }} />;
}
