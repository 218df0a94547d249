import {
  TABLE_DEFAULT_DECIMALS,
  TABLE_EMPTY_TEXT,
  displayAmount,
  summaryRow,
  tableRowNumber,
} from '@dpms/core';
import { errorMessage } from '@dpms/http-client';
import { useMemo, useRef, useState, type ReactNode, type UIEvent } from 'react';
import { ColumnToggleDialog } from './ColumnToggleDialog';
import { Pagination } from './Pagination';
import { useLoadingMessage } from './useLoadingMessage';
import { useInstituteClock } from '../time/institute-clock';

export interface Column<Row> {
  key: string;
  title: string;
  width?: number;
  align?: 'left' | 'center' | 'right';
  render?: (row: Row, index: number) => ReactNode;
  /** Summed in the 合计 row (column sums de-duplicate rows by `rowKey`). */
  sum?: boolean;
  /**
   * An amount column: right-aligned (title too), its cells and its 合计 through `displayAmount`
   * (thousands separators, at most four decimals), so a total reads like its cells.
   */
  amount?: boolean;
}

export interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: keyof Row & string;
  loading?: boolean;
  total?: number;
  pageNum?: number;
  pageSize?: number;
  onPageChange?: (pageNum: number, pageSize: number) => void;
  /** Show the column show/hide dialog when true (the toolbar toggles it). */
  columnsDialogOpen?: boolean;
  onColumnsDialogClose?: () => void;
  decimals?: number;
  testId?: string;
  /** A failed load: its message replaces the empty text. */
  error?: unknown;
}

const ROW_HEIGHT = 41;

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
const WINDOW_FROM = 120;
const VIEWPORT_ROWS = 20;

/**
 * The paginated table of every list: index column, hideable columns, loading and empty texts,
 * the 合计 row, and windowed rendering for long pages (1000 rows scroll smoothly).
 */
export function DataTable<Row extends object>(props: DataTableProps<Row>) {
  const { columns, rows, rowKey, loading = false, decimals = TABLE_DEFAULT_DECIMALS } = props;
  const pageNum = props.pageNum ?? 1;
  const pageSize = props.pageSize ?? rows.length;
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const clock = useInstituteClock();
  const loadingText = useLoadingMessage(loading);
  const visible = columns.filter((c) => !hidden.has(c.key));
  const summed = visible.filter((c) => c.sum).map((c) => c.key);
  const footer = useMemo(
    () =>
      summed.length === 0
        ? undefined
        : summaryRow(
            rows as Record<string, unknown>[],
            ['#', ...visible.map((c) => c.key)],
            summed,
            { rowKey, decimals },
          ),
    [rows, summed.join(','), visible.length, rowKey, decimals],
  );

  const windowed = rows.length > WINDOW_FROM;
  const [scrollTop, setScrollTop] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const first = windowed ? Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - 10) : 0;
  const last = windowed ? Math.min(rows.length, first + VIEWPORT_ROWS + 30) : rows.length;
  const onScroll = (e: UIEvent<HTMLDivElement>) =>
    windowed && setScrollTop(e.currentTarget.scrollTop);

  const cell = (c: Column<Row>) =>
    c.align === 'right' || (c.amount && c.align === undefined)
      ? 'text-right tabular-nums'
      : c.align === 'center'
        ? 'text-center'
        : 'text-left';
  return (
    <div data-testid={props.testId ?? 'data-table'}>
      <div
        ref={scroller}
        onScroll={onScroll}
        className="relative overflow-auto rounded-card border border-line bg-surface"
        style={windowed ? { maxHeight: ROW_HEIGHT * VIEWPORT_ROWS } : undefined}
      >
        <table className="w-full border-collapse text-sm" aria-busy={loading}>
          <thead className="sticky top-0 z-10 bg-canvas text-ink-soft">
            <tr>
              <th
                scope="col"
                className="w-14 border-b border-line px-3 py-2.5 text-center font-medium whitespace-nowrap"
              >
                序号
              </th>
              {visible.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  style={c.width ? { width: c.width } : undefined}
                  className={`border-b border-line px-3 py-2.5 font-medium whitespace-nowrap ${cell(c)}`}
                >
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {windowed && first > 0 && <tr style={{ height: first * ROW_HEIGHT }} aria-hidden />}
            {rows.slice(first, last).map((row, i) => {
              const index = first + i;
              return (
                <tr
                  key={String(row[rowKey])}
                  data-row
                  className="border-b border-line last:border-0 hover:bg-brand-50/50"
                  style={{ height: ROW_HEIGHT }}
                >
                  <td className="px-3 text-center text-muted tabular-nums">
                    {tableRowNumber(pageNum, pageSize || rows.length, index)}
                  </td>
                  {visible.map((c) => (
                    <td key={c.key} className={`px-3 py-2 whitespace-nowrap ${cell(c)}`}>
                      {c.render
                        ? c.render(row, index)
                        : c.amount
                          ? displayAmount((row as Record<string, unknown>)[c.key])
                          : cellText((row as Record<string, unknown>)[c.key], clock.instant)}
                    </td>
                  ))}
                </tr>
              );
            })}
            {windowed && last < rows.length && (
              <tr style={{ height: (rows.length - last) * ROW_HEIGHT }} aria-hidden />
            )}
            {rows.length === 0 && !loading && (
              <tr>
                <td colSpan={visible.length + 1} className="py-10 text-center text-muted">
                  {props.error ? (
                    <span role="alert" className="text-danger-600">
                      {errorMessage(props.error)}
                    </span>
                  ) : (
                    TABLE_EMPTY_TEXT
                  )}
                </td>
              </tr>
            )}
          </tbody>
          {footer && rows.length > 0 && (
            <tfoot className="sticky bottom-0 bg-canvas font-medium">
              <tr data-testid="sum-row">
                {footer.map((value, i) => (
                  <td
                    key={i}
                    className={`border-t border-line px-3 py-2.5 ${i === 0 ? 'text-center' : 'text-right tabular-nums'}`}
                  >
                    {i > 0 && visible[i - 1]?.amount ? displayAmount(value) : value}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
        {loading && (
          <div
            className="absolute inset-0 flex items-center justify-center bg-surface/70"
            role="status"
            data-testid="table-loading"
          >
            <span className="flex items-center gap-2 text-sm text-brand-600">
              <span
                className="size-4 animate-spin rounded-full border-2 border-brand-500 border-t-transparent"
                aria-hidden
              />
              {loadingText}
            </span>
          </div>
        )}
      </div>
      {props.onPageChange && (
        <Pagination
          total={props.total ?? rows.length}
          pageNum={pageNum}
          pageSize={pageSize}
          onChange={props.onPageChange}
        />
      )}
      {props.columnsDialogOpen && (
        <ColumnToggleDialog
          open
          onClose={() => props.onColumnsDialogClose?.()}
          columns={columns.map((c) => ({ key: c.key, title: c.title }))}
          hidden={hidden}
          onChange={setHidden}
        />
      )}
    </div>
  );
}
