/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../test-support/api-client.js';
import { openTestApi, type TestApi } from '../test-support/api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

/**
 * What RuoYi-Vue 3.9.2's own admin UI sends and reads that our web does not (README "Wire:
 * RuoYi's UI and ours on one API"), each found by tests/src/e2e/ruoyi-ui.e2e.ts.
 */
describe.each(testDatabaseKinds())("RuoYi UI's calls on %s", (kind) => {
  let api: TestApi;
  const { as, get, put, signIn } = apiClient(() => api);
  const orderOf = async (menuName: string): Promise<{ menuId: number; orderNum: number }> => {
    const r = await get('admin', `/system/menu/list?menuName=${encodeURIComponent(menuName)}`);
    return r.body.data.find((m: { menuName: string }) => m.menuName === menuName);
  };

  beforeAll(async () => {
    api = await openTestApi(kind);
    await signIn('admin');
  }, 120_000);
  afterAll(() => api?.close());

  it('菜单管理 保存排序: PUT /system/menu/updateSort sets each changed menu’s order', async () => {
    const role = await orderOf('角色管理');
    const post = await orderOf('岗位管理');
    const saved = await put('admin', '/system/menu/updateSort', {
      menuIds: `${role.menuId},${post.menuId}`,
      orderNums: '77,0',
    }).expect(200);
    expect(saved.body.code).toBe(200);
    expect((await orderOf('角色管理')).orderNum).toBe(77);
    expect((await orderOf('岗位管理')).orderNum).toBe(0);
  });

  it('菜单管理 保存排序 refuses uneven lists and a missing menu, changing nothing', async () => {
    const role = await orderOf('角色管理');
    const uneven = await put('admin', '/system/menu/updateSort', {
      menuIds: `${role.menuId}`,
      orderNums: '1,2',
    }).expect(400);
    expect(uneven.body.msg).toContain('个数不一致');
    await put('admin', '/system/menu/updateSort', {
      menuIds: `${role.menuId},999999`,
      orderNums: '5,5',
    }).expect(404);
    expect((await orderOf('角色管理')).orderNum).toBe(role.orderNum);
  });

  it('菜单管理 保存排序 needs system:menu:edit', async () => {
    await signIn('jingying');
    await put('jingying', '/system/menu/updateSort', { menuIds: '1', orderNums: '1' }).expect(403);
  });
  it('answers RuoYi’s UI with yyyy-MM-dd HH:mm:ss on the institute’s clock, and ours with ISO 8601', async () => {
    const ruoyi = await request(api.servedApp).get('/prod-api/system/user/1').set(as('admin'));
    const ours = await get('admin', '/system/user/1');
    const iso = ours.body.data.createTime as string;
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    // Asia/Shanghai is eight hours ahead of UTC all year.
    const shanghai = new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString();
    expect(ruoyi.body.data.createTime).toBe(`${shanghai.slice(0, 10)} ${shanghai.slice(11, 19)}`);
    expect(ruoyi.headers['vary']).toContain('X-DPMS-Status');
    // Only instants: names, dates and other text are left as they are.
    expect(ruoyi.body.data.userName).toBe('admin');
    const logins = await request(api.servedApp)
      .get('/prod-api/monitor/logininfor/list?pageNum=1&pageSize=10')
      .set(as('admin'));
    expect(logins.body.rows[0].loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
  it('holds RuoYi’s dictionaries of 操作日志, 登录日志 and 定时任务, which its lists draw their columns from', async () => {
    const labels = async (type: string) =>
      (
        (await get('admin', `/system/dict/data/type/${type}`)).body.data as {
          dictLabel: string;
          dictValue: string;
        }[]
      ).map((d) => `${d.dictValue}:${d.dictLabel}`);
    expect(await labels('sys_oper_type')).toEqual(
      expect.arrayContaining(['1:新增', '2:修改', '3:删除', '5:导出', '9:清空数据', '0:其他']),
    );
    expect(await labels('sys_common_status')).toEqual(['0:成功', '1:失败']);
    expect(await labels('sys_job_group')).toEqual(['DEFAULT:默认', 'SYSTEM:系统']);
    expect(await labels('sys_job_status')).toEqual(['0:正常', '1:暂停']);
  });
  it('用户详情 carries the last sign-in’s address and time (RuoYi’s loginIp and loginDate)', async () => {
    const before = Date.now();
    await signIn('admin');
    const ours = (await get('admin', '/system/user/1')).body.data;
    expect(ours.loginIp).toMatch(/^[\d.:a-f]+$/);
    expect(Date.parse(ours.loginDate)).toBeGreaterThanOrEqual(before - 1000);
    const ruoyi = await request(api.servedApp).get('/prod-api/system/user/1').set(as('admin'));
    expect(ruoyi.body.data.loginDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // A user who never signed in has neither.
    const never = (await get('admin', '/system/user/list?userName=cw')).body.rows[0];
    if (never) {
      const detail = (await get('admin', `/system/user/${never.userId}`)).body.data;
      expect(detail).toMatchObject({ loginIp: '', loginDate: null });
    }
  });
});
