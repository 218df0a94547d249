import { z } from 'zod';
import { SUPER_ROLE, USER_SORT_COLUMNS, userActionTarget, type UserEdit } from '@dpms/core';
import { ok, okWith, page } from '../../http/envelope.js';
import { MSG } from '../../http/messages.js';
import { instituteDaysOf } from '../../http/institute-zone.js';
import { listQueryOf } from '../../http/list-query.js';
import { pagingShape } from '../../http/paging.js';
import { perm, type RouteBook } from '../../http/route.js';
import { id, idList, statusFlag } from '../../http/schemas.js';
import { pagedRows, streamXlsx } from '../../http/xlsx.js';
import {
  countAnswer,
  okEnvelope,
  systemDoneAnswer,
  userDetailAnswer,
  userFormOptionsAnswer,
  userPage,
  userRecord,
} from '@dpms/wire';
import { userView } from '../views.js';
import {
  EXPORT_COLUMNS,
  TAG,
  createBody,
  filterOf,
  filterShape,
  listQuery,
  resetPasswordBody,
  updateBody,
} from './user-schemas.js';
import { unwrapUserWrite, type UserRouteDeps } from './user-access.js';

/** What 新增用户 and 修改用户 send alike, as UserWrites takes it. */
const formFields = (b: UserEdit): UserEdit => ({
  deptId: b.deptId,
  email: b.email,
  phonenumber: b.phonenumber,
  sex: b.sex,
  status: b.status,
  remark: b.remark,
  postIds: b.postIds,
  roleIds: b.roleIds,
  defaultRoleId: b.defaultRoleId,
});

