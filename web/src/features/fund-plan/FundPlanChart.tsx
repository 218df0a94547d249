import type { FundPlanChartRecord } from '@dpms/http-client';
import { useMemo } from 'react';
import { BarChart } from '../../components/chart/BarChart';

/**
 * 计划与执行对比: per month, what approved plans expected to receive and spend against what
 * approved execution sheets recorded. The figures are also in a screen-reader table.
 */
export function FundPlanChart({ months }: { months: readonly FundPlanChartRecord[] }) {
  const categories = useMemo(() => months.map((m) => m.month), [months]);
  const series = useMemo(
    () => [
      { name: '计划支出（万元）', data: months.map((m) => Number(m.planSpend)) },
      { name: '执行支出（万元）', data: months.map((m) => Number(m.performSpend)) },
      { name: '计划回款（万元）', data: months.map((m) => Number(m.planIncome)) },
      { name: '执行回款（万元）', data: months.map((m) => Number(m.performIncome)) },
    ],
    [months],
  );
  return (
    <section className="mt-4" data-testid="fund-plan-chart">
      <h3 className="mb-2 font-medium">计划与执行对比</h3>
      {months.length === 0 ? (
        <p className="text-sm text-ink-soft">暂无资金计划数据</p>
      ) : (
        <>
          <table className="sr-only" data-testid="fund-plan-months">
            <thead>
              <tr>
                <th>月份</th>
                <th>计划支出</th>
                <th>执行支出</th>
                <th>计划回款</th>
                <th>执行回款</th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month} data-month={m.month}>
                  <td>{m.month}</td>
                  <td>{m.planSpend}</td>
                  <td>{m.performSpend}</td>
                  <td>{m.planIncome}</td>
                  <td>{m.performIncome}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <BarChart categories={categories} series={series} />
        </>
      )}
    </section>
  );
}
