import type { FundPlanChartRecord } from '@dpms/http-client';
import { MonthAmountChart, type MonthAmountSeries } from '../../components/chart/MonthAmountChart';

const SERIES: readonly MonthAmountSeries<FundPlanChartRecord>[] = [
  { label: '计划支出', amount: (m) => m.planSpend },
  { label: '执行支出', amount: (m) => m.performSpend },
  { label: '计划回款', amount: (m) => m.planIncome },
  { label: '执行回款', amount: (m) => m.performIncome },
];

/**
 * 计划与执行对比: per month, what approved plans expected to receive and spend against what
 * approved execution sheets recorded. The figures are also in a screen-reader table.
 */
export function FundPlanChart({ months }: { months: readonly FundPlanChartRecord[] }) {
  return (
    <MonthAmountChart
      title="计划与执行对比"
      empty="暂无资金计划数据"
      testId="fund-plan-chart"
      tableTestId="fund-plan-months"
      months={months}
      series={SERIES}
    />
  );
}
