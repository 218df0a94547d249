/* eslint-disable @typescript-eslint/no-unsafe-member-access -- supertest bodies are untyped JSON */
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { provideInstituteZone } from './institute-zone.js';
import { ruoyiTimestamps } from './ruoyi-timestamps.js';

/** An app behind the RuoYi timestamps, with a zone source that counts its reads. */
function app() {
  const reads = { count: 0 };
  const a = express();
  provideInstituteZone(a, () => {
    reads.count += 1;
    return Promise.resolve('Asia/Shanghai');
  });
  a.use(ruoyiTimestamps);
  a.get('/user', (_req, res) => {
    res.json({ code: 200, data: { userName: 'admin', createTime: '2026-11-27T01:02:03.000Z' } });
  });
  a.get('/refused', (_req, res) => {
    res.status(401).json({ code: 401, msg: '认证失败，无法访问系统资源' });
  });
  return { app: a, reads };
}

describe('RuoYi timestamps', () => {
  it('gives RuoYi’s UI the institute’s clock, reading the zone once', async () => {
    const { app: a, reads } = app();
    const r = await request(a).get('/user');
    expect(r.body.data.createTime).toBe('2026-11-27 09:02:03');
    expect(r.body.data.userName).toBe('admin');
    expect(reads.count).toBe(1);
  });

  it('does not read the zone for an answer without a time (a 401 before authentication)', async () => {
    const { app: a, reads } = app();
    const r = await request(a).get('/refused');
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(401);
    expect(reads.count).toBe(0);
  });

  it('leaves ISO 8601 to a client that reads real statuses, without reading the zone', async () => {
    const { app: a, reads } = app();
    const r = await request(a).get('/user').set('X-DPMS-Status', 'http');
    expect(r.body.data.createTime).toBe('2026-11-27T01:02:03.000Z');
    expect(reads.count).toBe(0);
  });
});
