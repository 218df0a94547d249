import { TABLE_DEFAULT_PAGE_SIZE } from '@dpms/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@dpms/http-client';
import { useState } from 'react';
import type { ListSort } from './table-cells';

/** A paginated server list with its filter form, on TanStack Query. */
export function useListQuery<Row, F extends Record<string, unknown>>(
  key: string,
  /** The filter to start from and to reset to; a function is read at mount and at each reset. */
  initialFilter: F | (() => F),
  load: (q: F & { pageNum: number; pageSize: number } & Partial<ListSort>) => Promise<Page<Row>>,
  /**
   * `pageSize`: the first page's size, where a list (a dialog's) shows fewer rows than the
   * default. `sortColumns`: the list's server sort whitelist (core's `*_SORT_COLUMNS`); the table's
   * columns of those keys sort.
   */
  options: { pageSize?: number; sortColumns?: readonly string[] } = {},
) {
  const initial = (): F => (typeof initialFilter === 'function' ? initialFilter() : initialFilter);
  const [draft, setDraft] = useState<F>(initial);
  const [filter, setFilter] = useState<F>(initial);
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(options.pageSize ?? TABLE_DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<ListSort | undefined>(undefined);
  const query = useQuery({
    queryKey: [key, filter, pageNum, pageSize, sort],
    // RuoYi's names: `orderByColumn` and `isAsc` ('asc' | 'desc'), sent only while a column sorts.
    queryFn: () => load({ ...filter, pageNum, pageSize, ...sort }),
    placeholderData: keepPreviousData,
  });
  const onPageChange = (n: number, size: number) => {
    setPageNum(n);
    setPageSize(size);
  };
  // A new order starts again from the first page: page 3 of another order is other rows.
  const onSortChange = (next: ListSort | undefined) => {
    setSort(next);
    setPageNum(1);
  };
  const table = {
    rows: query.data?.rows ?? [],
    total: query.data?.total ?? 0,
    loading: query.isFetching,
    error: query.error ?? undefined,
    pageNum,
    pageSize,
    onPageChange,
    sort,
    onSortChange,
    ...(options.sortColumns ? { sortColumns: options.sortColumns } : {}),
  };
  return {
    ...table,
    /** The DataTable's rows, paging, order, loading and error: `<DataTable {...list.table} … />`. */
    table,
    draft,
    setDraft,
    /** The filter the rows were asked with (the form's draft once 搜索 applied it). */
    applied: filter,
    refetch: () => void query.refetch(),
    search: () => {
      setPageNum(1);
      setFilter({ ...draft });
    },
    reset: () => {
      const f = initial();
      setDraft(f);
      setFilter(f);
      setPageNum(1);
    },
  };
}

/** What useListQuery gives a list's search form and table. */
export type ListQuery<Row, F extends Record<string, unknown>> = ReturnType<
  typeof useListQuery<Row, F>
>;
