import { ALL_DATA } from '@dpms/core';
import { ok, okWith } from '../../http/envelope.js';
import { HttpError } from '../../http/http-error.js';
import { MSG } from '../../http/messages.js';
import { AUTHENTICATED, type RouteBook } from '../../http/route.js';
import { parseInput } from '../../http/validation.js';
import { userView } from '../views.js';
import { avatarAnswer, profileAnswer, systemDoneAnswer } from '@dpms/wire';
import { TAG, passwordChange, profileUpdateBody } from './user-schemas.js';
import { unwrapUserWrite, type UserRouteDeps } from './user-access.js';

/** 个人中心: the caller's own record, password and avatar; writes through core's UserWrites. */
export function registerUserProfileRoutes(book: RouteBook, deps: UserRouteDeps): void {
  const { repos, writes, avatars } = deps;
  book.add({
    method: 'get',
    path: '/system/user/profile',
    summary: '个人中心：当前用户、角色组与岗位组',
    tag: TAG,
    access: AUTHENTICATED,
    response: profileAnswer,
    handler: async ({ principal }) => {
      const u = await repos.users.findById(principal.userId, ALL_DATA);
      if (!u) throw new HttpError(401, MSG.sessionExpired);
      const roles = await repos.roles.listByUser(u.userId);
      const posts = await Promise.all(u.postIds.map((pid) => repos.posts.findById(pid)));
      return okWith({
        data: userView(u),
        roleGroup: roles.map((r) => r.roleName).join(','),
        postGroup: posts.flatMap((p) => (p ? [p.postName] : [])).join(','),
      });
    },
  });

  book.add({
    method: 'put',
    path: '/system/user/profile',
    summary: '修改个人信息（昵称、邮箱、手机、性别）',
    tag: TAG,
    access: AUTHENTICATED,
    body: profileUpdateBody,
    response: systemDoneAnswer,
    handler: async ({ body, principal }) => {
      unwrapUserWrite(
        await writes.updateProfile(
          {
            nickName: body.nickName,
            email: body.email,
            phonenumber: body.phonenumber,
            sex: body.sex,
          },
          principal,
        ),
      );
      return ok();
    },
  });

  book.add({
    method: 'put',
    path: '/system/user/profile/updatePwd',
    summary:
      '修改本人密码：oldPassword、newPassword 放在 JSON 请求体中（推荐；规格的查询参数形式仍然接受，请求体优先）；结束本人的其他会话',
    tag: TAG,
    access: AUTHENTICATED,
    query: passwordChange.partial(),
    body: passwordChange.partial(),
    response: systemDoneAnswer,
    handler: async ({ query, body, principal }) => {
      // Passwords belong in the body, where no proxy or access log records them; the spec's
      // query form (000 §7) is still accepted for RuoYi clients, field by field, body first.
      const given = parseInput(passwordChange, {
        oldPassword: body.oldPassword ?? query.oldPassword,
        newPassword: body.newPassword ?? query.newPassword,
      });
      unwrapUserWrite(
        await writes.changeOwnPassword(given.oldPassword, given.newPassword, principal),
      );
      return ok();
    },
  });

  book.add({
    method: 'post',
    path: '/system/user/profile/avatar',
    summary: '上传头像（multipart 字段 avatarfile；jpg、jpeg、png，至多 2MB）',
    tag: TAG,
    access: AUTHENTICATED,
    multipart: 'avatarfile',
    response: avatarAnswer,
    handler: async ({ req, principal }) => {
      const url = await avatars.save(req);
      unwrapUserWrite(await writes.setAvatar(url, principal));
      return okWith({ imgUrl: url });
    },
  });
}
