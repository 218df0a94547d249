import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';

/** Page sizes the web offers (DESIGN.md §3); 20 is the default. Any size up to the maximum is accepted. */
export const PAGE_SIZE_CHOICES = [20, 50, 100, 300, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;

/** One page of a list: `pageNum` counts from 1. */
export interface PageRequest {
  readonly pageNum: number;
  readonly pageSize: number;
}

export type SortDirection = 'asc' | 'desc';

/** A sort already validated against the list's whitelist: `column` is one of the list's keys. */
export interface SortRequest<K extends string> {
  readonly column: K;
  readonly direction: SortDirection;
}

/** What every list port takes: filters, an optional page (absent = every row) and an optional sort. */
export interface ListQuery<F, K extends string> {
  readonly filter: F;
  readonly page?: PageRequest;
  readonly sort?: SortRequest<K>;
}

/** A page of rows and the total count of rows matching the filter (the `{total, rows}` envelope). */
export interface ListPage<T> {
  readonly total: number;
  readonly rows: readonly T[];
}

/** An inclusive date range on a creation time, as the RuoYi lists send `params[beginTime]`/`params[endTime]`. */
export interface TimeRange {
  readonly from?: Date;
  readonly to?: Date;
}

export const SORT_COLUMN_NOT_ALLOWED = 'LIST.SORT_COLUMN_NOT_ALLOWED';
export const PAGE_INVALID = 'LIST.PAGE_INVALID';

/**
 * Validates RuoYi's `orderByColumn`/`isAsc` against a list's whitelist. An absent column means the
 * list's default order; a column outside the whitelist is refused, never passed on as SQL text.
 * `isAsc` accepts `asc`/`desc` and Element UI's `ascending`/`descending`.
 */
export function parseSort<K extends string>(
  whitelist: readonly K[],
  orderByColumn: string | undefined,
  isAsc: string | undefined,
): Result<SortRequest<K> | undefined, DomainError> {
  if (orderByColumn === undefined || orderByColumn === '') return ok(undefined);
  const column = whitelist.find((c) => c === orderByColumn);
  if (column === undefined) {
    return err(
      domainError(
        SORT_COLUMN_NOT_ALLOWED,
        `不支持按该列排序：${orderByColumn.slice(0, 40)}`,
        'orderByColumn',
      ),
    );
  }
  const flag = (isAsc ?? 'asc').toLowerCase();
  if (flag === 'asc' || flag === 'ascending') return ok({ column, direction: 'asc' });
  if (flag === 'desc' || flag === 'descending') return ok({ column, direction: 'desc' });
  return err(domainError(SORT_COLUMN_NOT_ALLOWED, '排序方向只能是 asc 或 desc', 'isAsc'));
}

/** Validates paging numbers (defaults: page 1, size 20; size at most 1000). */
export function parsePage(
  pageNum: number | undefined,
  pageSize: number | undefined,
): Result<PageRequest, DomainError> {
  const num = pageNum ?? 1;
  const size = pageSize ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(num) || num < 1)
    return err(domainError(PAGE_INVALID, '页码必须是正整数', 'pageNum'));
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    return err(domainError(PAGE_INVALID, `每页条数必须在 1 到 ${MAX_PAGE_SIZE} 之间`, 'pageSize'));
  }
  return ok({ pageNum: num, pageSize: size });
}

/** Zero-based row offset of a page. */
export const pageOffset = (page: PageRequest): number => (page.pageNum - 1) * page.pageSize;
