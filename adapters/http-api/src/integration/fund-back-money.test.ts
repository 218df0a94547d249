/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { beforeAll, describe, expect, it } from 'vitest';
import { useFundApi } from '../test-support/fund-suite.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { loanBody } from '../test-support/fund-bodies.js';

describe.each(testDatabaseKinds())('fund API (back money) on %s', (kind) => {
  const suite = useFundApi(kind);
  const { refused, reconciles } = suite;
  const { post, get, okData, xlsxRows } = suite.client;
  let contractId: number;
  let taskId: number;
  beforeAll(() => {
    contractId = suite.contractId();
    taskId = suite.taskId();
  });

  it('records, lists, changes, allots (V1 and V2), explains and exports back money', async () => {
    const b = await okData(
      post('caiwu', '/project/backMoney/insert', {
        contractId,
        backAmount: '80',
        backDate: '2026-03-01',
        remark: '一期回款',
      }),
    );
    expect(b).toMatchObject({
      backAmount: '80',
      unallottedAmount: '80',
      allottedAmount: '0',
      projectName: '资金接口测试项目',
    });
    const changed = await okData(
      post('caiwu', '/project/backMoney/modify', {
        backMoneyId: b.backMoneyId,
        contractId,
        backAmount: '60',
        backDate: '2026-03-02',
        remark: '一期回款（更正）',
      }),
    );
    expect(changed).toMatchObject({
      backAmount: '60',
      unallottedAmount: '60',
      backDate: '2026-03-02',
    });

    const tasks = await okData(
      get('caiwu', '/project/backMoney/taskList', { backMoneyId: b.backMoneyId }),
    );
    expect(tasks).toEqual([
      expect.objectContaining({ taskId, deptId: 110, taskAmount: '200', allottedAmount: '0' }),
    ]);
    const v1 = await okData(
      post('bmfzr', '/project/backMoney/allotDesign', {
        backMoneyId: b.backMoneyId,
        deptId: 110,
        taskId,
        allotAmount: '20',
      }),
    );
    expect(v1).toHaveLength(1);
    const v2 = await okData(
      post('caiwu', '/project/backMoney/allotDesignV2', {
        backMoneyId: b.backMoneyId,
        list: [
          { deptId: 110, allotAmount: '10.5' },
          { deptId: 112, allotAmount: '4.5' },
        ],
      }),
    );
    expect(v2.map((l: { allotAmount: string }) => l.allotAmount)).toEqual(['20', '10.5', '4.5']);

    const detail = await okData(
      get('caiwu', '/project/backMoney/getBackMoneyDesignDetail', { backMoneyId: b.backMoneyId }),
    );
    expect(detail.backMoney).toMatchObject({ allottedAmount: '35', unallottedAmount: '25' });
    expect(detail.teams).toEqual([
      expect.objectContaining({ deptId: 110, allotAmount: '30.5' }),
      expect.objectContaining({ deptId: 112, allotAmount: '4.5' }),
    ]);
    const history = await okData(
      get('caiwu', '/project/backMoney/history', { backMoneyId: b.backMoneyId }),
    );
    expect(history.map((e: { movementName: string }) => e.movementName)).toEqual([
      '登记回款',
      '修改回款',
      '分配回款',
      '分配回款',
      '分配回款',
      '分配回款',
      '分配回款',
      '分配回款',
    ]);
    const list = await get('caiwu', '/project/backMoney/list', { contractId });
    expect(list.body.total).toBe(1);
    expect(list.body.rows[0]).toMatchObject({ backMoneyId: b.backMoneyId, unallottedAmount: '25' });
    const sheet = await xlsxRows('caiwu', '/project/backMoney/export', { contractId });
    expect(sheet[0]).toContain('回款金额（万元）');
    expect(sheet[1]).toEqual(expect.arrayContaining(['资金接口测试项目', '60', '35', '25']));
    await reconciles();
  });

  it('refuses over-allotting, lowering below what is allotted and deleting allotted back money', async () => {
    const b = await okData(
      post('caiwu', '/project/backMoney/insert', {
        contractId,
        backAmount: '10',
        backDate: '2026-04-01',
      }),
    );
    const over = await refused(
      post('caiwu', '/project/backMoney/allotDesignV2', {
        backMoneyId: b.backMoneyId,
        list: [
          { deptId: 110, allotAmount: '6' },
          { deptId: 112, allotAmount: '4.000001' },
        ],
      }),
      422,
      'allotAmount',
    );
    expect(over.msg).toContain('可分配10万元');
    await okData(
      post('caiwu', '/project/backMoney/allotDesign', {
        backMoneyId: b.backMoneyId,
        deptId: 110,
        allotAmount: '4',
      }),
    );
    await refused(
      post('caiwu', '/project/backMoney/modify', {
        backMoneyId: b.backMoneyId,
        contractId,
        backAmount: '3.9',
        backDate: '2026-04-01',
      }),
      422,
      'backAmount',
    );
    await refused(post('caiwu', '/project/backMoney/delete', { backMoneyId: b.backMoneyId }), 409);
    const left = await okData(
      get('caiwu', '/project/backMoney/detail', { backMoneyId: b.backMoneyId }),
    );
    expect(left).toMatchObject({ backAmount: '10', unallottedAmount: '6' });

    const spare = await okData(
      post('caiwu', '/project/backMoney/insert', {
        contractId,
        backAmount: '1',
        backDate: '2026-04-02',
      }),
    );
    await okData(post('caiwu', '/project/backMoney/delete', { backMoneyId: spare.backMoneyId }));
    await refused(
      get('caiwu', '/project/backMoney/detail', { backMoneyId: spare.backMoneyId }),
      404,
    );
    await reconciles();
  });

  it.each([
    ['a JSON number (float)', 0.1],
    ['float noise', '0.30000000000000004'],
    ['more than one 分', '1.0000001'],
    ['letters', '12abc'],
    ['a negative amount', '-5'],
    ['zero', '0'],
    ['an exponent', '1e3'],
  ])('refuses %s as an amount with a 400 naming the field, changing nothing', async (_, bad) => {
    const before = await get('caiwu', '/project/backMoney/list', { contractId });
    await refused(
      post('caiwu', '/project/backMoney/insert', {
        contractId,
        backAmount: bad,
        backDate: '2026-05-01',
      }),
      400,
      'backAmount',
    );
    const after = await get('caiwu', '/project/backMoney/list', { contractId });
    expect(after.body.total).toBe(before.body.total);
    const b = before.body.rows[0];
    await refused(
      post('caiwu', '/project/backMoney/allotDesign', {
        backMoneyId: b.backMoneyId,
        deptId: 110,
        allotAmount: bad,
      }),
      400,
      'allotAmount',
    );
    await refused(post('xmjl', '/contract/loan/add', loanBody(bad)), 400, 'loanAmount');
    await refused(
      post('caiwu', '/contract/repayment/add', {
        loanId: 1,
        repaymentAmount: bad,
        repaymentDate: '2026-05-01',
      }),
      400,
      'repaymentAmount',
    );
  });

  it('keeps another department and callers without permission out', async () => {
    const b = await okData(
      post('caiwu', '/project/backMoney/insert', {
        contractId,
        backAmount: '5',
        backDate: '2026-06-01',
      }),
    );
    await refused(get('bmfzr2', '/project/backMoney/detail', { backMoneyId: b.backMoneyId }), 403);
    await refused(
      post('bmfzr2', '/project/backMoney/allotDesign', {
        backMoneyId: b.backMoneyId,
        deptId: 112,
        allotAmount: '1',
      }),
      403,
    );
    await refused(get('bmfzr2', '/project/backMoney/history', { backMoneyId: b.backMoneyId }), 403);
    const theirs = await get('bmfzr2', '/project/backMoney/list', { contractId });
    expect(theirs.body.total).toBe(0);
    const ours = await get('bmfzr', '/project/backMoney/list', { contractId });
    expect(ours.body.total).toBeGreaterThan(0);
    await refused(get('yuangong', '/project/backMoney/list'), 403);
    await refused(
      post('yuangong', '/project/backMoney/insert', {
        contractId,
        backAmount: '1',
        backDate: '2026-06-01',
      }),
      403,
    );
    await refused(
      post('bmfzr', '/project/backMoney/insert', {
        contractId,
        backAmount: '1',
        backDate: '2026-06-01',
      }),
      403,
    );
    await refused(get('yuangong', '/contract/loan/list'), 403);
    await refused(get('bmfzr2', '/v4/contract/designPerformDetail', { deptId: 110 }), 403);
    await refused(
      post('xmjl', '/contract/loan/add', loanBody('1', { loanDeptId: 112 })),
      403,
      'loanDeptId',
    );
    await refused(get('bmfzr2', '/v4/contract/transDetailByTaskId', { taskId }), 403);
    // A caller who sees only their own records sees the limit of their own team, and no other.
    const own = await okData(get('xmjl', '/v4/contract/designPerformDetail', { deptId: 110 }));
    expect(own.deptId).toBe(110);
    await refused(get('xmjl', '/v4/contract/designPerformDetail', { deptId: 112 }), 403);
    const untouched = await okData(
      get('caiwu', '/project/backMoney/detail', { backMoneyId: b.backMoneyId }),
    );
    expect(untouched.unallottedAmount).toBe('5');
  });
});