/** 用户管理: the list, its export, and the writes an administrator makes (core's UserWrites). */
export function registerUserAdminRoutes(book: RouteBook, deps: UserRouteDeps): void {
  const { repos, writes, getScoped, adminRoleId } = deps;
  /**
   * The user's last successful sign-in, from 登录日志 (RuoYi keeps it on sys_user as
   * loginIp/loginDate): the newest 登录成功 row of exactly this login name; none when the log was
   * cleared.
   */
  const lastSignIn = (userName: string) => repos.loginInfos.lastSuccessOf(userName, MSG.loginOk);
  book.add({
    method: 'get',
    path: '/system/user/list',
    summary: '用户列表（筛选、分页、排序；按数据权限）',
    tag: TAG,
    access: perm('system:user:list'),
    query: listQuery,
    response: userPage,
    handler: async ({ query, principal, res }) => {
      const filter = filterOf(query, await instituteDaysOf(res, query.params));
      const r = await repos.users.list(listQueryOf(filter, query), principal.scope);
      const adminRole = await adminRoleId();
      // `admin` (RuoYi's flag) tells 用户管理 which rows only an administrator may change.
      return page(
        r.total,
        r.rows.map((u) => ({ ...userView(u), admin: userActionTarget(u, adminRole).admin })),
      );
    },
  });

  book.add({
    method: 'get',
    path: '/system/user/export',
    summary: '导出用户 (.xlsx，流式)',
    tag: TAG,
    access: perm('system:user:export'),
    query: z.object({ ...filterShape, ...pagingShape(USER_SORT_COLUMNS) }),
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    handler: async ({ query, principal, res }) => {
      const filter = filterOf(query, await instituteDaysOf(res, query.params));
      const rows = pagedRows(
        (pageNum) =>
          repos.users.list(
            listQueryOf(filter, { ...query, pageNum, pageSize: 500 }),
            principal.scope,
          ),
        500,
      );
      await streamXlsx(res, '用户数据.xlsx', '用户数据', EXPORT_COLUMNS, rows);
      return undefined;
    },
  });

  book.add({
    method: 'get',
    path: '/system/user/importTemplate',
    summary: '用户导入模板 (.xlsx)',
    tag: TAG,
    access: perm('system:user:import'),
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    handler: async ({ res }) => {
      const cols = ['登录名称', '用户名称', '部门编号', '手机号码', '邮箱', '性别', '状态'].map(
        (header) => ({
          header,
          value: () => '',
        }),
      );
      await streamXlsx(res, '用户导入模板.xlsx', '用户数据', cols, []);
      return undefined;
    },
  });

  book.add({
    method: 'put',
    path: '/system/user/resetPwd',
    summary: '重置用户密码；该用户的所有会话立即结束',
    tag: TAG,
    access: perm('system:user:resetPwd'),
    body: resetPasswordBody,
    response: systemDoneAnswer,
    handler: async ({ body, principal }) => {
      unwrapUserWrite(await writes.resetPassword(body.userId, body.password, principal));
      return ok();
    },
  });

  book.add({
    method: 'put',
    path: '/system/user/changeStatus',
    summary: '启用或停用用户；停用立即结束其会话',
    tag: TAG,
    access: perm('system:user:edit'),
    body: z.object({ userId: id(), status: statusFlag() }),
    response: systemDoneAnswer,
    handler: async ({ body, principal }) => {
      unwrapUserWrite(await writes.setStatus(body.userId, body.status, principal));
      return ok();
    },
  });

  const formOptions = async () => {
    const [roles, posts] = await Promise.all([
      repos.roles.list({ filter: { status: '0' } }),
      repos.posts.list({ filter: {} }),
    ]);
    return { roles: roles.rows, posts: posts.rows };
  };

  book.add({
    method: 'get',
    path: '/system/user/',
    summary: '新增用户表单的可选角色与岗位',
    tag: TAG,
    access: perm('system:user:query'),
    response: userFormOptionsAnswer,
    handler: async ({ principal }) => {
      const o = await formOptions();
      return okWith({
        roles: principal.isAdmin ? o.roles : o.roles.filter((r) => r.roleKey !== SUPER_ROLE),
        posts: o.posts,
      });
    },
  });

  book.add({
    method: 'get',
    path: '/system/user/:userId',
    summary: '用户详情（按数据权限），附可选角色与岗位',
    tag: TAG,
    access: perm('system:user:query'),
    params: z.object({ userId: id() }),
    response: userDetailAnswer,
    handler: async ({ params, principal }) => {
      const u = await getScoped(principal, params.userId);
      const [o, last] = await Promise.all([formOptions(), lastSignIn(u.userName)]);
      return okWith({
        data: {
          ...userView(u),
          loginIp: last?.ipaddr ?? '',
          loginDate: last ? last.loginTime.toISOString() : null,
        },
        roles: principal.isAdmin ? o.roles : o.roles.filter((r) => r.roleKey !== SUPER_ROLE),
        posts: o.posts,
        roleIds: u.roleIds,
        postIds: u.postIds,
      });
    },
  });

  book.add({
    method: 'post',
    path: '/system/user',
    summary: '新增用户（部门须在数据权限内）',
    tag: TAG,
    access: perm('system:user:add'),
    body: createBody,
    response: okEnvelope(userRecord),
    handler: async ({ body, principal }) => {
      const created = await writes.create(
        {
          ...formFields(body),
          userName: body.userName,
          nickName: body.nickName,
          password: body.password,
        },
        principal,
      );
      return ok(userView(unwrapUserWrite(created)));
    },
  });

  book.add({
    method: 'put',
    path: '/system/user',
    summary: '修改用户（按数据权限）；角色或状态变化立即结束其会话',
    tag: TAG,
    access: perm('system:user:edit'),
    body: updateBody,
    response: okEnvelope(userRecord),
    handler: async ({ body, principal }) => {
      const updated = await writes.update(
        body.userId,
        { ...formFields(body), nickName: body.nickName },
        principal,
      );
      return ok(userView(unwrapUserWrite(updated)));
    },
  });

  book.add({
    method: 'delete',
    path: '/system/user/:userIds',
    summary: '删除用户（逗号分隔多个；按数据权限）；其会话立即结束',
    tag: TAG,
    access: perm('system:user:remove'),
    params: z.object({ userIds: idList() }),
    response: countAnswer,
    handler: async ({ params, principal }) => {
      const n = unwrapUserWrite(await writes.remove(params.userIds, principal));
      return ok({ count: n });
    },
  });
}
