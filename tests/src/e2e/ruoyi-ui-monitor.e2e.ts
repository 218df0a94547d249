import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useRuoYiAdmin, type Rows } from '../support/ruoyi-admin.js';

/**
 * RuoYi-Vue 3.9.2's own admin UI, served unchanged, against our API (RuoYi compatibility, README
 * "Wire"): 菜单管理, 定时任务, the logs of the writes and sign-ins, and 系统监控's screens.
 * Each screen lists rows without an error toast and, where it allows, adds, edits and deletes a
 * record through RuoYi's dialogs, which the API then holds. One page per file, signed in on
 * RuoYi's login page: the steps run in order and share the session.
 */
describe('RuoYi-Vue 3.9.2 admin UI against our API: 菜单管理, 定时任务, logs and 系统监控', () => {
  const ruoyi = useRuoYiAdmin('ruoyi-ui-monitor');
  const {
    expectClean,
    answered,
    openScreen,
    goTo,
    dialog,
    view,
    row,
    submit,
    confirm,
    confirmless,
    search,
    apiGet,
    apiWrite,
  } = ruoyi;
  let page: Page;
  beforeAll(async () => {
    page = ruoyi.page();
    await ruoyi.signIn();
  });

  it('菜单管理: lists the tree, adds a directory, edits and deletes it', async () => {
    await openScreen(['系统管理', '菜单管理'], '/system/menu/list');
    await row('').first().waitFor();
    // The toolbar's 新增 comes first; each row has its own.
    await view().getByRole('button', { name: '新增' }).first().click();
    const add = dialog('添加菜单');
    await add.getByPlaceholder('请输入菜单名称').fill('端到端目录');
    await add.locator('.el-form-item', { hasText: '显示排序' }).locator('input').fill('91');
    await add.getByPlaceholder('请输入路由地址').fill('e2eruoyi');
    await submit(add, '/system/menu', 'POST');
    const menus = await apiGet<{ data: { menuId: number; menuName: string; orderNum: number }[] }>(
      '/system/menu/list?menuName=端到端目录',
    );
    expect(menus.data.map((m) => [m.menuName, m.orderNum])).toEqual([['端到端目录', 91]]);
    const menuId = menus.data[0]!.menuId;

    await search('请输入菜单名称', '端到端目录', '/system/menu/list');
    await row('端到端目录').getByRole('button', { name: '修改' }).click();
    const edit = dialog('修改菜单');
    await expect
      .poll(() => edit.getByPlaceholder('请输入菜单名称').inputValue())
      .toBe('端到端目录');
    await edit.getByPlaceholder('请输入菜单名称').fill('端到端目录改');
    await submit(edit, '/system/menu', 'PUT');
    expect(
      (await apiGet<{ data: { menuName: string } }>(`/system/menu/${menuId}`)).data.menuName,
    ).toBe('端到端目录改');

    // 保存排序: the row's order box, then the toolbar's button (PUT /system/menu/updateSort).
    await row('端到端目录改').locator('.el-input-number input').fill('92');
    await row('端到端目录改').locator('.el-input-number input').blur();
    await Promise.all([
      page.waitForResponse(answered('/system/menu/updateSort', 'PUT')),
      view().getByRole('button', { name: '保存排序' }).click(),
    ]);
    await page.locator('.el-message--success', { hasText: '排序保存成功' }).waitFor();
    expect(
      (await apiGet<{ data: { orderNum: number } }>(`/system/menu/${menuId}`)).data.orderNum,
    ).toBe(92);

    await row('端到端目录改').getByRole('button', { name: '删除' }).click();
    await confirm(`/system/menu/${menuId}`, 'DELETE');
    expect(
      (await apiGet<{ data: unknown[] }>('/system/menu/list?menuName=端到端目录')).data,
    ).toEqual([]);
    await expectClean();
  });

  it('定时任务 and 调度日志: lists the jobs and opens the log', async () => {
    await openScreen(['系统监控', '定时任务'], '/monitor/job/list');
    await row('').first().waitFor();
    await Promise.all([
      page.waitForResponse(answered('/monitor/jobLog/list')),
      view().getByRole('button', { name: '日志' }).click(),
    ]);
    await row('').first().waitFor();
    await expectClean();
  });

  it("定时任务: 修改 a job's cron in RuoYi's job dialog; the original is put back", async () => {
    type Job = {
      jobId: number;
      jobName: string;
      jobGroup: string;
      invokeTarget: string;
      cronExpression: string;
      misfirePolicy: string;
      concurrent: string;
      status: string;
    };
    const job = (await apiGet<Rows<Job>>('/monitor/job/list?pageNum=1&pageSize=10')).rows[0]!;
    const changed = job.cronExpression === '0 17 3 * * ?' ? '0 19 3 * * ?' : '0 17 3 * * ?';
    try {
      // 定时任务 is open in its tab since the step above.
      await goTo(['系统监控', '定时任务']);
      await row(job.jobName).getByRole('button', { name: '修改' }).click();
      const edit = dialog('修改任务');
      const cron = edit.getByPlaceholder('请输入cron执行表达式');
      await expect.poll(() => cron.inputValue()).toBe(job.cronExpression);
      await cron.fill(changed);
      await submit(edit, '/monitor/job', 'PUT');
      expect((await apiGet<{ data: Job }>(`/monitor/job/${job.jobId}`)).data.cronExpression).toBe(
        changed,
      );
      await expect.poll(() => row(job.jobName).textContent()).toContain(changed);
      await expectClean();
    } finally {
      const { jobId, jobName, jobGroup, invokeTarget, cronExpression, misfirePolicy } = job;
      await apiWrite('PUT', '/monitor/job', {
        jobId,
        jobName,
        jobGroup,
        invokeTarget,
        cronExpression,
        misfirePolicy,
        concurrent: job.concurrent,
        status: job.status,
      });
    }
  });

  it('操作日志 lists the writes made above', async () => {
    await openScreen(['系统管理', '日志管理', '操作日志'], '/monitor/operlog/list');
    // Newest first: the 菜单管理 steps above (only 定时任务's cron edit and its restoring came
    // after), with RuoYi's 操作类型 and 操作状态 drawn from its dictionaries.
    const latest = row('菜单管理').first();
    await latest.waitFor();
    expect(await latest.textContent()).toMatch(/新增|修改|删除/);
    expect(await latest.textContent()).toMatch(/成功/);
    await expectClean();
  });

  it('登录日志 lists the sign-in', async () => {
    await openScreen(['系统管理', '日志管理', '登录日志'], '/monitor/logininfor/list');
    await row('admin').first().waitFor();
    await expectClean();
  });

  it('在线用户 lists this session', async () => {
    await openScreen(['系统监控', '在线用户'], '/monitor/online/list');
    // The table draws its rows after the list call answers: wait for them, never count at once.
    await row('admin').first().waitFor();
    await expectClean();
  });

  it('服务监控 shows the server', async () => {
    await openScreen(['系统监控', '服务监控'], '/monitor/server');
    await view().getByText('CPU').first().waitFor();
    await expectClean();
  });

  it('缓存监控 draws its figures and charts from our caches', async () => {
    const errors: string[] = [];
    const noteError = (e: Error) => errors.push(e.message);
    page.on('pageerror', noteError);
    try {
      await openScreen(['系统监控', '缓存监控'], '/monitor/cache');
      // The command pie and the memory gauge, drawn by echarts from commandStats and info.
      await view().locator('canvas').nth(1).waitFor();
      expect(await view().textContent()).toMatch(/\d+\.\d{2}M/);
      expect(errors).toEqual([]);
      await expectClean();
    } finally {
      page.off('pageerror', noteError);
    }
  });

  it('缓存列表 lists the caches, a key and its value, and clears a cache name', async () => {
    // A second session (the test's own token), cached by the server once it is used.
    await apiGet('/getInfo');
    const sid = (
      JSON.parse(Buffer.from(ruoyi.token().split('.')[1] ?? '', 'base64url').toString()) as {
        sid: string;
      }
    ).sid;
    await openScreen(['系统监控', '缓存列表'], '/monitor/cache/getNames');
    const sessions = row('login_tokens').first();
    await sessions.waitFor();
    expect(await sessions.textContent()).toContain('用户信息');
    const [keys] = await Promise.all([
      page.waitForResponse(answered('/monitor/cache/getKeys/')),
      sessions.click(),
    ]);
    expect(((await keys.json()) as { data: string[] }).data).toContain(`login_tokens:${sid}`);
    await Promise.all([
      page.waitForResponse(answered('/monitor/cache/getValue/')),
      row(sid).click(),
    ]);
    await expect
      .poll(() => view().locator('textarea').first().inputValue())
      .toContain('"userName":"admin"');

    const clear = async () => {
      const [again] = await Promise.all([
        page.waitForResponse(answered('/monitor/cache/getKeys/')),
        confirmless(
          sessions.locator('button:has(.el-icon-delete)'),
          '/monitor/cache/clearCacheName/',
        ),
      ]);
      return ((await again.json()) as { data: string[] }).data;
    };
    // Emptied: only the UI's own session, read back by the very call that lists the keys. The
    // test session's last-use write (at most once a minute) may land just after a clear and
    // cache it again; a second clear then finds it settled.
    let left = await clear();
    if (left.includes(`login_tokens:${sid}`)) left = await clear();
    expect(left).not.toContain(`login_tokens:${sid}`);
    await page.getByText('清理缓存名称[login_tokens:]成功').waitFor();
    // Nobody was signed out: the test's session still works.
    expect((await apiGet<{ code: number }>('/getInfo')).code).toBe(200);
    await expectClean();
  });
});
