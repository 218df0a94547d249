import { displayAmount } from '@dpms/core';
import type { ReactNode } from 'react';
import { ACTIONS_KEY, cellContent, type Column } from './table-cells';

/**
 * A list on a phone: one card per row, its visible columns as `title: value` lines (amounts
 * right-aligned), its buttons at the foot, and the 合计 as a last card.
 */
export function DataTableCards<Row extends object>({
  columns,
  rows,
  rowKey,
  number,
  footer,
  instant,
  empty,
}: {
  /** The visible columns, in the table's order. */
  columns: Column<Row>[];
  rows: Row[];
  rowKey: keyof Row & string;
  /** A row's 序号 across pages. */
  number: (index: number) => number;
  /** The 合计 row: its label, then one value per column. */
  footer: string[] | undefined;
  instant: (text: string) => string;
  /** The empty or error text, when there are no rows. */
  empty: ReactNode;
}) {
  const fields = columns.filter((c) => c.key !== ACTIONS_KEY);
  const actions = columns.find((c) => c.key === ACTIONS_KEY);
  const line = (c: Column<Row>, value: ReactNode) => (
    <div key={c.key} className="flex items-baseline gap-3 py-0.5">
      <dt className="w-24 shrink-0 text-ink-soft">{c.title}</dt>
      <dd
        className={`min-w-0 flex-1 whitespace-nowrap ${c.amount || c.align === 'right' ? 'text-right tabular-nums' : ''}`}
      >
        {value}
      </dd>
    </div>
  );
  return (
    <ul className="flex flex-col gap-3 text-sm" data-testid="table-cards">
      {rows.map((row, index) => (
        <li
          key={`${String(row[rowKey])}:${index}`}
          data-row
          className="rounded-card border border-line bg-surface p-3"
        >
          <div className="mb-1 text-xs text-muted tabular-nums">#{number(index)}</div>
          <dl>{fields.map((c) => line(c, cellContent(c, row, index, instant, '100%')))}</dl>
          {actions?.render && (
            <div className="mt-2 border-t border-line pt-2" data-card-actions>
              {actions.render(row, index)}
            </div>
          )}
        </li>
      ))}
      {rows.length === 0 && empty && (
        <li className="rounded-card border border-line bg-surface py-10 text-center text-muted">
          {empty}
        </li>
      )}
      {footer && (
        <li
          data-testid="sum-row"
          className="rounded-card border border-line bg-canvas p-3 font-medium"
          aria-label={footer[0]}
        >
          <div className="mb-1">{footer[0]}</div>
          <dl>
            {columns.flatMap((c, i) =>
              c.sum ? [line(c, c.amount ? displayAmount(footer[i + 1]) : footer[i + 1])] : [],
            )}
          </dl>
        </li>
      )}
    </ul>
  );
}
