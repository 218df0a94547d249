/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { addDays } from '@dpms/core';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { expectRowCells } from './exports-cells.check.js';
import { today, useTaskApi } from './task-fixture.js';
import { binaryBody, openXlsx } from '../test-support/xlsx-answer.js';

/** The design task API: output value and pay, due warnings, the contract documents' lists. */
describe.each(testDatabaseKinds())('design task API (value) on %s', (kind) => {
  const { post, get, okData, sheet, confirmedTask, api, contractId } = useTaskApi(kind);

  it('confirms output value and pays within the deposit and the finished amount, exactly', async () => {
    const t = await confirmedTask({ taskAmount: '100', qualityType: '1' });
    const q = { taskId: t.taskId };
    expect(
      (
        await get('sjzc', '/project/design-task/updateConfirmFinishAmount', {
          ...q,
          confirmFinishAmount: '40',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await get('xmjl', '/project/design-task/updateConfirmFinishAmount', {
          ...q,
          confirmFinishAmount: '100.000001',
        })
      ).status,
    ).toBe(422);
    const d = await okData(
      get('xmjl', '/project/design-task/updateConfirmFinishAmount', {
        ...q,
        confirmFinishAmount: '40',
      }),
    );
    expect(d).toMatchObject({
      confirmFinishAmount: '40',
      qualityDeposit: '15',
      readyPayLimit: '34',
    });
    expect(
      (await post('xmjl', '/v4/design-task/insertTaskReadyPay', { ...q, payAmount: '34.000001' }))
        .status,
    ).toBe(422);
    const paid = await okData(
      post('bmfzr', '/v4/design-task/insertTaskReadyPay', {
        ...q,
        payAmount: '33.333333',
        payDate: today,
      }),
    );
    expect(paid).toMatchObject({ readyPaid: '33.333333', readyRemaining: '0.666667' });
    expect(
      (await post('xmjl', '/v4/design-task/insertTaskReadyPay', { ...q, payAmount: 1 })).status,
    ).toBe(400);
    await okData(post('xmjl', '/v4/design-task/insertTaskQualityPay', { ...q, payAmount: '15' }));
    expect(
      (await post('xmjl', '/v4/design-task/insertTaskQualityPay', { ...q, payAmount: '0.000001' }))
        .status,
    ).toBe(422);
    const detail = await okData(get('xmjl', '/v4/design-task/confirmDetail', q));
    expect(
      detail.payList.map((p: { payType: string; payAmount: string }) => [p.payType, p.payAmount]),
    ).toEqual([
      ['ready', '33.333333'],
      ['quality', '15'],
    ]);
    expect(detail.finishAmountList).toMatchObject([{ before: '0', after: '40' }]);
    const none = await confirmedTask({ qualityType: '0' });
    const noDeposit = await post('xmjl', '/v4/design-task/insertTaskQualityPay', {
      taskId: none.taskId,
      payAmount: '1',
    });
    expect(noDeposit.status).toBe(422);
    expect(noDeposit.body.msg).toContain('无质量要求');
    const list = await get('xmjl', '/v4/design-task/valueOfConfirmList', {
      contractId: contractId(),
      pageSize: 100,
    });
    const row = list.body.rows.find((r: { taskId: number }) => r.taskId === t.taskId);
    expect(row).toMatchObject({ qualityPaid: '15', readyPaid: '33.333333', status: 3 });
    expect(list.body.rows.every((r: { status: number }) => r.status === 3)).toBe(true);
    const xlsx = await get('xmjl', '/v4/design-task/confirmDetail/export', q)
      .buffer(true)
      .parse(binaryBody);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('filename*=UTF-8');
    // The task's pay records: amounts as numbers to the 分, days as dates, the payer by name.
    const payBook = new ExcelJS.Workbook();
    await payBook.xlsx.load(xlsx.body as never);
    const paySheet = payBook.worksheets[0]!;
    expectRowCells(
      paySheet,
      { column: '发放类型', value: '产值发放' },
      {
        '发放金额（万元）': { money: 33.333333 },
        发放日期: { date: today },
        经办人: { person: '赵所长' },
      },
      'task pays',
    );
    expectRowCells(
      paySheet,
      { column: '发放类型', value: '质量保证金' },
      { '发放金额（万元）': { money: 15 }, 经办人: { person: '李项目' } },
      'task pays',
    );
    // Without a task: the value list as the screen shows it, under the list's filter.
    const book = await openXlsx(
      get('xmjl', '/v4/design-task/confirmDetail/export', {
        contractId: contractId(),
        taskName: t.taskName,
        pageNum: 1,
        pageSize: 20,
      }),
      '/v4/design-task/confirmDetail/export',
    );
    const sheetRows: unknown[][] = [];
    book.worksheets[0]?.eachRow((r) => sheetRows.push((r.values as unknown[]).slice(1)));
    expect(sheetRows[0]).toEqual([
      '任务单号',
      '任务名称',
      '任务产值（万元）',
      '确认完成产值（万元）',
      '质量保证金（万元）',
      '已发放（万元）',
      '已发保证金（万元）',
    ]);
    const mine = sheetRows.filter((r) => r[0] === t.taskNo);
    // Amounts are numbers finance can total: 100 of output value, 40 confirmed, 15 deposit.
    expect(mine).toEqual([[t.taskNo, t.taskName, 100, 40, 15, 33.333333, 15]]);
  });

  it('warns the host and the manager of tasks due soon or overdue, by the configured threshold', async () => {
    const soon = await okData(
      post('xmjl', '/v4/design-task/add', sheet({ planFinishDate: addDays(today, 5) })),
    );
    const late = await okData(
      post('xmjl', '/v4/design-task/add', sheet({ planFinishDate: addDays(today, -1) })),
    );
    const far = await okData(
      post('xmjl', '/v4/design-task/add', sheet({ planFinishDate: addDays(today, 40) })),
    );
    const warned = async (user: string) =>
      (
        (await okData(get(user, '/project/approval/getNotify'))).warnTaskList as {
          taskNo: string;
          planFinishDate: string;
        }[]
      ).map((w) => w.taskNo);
    for (const user of ['sjzc', 'xmjl']) {
      const list = await warned(user);
      expect(list, user).toContain(soon.taskNo);
      expect(list, user).toContain(late.taskNo);
      expect(list, user).not.toContain(far.taskNo);
    }
    expect(await warned('sjzc2')).not.toContain(soon.taskNo);
    const n = await okData(get('sjzc', '/project/approval/getNotify'));
    expect(n.warnTaskList.find((w: { taskNo: string }) => w.taskNo === late.taskNo)).toEqual({
      taskNo: late.taskNo,
      planFinishDate: addDays(today, -1),
    });
    await api()
      .database.handle.db.updateTable('sys_config')
      .set({ config_value: '2' })
      .where('config_key', '=', 'task.warn.days')
      .execute();
    try {
      const list = await warned('sjzc');
      expect(list).not.toContain(soon.taskNo);
      expect(list).toContain(late.taskNo);
    } finally {
      await api()
        .database.handle.db.updateTable('sys_config')
        .set({ config_value: '7' })
        .where('config_key', '=', 'task.warn.days')
        .execute();
    }
  });

  it('serves the contract documents their project and task lists, and the streamed export', async () => {
    const t = await okData(
      post('xmjl', '/v4/design-task/add', sheet({ designStageId: '1', majorIds: [1, 2] })),
    );
    for (const path of ['/v4/contract/listByDesign', '/project/contract/listByDesign']) {
      const projects = await okData(get('jingying', path));
      const p = projects.find((x: { value: number }) => x.value === contractId());
      expect(p, path).toMatchObject({ text: '任务测试项目', projectName: '任务测试项目' });
      expect(p.taskList.find((x: { value: number }) => x.value === t.taskId)).toMatchObject({
        text: '方案设计 · 科创园施工图设计',
        designStageId: '1',
        majorList: [
          { value: 1, text: '建筑' },
          { value: 2, text: '景观' },
        ],
      });
    }
    const tasks = await okData(
      get('xmjl', '/v4/design-task/taskListByDesign', { contractId: contractId() }),
    );
    expect(tasks.map((x: { value: number }) => x.value)).toContain(t.taskId);
    expect(
      await okData(get('sjzc2', '/v4/design-task/taskListByDesign', { contractId: contractId() })),
    ).toEqual([]);
    const wb = await openXlsx(
      get('xmjl', '/v4/design-task/export', { contractId: contractId() }),
      '/v4/design-task/export',
    );
    const nos = wb.worksheets[0]?.getColumn(1).values ?? [];
    expect(nos).toContain(t.taskNo);
    expect((await get('yuangong', '/v4/design-task/export')).status).toBe(403);
  });
});
