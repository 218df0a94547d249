import type { DataScope, SysUser } from '@dpms/core';
import { buildDeptTree, checkedGrantKeys } from '@dpms/core';
import {
  countAnswer,
  roleCancelUserBody,
  roleDeptTreeAnswer,
  roleUserListQuery,
  roleUserPage,
  roleUsersQuery,
} from '@dpms/wire';
import { z } from 'zod';
import { ok, okWith, page } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import { listQueryOf } from '../../http/list-query.js';
import { perm, type RouteBook } from '../../http/route.js';
import { id } from '../../http/schemas.js';
import { userInScope } from '../user/user-access.js';
import { TAG, type RoleRouteDeps } from './role-access.js';

const roleUserView = (u: SysUser) => ({
  userId: u.userId,
  userName: u.userName,
  nickName: u.nickName,
  deptId: u.deptId,
  dept: u.deptId === null ? null : { deptId: u.deptId, deptName: u.deptName },
  email: u.email,
  phonenumber: u.phonenumber,
  status: u.status,
  createTime: u.createTime.toISOString(),
});

/**
 * 分配用户 (RuoYi's authUser/*) and the custom data scope's department tree. Users are listed
 * and granted within the caller's data scope; a role's holders change their grants on their next
 * request (the identity cache hears sys_user_role's announcements).
 */
export function registerRoleAuthUserRoutes(book: RouteBook, deps: RoleRouteDeps): void {
  const { repos, roleOr404, allowedRole, roleTakenFrom, mayGrantMenus, mayGrantScope } = deps;

  for (const [path, summary, allocated] of [
    ['/system/role/authUser/allocatedList', '已分配该角色的用户', true],
    ['/system/role/authUser/unallocatedList', '未分配该角色的用户（选择用户）', false],
  ] as const) {
    book.add({
      method: 'get',
      path,
      summary,
      tag: TAG,
      access: perm('system:role:list'),
      query: roleUserListQuery,
      response: roleUserPage,
      handler: async ({ query, principal }) => {
        const { roleId, userName, phonenumber, ...paging } = query;
        await roleOr404(roleId);
        const filter = {
          ...(allocated ? { roleId } : { notRoleId: roleId, status: '0' as const }),
          ...(userName !== undefined ? { userName } : {}),
          ...(phonenumber !== undefined ? { phonenumber } : {}),
        };
        const r = await repos.users.list(listQueryOf(filter, paging), principal.scope);
        return page(r.total, r.rows.map(roleUserView));
      },
    });
  }

  /** The users named, each in the caller's data scope, or 404 naming none outside it. */
  async function usersInScope(userIds: readonly number[], scope: DataScope) {
    for (const userId of userIds) await userInScope(repos.users, userId, scope);
  }

  book.add({
    method: 'put',
    path: '/system/role/authUser/cancel',
    summary: '取消授权（一个用户）',
    tag: TAG,
    access: perm('system:role:edit'),
    body: roleCancelUserBody,
    response: countAnswer,
    handler: async ({ body, principal }) => {
      await allowedRole(body.roleId, 'authUser', principal.isAdmin);
      await usersInScope([body.userId], principal.scope);
      // Only a user the role was actually taken from is signed out.
      const removed = unwrap(await repos.roles.removeUsers(body.roleId, [body.userId]));
      await roleTakenFrom(removed);
      return ok({ count: removed.length });
    },
  });

  book.add({
    method: 'put',
    path: '/system/role/authUser/cancelAll',
    summary: '批量取消授权（userIds=1,2,3 在查询参数中）',
    tag: TAG,
    access: perm('system:role:edit'),
    query: roleUsersQuery,
    response: countAnswer,
    handler: async ({ query, principal }) => {
      await allowedRole(query.roleId, 'authUser', principal.isAdmin);
      await usersInScope(query.userIds, principal.scope);
      const removed = unwrap(await repos.roles.removeUsers(query.roleId, query.userIds));
      await roleTakenFrom(removed);
      return ok({ count: removed.length });
    },
  });

  book.add({
    method: 'put',
    path: '/system/role/authUser/selectAll',
    summary: '批量选择用户授权（userIds=1,2,3 在查询参数中）',
    tag: TAG,
    access: perm('system:role:edit'),
    query: roleUsersQuery,
    response: countAnswer,
    handler: async ({ query, principal }) => {
      const role = await allowedRole(query.roleId, 'authUser', principal.isAdmin);
      // Nobody hands out a role wider than their own (they could take it themselves).
      await mayGrantMenus(principal, await repos.roles.listMenuIds(query.roleId));
      await mayGrantScope(principal, role.dataScope, await repos.roles.listDeptIds(role.roleId));
      await usersInScope(query.userIds, principal.scope);
      return ok({ count: unwrap(await repos.roles.addUsers(query.roleId, query.userIds)) });
    },
  });

  book.add({
    method: 'get',
    path: '/system/role/deptTree/:roleId',
    summary: '角色的自定义数据权限：部门树与已选部门',
    tag: TAG,
    access: perm('system:role:query'),
    params: z.object({ roleId: id() }),
    response: roleDeptTreeAnswer,
    handler: async ({ params, principal }) => {
      const role = await roleOr404(params.roleId);
      // Only the departments the caller's own scope reaches: nobody grants what they cannot see.
      const [depts, granted] = await Promise.all([
        repos.depts.list({ status: '0' }, principal.scope),
        repos.roles.listDeptIds(params.roleId),
      ]);
      const nodes = depts.map((d) => ({ id: d.deptId, parentId: d.parentId }));
      return okWith({
        checkedKeys: checkedGrantKeys(nodes, granted, role.deptCheckStrictly),
        depts: buildDeptTree(depts),
      });
    },
  });
}
