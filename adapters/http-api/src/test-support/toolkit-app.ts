import { Container } from 'inversify';
import { z } from 'zod';
import { createApp } from '../app.js';
import { TOKENS } from '../composition/tokens.js';
import { createLogger } from '../http/logger.js';
import { AUTHENTICATED, PUBLIC, perm } from '../http/route.js';
import { page, ok } from '../http/envelope.js';
import { pagingShape } from '../http/paging.js';
import { HttpError, unwrap } from '../http/http-error.js';
import { streamXlsx } from '../http/xlsx.js';
import type { Principal } from '../identity/principal.js';
import type { RouteModule } from '../routes/route-module.js';
import { MSG } from '../http/messages.js';
import { domainError, err } from '@dpms/core';
import { readingRealStatuses } from './real-statuses.js';

const principal = (permissions: string[]): Principal => ({
  sessionId: 's',
  userId: 1,
  userName: 'u',
  deptId: null,
  roleId: 1,
  roleKey: 'r',
  roleName: 'R',
  permissions,
  isAdmin: false,
  scope: { kind: 'own', userId: 1 },
});

/** A container with a fake authenticator: token `good` holds `demo:item:list`, `none` holds nothing. */
export function toolkitApp() {
  const module: RouteModule = {
    name: 'demo',
    register(book) {
      book.add({
        method: 'get',
        path: '/demo/items',
        summary: 'items',
        tag: 'demo',
        access: perm('demo:item:list'),
        query: z.object({
          name: z.string().max(10).optional(),
          ...pagingShape(['name', 'createTime']),
        }),
        handler: ({ query }) =>
          Promise.resolve(
            page(1, [
              { name: query.name ?? 'x', size: query.pageSize, sort: query.orderByColumn ?? null },
            ]),
          ),
      });
      book.add({
        method: 'post',
        path: '/demo/items',
        summary: 'add',
        tag: 'demo',
        access: AUTHENTICATED,
        body: z.object({
          userName: z.string().trim().min(1).max(30),
          status: z.enum(['0', '1']).optional(),
        }),
        handler: ({ body }) => Promise.resolve(ok(body)),
      });
      book.add({
        method: 'get',
        path: '/demo/items/:id',
        summary: 'one',
        tag: 'demo',
        access: PUBLIC,
        params: z.object({ id: z.coerce.number().int().positive() }),
        handler: ({ params }) => {
          if (params.id === 404) throw new HttpError(404);
          if (params.id === 409)
            unwrap(err(domainError('PLATFORM.DUPLICATE', '名称已存在', 'name')));
          if (params.id === 500) throw new Error('secret internal detail');
          if (params.id === 503)
            throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
          return Promise.resolve(ok({ id: params.id }));
        },
      });
      book.add({
        method: 'get',
        path: '/demo/export',
        summary: 'export',
        tag: 'demo',
        access: PUBLIC,
        produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        handler: async ({ res }) => {
          await streamXlsx(
            res,
            '用户数据.xlsx',
            '用户',
            [{ header: '名称', value: (r: { n: string }) => r.n }],
            [{ n: '甲' }, { n: '乙' }],
          );
          return undefined;
        },
      });
      // A documented answer: built through its schema (what is not documented never leaves), and
      // an answer that does not match it is the server's fault.
      const documented = z.object({
        code: z.literal(200),
        msg: z.string(),
        data: z.object({ name: z.string() }),
      });
      book.add({
        method: 'get',
        path: '/demo/documented',
        summary: 'documented answer',
        tag: 'demo',
        access: PUBLIC,
        query: z.object({ drift: z.enum(['extra', 'missing']).optional() }),
        response: documented,
        handler: ({ query }) =>
          Promise.resolve(
            query.drift === 'missing'
              ? ok({ nom: '甲' })
              : ok({ name: '甲', ...(query.drift === 'extra' ? { secret: 'x' } : {}) }),
          ),
      });
    },
  };
  const container = new Container();
  container.bind(TOKENS.Logger).toConstantValue(createLogger('silent'));
  container.bind(TOKENS.RouteModules).toConstantValue([module]);
  container.bind(TOKENS.Authenticator).toConstantValue({
    authenticate: (token) => {
      if (token === 'good') return Promise.resolve(principal(['demo:item:list']));
      if (token === 'none') return Promise.resolve(principal([]));
      return Promise.reject(new HttpError(401, MSG.sessionExpired));
    },
  });
  const created = createApp(container);
  return { ...created, app: readingRealStatuses(created.app) };
}
