import type { ListQuery, SortRequest } from '@dpms/core';

/** A parsed list query (filters + paging from pagingShape) as core's ListQuery. */
export function listQueryOf<F, K extends string>(
  filter: F,
  q: { pageNum: number; pageSize: number; orderByColumn?: K | undefined; isAsc: boolean },
  paged = true,
): ListQuery<F, K> {
  const sort: SortRequest<K> | undefined =
    q.orderByColumn === undefined
      ? undefined
      : { column: q.orderByColumn, direction: q.isAsc ? 'asc' : 'desc' };
  return {
    filter,
    ...(paged ? { page: { pageNum: q.pageNum, pageSize: q.pageSize } } : {}),
    ...(sort ? { sort } : {}),
  };
}
