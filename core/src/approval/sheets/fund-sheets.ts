import {
  FUND_PLAN_LINE_KIND_LABELS,
  type FundPerform,
  type FundPlan,
} from '../../fund-plan/fund-plan.js';
import { toAmountString } from '../../money/amount.js';
import { MoneyDecimal } from '../../money/money-decimal.js';
import { formatInstant } from '../../platform/institute-clock.js';
import {
  figure,
  fractionPercent,
  type ApprovalSheet,
  type SheetFigure,
  type SheetSection,
} from './approval-sheet.js';

/* The sheets of payments (16_1, 16_2, 20_1), fund plans (8_1, 8_2) and executions (9_x, 26_x). */

const d = (v: string) => new MoneyDecimal(v === '' ? '0' : v);
const minus = (a: string, b: string): string => toAmountString(d(a).minus(d(b)));

/** A payment as its sheet reads it, with what it draws on (its pay item or plan line). */
export interface FundPaySheetFacts {
  readonly payId: number;
  readonly typeCode: string;
  readonly contractName: string;
  readonly contractNo: string;
  readonly deptName: string;
  readonly planMonth: string;
  readonly subjectName: string;
  readonly reason: string;
  /** yyyy-MM-dd, or '' when not set. */
  readonly payTime: string;
  readonly payCompanyName: string;
  readonly receiveCompanyName: string;
  readonly payAmount: string;
  /** Decimal fraction, '0.03' for 3%. */
  readonly taxRate: string;
  readonly realPayAmount: string;
  readonly statusText: string;
  readonly createBy: string;
  readonly paidTime: Date | null;
  /**
   * 16_x: the sub-contract pay item it executes, and what the other live payments on it commit
   * (paid and in approval: what the payable rule counts, so 本次付款后剩余 is what it allows).
   */
  readonly payItem: {
    readonly contractChildNo: string;
    readonly itemAmount: string;
    readonly paidAmount: string;
  } | null;
  /** 20_1: the payment plan line it executes, and what the other live payments on it commit. */
  readonly planLine: { readonly planPayAmount: string; readonly paidAmount: string } | null;
}

/**
 * 付款合同 (16_x) and 月度计划内付款 (20_1): the payment under its own words (本次付款金额, 付款日期,
 * never 合同金额 / 签订日期), the tax and the net pay, the parties, and what it draws on: the pay
 * item's amount, what the other payments on it paid or hold in approval, and what is left after
 * this one (the payable rule's own sums).
 */
export function fundPaySheet(p: FundPaySheetFacts, zone: string): ApprovalSheet {
  const draws: SheetSection[] = [];
  if (p.payItem !== null)
    draws.push({
      title: '分包付款项',
      figures: [
        figure.text('contractChildNo', '分包合同编号', p.payItem.contractChildNo),
        figure.amount('itemAmount', '付款项金额', p.payItem.itemAmount),
        figure.amount('itemPaidAmount', '其他已付及待付金额', p.payItem.paidAmount),
        figure.amount(
          'itemLeftAfter',
          '本次付款后剩余',
          minus(minus(p.payItem.itemAmount, p.payItem.paidAmount), p.payAmount),
        ),
      ],
    });
  if (p.planLine !== null)
    draws.push({
      title: '付款计划',
      figures: [
        figure.amount('planPayAmount', '计划付款金额', p.planLine.planPayAmount),
        figure.amount('planPaidAmount', '其他已付及待付金额', p.planLine.paidAmount),
        figure.amount(
          'planLeftAfter',
          '本次付款后剩余',
          minus(minus(p.planLine.planPayAmount, p.planLine.paidAmount), p.payAmount),
        ),
      ],
    });
  const pay: SheetFigure[] = [
    figure.text('contractName', '合同名称', p.contractName),
    figure.text('contractNo', '合同编号', p.contractNo),
    figure.text('deptName', '付款部门', p.deptName),
    figure.text('reason', '付款事由', p.reason),
    figure.amount('payAmount', '本次付款金额', p.payAmount),
    figure.rate('taxRate', '税率', fractionPercent(p.taxRate)),
    figure.amount('realPayAmount', '实付金额', p.realPayAmount),
    figure.text('payTime', '付款日期', p.payTime),
    figure.text('payCompanyName', '付款单位', p.payCompanyName),
    figure.text('receiveCompanyName', '收款单位', p.receiveCompanyName),
  ];
  if (p.planMonth !== '') pay.push(figure.text('planMonth', '计划月份', p.planMonth));
  if (p.subjectName !== '') pay.push(figure.text('subjectName', '科目名称', p.subjectName));
  pay.push(
    figure.text('createBy', '申请人', p.createBy),
    figure.text('status', '状态', p.statusText),
  );
  if (p.paidTime !== null)
    pay.push(figure.text('paidTime', '付款时间', formatInstant(p.paidTime, zone)));
  return {
    recordKind: null,
    source: 'record',
    recordId: String(p.payId),
    title: p.typeCode === '20_1' ? '月度计划内付款' : '付款合同',
    sections: [{ title: '付款信息', figures: pay }, ...draws],
  };
}

