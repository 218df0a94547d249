/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../test-support/api-client.js';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { EXPORT_CASES } from './exports-cells.cases.js';
import {
  expectCellKind,
  expectRowCells,
  headersOf,
  rowsOf,
  xlsxSheet,
} from './exports-cells.check.js';
import { fundPlanBody, loanBody } from '../test-support/fund-bodies.js';

// Demo institute: zhjy 郑综经 (综合经营, all contracts), jingying 王经营 (sub-contracts), xmjl 李项目
// (项目经理 of 建筑一所 110), sjzc 张主持, bmfzr (head of 110), caiwu 周会计 (财务), admin (everything).

/** A record made at this instant reads 2026-11-25 22:47 on the institute's clock (Asia/Shanghai). */
const CREATED = '2026-11-25T14:47:58.712Z';
const SHANGHAI_WALL = '2026-11-25T22:47';

/** The demo people the fixture's records name, by login name and by name. */
const LOGINS = ['admin', 'zhjy', 'jingying', 'xmjl', 'sjzc', 'caiwu', 'bmfzr'];

/**
 * Every export the spec lists, opened as finance opens it: the list's titles in the list's order,
 * amounts as numbers with a number format, dates and times as dates on the institute's clock,
 * people by name.
 */
describe('exports finance can use', () => {
  let api: ApprovalTestApi;
  const client = apiClient(() => api);
  const { post, get, okData } = client;

  const download = (path: string, query: Record<string, unknown> = {}) =>
    xlsxSheet(client, 'admin', path, query);

  beforeAll(async () => {
    api = await openApprovalApi('embedded');
    const db = api.database.handle.db;
    await client.signIn('admin', 'zhjy', 'jingying', 'xmjl', 'sjzc', 'bmfzr', 'caiwu');
    const base = {
      projectName: '导出单元项目',
      contractName: '导出单元合同',
      entrustBusinessName: '导出委托单位',
      bizSource: '2',
      totalAmount: '1234.5',
      cleanAmount: '1000',
      signByMain: '导出甲方',
      signBySub: '华东示范建筑设计研究院',
      signDate: '2023-05-06',
    };
    const formal = await okData(
      post('zhjy', '/project/contract/addHistory', { ...base, contractNo: 'CELL-F-1' }),
    );
    await db
      .updateTable('contract')
      .set({ create_time: new Date(CREATED), dept_id: 110, user_id: 3 })
      .where('contract_id', '=', Number(formal.contractId))
      .execute();
    const declared = await okData(post('zhjy', '/project/declare/add', base));
    await okData(
      post('zhjy', '/v4/contract/modifyContractName', {
        contractId: declared.contractId,
        contractName: '导出单元合同（更名）',
      }),
    );
    const lx = await okData(
      post('zhjy', '/v4/lixiang/add', {
        contractId: declared.contractId,
        lxNo: 'LX-CELL-1',
        projectName: '导出单元项目',
        bizSource: '2',
        totalAmount: '100',
      }),
    );
    await okData(
      post('zhjy', '/project/lixiang/updateV2', {
        lxId: lx.lxId,
        contractId: declared.contractId,
        lxNo: 'LX-CELL-1',
        projectName: '导出单元项目',
        bizSource: '2',
        totalAmount: '120',
      }),
    );
    const child = await okData(
      post('jingying', '/project/contractChild/addHistory', {
        contractId: formal.contractId,
        childType: 5,
        contractChildNo: 'CELL-FB-1',
        receiveCompanyName: '导出分包单位',
        totalAmount: '30',
      }),
    );
    await okData(
      post('jingying', '/v4/extendSubContract/add', {
        contractChildId: child.contractChildId,
        extendNo: 'CELL-BC-1',
        content: '增加效果图制作',
        extendAmount: '5',
        signDate: '2023-08-01',
      }),
    );
    // Back money on the formal contract, then a closing and a settlement of it.
    await db
      .insertInto('back_money')
      .values({
        contract_id: Number(formal.contractId),
        back_amount: '80',
        back_date: '2026-03-01',
        user_id: 8,
      })
      .execute();
    await okData(
      post('admin', '/v4/contract/closedCase/add', {
        contractId: formal.contractId,
        closedCaseAmount: '40.5',
      }),
    );
    await okData(
      post('admin', '/contract/settle/insertContractSettle', {
        contractId: formal.contractId,
        closedCaseAmount: '60',
      }),
    );
    // A design task, confirmed by its three, with a result seal on it.
    const task = await okData(
      post('xmjl', '/v4/design-task/add', {
        contractId: formal.contractId,
        taskName: '导出单元施工图',
        subItemName: '一期',
        taskResultName: '施工图',
        designStageId: '3',
        qualityType: '1',
        designUserId: 4,
        projectManagerId: 3,
        planFinishDate: '2026-12-20',
        taskAmount: '100',
        majorIds: [21],
      }),
    );
    await okData(
      get('sjzc', '/project/design-task/confirmByDesignZhuChi', { taskId: task.taskId }),
    );
    await okData(get('xmjl', '/project/design-task/confirmByProManager', { taskId: task.taskId }));
    await okData(post('bmfzr', '/v4/design-task/confirmTask', { taskId: task.taskId }));
    const seal = await okData(
      post('sjzc', '/project/design-task/insertResultSealV2', {
        taskId: task.taskId,
        drawContent: '总图',
        drawNum: 6,
        sealType: ['4'],
        sealCategory: '1',
      }),
    );
    // The seal's approval is another suite's business: here it is simply approved.
    await db
      .updateTable('result_seal')
      .set({ status: 1 })
      .where('result_seal_id', '=', Number(seal.resultSealId))
      .execute();
    await okData(post('xmjl', '/contract/loan/add', loanBody('2', { reason: '导出单元备用' })));
    await okData(
      post(
        'caiwu',
        '/contract/fundPlan/add',
        fundPlanBody(
          '2031-01',
          [
            {
              lineKind: 'income',
              subjectName: '合同回款',
              contractId: formal.contractId,
              amount: '60',
            },
            { lineKind: 'rigid', subjectName: '工资', amount: '20.25' },
          ],
          { reason: '导出单元资金安排' },
        ),
      ),
    );
  }, 240_000);
  afterAll(() => api?.close());

  const names = async (): Promise<{ logins: Set<string>; nicks: Set<string> }> => {
    const users = await api.database.handle.db
      .selectFrom('sys_user')
      .select(['user_id', 'user_name', 'nick_name'])
      .where('user_name', 'in', LOGINS)
      .execute();
    return {
      logins: new Set(users.flatMap((u) => [u.user_name, String(u.user_id)])),
      nicks: new Set(users.map((u) => u.nick_name)),
    };
  };

  it.each(EXPORT_CASES)(
    '$path: the list’s titles, numbers as numbers, dates as dates',
    async (c) => {
      const sheet = await download(c.path, c.query);
      expect(headersOf(sheet)).toEqual(c.headers);
      const rows = rowsOf(sheet);
      expect(rows.length, c.path).toBeGreaterThanOrEqual(c.rows);
      const col = (title: string) => c.headers.indexOf(title) + 1;
      const { logins, nicks } = await names();
      const kinds = [
        ...(c.money ?? []).map((t) => [t, 'money'] as const),
        ...(c.dates ?? []).map((t) => [t, 'date'] as const),
        ...(c.instants ?? []).map((t) => [t, 'instant'] as const),
      ];
      for (const row of rows) {
        for (const [title, kind] of kinds) {
          const cell = row.getCell(col(title));
          if (cell.value === null || cell.value === '') continue;
          expectCellKind(cell, kind, `${c.path} ${title}`);
        }
        for (const title of c.people ?? []) {
          const who = row.getCell(col(title)).text;
          expect(logins.has(who), `${c.path} ${title}: ${who}`).toBe(false);
        }
      }
      if (c.rows > 0 && (c.people ?? []).length > 0) {
        const seen = rows.flatMap((r) => (c.people ?? []).map((t) => r.getCell(col(t)).text));
        expect(
          seen.some((n) => nicks.has(n)),
          `${c.path}: ${seen.join(',')}`,
        ).toBe(true);
      }
    },
  );

  it('writes the amounts, the sign date and the creation time as finance reads them', async () => {
    const sheet = await download('/project/contract/exportList', { projectName: '导出单元' });
    expectRowCells(
      sheet,
      { column: '合同编号', value: 'CELL-F-1' },
      {
        '合同金额（万元）': { money: 1234.5 },
        // Excel keeps no zone: the cell holds the wall clock of Shanghai, whatever the server's zone.
        创建时间: { instant: SHANGHAI_WALL },
        签订日期: { date: '2023-05-06' },
        创建人: { person: '郑综经' },
      },
      'contract list',
    );
  });

  it('exports 产值确认 as its list on screen: one row per task with its output value', async () => {
    const sheet = await download('/v4/design-task/confirmDetail/export', { taskName: '导出单元' });
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row.slice(1, 4)).toEqual(['导出单元施工图', 100, 0]);
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('#,##0.000000');
    expect(sheet.rowCount).toBe(2);
  });

  it('exports the closings under the list’s name filter and the settlements apart', async () => {
    const closed = await download('/v4/contract/closedCase/export', { contractName: '导出单元' });
    expect(closed.getRow(2).getCell(4).value).toBe(40.5);
    const none = await download('/v4/contract/closedCase/export', { contractName: '不存在的合同' });
    expect(none.rowCount).toBe(1);
    const settled = await download('/contract/settle/export', { contractName: '导出单元' });
    expect(settled.getRow(2).getCell(4).value).toBe(60);
  });
});
