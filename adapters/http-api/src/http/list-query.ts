import type { Response } from 'express';
import type { ListQuery, SortRequest } from '@dpms/core';
import { instituteDaysOf } from './institute-zone.js';

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

type PagingField = 'pageNum' | 'pageSize' | 'orderByColumn' | 'isAsc' | 'params';

/** A parsed admin list query whose `params[beginTime]`/`params[endTime]` filter createTime. */
interface CreatedListQuery {
  readonly pageNum: number;
  readonly pageSize: number;
  readonly orderByColumn?: string | undefined;
  readonly isAsc: boolean;
  readonly params?: { readonly beginTime?: string; readonly endTime?: string } | undefined;
}

/**
 * The admin lists' query (角色, 岗位, 字典类型, 参数): the fields left after paging are the
 * filter, and the day range filters createTime on the institute's days.
 */
export async function createdListQueryOf<Q extends CreatedListQuery>(
  res: Response,
  query: Q,
  paged = true,
): Promise<
  ListQuery<
    Omit<Q, PagingField> & { createTime: Awaited<ReturnType<typeof instituteDaysOf>> },
    NonNullable<Q['orderByColumn']>
  >
> {
  const { pageNum, pageSize, orderByColumn, isAsc, params, ...rest } = query;
  return listQueryOf(
    { ...rest, createTime: await instituteDaysOf(res, params) },
    { pageNum, pageSize, orderByColumn, isAsc },
    paged,
  );
}
