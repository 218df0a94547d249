import type { FundPayMonthRecord } from '@dpms/http-client';
import { useMemo } from 'react';
import { BarChart } from '../../components/chart/BarChart';

/**
 * 付款按月统计: per plan month, what the payment plans planned, what was paid and what left the
 * institute after the tax rule. The figures are also in a screen-reader table.
 */
export function FundPayMonthChart({ months }: { months: readonly FundPayMonthRecord[] }) {
  const categories = useMemo(() => months.map((m) => m.month), [months]);
  const series = useMemo(
    () => [
      { name: '计划付款（万元）', data: months.map((m) => Number(m.planPayAmount)) },
      { name: '已付款（万元）', data: months.map((m) => Number(m.payAmount)) },
      { name: '实付金额（万元）', data: months.map((m) => Number(m.realPayAmount)) },
    ],
    [months],
  );
  return (
    <section className="mt-4" data-testid="fund-pay-chart">
      <h3 className="mb-2 font-medium">付款按月统计</h3>
      {months.length === 0 ? (
        <p className="text-sm text-ink-soft">暂无付款数据</p>
      ) : (
        <>
          <table className="sr-only" data-testid="fund-pay-months">
            <thead>
              <tr>
                <th>月份</th>
                <th>计划付款</th>
                <th>已付款</th>
                <th>实付金额</th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month} data-month={m.month}>
                  <td>{m.month}</td>
                  <td>{m.planPayAmount}</td>
                  <td>{m.payAmount}</td>
                  <td>{m.realPayAmount}</td>
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
