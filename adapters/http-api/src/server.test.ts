/* eslint-disable @typescript-eslint/no-unsafe-member-access -- supertest bodies are untyped JSON */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Container } from 'inversify';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TOKENS } from './composition/tokens.js';
import { HttpError } from './http/http-error.js';
import { createLogger } from './http/logger.js';
import { createServer } from './server.js';
import { readingRealStatuses } from './test-support/real-statuses.js';

function server() {
  const webDir = mkdtempSync(path.join(tmpdir(), 'dpms-web-'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>设计项目管理系统</title><div id="root"></div>',
  );
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
  const container = new Container();
  container.bind(TOKENS.Logger).toConstantValue(createLogger('silent'));
  container.bind(TOKENS.RouteModules).toConstantValue([]);
  container
    .bind(TOKENS.Authenticator)
    .toConstantValue({ authenticate: () => Promise.reject(new HttpError(401)) });
  return readingRealStatuses(createServer(container, { webDir }));
}

describe('one port for the web and the API', () => {
  const app = server();
  it('serves the built web at / and its assets', async () => {
    const r = await request(app).get('/').set('Accept', 'text/html').expect(200);
    expect(r.text).toContain('设计项目管理系统');
    const js = await request(app).get('/assets/app.js').expect(200);
    expect(js.headers['content-type']).toContain('javascript');
  });
  it('answers index.html for client routes (SPA fallback), not for the API', async () => {
    const deep = await request(app)
      .get('/project/unSignList')
      .set('Accept', 'text/html')
      .expect(200);
    expect(deep.text).toContain('<div id="root">');
    const api = await request(app)
      .get('/prod-api/no/such/route')
      .set('Accept', 'text/html')
      .expect(404);
    expect(api.body).toEqual({ code: 404, msg: '请求的接口不存在' });
    const post = await request(app).post('/project/unSignList').expect(404);
    expect(post.body.code).toBe(404);
  });
});