/**
 * 月度资金计划 (8_1, 8_2): the plan's totals under their own words (预计回款 is income, never
 * 合同金额), the balance, the tips (储备资金, 分配确认) and every line with its amount.
 */
export function fundPlanSheet(p: FundPlan, zone: string): ApprovalSheet {
  return {
    recordKind: null,
    source: 'record',
    recordId: String(p.planId),
    title: '月度资金计划',
    sections: [
      {
        title: '计划信息',
        figures: [
          figure.text('deptName', '部门', p.deptName),
          figure.text('planMonth', '计划月份', p.planMonth),
          figure.text('reason', '事由', p.reason),
          figure.text('createBy', '申请人', p.createBy),
          figure.text('createTime', '申请时间', formatInstant(p.createTime, zone)),
        ],
      },
      {
        title: '计划金额',
        figures: [
          figure.amount('incomeAmount', FUND_PLAN_LINE_KIND_LABELS.income, p.incomeAmount),
          figure.amount('rigidAmount', FUND_PLAN_LINE_KIND_LABELS.rigid, p.rigidAmount),
          figure.amount('loanAmount', FUND_PLAN_LINE_KIND_LABELS.loan, p.loanAmount),
          figure.amount('paymentAmount', FUND_PLAN_LINE_KIND_LABELS.payment, p.paymentAmount),
          figure.amount('totalAmount', '计划支出合计', p.totalAmount),
          figure.amount('balanceAmount', '收支差额', p.balanceAmount),
          figure.amount('reserveAmount', '储备资金', p.reserveAmount),
          figure.amount('confirmAmount', '分配确认', p.confirmAmount),
          figure.amount('executedAmount', '已执行金额', p.executedAmount),
        ],
      },
      {
        title: '计划明细',
        figures: p.lines.map((l) =>
          figure.amount(
            `line${String(l.lineId)}`,
            `${FUND_PLAN_LINE_KIND_LABELS[l.lineKind]}：${l.subjectName}${l.contractName === '' ? '' : `（${l.contractName}）`}`,
            l.amount,
          ),
        ),
      },
    ],
  };
}

/** 资金执行单 (9_x, 26_x): what was executed against the plan, line by line, with the plan's. */
export function fundPerformSheet(p: FundPerform, zone: string): ApprovalSheet {
  return {
    recordKind: null,
    source: 'record',
    recordId: String(p.performId),
    title: '资金执行单',
    sections: [
      {
        title: '执行信息',
        figures: [
          figure.text('deptName', '部门', p.deptName),
          figure.text('planMonth', '计划月份', p.planMonth),
          figure.text('lineKind', '类别', FUND_PLAN_LINE_KIND_LABELS[p.lineKind]),
          figure.text('overPlan', '超计划', p.overPlan ? '是' : '否'),
          figure.text('performDate', '执行日期', p.performDate),
          figure.amount('totalAmount', '执行金额', p.totalAmount),
          figure.text('reason', '事由', p.reason),
          figure.text('createTime', '申请时间', formatInstant(p.createTime, zone)),
        ],
      },
      {
        title: '执行明细（计划 → 本次执行）',
        figures: p.lines.map((l) =>
          figure.amount(`line${String(l.performLineId)}`, l.subjectName, l.amount, l.planAmount),
        ),
      },
    ],
  };
}
