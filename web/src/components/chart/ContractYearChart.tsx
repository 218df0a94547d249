import { useQuery } from '@tanstack/react-query';
import {
  addAmounts,
  CHART_ORIENTATIONS,
  displayAmount,
  instituteYear,
  type ChartOrientation,
} from '@dpms/core';
import { useMemo, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { PageCard } from '../ui/Page';
import { BarChart, type BarSeries } from './BarChart';

/** One month of `/project/chart/list` (formal contracts signed that month, 万元 as strings). */
export interface ContractChartPoint {
  month: string;
  contractCount: number;
  totalAmount: string;
  receiveAmount: string;
}

/** The years the selector offers: this year and the nine before it. */
export const chartYears = (thisYear: number): number[] =>
  Array.from({ length: 10 }, (_, i) => thisYear - i);

const ORIENTATION_LABEL: Record<ChartOrientation, string> = {
  normal: '纵向',
  cross: '横向',
  crossR: '横向（右）',
};

/**
 * The contracts signed per month of a chosen year, from `/project/chart/list?year=` (scoped by
 * the server to what the user may see), as the bar chart widget in any orientation. Amounts stay
 * decimal strings; only the bars are drawn from numbers.
 */
export function ContractYearChart({
  title = '年度合同签订与回款',
  className = '',
}: {
  title?: string;
  className?: string;
}) {
  const http = useService(TOKENS.Http);
  const scheduler = useService(TOKENS.Scheduler);
  const thisYear = instituteYear(new Date(scheduler.now()));
  const [year, setYear] = useState(thisYear);
  const [orientation, setOrientation] = useState<ChartOrientation>('normal');
  const chart = useQuery({
    queryKey: ['contractChart', year],
    queryFn: async () =>
      ((await http.get('/project/chart/list', { params: { year }, quiet: true }))['data'] ??
        []) as ContractChartPoint[],
    retry: false,
  });
  const points = useMemo(() => chart.data ?? [], [chart.data]);
  const categories = useMemo(() => points.map((p) => `${Number(p.month.slice(5))}月`), [points]);
  const series = useMemo<BarSeries[]>(
    () => [
      { name: '合同额（万元）', data: points.map((p) => Number(p.totalAmount)) },
      { name: '已收（万元）', data: points.map((p) => Number(p.receiveAmount)) },
    ],
    [points],
  );
  const count = points.reduce((n, p) => n + p.contractCount, 0);
  const total = addAmounts('0', ...points.map((p) => p.totalAmount));
  const received = addAmounts('0', ...points.map((p) => p.receiveAmount));
  return (
    <PageCard
      className={className}
      title={title}
      actions={
        <>
          <select
            aria-label="年份"
            className="input h-8 w-auto py-0 text-sm"
            value={year}
            onChange={(e) => setYear(Number(e.target.value))}
          >
            {chartYears(thisYear).map((y) => (
              <option key={y} value={y}>
                {y}年
              </option>
            ))}
          </select>
          <div
            role="radiogroup"
            aria-label="图表方向"
            className="flex rounded-control border border-line p-0.5"
          >
            {CHART_ORIENTATIONS.map((o) => (
              <button
                key={o}
                type="button"
                role="radio"
                aria-checked={o === orientation}
                onClick={() => setOrientation(o)}
                className={`rounded px-2.5 py-1 text-xs ${o === orientation ? 'bg-brand-500 text-white' : 'text-ink-soft hover:text-brand-600'}`}
              >
                {ORIENTATION_LABEL[o]}
              </button>
            ))}
          </div>
        </>
      }
    >
      <p
        className="mb-2 text-sm text-ink-soft"
        data-testid="chart-summary"
        data-year={year}
        data-state={chart.isSuccess ? 'ready' : chart.isError ? 'error' : 'loading'}
      >
        {chart.isError
          ? '图表数据加载失败'
          : chart.isSuccess
            ? `${year}年签订合同 ${count} 份，合同额 ${displayAmount(total)} 万元，已收 ${displayAmount(received)} 万元`
            : '加载中…'}
      </p>
      <BarChart categories={categories} series={series} orientation={orientation} />
    </PageCard>
  );
}
