import { LOG_STATUS, type NewOperLog } from '@dpms/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { SqlLoginInfoRepository, SqlOperLogRepository } from './sql-system-log.repository.js';

const at = (iso: string) => new Date(iso);

const oper = (over: Partial<NewOperLog>): NewOperLog => ({
  title: '用户管理',
  businessType: 1,
  method: 'POST /system/user',
  requestMethod: 'POST',
  operatorType: 1,
  operName: 'admin',
  deptId: null,
  operUrl: '/prod-api/system/user',
  operIp: '10.0.0.1',
  operLocation: '内网IP',
  operParam: '{}',
  jsonResult: '{}',
  status: LOG_STATUS.success,
  errorMsg: '',
  operTime: at('2025-03-01T10:00:00Z'),
  costTime: 5,
  ...over,
});

describe.each(testDatabaseKinds())('login and operation log repositories on %s', (kind) => {
  let handle: DatabaseHandle;
  let logins: SqlLoginInfoRepository;
  let opers: SqlOperLogRepository;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    logins = new SqlLoginInfoRepository(handle.db);
    opers = new SqlOperLogRepository(handle.db);
  });
  afterAll(() => handle.close());

  it('lists sign-ins newest first, filtered, paged; removes by id and cleans', async () => {
    await logins.clean();
    for (const [i, [user, status]] of (
      [
        ['li', '0'],
        ['wang', '1'],
        ['li', '1'],
      ] as const
    ).entries())
      await logins.add({
        userName: user,
        ipaddr: `10.0.0.${i}`,
        loginLocation: '内网IP',
        browser: 'Chrome 131',
        os: 'Linux',
        status,
        msg: status === '0' ? '登录成功' : '密码错误',
        loginTime: at(`2025-03-0${i + 1}T10:00:00Z`),
      });
    const all = await logins.list({ filter: {} });
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.loginTime.toISOString().slice(0, 10))).toEqual([
      '2025-03-03',
      '2025-03-02',
      '2025-03-01',
    ]);
    const failedLi = await logins.list({ filter: { userName: 'l', status: '1' } });
    expect(failedLi.rows.map((r) => r.userName)).toEqual(['li']);
    const ranged = await logins.list({
      filter: { loginTime: { from: at('2025-03-02T00:00:00Z') } },
      page: { pageNum: 2, pageSize: 1 },
    });
    expect(ranged).toMatchObject({ total: 2, rows: [{ userName: 'wang' }] });
    expect(await logins.remove([all.rows[0]!.infoId, 2_000_000])).toBe(1);
    expect(await logins.clean()).toBe(2);
    expect((await logins.list({ filter: {} })).total).toBe(0);
  });

  it('finds the last sign-in of exactly one login name: not a longer name, a sign-out or a failure', async () => {
    await logins.clean();
    const rows = [
      ['li', '0', '登录成功', '2025-03-01', '10.0.0.1'],
      ['li', '0', '登录成功', '2025-03-02', '10.0.0.2'],
      ['lisi', '0', '登录成功', '2025-03-05', '10.0.0.5'],
      ['li', '0', '退出成功', '2025-03-04', '10.0.0.4'],
      ['li', '1', '登录成功', '2025-03-06', '10.0.0.6'],
    ] as const;
    for (const [userName, status, msg, day, ipaddr] of rows)
      await logins.add({
        userName,
        ipaddr,
        loginLocation: '内网IP',
        browser: 'Chrome 131',
        os: 'Linux',
        status,
        msg,
        loginTime: at(`${day}T10:00:00Z`),
      });
    expect(await logins.lastSuccessOf('li', '登录成功')).toMatchObject({
      userName: 'li',
      ipaddr: '10.0.0.2',
      loginTime: at('2025-03-02T10:00:00Z'),
    });
    expect((await logins.lastSuccessOf('lisi', '登录成功'))?.ipaddr).toBe('10.0.0.5');
    expect(await logins.lastSuccessOf('l', '登录成功')).toBeNull();
    await logins.clean();
  });

  it("names the operator's department as it is when the entry is written", async () => {
    await opers.clean();
    const dept = await handle.db
      .selectFrom('sys_dept')
      .select(['dept_id', 'dept_name'])
      .orderBy('dept_id')
      .executeTakeFirstOrThrow();
    await opers.add(oper({ deptId: Number(dept.dept_id) }));
    await opers.add(oper({ deptId: 987654, operTime: at('2025-03-02T10:00:00Z') }));
    const rows = (await opers.list({ filter: {} })).rows;
    expect(rows.map((r) => r.deptName)).toEqual(['', dept.dept_name]);
    await opers.clean();
  });

  it('keeps an operation as written, cut to its columns, and filters by type and status', async () => {
    await opers.clean();
    await opers.add(oper({ operParam: 'x'.repeat(3000) }));
    await opers.add(
      oper({
        businessType: 3,
        status: LOG_STATUS.failure,
        errorMsg: '当前操作没有权限',
        operTime: at('2025-03-02T10:00:00Z'),
      }),
    );
    const all = await opers.list({ filter: {} });
    expect(all.rows.map((r) => r.businessType)).toEqual([3, 1]);
    expect(all.rows[1]!.operParam).toHaveLength(2000);
    const refused = await opers.list({ filter: { businessType: 3, status: '1' } });
    expect(refused.rows).toHaveLength(1);
    expect(await opers.findById(refused.rows[0]!.operId)).toMatchObject({
      errorMsg: '当前操作没有权限',
      operName: 'admin',
    });
    expect((await opers.list({ filter: { businessType: 0 } })).total).toBe(0);
    expect(await opers.clean()).toBe(2);
  });

  it('writes a batch in one statement, each entry with its own department', async () => {
    await opers.clean();
    await opers.addMany([]);
    await opers.addMany([
      oper({ deptId: 110, operName: 'a', operTime: at('2025-03-01T10:00:01Z') }),
      oper({ deptId: null, operName: 'b', operTime: at('2025-03-01T10:00:02Z') }),
      oper({ deptId: 999_999, operName: 'c', operTime: at('2025-03-01T10:00:03Z') }),
    ]);
    const rows = (await opers.list({ filter: {} })).rows;
    const dept110 = await handle.db
      .selectFrom('sys_dept')
      .select('dept_name')
      .where('dept_id', '=', 110)
      .executeTakeFirstOrThrow();
    expect(rows.map((r) => [r.operName, r.deptName])).toEqual([
      ['c', ''],
      ['b', ''],
      ['a', dept110.dept_name],
    ]);
    expect(await opers.clean()).toBe(3);
  });

  it('writes an entry whose texts hold a NUL character, without it, and the rest of its batch', async () => {
    await opers.clean();
    await opers.addMany([
      oper({
        operName: 'a',
        operParam: '{"name":"x\u0000y"}',
        operTime: at('2025-03-01T10:00:01Z'),
      }),
      oper({ operName: 'b', operTime: at('2025-03-01T10:00:02Z') }),
    ]);
    const rows = (await opers.list({ filter: {} })).rows;
    expect(rows.map((r) => r.operName)).toEqual(['b', 'a']);
    expect(rows[1]?.operParam).toBe('{"name":"xy"}');
    expect(await opers.clean()).toBe(2);
  });

  it('writes a batch whose texts hold a lone half of an emoji, or one cut at the column', async () => {
    await opers.clean();
    await opers.addMany([
      oper({ operName: 'a', errorMsg: 'x\ud83d', operTime: at('2025-03-01T10:00:01Z') }),
      // 😀 across the 50-character edge of the title.
      oper({ operName: 'b', title: `${'t'.repeat(49)}😀`, operTime: at('2025-03-01T10:00:02Z') }),
    ]);
    const rows = (await opers.list({ filter: {} })).rows;
    expect(rows.map((r) => r.operName)).toEqual(['b', 'a']);
    expect(rows[0]?.title).toBe('t'.repeat(49));
    expect(rows[1]?.errorMsg).toBe('x\uFFFD');
    expect(await opers.clean()).toBe(2);
  });
});
