import {
  CLOSING_FEE_KEYS,
  CLOSING_KIND_LABELS,
  CLOSING_STATUS_LABELS,
  type ClosedCase,
} from '../../closing/closing.js';
import { CLOSING_FIELD_LABELS } from '../../closing/closing-messages.js';
import { LOAN_STATUS_LABELS, type Loan, type TeamPosition } from '../../fund/fund.js';
import { toAmountString } from '../../money/amount.js';
import { MoneyDecimal } from '../../money/money-decimal.js';
import { formatInstant } from '../../platform/institute-clock.js';
import { figure, type ApprovalSheet, type SheetFigure } from './approval-sheet.js';

/* The sheets of the records that move money: loans (10_1) and closings (11_1 结算, 11_2 结案). */

const d = (v: string) => new MoneyDecimal(v === '' ? '0' : v);
const minus = (a: string, b: string): string => toAmountString(d(a).minus(d(b)));
/** a / b as a percentage with two decimals; empty when b is zero (no ratio to show). */
const percentOf = (a: string, b: string): string =>
  d(b).isZero() ? '' : d(a).div(d(b)).times(100).toDecimalPlaces(2).toFixed();

/** A loan with the team's position now (this loan left out of what is in approval). */
export interface LoanSheetFacts {
  readonly loan: Loan;
  /** Null when it could not be read: the sheet then shows what the loan recorded when sent. */
  readonly position: TeamPosition | null;
}

/**
 * 借款协议 (10_1): the loan, and the limit it is held to: what the team should receive less what
 * it received (借款额度), what it owes and has asked for, what it may still borrow, and, while the
 * loan is not yet in force, what would be left after it (the second loan of 275 − 125.5 = 149.5
 * is held to 144.5 after a first of 5).
 */
export function loanSheet({ loan, position }: LoanSheetFacts, zone: string): ApprovalSheet {
  const should = position?.totalShouldReceAmt ?? loan.totalShouldReceAmt;
  const received = position?.totalReceiveAmt ?? loan.totalReceiveAmt;
  const limit: SheetFigure[] = [
    figure.amount('totalShouldReceAmt', '应收合计', should),
    figure.amount('totalReceiveAmt', '已收合计', received),
    figure.amount(
      'totalAllotConfirmAmt',
      '分配确认合计',
      position?.totalAllotConfirmAmt ?? loan.totalAllotConfirmAmt,
    ),
    figure.amount('loanLimit', '借款额度', minus(should, received)),
  ];
  if (position !== null) {
    limit.push(
      figure.amount('outstandingLoanAmt', '已借未还', position.outstandingLoanAmt),
      figure.amount('pendingLoanAmt', '其他审批中借款', position.pendingLoanAmt),
      figure.amount('borrowableAmt', '可借余额', position.borrowableAmt),
    );
    // Once in force the loan is part of what is owed; before, the approver sees what it leaves.
    if (loan.status !== 2)
      limit.push(
        figure.amount(
          'borrowableAfter',
          '本次借款后可借余额',
          minus(position.borrowableAmt, loan.loanAmount),
        ),
      );
  }
  const loanFigures: SheetFigure[] = [
    figure.text('loanDeptName', '借款部门', loan.loanDeptName),
    figure.amount('loanAmount', '借款金额', loan.loanAmount),
    figure.text('refundDate', '还款日期', loan.refundDate),
    figure.text('reason', '借款事由', loan.reason),
    figure.text('createBy', '申请人', loan.createBy),
    figure.text('createTime', '申请时间', formatInstant(loan.createTime, zone)),
    figure.text('status', '状态', LOAN_STATUS_LABELS[loan.status]),
  ];
  if (loan.status === 2)
    loanFigures.push(
      figure.amount('repaidAmount', '已还金额', loan.repaidAmount),
      figure.amount('outstandingAmount', '未还金额', loan.outstandingAmount),
      figure.text('approvedTime', '生效时间', formatInstant(loan.approvedTime, zone)),
    );
  return {
    recordKind: null,
    source: 'record',
    recordId: String(loan.loanId),
    title: '借款协议',
    sections: [
      { title: '借款信息', figures: loanFigures },
      { title: '借款额度', figures: limit },
    ],
  };
}

const label = (key: string): string => CLOSING_FIELD_LABELS[key] ?? key;

/**
 * 结算审核 (11_1) and 结案审核 (11_2): the contract, the amounts, the ratio the fees scale by
 * (结案金额 / 回款金额), and each fee before and after (原 → 结案后).
 */
export function closingSheet(c: ClosedCase, zone: string): ApprovalSheet {
  const kindLabel = CLOSING_KIND_LABELS[c.kind];
  return {
    recordKind: null,
    source: 'record',
    recordId: String(c.closedId),
    title: `${kindLabel}审核`,
    sections: [
      {
        title: '合同信息',
        figures: [
          figure.text('contractName', '合同名称', c.contractName),
          figure.text('contractNo', '合同编号', c.contractNo),
          figure.text('projectName', '项目名称', c.projectName),
          figure.text('createBy', '申请人', c.createBy),
          figure.text('createTime', '申请时间', formatInstant(c.createTime, zone)),
          figure.text('status', '状态', CLOSING_STATUS_LABELS[c.status]),
        ],
      },
      {
        title: `${kindLabel}金额`,
        figures: [
          figure.amount('closedCaseAmount', label('closedCaseAmount'), c.closedCaseAmount),
          figure.amount('backAmount', label('backAmount'), c.backAmount),
          figure.amount('settleAmount', label('settleAmount'), c.settleAmount),
          figure.rate('closedRate', '结案比例', percentOf(c.closedCaseAmount, c.backAmount)),
        ],
      },
      {
        title: `费用（原 → ${kindLabel}后）`,
        figures: CLOSING_FEE_KEYS.map((k) =>
          figure.amount(k, label(k), c.fees[k], c.originalFees[k]),
        ),
      },
      ...(c.remark === ''
        ? []
        : [{ title: '备注', figures: [figure.text('remark', label('remark'), c.remark)] }]),
    ],
  };
}
