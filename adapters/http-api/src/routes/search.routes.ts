import { ALL_DATA, ALL_PERMISSION, searchLimitOf, type FindAnything } from '@dpms/core';
import { searchAnswer, searchQuery } from '@dpms/wire';
import { ok } from '../http/envelope.js';
import { AUTHENTICATED } from '../http/route.js';
import type { RouteModule } from './route-module.js';

/**
 * 全局搜索 (the top bar's search box): any signed-in user may ask; each kind answers only to a
 * holder of its list screen's permission (core's searchReachOf), under the role's data scope.
 */
export function searchRoutes(find: FindAnything): RouteModule {
  return {
    name: 'search',
    register(book) {
      book.add({
        method: 'get',
        path: '/search',
        summary:
          '全局搜索：按编号、名称、单位或人员查找合同、项目立项、分包合同、设计任务和审批；每类只在持有其列表权限时出现，按数据权限',
        tag: '全局搜索',
        access: AUTHENTICATED,
        query: searchQuery,
        response: searchAnswer,
        handler: async ({ query, principal }) =>
          ok(
            await find.run(
              query.keyword,
              principal.isAdmin ? [ALL_PERMISSION] : principal.permissions,
              { userId: principal.userId, scope: principal.isAdmin ? ALL_DATA : principal.scope },
              searchLimitOf(query.limit),
            ),
          ),
      });
    },
  };
}
