import {
  TABLE_DEFAULT_DECIMALS,
  TABLE_EMPTY_TEXT,
  displayAmount,
  summaryRow,
  tableRowNumber,
} from '@dpms/core';
import { errorMessage } from '@dpms/http-client';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Header,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type UIEvent,
} from 'react';
import { ColumnToggleDialog } from './ColumnToggleDialog';
import { DataTableCards } from './DataTableCards';
import { Pagination } from './Pagination';
import { ACTIONS_KEY, alignClass, cellContent, type Column, type ListSort } from './table-cells';
import { useLoadingMessage } from './useLoadingMessage';
import { useInstituteClock } from '../time/institute-clock';
import { usePhone } from '../ui/useMediaQuery';

export { cellText, type Column, type ListSort } from './table-cells';

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
  /** The server-side order shown by the headers (useListQuery passes it with `onSortChange`). */
  sort?: ListSort;
  /**
   * A `sortable` column's header was clicked: the list's new order, or undefined for none. Without
   * it no column sorts (the order is the server's, and only the server can sort a page).
   */
  onSortChange?: (sort: ListSort | undefined) => void;
  /**
   * The list's server sort whitelist (core's `*_SORT_COLUMNS`, which the route validates and the
   * repository maps): a column whose key is in it sorts, as one marked `sortable` does.
   */
  sortColumns?: readonly string[];
}

const ROW_HEIGHT = 41;
const WINDOW_FROM = 120;
const VIEWPORT_ROWS = 20;
const INDEX_ID = '#';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The paginated table of every list, drawn with TanStack Table: index column, hideable columns,
 * server-side sorting, the row buttons pinned to the right edge, loading and empty texts, the 合计
 * row and windowed rendering for long pages (1000 rows scroll smoothly). Every cell keeps to one
 * line. On a phone the rows become cards.
 */
