/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import type ExcelJS from 'exceljs';
import { addDays } from '@dpms/core';
import { insertArchive } from '@dpms/sql';
import { beforeAll, describe, expect, it } from 'vitest';
import { headForDrafterDept } from '../test-support/drafter-dept.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { today, useTaskApi } from './task-fixture.js';
import { openXlsx } from '../test-support/xlsx-answer.js';

/**
 * Every approval sheet shows what is being approved, read from its record: the detail answer of
 * a contract review (1_1), an invoice request (23_1), a contract change (28_1) and a result seal
 * (13_1) carries the record's labelled figures, not the form's text.
 */
interface Figure {
  key: string;
  label: string;
  value: string;
  unit?: string;
  before?: string;
}
interface Sheet {
  source: string;
  title: string;
  recordKind: string | null;
  recordId: string | null;
  sections: { title: string; figures: Figure[] }[];
}

describe.each(testDatabaseKinds())('approval sheets read from their records on %s', (kind) => {
  const {
    post,
    get,
    okData,
    sheet,
    newFile,
    confirmedTask,
    confirmedResult,
    client,
    api,
    contractId,
  } = useTaskApi(kind);

  const sheetOf = async (user: string, approvalId: string): Promise<Sheet> => {
    const d = await okData(get(user, '/project/approval/getCommonApprovalDetail', { approvalId }));
    return d.sheet as Sheet;
  };
  const figures = (sheet: Sheet): Record<string, Figure> =>
    Object.fromEntries(sheet.sections.flatMap((s) => s.figures).map((f) => [f.key, f]));
  const nickName = async (userName: string) =>
    (
      await api()
        .database.handle.db.selectFrom('sys_user')
        .select('nick_name')
        .where('user_name', '=', userName)
        .executeTakeFirstOrThrow()
    ).nick_name;

  beforeAll(async () => {
    await headForDrafterDept(api().database.handle.db);
    await client.signIn('zhjy', 'caiwu');
  });

  it('a contract review (1_1) shows the parties, the amount in 万元, the sign date and the rates in %', async () => {
    const c = await okData(
      post('zhjy', '/v4/contract/add', {
        projectName: '审批单合同项目',
        contractName: '审批单合同项目设计合同',
        contractNo: 'HT-SHEET-11',
        bizSource: '2',
        totalAmount: '80',
        cleanAmount: '80',
        signByMain: '杭州滨江城建',
        signBySub: '华东示范建筑设计研究院',
        signDate: '2026-06-01',
      }),
    );
    const sent = await okData(
      post('zhjy', '/project/contract/updateToApproval', { contractId: c.contractId }),
    );
    // Its 项目经理 are those of its design tasks (xmjl is user 3).
    await api()
      .database.handle.db.insertInto('design_task')
      .values({
        contract_id: c.contractId,
        task_no: 'RW-SHEET-11',
        task_name: '审批单任务',
        design_stage_id: '3',
        design_user_id: 4,
        project_manager_id: 3,
        plan_finish_date: '2026-12-31',
        user_id: 3,
      })
      .execute();
    const sheet = await sheetOf('zhjy', String(sent.approvalId));
    expect(sheet).toMatchObject({
      source: 'record',
      title: '合同评审单',
      recordKind: 'contract',
      recordId: String(c.contractId),
    });
    const f = figures(sheet);
    expect(f['contractName']).toMatchObject({ label: '合同名称', value: '审批单合同项目设计合同' });
    expect(f['contractNo']?.value).toBe('HT-SHEET-11');
    expect(f['signByMain']).toMatchObject({ label: '甲方', value: '杭州滨江城建' });
    expect(f['totalAmount']).toMatchObject({ label: '合同金额', value: '80', unit: '万元' });
    expect(f['signDate']).toMatchObject({ label: '签订日期', value: '2026-06-01' });
    expect(f['projectManagerNames']).toMatchObject({
      label: '项目经理',
      value: await nickName('xmjl'),
    });
    expect(f['receiveAmount']).toMatchObject({ label: '已收金额', value: '0', unit: '万元' });
    // The rates the split was computed with, each in percent.
    const rates = sheet.sections.find((s) => s.title === '费率')?.figures ?? [];
    expect(rates.length).toBeGreaterThan(0);
    for (const r of rates) {
      expect(r.unit).toBe('%');
      expect(r.label).toMatch(/费率$/);
    }
    expect(sheet.sections.map((s) => s.title)).toContain('费用拆分');
  });

  it('an invoice request (23_1) shows the contract, its amount, what is invoiced and what is left', async () => {
    const db = api().database.handle.db;
    await db
      .insertInto('back_money')
      .values({
        contract_id: contractId(),
        back_amount: '140',
        back_date: '2026-03-01',
        user_id: 8,
      })
      .execute();
    const base = {
      contractId: contractId(),
      invoiceType: '1',
      invoicePurpose: '1',
      invoiceTitle: '杭州某建设公司',
      invoiceDate: '2026-05-06',
    };
    const first = await okData(post('caiwu', '/v4/finance/add', { ...base, invoiceAmount: '100' }));
    await okData(post('caiwu', '/v4/finance/updateToApproval', { invoiceId: first.invoiceId }));
    const second = await okData(post('caiwu', '/v4/finance/add', { ...base, invoiceAmount: '50' }));
    const sent = await okData(
      post('caiwu', '/v4/finance/updateToApproval', { invoiceId: second.invoiceId }),
    );
    const sheet = await sheetOf('caiwu', String(sent.approvalId));
    expect(sheet).toMatchObject({
      source: 'record',
      title: '开票申请',
      recordKind: 'account.invoice',
    });
    const f = figures(sheet);
    expect(f['contractName']?.value).toBe('任务测试设计合同');
    expect(f['invoiceAmount']).toMatchObject({ label: '开票金额', value: '50', unit: '万元' });
    expect(f['totalAmount']).toMatchObject({ label: '合同金额', value: '500' });
    expect(f['backAmount']).toMatchObject({ label: '已回款', value: '140' });
    expect(f['createBy']).toMatchObject({ label: '申请人', value: await nickName('caiwu') });
    // The other request in approval holds 100 of 500: 400 may still be invoiced, 350 after this.
    expect(f['invoicingAmount']?.value).toBe('100');
    expect(f['invoicedAmount']?.value).toBe('0');
    expect(f['roomAmount']?.value).toBe('400');
    expect(f['roomAfter']).toMatchObject({ label: '本次开票后剩余可开票', value: '350' });

    // The export holds the same figures: amounts as numbers, the invoice date as a date.
    const wb = await openXlsx(
      get('caiwu', '/project/approval/export', {
        approvalId: String(sent.approvalId),
      }),
      '/project/approval/export',
    );
    const cells = new Map<string, ExcelJS.CellValue>();
    wb.getWorksheet('审批单')?.eachRow((row) => {
      const label = row.getCell(2).value;
      if (typeof label === 'string') cells.set(label, row.getCell(3).value);
    });
    expect(cells.get('开票金额（万元）')).toBe(50);
    expect(cells.get('本次开票后剩余可开票（万元）')).toBe(350);
    expect(cells.get('合同金额（万元）')).toBe(500);
    expect(cells.get('开票日期')).toEqual(new Date(Date.UTC(2026, 4, 6)));
  });

  it('a contract change (28_1) shows every changed field before → after', async () => {
    const c = await okData(
      post('zhjy', '/project/contract/addHistory', {
        projectName: '审批单变更项目',
        contractName: '审批单变更合同',
        entrustBusinessName: '变更委托单位',
        bizSource: '2',
        totalAmount: '100',
        cleanAmount: '90',
        signByMain: '变更甲方',
        signBySub: '华东示范建筑设计研究院',
        signDate: '2023-05-06',
      }),
    );
    const sent = await okData(
      post('zhjy', '/v4/contract/change/add', {
        contractId: c.contractId,
        reason: '甲方追加景观设计',
        fields: { totalAmount: '150', cleanAmount: '140', signByMain: '变更甲方集团' },
      }),
    );
    const sheet = await sheetOf('zhjy', String(sent.change.approvalId));
    expect(sheet).toMatchObject({
      source: 'record',
      title: '合同变更',
      recordKind: 'contractChange',
    });
    const f = figures(sheet);
    expect(f['totalAmount']).toMatchObject({
      label: '合同金额',
      unit: '万元',
      before: '100',
      value: '150',
    });
    expect(f['cleanAmount']).toMatchObject({ before: '90', value: '140' });
    expect(f['signByMain']).toMatchObject({
      label: '甲方',
      before: '变更甲方',
      value: '变更甲方集团',
    });
    expect(f['reason']?.value).toBe('甲方追加景观设计');
    // Only what changes is listed as a change.
    const changed = sheet.sections.find((s) => s.title.startsWith('变更内容'))?.figures ?? [];
    expect(changed.map((x) => x.key).sort()).toEqual(['cleanAmount', 'signByMain', 'totalAmount']);
  });

  it('a result seal (13_1) shows the task, its design host, the results and the seals by name', async () => {
    const t = await confirmedTask();
    const cad = await confirmedResult(t.taskId, '总图.dwg', 21);
    const other = await confirmedResult(t.taskId, '结构图.dxf', 22);
    const seal = await okData(
      post('sjzc', '/project/design-task/insertResultSealV2', {
        taskId: t.taskId,
        resultIds: [cad.resultId, other.resultId],
        drawContent: '总图及结构图',
        drawNum: 4,
        sealType: ['4'],
      }),
    );
    const sent = await okData(
      post('sjzc', '/project/design-task/updateResultSealToApproval', {
        resultSealId: seal.resultSealId,
      }),
    );
    const sheet = await sheetOf('sjzc', String(sent.approvalId));
    expect(sheet).toMatchObject({ source: 'record', title: '成果盖章', recordKind: 'resultSeal' });
    const f = figures(sheet);
    expect(f['taskName']?.value).toBe('科创园施工图设计');
    expect(f['designUserName']).toMatchObject({ label: '设计主持', value: await nickName('sjzc') });
    expect(f['projectManagerName']?.value).toBe(await nickName('xmjl'));
    expect(f['sealType']).toMatchObject({ label: '印章类型', value: '出图章' });
    expect(f['drawNum']?.value).toBe('4');
    expect(f[`result${String(cad.resultId)}`]?.value).toBe('总图.dwg');
    expect(f[`result${String(other.resultId)}`]?.value).toBe('结构图.dxf');
  });

  it('a design task (3_1) shows its people, its disciplines and its output value', async () => {
    const t = await okData(post('xmjl', '/v4/design-task/add', sheet({ majorIds: [21, 22] })));
    const sent = await okData(
      post('xmjl', '/project/design-task/updateToApproval', { taskId: t.taskId }),
    );
    const s = await sheetOf('xmjl', String(sent.approvalId));
    expect(s).toMatchObject({ source: 'record', title: '设计任务单', recordKind: 'designTask' });
    const f = figures(s);
    expect(f['designUserName']?.value).toBe(await nickName('sjzc'));
    expect(f['projectManagerName']?.value).toBe(await nickName('xmjl'));
    expect(f['majorNames']?.value.split('、')).toEqual(
      t.majorList.map((m: { majorName: string }) => m.majorName),
    );
    expect(f['taskAmount']).toMatchObject({ label: '任务产值', value: '100', unit: '万元' });
  });

  it('a sub-contract (5_1) shows its payee, its amount and what is payable', async () => {
    const add = await okData(
      post('jingying', '/v4/contractChild/add', {
        contractId: contractId(),
        childType: 2,
        contractChildNo: 'FB-SHEET-51',
        receiveCompanyName: '某咨询公司',
        totalAmount: '20',
      }),
    );
    const sent = await okData(
      post('jingying', '/v4/contractChild/updateToApproval', {
        contractChildId: add.contractChildId,
      }),
    );
    const s = await sheetOf('jingying', String(sent.approvalId));
    expect(s).toMatchObject({ source: 'record', title: '付款合同', recordKind: 'contractChild' });
    const f = figures(s);
    expect(f['contractChildNo']?.value).toBe('FB-SHEET-51');
    expect(f['childType']?.value).toBe('技术服务费');
    expect(f['totalAmount']).toMatchObject({ label: '分包金额', value: '20', unit: '万元' });
    expect(f['canPayAmount']?.value).toBe('20');
    expect(f['contractName']?.value).toBe('任务测试设计合同');
  });

  it('an archive borrowing (27_1) shows the archive, the borrower, the period and the pledge', async () => {
    await client.signIn('zhjy');
    const archiveId = await insertArchive(api().database.handle.db, {
      archiveName: '审批单档案',
      archiveNo: 'DA-SHEET-27',
      projectName: '审批单档案项目',
      fileId: await newFile('审批单档案.pdf'),
      fileName: '审批单档案.pdf',
      userId: 6,
      createBy: 'zgcs',
    });
    const borrow = await okData(
      post('zhjy', '/project/archives/borrow', {
        archiveId,
        purpose: '复核审批单档案',
        startDate: addDays(today, 1),
        endDate: addDays(today, 6),
        pledge: '本人承诺：借阅的档案仅用于本职工作。',
      }),
    );
    const s = await sheetOf('zhjy', String(borrow.approvalId));
    expect(s).toMatchObject({
      source: 'record',
      title: '调档承诺书',
      recordKind: 'archives.borrow',
    });
    const f = figures(s);
    expect(f['archiveName']?.value).toBe('审批单档案');
    expect(f['archiveNo']?.value).toBe('DA-SHEET-27');
    expect(f['userName']?.value).toBe(await nickName('zhjy'));
    expect(f['purpose']?.value).toBe('复核审批单档案');
    expect(f['startDate']).toMatchObject({ label: '借阅开始日期', value: addDays(today, 1) });
    expect(f['endDate']?.value).toBe(addDays(today, 6));
    expect(f['state']?.value).toBe('审批中');
    expect(f['pledge']?.value).toBe('本人承诺：借阅的档案仅用于本职工作。');
  });
});
