/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- supertest bodies are untyped JSON */
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
  const { get, put, signIn } = apiClient(() => api);
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
});
