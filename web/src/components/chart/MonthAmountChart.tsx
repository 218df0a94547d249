import { useMemo } from 'react';
import { BarChart } from './BarChart';

/** One bar of each month: its column head in the figures table, and its amount (万元) in a month. */
export interface MonthAmountSeries<M> {
  readonly label: string;
  readonly amount: (month: M) => string;
}

/**
 * Amounts in 万元 per month as bars, one series each (named {label}（万元）), under a heading;
 * the figures are also in a screen-reader table, and `empty` stands in when there is no month.
 */
export function MonthAmountChart<M extends { month: string }>({
  title,
  empty,
  testId,
  tableTestId,
  months,
  series,
}: {
  title: string;
  empty: string;
  testId: string;
  tableTestId: string;
  months: readonly M[];
  /** Kept stable (a module constant): the chart redraws when it changes. */
  series: readonly MonthAmountSeries<M>[];
}) {
  const categories = useMemo(() => months.map((m) => m.month), [months]);
  const bars = useMemo(
    () =>
      series.map((s) => ({
        name: `${s.label}（万元）`,
        data: months.map((m) => Number(s.amount(m))),
      })),
    [months, series],
  );
  return (
    <section className="mt-4" data-testid={testId}>
      <h3 className="mb-2 font-medium">{title}</h3>
      {months.length === 0 ? (
        <p className="text-sm text-ink-soft">{empty}</p>
      ) : (
        <>
          <table className="sr-only" data-testid={tableTestId}>
            <thead>
              <tr>
                <th>月份</th>
                {series.map((s) => (
                  <th key={s.label}>{s.label}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month} data-month={m.month}>
                  <td>{m.month}</td>
                  {series.map((s) => (
                    <td key={s.label}>{s.amount(m)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <BarChart categories={categories} series={bars} />
        </>
      )}
    </section>
  );
}