export function DataTable<Row extends object>(props: DataTableProps<Row>) {
  const { columns, rows, rowKey, loading = false, decimals = TABLE_DEFAULT_DECIMALS } = props;
  const pageNum = props.pageNum ?? 1;
  const pageSize = props.pageSize ?? rows.length;
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const [ownSort, setOwnSort] = useState<ListSort | undefined>(props.sort);
  const sort = 'sort' in props ? props.sort : ownSort;
  const clock = useInstituteClock();
  const phone = usePhone();
  const loadingText = useLoadingMessage(loading);
  const { onSortChange } = props;

  const defs = useMemo<ColumnDef<Row>[]>(
    () => [
      {
        id: INDEX_ID,
        header: '序号',
        enableHiding: false,
        enableSorting: false,
        cell: ({ row }) => tableRowNumber(pageNum, pageSize || rows.length, row.index),
      },
      ...columns.map((c): ColumnDef<Row> => ({
        id: c.key,
        header: c.title,
        accessorFn: (row) => (row as Record<string, unknown>)[c.key],
        enableSorting: (!!c.sortable || !!props.sortColumns?.includes(c.key)) && !!onSortChange,
        cell: ({ row }) => cellContent(c, row.original, row.index, clock.instant),
      })),
    ],
    [columns, pageNum, pageSize, rows.length, clock, onSortChange, props.sortColumns],
  );
  const sorting: SortingState = sort
    ? [{ id: sort.orderByColumn, desc: sort.isAsc === 'desc' }]
    : [];
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const first = next[0];
    const changed: ListSort | undefined = first
      ? { orderByColumn: first.id, isAsc: first.desc ? 'desc' : 'asc' }
      : undefined;
    setOwnSort(changed);
    onSortChange?.(changed);
  };
  const table = useReactTable<Row>({
    data: rows,
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row, index) => `${String(row[rowKey])}:${index}`,
    manualSorting: true,
    enableMultiSort: false,
    sortDescFirst: false,
    enableSortingRemoval: true,
    onSortingChange,
    state: {
      sorting,
      columnVisibility: Object.fromEntries([...hidden].map((key) => [key, false])),
      columnPinning: { right: columns.some((c) => c.key === ACTIONS_KEY) ? [ACTIONS_KEY] : [] },
    },
  });
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const visible = headers.flatMap((h) => byKey.get(h.column.id) ?? []);
  const summed = visible.filter((c) => c.sum).map((c) => c.key);
  const footer = useMemo(
    () =>
      summed.length === 0
        ? undefined
        : summaryRow(
            rows as Record<string, unknown>[],
            [INDEX_ID, ...visible.map((c) => c.key)],
            summed,
            { rowKey, decimals },
          ),
    [rows, summed.join(','), visible.map((c) => c.key).join(','), rowKey, decimals],
  );

  const windowed = !phone && rows.length > WINDOW_FROM;
  const [scrollTop, setScrollTop] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const first = windowed ? Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - 10) : 0;
  const last = windowed ? Math.min(rows.length, first + VIEWPORT_ROWS + 30) : rows.length;
  // The pinned 操作 column casts a shadow while columns pass under it.
  const [covering, setCovering] = useState(false);
  const measure = useCallback(() => {
    const el = scroller.current;
    setCovering(!!el && el.scrollWidth - el.clientWidth - el.scrollLeft > 1);
  }, []);
  useLayoutEffect(() => {
    measure();
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, rows, visible.length, phone]);
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    if (windowed) setScrollTop(e.currentTarget.scrollTop);
    measure();
  };

  // Its buttons stay on one line (w-max on the cell's content): a pinned column squeezed by
  // the one-line cells beside it would otherwise stack them.
  const pinned = (id: string, header: boolean) =>
    id === ACTIONS_KEY
      ? `sticky right-0 *:w-max ${header ? 'z-20 bg-canvas' : 'z-[1] bg-surface'} ${covering ? 'shadow-[-6px_0_6px_-4px_rgb(0_0_0/0.15)]' : ''}`
      : '';
  const headerCell = (h: Header<Row, unknown>): ReactNode => {
    const c = byKey.get(h.column.id);
    const title = flexRender(h.column.columnDef.header, h.getContext());
    if (!c) {
      return (
        <th
          key={h.id}
          scope="col"
          className="w-14 border-b border-line px-3 py-2.5 text-center font-medium whitespace-nowrap"
        >
          {title}
        </th>
      );
    }
    const dir = h.column.getIsSorted();
    return (
      <th
        key={h.id}
        scope="col"
        style={c.width ? { width: c.width } : undefined}
        aria-sort={h.column.getCanSort() ? (dir ? ARIA_SORT[dir] : 'none') : undefined}
        data-pinned={h.column.getIsPinned() || undefined}
        className={`border-b border-line px-3 py-2.5 font-medium whitespace-nowrap ${alignClass(c)} ${pinned(c.key, true)}`}
      >
        {h.column.getCanSort() ? (
          <button
            type="button"
            className="inline-flex items-center gap-1 hover:text-brand-600"
            onClick={h.column.getToggleSortingHandler()}
          >
            {title}
            <span aria-hidden className={dir ? 'text-brand-600' : 'text-muted opacity-50'}>
              {dir === 'asc' ? '↑' : dir === 'desc' ? '↓' : '↕'}
            </span>
          </button>
        ) : (
          title
        )}
      </th>
    );
  };

  const empty =
    rows.length === 0 && !loading ? (
      props.error ? (
        <span role="alert" className="text-danger-600">
          {errorMessage(props.error)}
        </span>
      ) : (
        TABLE_EMPTY_TEXT
      )
    ) : null;
  const overlay = loading && (
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
  );
  const tableRows = table.getRowModel().rows;
  return (
    <div data-testid={props.testId ?? 'data-table'} data-layout={phone ? 'cards' : 'table'}>
      {phone ? (
        <div className="relative min-h-24" aria-busy={loading}>
          <DataTableCards
            columns={visible}
            rows={rows}
            rowKey={rowKey}
            number={(index) => tableRowNumber(pageNum, pageSize || rows.length, index)}
            footer={rows.length > 0 ? footer : undefined}
            instant={clock.instant}
            empty={empty}
          />
          {overlay}
        </div>
      ) : (
        <div
          ref={scroller}
          onScroll={onScroll}
          className="relative overflow-auto rounded-card border border-line bg-surface"
          style={windowed ? { maxHeight: ROW_HEIGHT * VIEWPORT_ROWS } : undefined}
        >
          <table className="w-full border-collapse text-sm" aria-busy={loading}>
            <thead className="sticky top-0 z-10 bg-canvas text-ink-soft">
              <tr>{headers.map(headerCell)}</tr>
            </thead>
            <tbody>
              {windowed && first > 0 && <tr style={{ height: first * ROW_HEIGHT }} aria-hidden />}
              {tableRows.slice(first, last).map((row) => (
                <tr
                  key={row.id}
                  data-row
                  className="group border-b border-line last:border-0 hover:bg-brand-50/50"
                  style={{ height: ROW_HEIGHT }}
                >
                  {row.getVisibleCells().map((cell) => {
                    const c = byKey.get(cell.column.id);
                    return (
                      <td
                        key={cell.id}
                        data-pinned={cell.column.getIsPinned() || undefined}
                        className={
                          c
                            ? `px-3 py-2 whitespace-nowrap ${alignClass(c)} ${pinned(c.key, false)}`
                            : 'px-3 text-center whitespace-nowrap text-muted tabular-nums'
                        }
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    );
                  })}
                </tr>
              ))}
              {windowed && last < rows.length && (
                <tr style={{ height: (rows.length - last) * ROW_HEIGHT }} aria-hidden />
              )}
              {empty && (
                <tr>
                  <td colSpan={headers.length} className="py-10 text-center text-muted">
                    {empty}
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
                      className={`border-t border-line px-3 py-2.5 whitespace-nowrap ${i === 0 ? 'text-center' : 'text-right tabular-nums'} ${pinned(visible[i - 1]?.key ?? '', true)}`}
                    >
                      {i > 0 && visible[i - 1]?.amount ? displayAmount(value) : value}
                    </td>
                  ))}
                </tr>
              </tfoot>
            )}
          </table>
          {overlay}
        </div>
      )}
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
