import type { DataScope } from '../platform/data-scope.js';

/**
 * Monthly fund plan status (the `fund_plan.status` column other slices read): 0 draft, 1 in
 * approval (locked), 2 approved (locked; one per department and month), 3 rejected or withdrawn
 * (editable again). Fund execution sheets use the same four.
 */
export type FundPlanStatus = 0 | 1 | 2 | 3;
export const FUND_PLAN_STATUS_LABELS: Readonly<Record<FundPlanStatus, string>> = {
  0: '草稿',
  1: '审批中',
  2: '已通过',
  3: '已驳回',
};

/**
 * The lines of a monthly plan: income expected (back money by contract) and the spending of the
 * month — rigid costs (salaries, rent …), loans and payments.
 */
export const FUND_PLAN_LINE_KINDS = ['income', 'rigid', 'loan', 'payment'] as const;
export type FundPlanLineKind = (typeof FUND_PLAN_LINE_KINDS)[number];
export const FUND_PLAN_LINE_KIND_LABELS: Readonly<Record<FundPlanLineKind, string>> = {
  income: '预计回款',
  rigid: '刚性支出',
  loan: '借款支出',
  payment: '付款支出',
};

/** The approval the plan travels on: 8_1 a plan within its income, 8_2 one spending beyond it. */
export const FUND_PLAN_TYPE_CODES = { balanced: '8_1', deficit: '8_2' } as const;
/**
 * The approval an execution sheet travels on: 9_1 receipts within the plan, 26_1/26_2/26_3 rigid
 * costs, loans and payments within the plan, 9_2 anything beyond the plan (asked for explicitly).
 */
export const FUND_PERFORM_TYPE_CODES = {
  income: '9_1',
  rigid: '26_1',
  loan: '26_2',
  payment: '26_3',
  overPlan: '9_2',
} as const;

export const FUND_PLAN_RECORD_KIND = 'fund.plan';
export const FUND_PERFORM_RECORD_KIND = 'fund.perform';

export interface FundPlanLine {
  readonly lineId: number;
  readonly lineKind: FundPlanLineKind;
  readonly subjectName: string;
  readonly contractId: number | null;
  readonly contractName: string;
  /** Planned amount, 万元. */
  readonly amount: string;
  /** Income lines: payback rate (0–1) and filing allocation; confirmAmount = rate × allocation. */
  readonly paybackRate: string | null;
  readonly allotAmount: string | null;
  readonly confirmAmount: string;
  /** Executed by approved execution sheets. */
  readonly executedAmount: string;
  readonly remark: string;
}

/** The totals and tips of a plan, computed in core (fund-plan-rules.ts). */
export interface FundPlanTotals {
  readonly incomeAmount: string;
  readonly rigidAmount: string;
  readonly loanAmount: string;
  readonly paymentAmount: string;
  /** Planned spending: rigid + loans + payments (`fund_plan.total_amount`). */
  readonly totalAmount: string;
  /** Tip: reserve funds are two months of rigid costs. */
  readonly reserveAmount: string;
  /** Tip: Σ allocation confirmation (payback rate × filing allocation) of the income lines. */
  readonly confirmAmount: string;
  /** Expected income − planned spending (4 decimals, the spec's subtraction rule). */
  readonly balanceAmount: string;
}

export interface FundPlan extends FundPlanTotals {
  readonly planId: number;
  readonly deptId: number;
  readonly deptName: string;
  readonly planMonth: string;
  readonly status: FundPlanStatus;
  readonly executedAmount: string;
  readonly reason: string;
  readonly remark: string;
  readonly approvalId: string | null;
  readonly approvalKind: string | null;
  readonly userId: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date | null;
  readonly approvedTime: Date | null;
  readonly version: number;
  readonly lines: readonly FundPlanLine[];
}

export interface FundPerformLine {
  readonly performLineId: number;
  readonly planLineId: number;
  readonly lineKind: FundPlanLineKind;
  readonly subjectName: string;
  readonly amount: string;
  /** The plan line's planned amount and what approved executions took of it. */
  readonly planAmount: string;
  readonly planExecutedAmount: string;
  readonly remark: string;
}

/** A fund execution sheet: what was actually received or spent on one kind of a plan's lines. */
export interface FundPerform {
  readonly performId: number;
  readonly planId: number;
  readonly deptId: number;
  readonly deptName: string;
  readonly planMonth: string;
  readonly lineKind: FundPlanLineKind;
  readonly status: FundPlanStatus;
  readonly overPlan: boolean;
  readonly totalAmount: string;
  readonly performDate: string;
  readonly reason: string;
  readonly remark: string;
  readonly approvalId: string | null;
  readonly approvalKind: string | null;
  readonly userId: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date | null;
  readonly approvedTime: Date | null;
  readonly version: number;
  readonly lines: readonly FundPerformLine[];
}

/** One month of the plan-against-execution chart (approved records only). */
export interface FundPlanChartMonth {
  readonly month: string;
  readonly planIncome: string;
  readonly planSpend: string;
  readonly performIncome: string;
  readonly performSpend: string;
}

export interface FundPlanActor {
  readonly userId: number;
  readonly userName: string;
  readonly deptId: number | null;
  readonly scope: DataScope;
}

/** A plan line as a person sends it; amounts are strings (never floats). */
export interface FundPlanLineInput {
  readonly lineKind?: unknown;
  readonly subjectName?: unknown;
  readonly contractId?: number | null;
  readonly amount?: unknown;
  readonly paybackRate?: unknown;
  readonly allotAmount?: unknown;
  readonly remark?: unknown;
}

export interface FundPlanInput {
  readonly deptId?: number;
  readonly planMonth?: unknown;
  readonly reason?: unknown;
  readonly remark?: unknown;
  readonly lines?: readonly FundPlanLineInput[];
}

export interface FundPerformLineInput {
  readonly planLineId?: number;
  readonly amount?: unknown;
  readonly remark?: unknown;
}

export interface FundPerformInput {
  readonly planId?: number;
  readonly lineKind?: unknown;
  readonly performDate?: unknown;
  readonly overPlan?: boolean;
  readonly reason?: unknown;
  readonly remark?: unknown;
  readonly lines?: readonly FundPerformLineInput[];
}
