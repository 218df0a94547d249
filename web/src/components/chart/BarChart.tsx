import {
  CHART_ANIMATION_MS,
  CHART_RESIZE_DEBOUNCE_MS,
  Debouncer,
  chartAxes,
  chartBarMaxWidth,
  type ChartOrientation,
} from '@dpms/core';
import { BarChart as EBar } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';

echarts.use([EBar, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface BarSeries {
  name: string;
  data: number[];
}

const PALETTE = ['#3370ff', '#14b8a6', '#f59e0b', '#8b5cf6', '#ef4444'];

/** The bar chart widget: normal (vertical bars), cross (horizontal) and crossR (mirrored). */
export function BarChart({
  categories,
  series,
  orientation = 'normal',
  height = 300,
}: {
  categories: string[];
  series: BarSeries[];
  orientation?: ChartOrientation;
  height?: number;
}) {
  const el = useRef<HTMLDivElement>(null);
  const scheduler = useService(TOKENS.Scheduler);
  useEffect(() => {
    if (!el.current) return;
    const chart = echarts.init(el.current);
    const axes = chartAxes(orientation);
    const category = { type: 'category' as const, data: categories, axisTick: { show: false } };
    const value = {
      type: 'value' as const,
      inverse: axes.valueAxisInverse,
      splitLine: { lineStyle: { color: '#eef0f3' } },
    };
    chart.setOption({
      color: PALETTE,
      animationDuration: CHART_ANIMATION_MS,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 12, right: 12, bottom: 8, top: 36, containLabel: true },
      xAxis: axes.categoryAxis === 'x' ? category : value,
      yAxis:
        axes.categoryAxis === 'x'
          ? value
          : { ...category, position: axes.valueAxisInverse ? 'right' : 'left' },
      series: series.map((s) => ({
        type: 'bar',
        name: s.name,
        data: s.data,
        barMaxWidth: chartBarMaxWidth(orientation),
      })),
    });
    const resize = new Debouncer<[]>(scheduler, CHART_RESIZE_DEBOUNCE_MS, () => chart.resize());
    const onResize = () => resize.call();
    window.addEventListener('resize', onResize);
    return () => {
      resize.cancel();
      window.removeEventListener('resize', onResize);
      chart.dispose();
    };
  }, [categories, series, orientation, scheduler]);
  return (
    <div ref={el} style={{ height }} data-testid={`bar-chart-${orientation}`} className="w-full" />
  );
}
