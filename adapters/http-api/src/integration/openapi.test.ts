import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../http/router-walk.js';
import { openTestApi, type TestApi } from '../test-support/api.js';

interface Layer {
  name?: string;
  handle?: { stack?: Layer[] };
}

/** Every `METHOD path` the whole application's router answers below /prod-api, docs excluded. */
function appRoutes(api: TestApi): string[] {
  const top = (api.servedApp as unknown as { router: { stack: Layer[] } }).router.stack;
  const out: string[] = [];
  for (const layer of top) {
    if (layer.name === 'router' && layer.handle?.stack) {
      out.push(...routesOf(layer.handle as never));
    }
  }
  return out
    .filter((r) => !/ \/(openapi\.json|docs)/.test(r))
    .map((r) => r.replace(/:([A-Za-z0-9_]+)/g, '{$1}'));
}

describe('the OpenAPI document and the router agree', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi('embedded');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  it('lists exactly the routes the router answers, each with its permission', async () => {
    const doc = (await request(api.app).get('/prod-api/openapi.json').expect(200)).body as {
      paths: Record<
        string,
        Record<string, { 'x-permission'?: string; responses: Record<string, unknown> }>
      >;
    };
    const fromDoc = Object.entries(doc.paths)
      .flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`))
      .sort();
    const fromRouter = appRoutes(api).sort();
    expect(fromRouter.length).toBeGreaterThan(50);
    expect(fromDoc).toEqual(fromRouter);
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(item)) {
        expect({ op: `${m} ${p}`, perm: typeof op['x-permission'] }).toEqual({
          op: `${m} ${p}`,
          perm: 'string',
        });
        if (op['x-permission'] !== 'public') expect(op.responses).toHaveProperty('401');
      }
    }
  });

  it('documents every platform call of 000 §7', async () => {
    const doc = (await request(api.app).get('/prod-api/openapi.json').expect(200)).body as {
      paths: Record<string, object>;
    };
    const required = [
      'post /login',
      'get /getInfo',
      'get /getRouters',
      'get /captchaImage',
      'get /getUserRoles',
      'post /getUserRoleList',
      'get /system/user/list',
      'get /system/user/{userId}',
      'post /system/user',
      'put /system/user',
      'delete /system/user/{userIds}',
      'get /system/user/export',
      'put /system/user/resetPwd',
      'put /system/user/changeStatus',
      'get /system/user/profile',
      'put /system/user/profile',
      'put /system/user/profile/updatePwd',
      'post /system/user/profile/avatar',
      'get /system/user/importTemplate',
      'get /system/user/listByPostId',
      'post /system/user/batchByPostId',
      'get /system/user/serviceManagerList',
      'get /system/user/getUserIdByRoleId',
      'get /system/dept/list',
      'get /system/dept/list/exclude/{deptId}',
      'get /system/dept/{deptId}',
      'get /system/dept/treeselect',
      'get /system/dept/roleDeptTreeselect/{roleId}',
      'post /system/dept',
      'put /system/dept',
      'delete /system/dept/{deptId}',
      'get /system/major/list',
      'post /system/major/add',
      'post /system/major/update',
      'get /system/major/deleteById',
      'get /system/major/listTreeByStageId',
      'get /system/major/optionselect',
      'get /system/config/configKey/{configKey}',
      'get /system/dict/data/type/{dictType}',
    ];
    for (const r of required) {
      const [m, p] = r.split(' ') as [string, string];
      expect({
        r,
        documented: Boolean((doc.paths[p] as Record<string, unknown> | undefined)?.[m]),
      }).toEqual({ r, documented: true });
    }
  });

  it('names the file field a multipart route reads', async () => {
    const doc = (await request(api.app).get('/prod-api/openapi.json').expect(200)).body as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, unknown> } }>
      >;
    };
    const form = doc.paths['/system/user/profile/avatar']?.['post']?.requestBody?.content?.[
      'multipart/form-data'
    ] as { schema: { properties: Record<string, unknown> } } | undefined;
    expect(Object.keys(form?.schema.properties ?? {})).toEqual(['avatarfile']);
  });

  it('serves the browsable page from local files', async () => {
    const page = await request(api.app).get('/prod-api/docs/').expect(200);
    expect(page.text).toContain('swagger-ui');
    expect(page.text).not.toMatch(/https?:\/\/(cdn|unpkg|jsdelivr)/);
    await request(api.app).get('/prod-api/docs').expect(301);
  });
});
