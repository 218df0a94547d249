/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../composition/tokens.js';
import { openTestApi, type TestApi } from '../test-support/api.js';
import { binaryBody } from '../test-support/xlsx-answer.js';

const KEY = 'sys.institute.timeZone';
const HOUR = 3_600_000;

/** The wall clock `hours` east of UTC, read by offset arithmetic (no Intl). */
const atOffset = (iso: string, hours: number): string => {
  const shifted = new Date(Date.parse(iso) + hours * HOUR).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 16)}`;
};

/**
 * The institute's clock on the server: the zone is a config value every signed-in user reads, an
 * administrator can only set a zone that exists, and exports show times on that clock.
 */
describe('the institute clock', () => {
  let api: TestApi;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    api = await openTestApi('embedded');
    admin = await api.login('admin');
    staff = await api.login('yuangong');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });
  const get = (url: string, token = admin) =>
    request(api.app).get(`/prod-api${url}`).set('Authorization', `Bearer ${token}`);
  const put = (body: object) =>
    request(api.app)
      .put('/prod-api/system/config')
      .set('Authorization', `Bearer ${admin}`)
      .send(body);
  const zoneRow = async () =>
    (await get(`/system/config/list?configKey=${KEY}`).expect(200)).body.rows[0] as {
      configId: number;
      configValue: string;
    };

  it('is Asia/Shanghai by default, readable by every signed-in user', async () => {
    const r = await get(`/system/config/configKey/${KEY}`, staff).expect(200);
    expect(r.body).toEqual({ code: 200, msg: 'Asia/Shanghai' });
  });

  it('refuses an unknown zone with a 400 naming the field, and keeps the old one', async () => {
    const row = await zoneRow();
    const r = await put({ configId: row.configId, configValue: 'Asia/Beijing' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
    expect(r.body.msg).toContain('院所时区');
    expect(r.body.msg).toContain('Asia/Beijing');
    expect((await zoneRow()).configValue).toBe('Asia/Shanghai');
    const created = await request(api.app)
      .post('/prod-api/system/config')
      .set('Authorization', `Bearer ${admin}`)
      .send({ configName: '时区', configKey: KEY, configValue: 'Mars/Olympus' });
    expect(created.status).toBe(400);
  });

  it("shows an export's times as yyyy-MM-dd HH:mm on the configured clock", async () => {
    const users = (await get('/system/user/list?userName=admin').expect(200)).body.rows as {
      userName: string;
      createTime: string;
    }[];
    const created = users.find((u) => u.userName === 'admin')!.createTime;
    const cellOf = async (): Promise<unknown> => {
      const r = await get('/system/user/export?userName=admin')
        .buffer(true)
        .parse(binaryBody)
        .expect(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(r.body);
      const ws = wb.worksheets[0]!;
      const header = (ws.getRow(1).values as unknown[]).indexOf('创建时间');
      for (let i = 2; i <= ws.rowCount; i++)
        if (ws.getRow(i).getCell(2).value === 'admin') {
          // A date cell holds the wall clock (Excel keeps no zone): read it back as written.
          const v = ws.getRow(i).getCell(header).value;
          return v instanceof Date
            ? `${v.toISOString().slice(0, 10)} ${v.toISOString().slice(11, 16)}`
            : v;
        }
      return undefined;
    };
    expect(await cellOf()).toBe(atOffset(created, 8));
    const row = await zoneRow();
    // Kolkata: UTC+5:30 all year, a half-hour zone, read by the same arithmetic.
    await put({ configId: row.configId, configValue: 'Asia/Kolkata' }).expect(200);
    try {
      expect(await cellOf()).toBe(atOffset(created, 5.5));
    } finally {
      await put({ configId: row.configId, configValue: 'Asia/Shanghai' }).expect(200);
    }
  });

  it('gives RuoYi’s UI its timestamps on the configured clock from the config cache, following a change at the next request', async () => {
    const cache = api.container.get(TOKENS.ConfigCache);
    if (!cache.active) await once(cache.events, 'listening');
    // RuoYi's UI sends no X-DPMS-Status: its answers carry yyyy-MM-dd HH:mm:ss on the clock.
    const created = async (): Promise<string> => {
      const r = await request(api.servedApp)
        .get('/prod-api/system/user/list?userName=admin')
        .set('Authorization', `Bearer ${admin}`)
        .expect(200);
      return (r.body.rows as { userName: string; createTime: string }[]).find(
        (u) => u.userName === 'admin',
      )!.createTime;
    };
    const users = (await get('/system/user/list?userName=admin').expect(200)).body.rows as {
      userName: string;
      createTime: string;
    }[];
    const iso = users.find((u) => u.userName === 'admin')!.createTime;
    const seconds = iso.slice(17, 19);

    expect(await created()).toBe(`${atOffset(iso, 8)}:${seconds}`);
    // Once read, the zone costs a RuoYi-style request no query.
    const before = cache.stats();
    expect(await created()).toBe(`${atOffset(iso, 8)}:${seconds}`);
    expect(cache.stats().misses).toBe(before.misses);
    expect(cache.stats().hits).toBeGreaterThan(before.hits);

    const row = await zoneRow();
    try {
      await put({ configId: row.configId, configValue: 'Asia/Kolkata' }).expect(200);
      expect(await created()).toBe(`${atOffset(iso, 5.5)}:${seconds}`);
      // A change made behind the API (another instance, a hand-run UPDATE) is announced too.
      const heard = once(cache.events, 'notice');
      await sql`update sys_config set config_value = 'Asia/Tokyo' where config_key = ${KEY}`.execute(
        api.database.handle.db,
      );
      expect(await heard).toEqual([KEY]);
      expect(await created()).toBe(`${atOffset(iso, 9)}:${seconds}`);
    } finally {
      await put({ configId: row.configId, configValue: 'Asia/Shanghai' }).expect(200);
    }
  });
});
