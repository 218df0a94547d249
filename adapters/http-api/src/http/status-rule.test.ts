/* eslint-disable @typescript-eslint/no-unsafe-member-access -- supertest bodies are untyped JSON */
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorMiddleware, notFoundHandler } from './error-middleware.js';
import { HttpError } from './http-error.js';
import { MSG } from './messages.js';
import { answerCodeOf } from './status-rule.js';

/** An app whose routes fail as the API's do, behind the API's own error middleware. */
function app() {
  const a = express();
  a.get('/crash', () => {
    throw new Error('boom');
  });
  a.get('/unavailable', () => {
    throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  });
  a.get('/throttled', () => {
    throw new HttpError(429, undefined, undefined, { 'Retry-After': '2' });
  });
  a.use(notFoundHandler);
  a.use(errorMiddleware());
  return a;
}

describe('the status rule on failures no route answers itself', () => {
  it.each([
    ['/crash', 500, MSG.internal],
    ['/unavailable', 503, MSG.unavailable],
    ['/throttled', 429, undefined],
    ['/nowhere', 404, MSG.routeNotFound],
  ])(
    '%s: RuoYi’s 200 with code %i without the header, the real status with it',
    async (path, code, msg) => {
      const ruoyi = await request(app()).get(path);
      expect(ruoyi.status).toBe(200);
      expect(ruoyi.body.code).toBe(code);
      if (msg) expect(ruoyi.body.msg).toBe(msg);
      expect(ruoyi.headers['vary']).toMatch(/X-DPMS-Status/i);
      const ours = await request(app()).get(path).set('X-DPMS-Status', 'http');
      expect(ours.status).toBe(code);
      expect(ours.body).toEqual(ruoyi.body);
    },
  );

  it('keeps the headers of a refusal (Retry-After) in both forms', async () => {
    const r = await request(app()).get('/throttled');
    expect(r.headers['retry-after']).toBe('2');
  });

  it('reads the header without regard to case, and only the value "http"', async () => {
    expect((await request(app()).get('/crash').set('x-dpms-status', 'HTTP')).status).toBe(500);
    expect((await request(app()).get('/crash').set('X-DPMS-Status', 'ruoyi')).status).toBe(200);
  });

  it('keeps what the answer meant for the logs when it went out as a 200', () => {
    expect(answerCodeOf({ statusCode: 200, locals: { answerCode: 409 } })).toBe(409);
    expect(answerCodeOf({ statusCode: 201, locals: {} })).toBe(201);
  });
});
