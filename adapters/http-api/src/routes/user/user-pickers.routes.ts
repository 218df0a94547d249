import { z } from 'zod';
import { ALL_DATA, ROLE_KEY_BUSINESS_MANAGER, pickedUser } from '@dpms/core';
import { ok } from '../../http/envelope.js';
import { HttpError, unwrap } from '../../http/http-error.js';
import { AUTHENTICATED, perm, type RouteBook } from '../../http/route.js';
import { id } from '../../http/schemas.js';
import { countAnswer, okEnvelope, pickedUserRecord, staffMemberRecord } from '@dpms/wire';
import { TAG } from './user-schemas.js';

const pickedAnswer = okEnvelope(z.array(pickedUserRecord));
import type { UserRouteDeps } from './user-access.js';

/** The member pickers every signed-in user reads, and adding a post to many users. */
export function registerUserPickerRoutes(book: RouteBook, deps: UserRouteDeps): void {
  const { repos } = deps;
  book.add({
    method: 'get',
    path: '/system/user/serviceManagerList',
    summary: '经营负责人列表（角色 xs_jybfzr 的在职用户）',
    tag: TAG,
    access: AUTHENTICATED,
    response: pickedAnswer,
    handler: async ({ principal }) => {
      const role = await repos.roles.findByKey(ROLE_KEY_BUSINESS_MANAGER);
      const users = role ? await repos.users.listByRoleId(role.roleId, ALL_DATA) : [];
      return ok(users.map((u) => pickedUser(u, principal)));
    },
  });

  book.add({
    method: 'get',
    path: '/system/user/optionselect',
    summary:
      '所有在职用户的姓名与部门（成员选择器；不需要 system:user:list，只含 userId、nickName、deptId、status；登录名 userName 需要 system:user:query）',
    tag: TAG,
    access: AUTHENTICATED,
    response: okEnvelope(z.array(staffMemberRecord)),
    handler: async ({ principal }) => {
      const r = await repos.users.list(
        { filter: { status: '0' }, sort: { column: 'userId', direction: 'asc' } },
        ALL_DATA,
      );
      return ok(r.rows.map((u) => ({ ...pickedUser(u, principal), status: u.status })));
    },
  });

  book.add({
    method: 'get',
    path: '/system/user/getUserIdByRoleId',
    summary: '持有某角色的在职用户（7 设计主持人，2 项目经理）',
    tag: TAG,
    access: AUTHENTICATED,
    query: z.object({ roleId: id() }),
    response: pickedAnswer,
    handler: async ({ query, principal }) => {
      const users = await repos.users.listByRoleId(query.roleId, ALL_DATA);
      return ok(users.map((u) => pickedUser(u, principal)));
    },
  });

  book.add({
    method: 'get',
    path: '/system/user/listByPostId',
    summary: '持有某岗位的在职用户',
    tag: TAG,
    access: AUTHENTICATED,
    query: z.object({ postId: id() }),
    response: pickedAnswer,
    handler: async ({ query, principal }) => {
      const users = await repos.users.listByPostId(query.postId, ALL_DATA);
      return ok(users.map((u) => pickedUser(u, principal)));
    },
  });

  book.add({
    method: 'post',
    path: '/system/user/batchByPostId',
    summary: '批量为用户添加岗位',
    tag: TAG,
    access: perm('system:user:edit'),
    body: z.object({ postId: id(), userIds: z.array(id()).min(1).max(1000) }),
    response: countAnswer,
    handler: async ({ body, principal }) => {
      if (!(await repos.posts.findById(body.postId))) throw new HttpError(404, '岗位不存在');
      const n = unwrap(await repos.users.addPost(body.postId, body.userIds, principal.scope));
      return ok({ count: n });
    },
  });
}
