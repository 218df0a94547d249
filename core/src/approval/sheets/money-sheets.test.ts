import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClosedCase } from '../../closing/closing.js';
import type { Loan, TeamPosition } from '../../fund/fund.js';
import { MoneyDecimal } from '../../money/money-decimal.js';
import { sheetFigure, sheetFigureLabel, sheetFigureText, sheetRows } from './approval-sheet.js';
import { closingSheet, loanSheet } from './money-sheets.js';

const ZONE = 'Asia/Shanghai';

const loan = (over: Partial<Loan> = {}): Loan => ({
  loanId: 7,
  loanDeptId: 110,
  loanDeptName: '建筑一所',
  contractId: null,
  taskId: null,
  loanAmount: '5',
  repaidAmount: '0',
  outstandingAmount: '0',
  refundDate: '2026-12-31',
  reason: '周转',
  totalShouldReceAmt: '300',
  totalReceiveAmt: '25',
  totalAllotConfirmAmt: '12',
  status: 1,
  approvalId: '3',
  userId: 8,
  createBy: 'caiwu',
  createByName: 'caiwu',
  // 23:30 UTC is the next morning in Shanghai: the sheet reads the institute's clock.
  createTime: new Date('2026-11-24T23:30:00Z'),
  approvedTime: null,
  version: 1,
  ...over,
});

const position: TeamPosition = {
  deptId: 110,
  totalShouldReceAmt: '300',
  totalReceiveAmt: '25',
  totalAllotConfirmAmt: '12',
  outstandingLoanAmt: '120.5',
  pendingLoanAmt: '5',
  borrowableAmt: '149.5',
};

const text = (s: ReturnType<typeof loanSheet>, key: string) => {
  const f = sheetFigure(s, key);
  return f === undefined ? undefined : `${sheetFigureLabel(f)}=${sheetFigureText(f)}`;
};

describe('the loan agreement sheet (10_1)', () => {
  it('shows the amount in 万元, the limit and what is left after the loan', () => {
    const s = loanSheet({ loan: loan(), position }, ZONE);
    expect(s.title).toBe('借款协议');
    expect(text(s, 'loanAmount')).toBe('借款金额（万元）=5');
    expect(text(s, 'loanLimit')).toBe('借款额度（万元）=275');
    expect(text(s, 'borrowableAmt')).toBe('可借余额（万元）=149.5');
    expect(text(s, 'borrowableAfter')).toBe('本次借款后可借余额（万元）=144.5');
    expect(text(s, 'loanDeptName')).toBe('借款部门=建筑一所');
    expect(text(s, 'createTime')).toBe('申请时间=2026-11-25 07:30');
  });

  it('shows what is repaid once in force, and nothing after it', () => {
    const s = loanSheet(
      {
        loan: loan({
          status: 2,
          repaidAmount: '2',
          outstandingAmount: '3',
          approvedTime: new Date('2026-11-25T02:00:00Z'),
        }),
        position,
      },
      ZONE,
    );
    expect(sheetFigure(s, 'borrowableAfter')).toBeUndefined();
    expect(text(s, 'outstandingAmount')).toBe('未还金额（万元）=3');
    expect(text(s, 'approvedTime')).toBe('生效时间=2026-11-25 10:00');
  });

  it('falls back on what the loan recorded when the position cannot be read', () => {
    const s = loanSheet(
      { loan: loan({ totalShouldReceAmt: '10', totalReceiveAmt: '4' }), position: null },
      ZONE,
    );
    expect(text(s, 'loanLimit')).toBe('借款额度（万元）=6');
    expect(sheetFigure(s, 'borrowableAmt')).toBeUndefined();
  });

  it('holds 本次借款后可借余额 to 可借余额 − 借款金额 for any amounts', () => {
    const amount = fc
      .integer({ min: 0, max: 10_000_000 })
      .map((n) => new MoneyDecimal(n).div(100).toFixed());
    fc.assert(
      fc.property(amount, amount, (borrowable, loanAmount) => {
        const s = loanSheet(
          { loan: loan({ loanAmount }), position: { ...position, borrowableAmt: borrowable } },
          ZONE,
        );
        const after = sheetFigure(s, 'borrowableAfter')?.value ?? '';
        return new MoneyDecimal(after).eq(new MoneyDecimal(borrowable).minus(loanAmount));
      }),
    );
  });
});

const fees = (v: string) => ({
  directFee: v,
  technicalFee: v,
  expertFee: v,
  operateFee: v,
  designFee: v,
});

const closing = (over: Partial<ClosedCase> = {}): ClosedCase => ({
  closedId: 4,
  kind: 'closed',
  contractId: 2,
  contractNo: 'HT-2026-001',
  contractName: '滨江设计合同',
  projectName: '滨江项目',
  closedCaseAmount: '30',
  backAmount: '60',
  settleAmount: '0',
  originalFees: fees('3.3'),
  fees: fees('1.65'),
  remark: '',
  status: 1,
  approvalId: '9',
  deptId: 110,
  userId: 8,
  createBy: 'caiwu',
  createByName: 'caiwu',
  version: 1,
  createTime: null,
  approvedTime: null,
  ...over,
});

describe('the closing sheets (11_1 结算, 11_2 结案)', () => {
  it('shows the amounts, the ratio and every fee before and after', () => {
    const s = closingSheet(closing(), ZONE);
    expect(s.title).toBe('结案审核');
    expect(text(s, 'closedCaseAmount')).toBe('结案金额（万元）=30');
    expect(text(s, 'backAmount')).toBe('回款金额（万元）=60');
    expect(text(s, 'closedRate')).toBe('结案比例（%）=50');
    expect(text(s, 'directFee')).toBe('直接费（万元）=3.3 → 1.65');
    expect(text(s, 'designFee')).toBe('设计费（万元）=3.3 → 1.65');
    expect(sheetRows(s).map((r) => r.label)).toContain('合同名称');
  });

  it('names a settlement as 结算审核', () => {
    expect(closingSheet(closing({ kind: 'settle' }), ZONE).title).toBe('结算审核');
  });

  it('shows no ratio when nothing came back', () => {
    const s = closingSheet(closing({ backAmount: '0' }), ZONE);
    expect(text(s, 'closedRate')).toBe('结案比例（%）=-');
  });
});
