import type { FundMovementKind } from './fund-ledger.js';

/** Back money (回款): a payment that came back on a contract, allotted to design teams. */
export interface BackMoney {
  readonly backMoneyId: number;
  readonly contractId: number;
  readonly contractName: string;
  readonly projectName: string;
  readonly contractNo: string;
  /** The contract's department and owner: the record's data scope. */
  readonly deptId: number | null;
  readonly userId: number;
  readonly backAmount: string;
  /** 已分配: Σ its allotments (core/src/figures counts them). */
  readonly allottedAmount: string;
  /** 实付金额: Σ the net pay paid fund payments drew from it. */
  readonly realPaidAmount: string;
  /** 未分配: backAmount − allottedAmount − realPaidAmount (its balance in the fund ledger). */
  readonly unallottedAmount: string;
  readonly backDate: string;
  readonly remark: string;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date;
  readonly version: number;
}

/** One allotment of back money to a design team (and optionally one of its tasks). */
export interface BackMoneyAllotment {
  readonly allotId: number;
  readonly backMoneyId: number;
  readonly contractId: number;
  readonly deptId: number;
  readonly deptName: string;
  readonly taskId: number | null;
  readonly taskNo: string;
  readonly taskName: string;
  readonly allotAmount: string;
  readonly remark: string;
  /** 1: one team at a time (allot-design V1); 2: several in one call (V2). */
  readonly allotVersion: 1 | 2;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date;
}

/** Loan status: 0 draft, 1 in approval, 2 approved (in effect), 3 rejected or withdrawn. */
export type LoanStatus = 0 | 1 | 2 | 3;
export const LOAN_STATUS_LABELS: Readonly<Record<LoanStatus, string>> = {
  0: '草稿',
  1: '审批中',
  2: '已生效',
  3: '已驳回',
};

/** A loan of a design team against what it is owed (loan agreement, approval 10_1). */
export interface Loan {
  readonly loanId: number;
  readonly loanDeptId: number;
  readonly loanDeptName: string;
  readonly contractId: number | null;
  readonly taskId: number | null;
  readonly loanAmount: string;
  readonly repaidAmount: string;
  /** loanAmount − repaid once approved; 0 before. */
  readonly outstandingAmount: string;
  readonly refundDate: string;
  readonly reason: string;
  /** What the team was owed when it applied (snapshot of the limit's inputs). */
  readonly totalShouldReceAmt: string;
  readonly totalReceiveAmt: string;
  readonly totalAllotConfirmAmt: string;
  readonly status: LoanStatus;
  readonly approvalId: string | null;
  readonly userId: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date;
  readonly approvedTime: Date | null;
  readonly version: number;
}

export interface Repayment {
  readonly repaymentId: number;
  readonly loanId: number;
  readonly loanDeptId: number;
  readonly loanDeptName: string;
  readonly repaymentAmount: string;
  readonly repaymentDate: string;
  readonly remark: string;
  readonly userId: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date;
}

/** What a team is owed and has had: the inputs of the loan limit. */
export interface TeamPosition {
  readonly deptId: number;
  /** Σ the team's design task amounts: what it should receive. */
  readonly totalShouldReceAmt: string;
  /** Σ back money allotted to the team (its teamReceived balance). */
  readonly totalReceiveAmt: string;
  /** Σ the confirmed finish amounts of the team's tasks. */
  readonly totalAllotConfirmAmt: string;
  /** What the team owes on approved loans (its teamLoan balance). */
  readonly outstandingLoanAmt: string;
  /** Σ loans in approval. */
  readonly pendingLoanAmt: string;
  /** What it may still borrow. */
  readonly borrowableAmt: string;
}

/** One line of the ledger, as the history and reconciliation read it. */
export interface LedgerEntry {
  readonly entryId: number;
  readonly movementId: string;
  readonly movement: FundMovementKind;
  readonly accountKind: string;
  readonly accountId: number;
  readonly amount: string;
  readonly backMoneyId: number | null;
  readonly allotId: number | null;
  readonly loanId: number | null;
  readonly repaymentId: number | null;
  readonly deptId: number | null;
  readonly contractId: number | null;
  readonly taskId: number | null;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date;
}
