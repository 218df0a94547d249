import type { FundPayMonthRecord } from '@dpms/http-client';
import { MonthAmountChart, type MonthAmountSeries } from '../../components/chart/MonthAmountChart';

const SERIES: readonly MonthAmountSeries<FundPayMonthRecord>[] = [
  { label: '计划付款', amount: (m) => m.planPayAmount },
  { label: '已付款', amount: (m) => m.payAmount },
  { label: '实付金额', amount: (m) => m.realPayAmount },
];

/**
 * 付款按月统计: per plan month, what the payment plans planned, what was paid and what left the
 * institute after the tax rule. The figures are also in a screen-reader table.
 */
export function FundPayMonthChart({ months }: { months: readonly FundPayMonthRecord[] }) {
  return (
    <MonthAmountChart
      title="付款按月统计"
      empty="暂无付款数据"
      testId="fund-pay-chart"
      tableTestId="fund-pay-months"
      months={months}
      series={SERIES}
    />
  );
}
