import { z } from 'zod';
import { buildDeptTree, isAdminRole } from '@dpms/core';
import { authRoleAnswer, authRoleQuery, okEnvelope, systemDoneAnswer, treeNode } from '@dpms/wire';
import { ok, okWith } from '../../http/envelope.js';
import { perm, type RouteBook } from '../../http/route.js';
import { id } from '../../http/schemas.js';
import { roleView } from '../role/role-access.js';
import { userView } from '../views.js';
import { TAG } from './user-schemas.js';
import { unwrapUserWrite, type UserRouteDeps } from './user-access.js';

/**
 * What RuoYi's 用户管理 calls beside the list and the form: the department tree beside the list
 * (/deptTree) and 分配角色 (/authRole). Registered before /system/user/:userId, which would
 * otherwise take both.
 */
export function registerUserAuthRoleRoutes(book: RouteBook, deps: UserRouteDeps): void {
  const { repos, writes, getScoped } = deps;

  book.add({
    method: 'get',
    path: '/system/user/deptTree',
    summary: '用户管理左侧的部门树 {id,label,children}（按数据权限）',
    tag: TAG,
    access: perm('system:user:list'),
    response: okEnvelope(z.array(treeNode)),
    handler: async ({ principal }) =>
      ok(buildDeptTree(await repos.depts.list({ status: '0' }, principal.scope))),
  });

  book.add({
    method: 'get',
    path: '/system/user/authRole/:userId',
    summary: '分配角色：用户与全部角色，flag 标记其持有的角色（按数据权限）',
    tag: TAG,
    access: perm('system:user:query'),
    params: z.object({ userId: id() }),
    response: authRoleAnswer,
    handler: async ({ params, principal }) => {
      const user = await getScoped(principal, params.userId);
      const all = await repos.roles.list({ filter: {} });
      const held = new Set(user.roleIds);
      // As RuoYi: the administrator role is offered only to the administrator's own account.
      const offered = all.rows.filter(
        (r) => !isAdminRole(r) || (principal.isAdmin && held.has(r.roleId)),
      );
      return okWith({
        user: userView(user),
        roles: offered.map((r) => ({ ...roleView(r), flag: held.has(r.roleId) })),
      });
    },
  });

  book.add({
    method: 'put',
    path: '/system/user/authRole',
    summary:
      '分配角色（userId、roleIds=1,2 在查询参数中）：只能授予不宽于自己的角色；失去角色的用户会话立即结束',
    tag: TAG,
    access: perm('system:user:edit'),
    query: authRoleQuery,
    response: systemDoneAnswer,
    handler: async ({ query, principal }) => {
      unwrapUserWrite(await writes.assignRoles(query.userId, query.roleIds, principal));
      return ok();
    },
  });
}
