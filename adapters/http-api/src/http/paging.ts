/** The pager's wire fields live with the wire contract (@dpms/wire); the API reads them here. */
export { PAGE_SIZES, DEFAULT_PAGE_SIZE, pagingShape } from '@dpms/wire';

export interface PageQuery<C extends string = string> {
  readonly pageNum: number;
  readonly pageSize: number;
  /** Only ever a column of the route's whitelist (never text from the request). */
  readonly orderByColumn?: C;
  readonly isAsc: boolean;
}

export function pageOf<C extends string>(q: {
  pageNum: number;
  pageSize: number;
  orderByColumn?: C | undefined;
  isAsc: boolean;
}): PageQuery<C> {
  return q.orderByColumn === undefined
    ? { pageNum: q.pageNum, pageSize: q.pageSize, isAsc: q.isAsc }
    : { pageNum: q.pageNum, pageSize: q.pageSize, orderByColumn: q.orderByColumn, isAsc: q.isAsc };
}
