/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../test-support/api-client.js';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { expectRowCells, headersOf, xlsxSheet } from './exports-cells.check.js';
import { fundPayHelpers } from './fund-pay-fixture.js';
import { fundPlanBody, loanBody } from '../test-support/fund-bodies.js';

// Demo institute: caiwu 周会计 (财务, all data), bmfzr 赵所长 (head of 建筑一所 110), xmjl 李项目
// (项目经理 of 110), yunying 吴运营 (运营), zjl 陈总 (总经理), admin (everything).

/**
 * The money exports of the fund screens, each with a row seeded through the API: amounts are
 * number cells with the money format, rates are percents, days are Date cells of the institute's
 * calendar, people are names.
 */
describe('fund exports finance can use', () => {
  let api: ApprovalTestApi;
  const client = apiClient(() => api);
  const { post, get, okData, signIn } = client;
  const { newContract, backMoneyIn, approveAll } = fundPayHelpers(() => api, client);
  const APPROVERS = ['bmfzr', 'yunying', 'caiwu', 'zjl'];
  let contractId: number;

  beforeAll(async () => {
    api = await openApprovalApi('embedded');
    await signIn('admin', 'caiwu', 'bmfzr', 'xmjl', 'yunying', 'zjl');
    contractId = await newContract('导出资金合同', 110);
    await backMoneyIn(contractId, '50.25', '2024-06-01');
    const plan = await okData(
      post('caiwu', '/contract/paymentPlan/add', {
        contractId,
        planMonth: '2024-07',
        subjectName: '咨询费',
        receiveCompanyName: '导出顾问公司',
        planPayAmount: '20.5',
      }),
    );
    await okData(
      post('bmfzr', '/v4/fundPay/add', {
        paymentPlanId: plan.paymentPlanId,
        reason: '支付七月咨询费',
        payTime: '2024-07-15',
        payAmount: '10',
        taxRate: '0.03',
      }),
    );
    // A department plan for the month, approved, and what was spent against it.
    const fundPlan = await okData(
      post(
        'caiwu',
        '/contract/fundPlan/add',
        fundPlanBody(
          '2031-03',
          [
            { lineKind: 'income', subjectName: '合同回款', contractId, amount: '60' },
            { lineKind: 'rigid', subjectName: '工资', amount: '20.25' },
          ],
          { reason: '导出资金安排', submit: true },
        ),
      ),
    );
    expect((await approveAll(String(fundPlan.approvalId), APPROVERS)).status).toBe(1);
    const detail = await okData(
      get('caiwu', '/contract/fundPlan/detail', { planId: fundPlan.planId }),
    );
    const wage = (detail.lines as { subjectName: string; lineId: number }[]).find(
      (l) => l.subjectName === '工资',
    );
    await okData(
      post('caiwu', '/contract/fundPerform/add', {
        planId: fundPlan.planId,
        performDate: '2031-03-25',
        lineKind: 'rigid',
        reason: '三月工资',
        lines: [{ planLineId: wage?.lineId, amount: '19.5' }],
      }),
    );
    // A loan of 建筑一所, approved, and a first repayment of it.
    const loan = await okData(
      post('xmjl', '/contract/loan/add', loanBody('2', { reason: '导出资金备用', submit: true })),
    );
    expect((await approveAll(String(loan.approvalId), APPROVERS)).status).toBe(1);
    await okData(
      post('caiwu', '/contract/repayment/add', {
        loanId: loan.loanId,
        repaymentAmount: '0.5',
        repaymentDate: '2026-07-01',
        remark: '导出首次还款',
      }),
    );
  }, 240_000);
  afterAll(() => api?.close());

  it('/v4/fundPay/export: the payment, its rate and its net pay as numbers, the applicant by name', async () => {
    const sheet = await xlsxSheet(client, 'caiwu', '/v4/fundPay/export');
    expect(headersOf(sheet)).toEqual([
      '编号',
      '计划月份',
      '合同名称',
      '收款单位',
      '付款金额（万元）',
      '税率',
      '实付金额（万元）',
      '审批类型',
      '状态',
      '申请人',
    ]);
    expectRowCells(
      sheet,
      { column: '合同名称', value: '导出资金合同' },
      {
        计划月份: { text: '2024-07' },
        收款单位: { text: '导出顾问公司' },
        '付款金额（万元）': { money: 10 },
        税率: { percent: 0.03 },
        // Net pay at 3%: 10 × (1 − 0.03).
        '实付金额（万元）': { money: 9.7 },
        审批类型: { text: '20_1 月度计划内付款' },
        状态: { text: '草稿' },
        申请人: { person: '赵所长' },
      },
      'fundPay',
    );
  });

  it('/contract/fundPerform/export: the execution day as a date, its amount as a number, the clerk by name', async () => {
    const sheet = await xlsxSheet(client, 'caiwu', '/contract/fundPerform/export');
    expect(headersOf(sheet)).toEqual([
      '计划月份',
      '部门',
      '类别',
      '执行日期',
      '执行金额（万元）',
      '超计划',
      '状态',
      '经办人',
    ]);
    expectRowCells(
      sheet,
      { column: '计划月份', value: '2031-03' },
      {
        部门: { text: '建筑一所' },
        类别: { text: '刚性支出' },
        执行日期: { date: '2031-03-25' },
        '执行金额（万元）': { money: 19.5 },
        超计划: { text: '否' },
        经办人: { person: '周会计' },
      },
      'fundPerform',
    );
  });

  it('/contract/paymentPlan/export: planned, paid, pending and payable as numbers', async () => {
    const sheet = await xlsxSheet(client, 'caiwu', '/contract/paymentPlan/export', {
      contractId,
    });
    expectRowCells(
      sheet,
      { column: '合同名称', value: '导出资金合同' },
      {
        计划月份: { text: '2024-07' },
        科目名称: { text: '咨询费' },
        '计划付款金额（万元）': { money: 20.5 },
        '已付（万元）': { money: 0 },
        // The drafted payment of 10 waits: 20.5 − 10 is payable.
        '待付（万元）': { money: 10 },
        '可付（万元）': { money: 10.5 },
        部门: { text: '建筑一所' },
      },
      'paymentPlan',
    );
  });

  it('/project/backMoney/export: the back day as a date, the amounts as numbers, the clerk by name', async () => {
    const sheet = await xlsxSheet(client, 'caiwu', '/project/backMoney/export', { contractId });
    expectRowCells(
      sheet,
      { column: '合同名称', value: '导出资金合同' },
      {
        回款日期: { date: '2024-06-01' },
        '回款金额（万元）': { money: 50.25 },
        '已分配（万元）': { money: 0 },
        '实付金额（万元）': { money: 0 },
        '未分配（万元）': { money: 50.25 },
        登记人: { person: '周会计' },
      },
      'backMoney',
    );
  });

  it('/contract/repayment/export: the repayment as a number on its day, the clerk by name', async () => {
    const sheet = await xlsxSheet(client, 'caiwu', '/contract/repayment/export');
    expect(headersOf(sheet)).toEqual([
      '编号',
      '借款编号',
      '借款部门',
      '还款金额（万元）',
      '还款日期',
      '备注',
      '登记人',
    ]);
    expectRowCells(
      sheet,
      { column: '备注', value: '导出首次还款' },
      {
        借款部门: { text: '建筑一所' },
        '还款金额（万元）': { money: 0.5 },
        还款日期: { date: '2026-07-01' },
        登记人: { person: '周会计' },
      },
      'repayment',
    );
    // The loan it repays reads the same figures: 2 lent, 0.5 back, 1.5 owed.
    expectRowCells(
      await xlsxSheet(client, 'caiwu', '/contract/loan/export'),
      { column: '申请人', value: '李项目' },
      {
        '借款金额（万元）': { money: 2 },
        '已还（万元）': { money: 0.5 },
        '未还（万元）': { money: 1.5 },
        还款日期: { date: '2026-12-31' },
        状态: { text: '已生效' },
      },
      'loan',
    );
  });
});
