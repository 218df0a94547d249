import type { Request } from 'express';
import { z } from 'zod';
import { ALL_DATA, type PlatformRepositories } from '@dpms/core';
import { ok, okWith } from '../http/envelope.js';
import { bearerToken } from '../http/guard.js';
import { HttpError } from '../http/http-error.js';
import { MSG } from '../http/messages.js';
import { AUTHENTICATED, PUBLIC } from '../http/route.js';
import {
  captchaAnswer,
  changeRoleBody,
  getInfoAnswer,
  loginAnswer,
  loginBody,
  rolesAnswer,
  rolesWithPasswordBody,
  routersAnswer,
  systemDoneAnswer,
  unlockScreenBody,
} from '@dpms/wire';
import type { ClientInfo, IdentityService } from '../identity/identity.service.js';
import type { Principal } from '../identity/principal.js';
import type { RouteModule } from './route-module.js';
import { buildRouterTree } from './router-tree.js';
import { userView } from './views.js';

export const clientOf = (req: Request): ClientInfo => ({
  ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
  userAgent: req.get('user-agent') ?? '',
});

const roleView = (r: { roleId: number; roleKey: string; roleName: string; roleSort: number }) => ({
  roleId: r.roleId,
  roleKey: r.roleKey,
  roleName: r.roleName,
  roleSort: r.roleSort,
});

/** Sign-in and the session (000 §7 "Login and session"). */
export function authRoutes(
  identity: IdentityService,
  repos: PlatformRepositories,
  options: { readonly domainURL?: string | undefined },
): RouteModule {
  return {
    name: 'auth',
    register(book) {
      book.add({
        method: 'get',
        path: '/captchaImage',
        summary: '验证码：单次有效，2 分钟；img 为 data URL (SVG)',
        tag: '登录',
        access: PUBLIC,
        response: captchaAnswer,
        handler: async () => okWith({ ...(await identity.captcha()) }),
      });

      book.add({
        method: 'post',
        path: '/login',
        summary: '登录：用户名、密码、角色（可选，缺省为默认角色）、验证码',
        tag: '登录',
        access: PUBLIC,
        body: loginBody,
        response: loginAnswer,
        handler: async ({ body, req }) =>
          okWith({ token: await identity.login(body, clientOf(req)) }, MSG.loginOk),
      });

      book.add({
        method: 'post',
        path: '/logout',
        summary: '退出登录：立即结束会话',
        tag: '登录',
        access: PUBLIC,
        response: systemDoneAnswer,
        handler: async ({ req }) => {
          await identity.logout(bearerToken(req.headers.authorization), clientOf(req));
          return ok(undefined, MSG.logoutOk);
        },
      });

      book.add({
        method: 'get',
        path: '/getInfo',
        summary: '当前用户、当前角色的角色键与权限',
        tag: '登录',
        access: AUTHENTICATED,
        response: getInfoAnswer,
        handler: async ({ principal, req }) => {
          const user = await repos.users.findById(principal.userId, ALL_DATA);
          if (!user) throw new HttpError(401, MSG.sessionExpired);
          const held = await repos.roles.listByUser(principal.userId);
          return okWith({
            user: {
              ...userView(user),
              roles: held.map((r) => ({ ...roleView(r), flag: r.roleId === principal.roleId })),
              admin: principal.isAdmin,
            },
            roles: [principal.roleKey],
            permissions: principal.permissions,
            currentRole: {
              roleId: principal.roleId,
              roleKey: principal.roleKey,
              roleName: principal.roleName,
            },
            domainURL: options.domainURL ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`,
          });
        },
      });

      book.add({
        method: 'post',
        path: '/unlockscreen',
        summary: '锁屏解锁：核对当前用户的密码；错误计为一次失败的登录（限流并写入登录日志）',
        tag: '登录',
        access: AUTHENTICATED,
        body: unlockScreenBody,
        response: systemDoneAnswer,
        // A password check writes nothing a repeat could double.
        idempotency: 'none',
        handler: async ({ body, principal, req }) => {
          await identity.unlockScreen(principal, body.password ?? '', clientOf(req));
          return ok(undefined, MSG.unlockOk);
        },
      });

      book.add({
        method: 'get',
        path: '/getRouters',
        summary: '当前角色可见的菜单（RuoYi 路由树）',
        tag: '登录',
        access: AUTHENTICATED,
        response: routersAnswer,
        handler: async ({ principal }) =>
          ok(buildRouterTree(await repos.menus.listByRole(principal.roleId))),
      });

      book.add({
        method: 'get',
        path: '/getUserRoles',
        summary:
          '已登录：当前用户持有的角色（flag 标记当前角色）；未登录：所有可选角色（不暴露任何用户的角色）',
        tag: '登录',
        access: PUBLIC,
        query: z.object({ username: z.string().max(30).optional() }),
        response: rolesAnswer,
        handler: async ({ req }) => {
          const token = bearerToken(req.headers.authorization);
          if (token) {
            const p: Principal = await identity.authenticate(token);
            const held = await repos.roles.listByUser(p.userId);
            return ok(
              held.map((r) => ({
                ...roleView(r),
                flag: r.roleId === p.roleId,
                isDefault: r.isDefault,
              })),
            );
          }
          const all = await repos.roles.list({ filter: { status: '0' } });
          return ok(all.rows.filter((r) => r.roleKey !== 'admin').map(roleView));
        },
      });

      book.add({
        method: 'post',
        path: '/getUserRoleList',
        summary:
          '用户名与密码核对后，返回该用户持有的角色（登录页角色选择）；验证码开启时与登录一样须带验证码（code、uuid，单次有效）；失败计入登录限流',
        tag: '登录',
        access: PUBLIC,
        body: rolesWithPasswordBody,
        response: rolesAnswer,
        handler: async ({ body, req }) => {
          const held = await identity.rolesWithPassword(
            body.username,
            body.password,
            clientOf(req),
            { code: body.code, uuid: body.uuid },
          );
          return ok(held.map((r) => ({ ...roleView(r), isDefault: r.isDefault })));
        },
      });

      book.add({
        method: 'post',
        path: '/changeRole',
        summary: '切换角色：核对密码与角色归属后结束当前会话，前端随后以新角色重新登录',
        tag: '登录',
        access: AUTHENTICATED,
        // It ends the caller's session, so a repeat under the key could only answer 401; its body
        // carries the password, which no idempotency record should hold.
        idempotency: 'none',
        body: changeRoleBody,
        response: systemDoneAnswer,
        handler: async ({ body, principal, req }) => {
          if (body.userId !== undefined && body.userId !== principal.userId)
            throw new HttpError(403);
          await identity.changeRole(principal, body.roleId, body.password, clientOf(req));
          return ok();
        },
      });
    },
  };
}
