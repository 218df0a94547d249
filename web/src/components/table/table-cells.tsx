import { displayAmount } from '@dpms/core';
import type { ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  title: string;
  width?: number;
  /**
   * The widest a cell grows before its text is cut with an ellipsis (the whole text in its
   * tooltip); plain text cells stop at 280 px unless told.
   */
  maxWidth?: number;
  align?: 'left' | 'center' | 'right';
  render?: (row: Row, index: number) => ReactNode;
  /** Summed in the 合计 row (column sums de-duplicate rows by `rowKey`). */
  sum?: boolean;
  /**
   * An amount column: right-aligned (title too), its cells and its 合计 through `displayAmount`
   * (thousands separators, at most four decimals), so a total reads like its cells.
   */
  amount?: boolean;
  /**
   * The server sorts its list by this column (its key is in the list's `orderByColumn`
   * whitelist): the header cycles 升序 → 降序 → none.
   */
  sortable?: boolean;
}

/** A list's server-side order, in RuoYi's wire names. */
export interface ListSort {
  orderByColumn: string;
  isAsc: 'asc' | 'desc';
}

/** The row-buttons column: pinned to the right edge, at a card's foot on phones. */
export const ACTIONS_KEY = 'actions';

/** Where a text cell is cut when its column names no `maxWidth`. */
export const DEFAULT_MAX_WIDTH = 280;

/**
 * A plain cell's text: numbers and strings as they are (a timestamp on the institute's clock,
 * through `instant`), anything else as JSON.
 */
export function cellText(value: unknown, instant: (text: string) => string = (t) => t): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return instant(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function alignClass<Row>(c: Column<Row>): string {
  return c.align === 'right' || (c.amount && c.align === undefined)
    ? 'text-right tabular-nums'
    : c.align === 'center'
      ? 'text-center'
      : 'text-left';
}

/**
 * A cell's content on one line: its render, its amount or its text. Text (a render's too) longer
 * than the column's width is cut with an ellipsis and shown whole in a tooltip.
 */
export function cellContent<Row>(
  c: Column<Row>,
  row: Row,
  index: number,
  instant: (text: string) => string,
  /** Where the text is cut: the column's width in a table, a card's line on a phone. */
  maxWidth: number | string = c.maxWidth ?? DEFAULT_MAX_WIDTH,
): ReactNode {
  const value = (row as Record<string, unknown>)[c.key];
  const content = c.render
    ? c.render(row, index)
    : c.amount
      ? displayAmount(value)
      : cellText(value, instant);
  if (typeof content !== 'string' && typeof content !== 'number') return content;
  const text = String(content);
  return (
    <span
      className="inline-block truncate align-bottom"
      style={{ maxWidth }}
      title={text === '' ? undefined : text}
    >
      {text}
    </span>
  );
}
