import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../account/account.js';
import type { FundPlan } from '../../fund-plan/fund-plan.js';
import { sheetFigure } from './approval-sheet.js';
import {
  ApprovalSheets,
  type ApprovalSheetSource,
  type SheetFacts,
} from './approval-sheets.use-case.js';

const invoice: Invoice = {
  invoiceId: 17,
  contractId: 12,
  contractNo: 'HT-2026-001',
  contractName: '滨江新城规划设计合同',
  projectName: '滨江新城规划',
  totalAmount: '960',
  invoiceAmount: '20',
  invoiceType: '1',
  invoicePurpose: '1',
  invoiceTitle: '滨江新城管委会',
  taxNo: '',
  invoiceDate: '2026-11-20',
  remark: '',
  status: 1,
  approvalId: '50',
  deptId: 110,
  userId: 8,
  createBy: 'caiwu',
  createByName: 'caiwu',
  createTime: new Date('2026-11-19T16:30:00Z'),
  approvedTime: null,
  version: 1,
};

const facts: SheetFacts = {
  kind: 'invoice',
  facts: { invoice, invoicedAmount: '0', invoicingAmount: '0', backAmount: '0' },
};

const sheetsOver = (source: ApprovalSheetSource) =>
  new ApprovalSheets({ transaction: (fn) => fn({ sheets: source }) });

const subject = {
  typeCode: '23_1',
  recordKind: 'account.invoice',
  recordId: '17',
  content: { invoiceAmount: { label: '开票金额（万元）', value: '20', type: 'input' as const } },
};

describe('the sheet an approver reads', () => {
  it('names the applicant as people know them, not by the login the record keeps', async () => {
    const sheet = await sheetsOver({
      factsOf: () => Promise.resolve(facts),
      timeZone: () => Promise.resolve('Asia/Shanghai'),
      nickNames: (logins) =>
        Promise.resolve(Object.fromEntries(logins.map((l) => [l, l === 'caiwu' ? '周会计' : l]))),
    }).sheetOf(subject);
    expect(sheetFigure(sheet, 'createBy')?.value).toBe('周会计');
    expect(sheet).toMatchObject({
      source: 'record',
      recordKind: 'account.invoice',
      recordId: '17',
    });
  });

  it('leaves out a section with nothing in it', async () => {
    const sheet = await sheetsOver({
      factsOf: () =>
        Promise.resolve({
          kind: 'fundPlan',
          facts: {
            planId: 3,
            deptId: 110,
            deptName: '建筑一所',
            planMonth: '2026-12',
            reason: '',
            createBy: 'caiwu',
            createByName: 'caiwu',
            createTime: new Date(0),
            lines: [],
          } as unknown as FundPlan,
        }),
      timeZone: () => Promise.resolve('Asia/Shanghai'),
    }).sheetOf({ ...subject, typeCode: '8_1', recordKind: 'fund.plan', recordId: '3' });
    expect(sheet.sections.map((s) => s.title)).not.toContain('计划明细');
    expect(sheet.sections.every((s) => s.figures.length > 0)).toBe(true);
  });

  it('keeps the login where the name is unknown', async () => {
    const sheet = await sheetsOver({
      factsOf: () => Promise.resolve(facts),
      timeZone: () => Promise.resolve('Asia/Shanghai'),
      nickNames: () => Promise.resolve({}),
    }).sheetOf(subject);
    expect(sheetFigure(sheet, 'createBy')?.value).toBe('caiwu');
  });

  it('shows the form as filed when the record is gone', async () => {
    const sheet = await sheetsOver({
      factsOf: () => Promise.resolve(null),
      timeZone: () => Promise.resolve('Asia/Shanghai'),
    }).sheetOf(subject);
    expect(sheet.source).toBe('form');
    expect(sheetFigure(sheet, 'invoiceAmount')).toMatchObject({ label: '开票金额', unit: '万元' });
  });
});
