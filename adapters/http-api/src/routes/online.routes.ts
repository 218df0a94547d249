import { z } from 'zod';
import {
  forceLogoutError,
  loginLocationOf,
  userAgentNames,
  type ForceLogoutCaller,
  type OnlineSession,
} from '@dpms/core';
import { onlineListQuery, onlineUserRecord, pageEnvelope, systemDoneAnswer } from '@dpms/wire';
import { ok, page } from '../http/envelope.js';
import { DomainFailure, HttpError } from '../http/http-error.js';
import { perm } from '../http/route.js';
import { defined } from '../http/schemas.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { Clock } from '../identity/clock.js';
import type { PlatformRepositories } from '@dpms/core';
import type { RouteModule } from './route-module.js';

const TAG = '在线用户';

/** A live session on the wire: its id stands for it (RuoYi's tokenId); the token never leaves. */
export const onlineView = (s: OnlineSession, caller: ForceLogoutCaller) => ({
  tokenId: s.tokenId,
  userName: s.userName,
  deptName: s.deptName,
  ipaddr: s.ipaddr,
  loginLocation: loginLocationOf(s.ipaddr),
  ...userAgentNames(s.userAgent),
  loginTime: s.loginTime.toISOString(),
  lastAccessTime: s.lastAccessTime.toISOString(),
  mayForceLogout: forceLogoutError(caller, s) === null,
});

/** 在线用户 (RuoYi's SysUserOnlineController): the live sessions and 强退. */
export function onlineRoutes(
  repos: PlatformRepositories,
  identity: IdentityService,
  clock: Clock,
): RouteModule {
  return {
    name: 'online',
    register(book) {
      book.add({
        method: 'get',
        path: '/monitor/online/list',
        summary: '在线用户：未退出且未过期的会话，按登录时间倒序；按登录地址、用户名称（包含）筛选',
        tag: TAG,
        access: perm('monitor:online:list'),
        query: onlineListQuery,
        response: pageEnvelope(onlineUserRecord),
        handler: async ({ query, principal }) => {
          const { ipaddr, userName, pageNum, pageSize } = query;
          const rows = await repos.sessions.listOnline(defined({ ipaddr, userName }), clock.now());
          const from = (pageNum - 1) * pageSize;
          return page(
            rows.length,
            rows.slice(from, from + pageSize).map((s) => onlineView(s, principal)),
          );
        },
      });
      book.add({
        method: 'delete',
        path: '/monitor/online/:tokenId',
        summary:
          '强退：立即结束该会话（所有实例），其令牌的下一次请求得到 401；不能强退自己的会话，非管理员不能强退管理员的会话',
        tag: TAG,
        access: perm('monitor:online:forceLogout'),
        params: z.object({ tokenId: z.uuid({ error: '会话编号无效' }) }),
        response: systemDoneAnswer,
        handler: async ({ params, principal }) => {
          const [target] = await repos.sessions.listOnline(
            { tokenId: params.tokenId },
            clock.now(),
          );
          const refused = target && forceLogoutError(principal, target);
          if (refused) throw new DomainFailure(refused);
          if (!(await identity.forceLogout(params.tokenId)))
            throw new HttpError(404, '该会话已结束或不存在');
          return ok();
        },
      });
    },
  };
}
