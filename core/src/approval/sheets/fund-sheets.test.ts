import { describe, expect, it } from 'vitest';
import type { FundPerform, FundPlan } from '../../fund-plan/fund-plan.js';
import {
  sheetFigure,
  sheetFigureLabel,
  sheetFigureText,
  sheetFromContent,
  sheetRows,
  type ApprovalSheet,
} from './approval-sheet.js';
import { describeSheet, type SheetFacts } from './approval-sheets.use-case.js';
import {
  fundPaySheet,
  fundPerformSheet,
  fundPlanSheet,
  type FundPaySheetFacts,
} from './fund-sheets.js';

const ZONE = 'Asia/Shanghai';
const text = (s: ApprovalSheet, key: string) => {
  const f = sheetFigure(s, key);
  return f === undefined ? undefined : `${sheetFigureLabel(f)}=${sheetFigureText(f)}`;
};
const labels = (s: ApprovalSheet) => sheetRows(s).map((r) => r.label);

const pay = (over: Partial<FundPaySheetFacts> = {}): FundPaySheetFacts => ({
  payId: 26,
  typeCode: '16_1',
  contractName: '滨江设计合同',
  contractNo: 'HT-1',
  deptName: '建筑一所',
  planMonth: '',
  subjectName: '',
  reason: '结构咨询费',
  payTime: '2026-11-30',
  payCompanyName: '设计院',
  receiveCompanyName: '结构事务所',
  payAmount: '10',
  taxRate: '0.03',
  realPayAmount: '9.7',
  statusText: '审批中',
  createBy: 'caiwu',
  paidTime: null,
  payItem: { contractChildNo: 'FB-1', itemAmount: '30', paidAmount: '12' },
  planLine: null,
  ...over,
});

describe('the payment contract sheet (16_1)', () => {
  it('shows the payment as 本次付款金额 and its date as 付款日期, never 合同金额 or 签订日期', () => {
    const s = fundPaySheet(pay(), ZONE);
    expect(text(s, 'payAmount')).toBe('本次付款金额（万元）=10');
    expect(text(s, 'taxRate')).toBe('税率（%）=3');
    expect(text(s, 'realPayAmount')).toBe('实付金额（万元）=9.7');
    expect(text(s, 'payTime')).toBe('付款日期=2026-11-30');
    expect(labels(s)).not.toContain('合同金额（万元）');
    expect(labels(s)).not.toContain('签订日期');
  });

  it('shows the pay item it draws on and what is left of it after this payment', () => {
    const s = fundPaySheet(pay(), ZONE);
    expect(text(s, 'contractChildNo')).toBe('分包合同编号=FB-1');
    expect(text(s, 'itemAmount')).toBe('付款项金额（万元）=30');
    expect(text(s, 'itemLeftAfter')).toBe('本次付款后剩余（万元）=8');
  });

  it('names an in-plan payment 月度计划内付款 with its plan line', () => {
    const s = fundPaySheet(
      pay({ typeCode: '20_1', payItem: null, planLine: { planPayAmount: '20', paidAmount: '5' } }),
      ZONE,
    );
    expect(s.title).toBe('月度计划内付款');
    expect(text(s, 'planLeftAfter')).toBe('本次付款后剩余（万元）=5');
    expect(sheetFigure(s, 'itemAmount')).toBeUndefined();
  });
});

const plan: FundPlan = {
  planId: 3,
  deptId: 110,
  deptName: '建筑一所',
  planMonth: '2026-12',
  status: 1,
  executedAmount: '0',
  reason: '',
  remark: '',
  approvalId: '5',
  approvalKind: '8_1',
  userId: 8,
  createBy: 'caiwu',
  createByName: 'caiwu',
  createTime: new Date('2026-11-25T01:00:00Z'),
  approvedTime: null,
  version: 1,
  incomeAmount: '80',
  rigidAmount: '20',
  loanAmount: '10',
  paymentAmount: '30',
  totalAmount: '60',
  reserveAmount: '40',
  confirmAmount: '16',
  balanceAmount: '20',
  lines: [
    {
      lineId: 1,
      lineKind: 'income',
      subjectName: '回款',
      contractId: 2,
      contractName: '滨江设计合同',
      amount: '80',
      paybackRate: '0.2',
      allotAmount: '80',
      confirmAmount: '16',
      executedAmount: '0',
      remark: '',
    },
  ],
};

describe('the fund plan sheet (8_1)', () => {
  it('shows 预计回款 under its own label, never under 合同金额', () => {
    const s = fundPlanSheet(plan, ZONE);
    expect(text(s, 'incomeAmount')).toBe('预计回款（万元）=80');
    expect(text(s, 'totalAmount')).toBe('计划支出合计（万元）=60');
    expect(text(s, 'balanceAmount')).toBe('收支差额（万元）=20');
    expect(text(s, 'createTime')).toBe('申请时间=2026-11-25 09:00');
    expect(labels(s)).not.toContain('合同金额（万元）');
    expect(labels(s)).toContain('预计回款：回款（滨江设计合同）（万元）');
  });
});

const perform: FundPerform = {
  performId: 4,
  planId: 3,
  deptId: 110,
  deptName: '建筑一所',
  planMonth: '2026-12',
  lineKind: 'rigid',
  status: 1,
  overPlan: false,
  totalAmount: '18',
  performDate: '2026-12-05',
  reason: '',
  remark: '',
  approvalId: '6',
  approvalKind: '26_1',
  userId: 8,
  createBy: 'caiwu',
  createByName: 'caiwu',
  createTime: null,
  approvedTime: null,
  version: 1,
  lines: [
    {
      performLineId: 1,
      planLineId: 2,
      lineKind: 'rigid',
      subjectName: '工资',
      amount: '18',
      planAmount: '20',
      planExecutedAmount: '0',
      remark: '',
    },
  ],
};

describe('the fund execution sheet (9_x, 26_x)', () => {
  it('shows each line against its plan', () => {
    const s = fundPerformSheet(perform, ZONE);
    expect(text(s, 'line1')).toBe('工资（万元）=20 → 18');
    expect(text(s, 'lineKind')).toBe('类别=刚性支出');
  });
});

describe('describeSheet', () => {
  it('describes each kind by its own describer', () => {
    const facts: SheetFacts = { kind: 'fundPlan', facts: plan };
    expect(describeSheet(facts, ZONE).title).toBe('月度资金计划');
  });
});

describe('sheetFromContent', () => {
  it('reads a form as filed: its labels, units and values, files left out', () => {
    const s = sheetFromContent(
      '审批单',
      {
        amount: { label: '金额（万元）', value: '3', type: 'input' },
        subject: { label: '事由', value: '采购', type: 'input' },
        files: { label: '附件', value: [], type: 'upload' },
      },
      { recordKind: null, recordId: null },
    );
    expect(text(s, 'amount')).toBe('金额（万元）=3');
    expect(sheetFigure(s, 'amount')?.unit).toBe('万元');
    expect(text(s, 'subject')).toBe('事由=采购');
    expect(sheetFigure(s, 'files')).toBeUndefined();
  });
});
