/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import { addDays, instituteDay } from '@dpms/core';
import { insertArchive } from '@dpms/sql';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAccountApi } from '../test-support/account-suite.js';
import { expectRowCells, headersOf, xlsxSheet } from './exports-cells.check.js';

// Demo institute: caiwu 周会计 (财务: invoices, accounts, all data), jingying 王经营 (经营部, signs
// invoice requests first), bmfzr 赵所长 (head of 建筑一所 110: its employee costs), sjzc 张主持
// (user 4, of 110), zhjy 郑综经 (综合经营部, borrows archives), zgcs 钱总工 (user 6, registers them).

/**
 * The account, employee-cost, invoice and archive-borrowing exports, each with a row seeded through
 * the API: amounts are number cells with the money format, days are Date cells of the institute's
 * calendar, people are names. The project account is suite's contract ZHCS-0001 (100 万元, 30
 * back, 5 paid), with the invoice below approved on it.
 */
describe('account and archive exports finance can use', () => {
  const suite = useAccountApi('embedded');
  const { okData, act } = suite;
  const { post, signIn } = suite.client;
  const client = suite.client;
  const today = instituteDay(new Date());

  beforeAll(async () => {
    await signIn('zhjy');
    const contractId = suite.contractId();
    const invoice = await okData(
      post('caiwu', '/v4/finance/add', {
        contractId,
        invoiceType: '1',
        invoicePurpose: '1',
        invoiceTitle: '导出开票单位',
        invoiceDate: '2026-05-06',
        invoiceAmount: '12.5',
      }),
    );
    const sent = await okData(
      post('caiwu', '/v4/finance/updateToApproval', { invoiceId: invoice.invoiceId }),
    );
    await act(String(sent.approvalId), 'approve');
    await okData(
      post('bmfzr', '/v4/contract/employe/add', {
        employeeId: 4,
        costMonth: '2024-01',
        salary: '1.2',
        socialInsurance: '0.3',
        housingFund: '0.12',
        otherCost: '0.05',
      }),
    );
    // The archive's file is a record only: no one opens it here.
    const db = suite.api().database.handle.db;
    const fileId = 'exportcellsarchive';
    await db
      .insertInto('file_object')
      .values({
        file_id: fileId,
        original_name: '导出借阅档案.pdf',
        file_type: 'pdf',
        size: 3,
        content_hash: 'x',
        storage_key: `t/${fileId}`,
        owner_user_id: 6,
      })
      .execute();
    const archiveId = await insertArchive(db, {
      archiveName: '导出借阅档案',
      archiveNo: 'DA-EXPORT-1',
      projectName: '导出借阅项目',
      fileId,
      fileName: '导出借阅档案.pdf',
      userId: 6,
      createBy: 'zgcs',
    });
    await okData(
      post('zhjy', '/project/archives/borrow', {
        archiveId,
        purpose: '复核施工图',
        startDate: today,
        endDate: addDays(today, 6),
        pledge: '本人承诺：借阅的档案仅用于本职工作，不复制、不外传，按期归还。',
        submit: false,
      }),
    );
  }, 240_000);

  it('/v4/pro-account/export: every figure of the account as a number', async () => {
    const sheet = await xlsxSheet(client, 'caiwu', '/v4/pro-account/export', {
      contractNo: 'ZHCS-0001',
    });
    expect(headersOf(sheet)).toEqual([
      '合同名称',
      '合同编号',
      '部门',
      '合同金额（万元）',
      '已回款（万元）',
      '已开票（万元）',
      '已付款（万元）',
      '实付金额（万元）',
      '未还借款（万元）',
      '余额（万元）',
    ]);
    expectRowCells(
      sheet,
      { column: '合同编号', value: 'ZHCS-0001' },
      {
        合同名称: { text: '账户接口测试合同' },
        部门: { text: '建筑一所' },
        '合同金额（万元）': { money: 100 },
        '已回款（万元）': { money: 30 },
        '已开票（万元）': { money: 12.5 },
        '已付款（万元）': { money: 5 },
        '实付金额（万元）': { money: 5 },
        '未还借款（万元）': { money: 0 },
        // 30 back, 5 paid out.
        '余额（万元）': { money: 25 },
      },
      'pro-account',
    );
  });

  it('/v4/contract/employe/export: each cost and their total as numbers, the employee by name', async () => {
    const sheet = await xlsxSheet(client, 'caiwu', '/v4/contract/employe/export', {
      costMonth: '2024-01',
    });
    expect(headersOf(sheet)).toEqual([
      '月份',
      '部门',
      '员工',
      '工资（万元）',
      '社会保险（万元）',
      '住房公积金（万元）',
      '其他（万元）',
      '合计（万元）',
    ]);
    expectRowCells(
      sheet,
      { column: '员工', value: '张主持' },
      {
        月份: { text: '2024-01' },
        部门: { text: '建筑一所' },
        '工资（万元）': { money: 1.2 },
        '社会保险（万元）': { money: 0.3 },
        '住房公积金（万元）': { money: 0.12 },
        '其他（万元）': { money: 0.05 },
        '合计（万元）': { money: 1.67 },
      },
      'employe',
    );
  });

  it('/v4/finance/export: the invoice amount as a number on its day, the applicant by name', async () => {
    const sheet = await xlsxSheet(client, 'caiwu', '/v4/finance/export');
    expect(headersOf(sheet)).toEqual([
      '合同名称',
      '合同编号',
      '开票金额（万元）',
      '发票类型',
      '发票抬头',
      '开票日期',
      '状态',
      '申请人',
    ]);
    expectRowCells(
      sheet,
      { column: '发票抬头', value: '导出开票单位' },
      {
        合同编号: { text: 'ZHCS-0001' },
        '开票金额（万元）': { money: 12.5 },
        开票日期: { date: '2026-05-06' },
        // Approved, the request is an issued invoice.
        状态: { text: '已开票' },
        申请人: { person: '周会计' },
      },
      'finance',
    );
  });

  it('/project/archives/borrow/export: the borrower by name and the period in calendar days', async () => {
    const sheet = await xlsxSheet(client, 'zhjy', '/project/archives/borrow/export');
    expect(headersOf(sheet)).toEqual(['档案名称', '借阅人', '借阅目的', '借阅期限', '状态']);
    // The period is one column as on screen, "起 至 止", each a day of the institute's calendar.
    expectRowCells(
      sheet,
      { column: '档案名称', value: '导出借阅档案' },
      {
        借阅人: { person: '郑综经' },
        借阅目的: { text: '复核施工图' },
        借阅期限: { text: `${today} 至 ${addDays(today, 6)}` },
      },
      'borrow',
    );
  });
});
