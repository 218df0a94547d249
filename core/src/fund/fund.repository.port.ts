import type { RecordAuthors } from '../approval/linked-record-ports.js';
import type { RecordApprovalPort } from '../approval/record-approval.port.js';
import type { IdempotencyRepository } from '../platform/auth-session.repository.port.js';
import type { DataScope } from '../platform/data-scope.js';
import type { ListPage, ListQuery } from '../platform/list-query.js';
import type { FundAccount, FundMovementKind, Posting } from './fund-ledger.js';
import type {
  BackMoney,
  BackMoneyAllotment,
  LedgerEntry,
  Loan,
  LoanStatus,
  Repayment,
} from './fund.js';

/** Who acts: the caller, their department and the data scope of their role. */
export interface FundActor {
  readonly userId: number;
  readonly userName: string;
  readonly deptId: number | null;
  readonly scope: DataScope;
}

export interface BackMoneyListFilter {
  readonly contractId?: number;
  /** Contains, case-insensitive. */
  readonly projectName?: string;
  readonly contractName?: string;
  readonly backDateFrom?: string;
  readonly backDateTo?: string;
  /** Only records with something left to allot. */
  readonly unallotted?: boolean;
}
export const BACK_MONEY_SORT_COLUMNS = ['backMoneyId', 'backDate', 'backAmount'] as const;
export type BackMoneySortColumn = (typeof BACK_MONEY_SORT_COLUMNS)[number];
export type BackMoneyListQuery = ListQuery<BackMoneyListFilter, BackMoneySortColumn>;

export interface LoanListFilter {
  readonly loanDeptId?: number;
  readonly contractId?: number;
  readonly taskId?: number;
  readonly status?: LoanStatus;
}
export const LOAN_SORT_COLUMNS = ['loanId', 'loanAmount', 'refundDate'] as const;
export type LoanSortColumn = (typeof LOAN_SORT_COLUMNS)[number];
export type LoanListQuery = ListQuery<LoanListFilter, LoanSortColumn>;

export interface RepaymentListFilter {
  readonly loanId?: number;
  readonly loanDeptId?: number;
}
export type RepaymentListQuery = ListQuery<RepaymentListFilter, 'repaymentId'>;

export interface FundContract {
  readonly contractId: number;
  readonly deptId: number | null;
  readonly userId: number;
}

export interface FundTask {
  readonly taskId: number;
  readonly contractId: number;
  readonly deptId: number | null;
  readonly taskNo: string;
  readonly taskName: string;
  readonly taskAmount: string;
  readonly confirmFinishAmount: string;
}

export interface BackMoneyTaskRow extends FundTask {
  readonly deptName: string;
  /** Back money allotted to this task so far (all records of the contract). */
  readonly allottedAmount: string;
}

/** The records the fund rules read; scoped reads take the caller's scope. */
export interface FundDirectory {
  contract(contractId: number): Promise<FundContract | null>;
  task(taskId: number): Promise<FundTask | null>;
  deptName(deptId: number): Promise<string | null>;
  /** Whether a record with this department and owner lies in the scope. */
  visible(scope: DataScope, deptId: number | null, ownerId: number): Promise<boolean>;
  /** Σ task amounts and Σ confirmed finish amounts of the team's live tasks. */
  teamOwed(deptId: number): Promise<{ totalShouldReceAmt: string; totalAllotConfirmAmt: string }>;
  /** Σ amounts of the team's loans in approval, leaving one out (the loan being approved). */
  pendingLoans(deptId: number, exceptLoanId?: number): Promise<string>;
  /** The tasks of a contract with what was allotted to each. */
  contractTasks(contractId: number): Promise<readonly BackMoneyTaskRow[]>;
}

export interface NewMovement {
  readonly kind: FundMovementKind;
  readonly backMoneyId?: number;
  readonly allotId?: number;
  readonly loanId?: number;
  readonly repaymentId?: number;
  readonly deptId?: number;
  readonly contractId?: number;
  readonly taskId?: number | null;
  readonly createBy: string;
  readonly at: Date;
}

export interface LedgerFilter {
  readonly backMoneyId?: number;
  readonly loanId?: number;
  readonly taskId?: number;
  readonly deptId?: number;
}

/** A balance whose ledger does not add up to it (empty when all reconcile). */
export interface LedgerMismatch {
  readonly accountKind: string;
  readonly accountId: number;
  readonly balance: string;
  readonly ledgerSum: string;
}

/**
 * The append-only ledger and its balances. `lock` takes the balances of a movement for the rest
 * of the transaction (missing ones start at zero), in one fixed order; `post` appends the
 * movement's lines and writes the new balances.
 */
export interface FundLedgerPort {
  lock(accounts: readonly FundAccount[]): Promise<Map<string, string>>;
  post(
    movement: NewMovement,
    postings: readonly Posting[],
    balances: ReadonlyMap<string, string>,
  ): Promise<void>;
  entries(filter: LedgerFilter): Promise<readonly LedgerEntry[]>;
  reconcile(): Promise<readonly LedgerMismatch[]>;
}

export interface NewBackMoney {
  readonly contractId: number;
  readonly backAmount: string;
  readonly backDate: string;
  readonly remark: string;
  readonly createBy: string;
  readonly at: Date;
}

export interface NewAllotment {
  readonly backMoneyId: number;
  readonly contractId: number;
  readonly deptId: number;
  readonly taskId: number | null;
  readonly allotAmount: string;
  readonly remark: string;
  readonly allotVersion: 1 | 2;
  readonly createBy: string;
  readonly at: Date;
}

export interface BackMoneyRepository {
  insert(n: NewBackMoney): Promise<number>;
  get(backMoneyId: number): Promise<BackMoney | null>;
  list(q: BackMoneyListQuery, scope: DataScope): Promise<ListPage<BackMoney>>;
  /** One page of the export, newest first, below the id `before` (keyset). */
  exportBatch(
    filter: BackMoneyListFilter,
    scope: DataScope,
    before: number,
    batch: number,
  ): Promise<readonly BackMoney[]>;
  /** Changes amount, date and remark when the version matches; false when it does not. */
  update(
    backMoneyId: number,
    version: number,
    changes: { backAmount: string; backDate: string; remark: string },
    at: Date,
  ): Promise<boolean>;
  remove(backMoneyId: number, at: Date): Promise<void>;
  insertAllotment(n: NewAllotment): Promise<number>;
  allotments(backMoneyId: number): Promise<readonly BackMoneyAllotment[]>;
}

export interface NewLoan {
  readonly loanDeptId: number;
  readonly contractId: number | null;
  readonly taskId: number | null;
  readonly loanAmount: string;
  readonly refundDate: string;
  readonly reason: string;
  readonly totalShouldReceAmt: string;
  readonly totalReceiveAmt: string;
  readonly totalAllotConfirmAmt: string;
  readonly userId: number;
  readonly createBy: string;
  readonly at: Date;
}

export interface LoanChanges {
  readonly loanAmount?: string;
  readonly refundDate?: string;
  readonly reason?: string;
  readonly status?: LoanStatus;
  readonly approvalId?: string | null;
  readonly approvedTime?: Date;
  readonly totalShouldReceAmt?: string;
  readonly totalReceiveAmt?: string;
  readonly totalAllotConfirmAmt?: string;
}

/** A loan's author (`authorOf`) is its applicant (its `user_id`). */
export interface LoanRepository extends RecordAuthors {
  insert(n: NewLoan): Promise<number>;
  /** `forUpdate` locks the row for the rest of the transaction. */
  get(loanId: number, forUpdate?: boolean): Promise<Loan | null>;
  list(q: LoanListQuery, scope: DataScope): Promise<ListPage<Loan>>;
  /** One page of the export, newest first, below the id `before` (keyset). */
  exportBatch(
    filter: LoanListFilter,
    scope: DataScope,
    before: number,
    batch: number,
  ): Promise<readonly Loan[]>;
  update(loanId: number, changes: LoanChanges, at: Date): Promise<void>;
  remove(loanId: number, at: Date): Promise<void>;
  addRepaid(loanId: number, amount: string): Promise<void>;
}

export interface NewRepayment {
  readonly loanId: number;
  readonly repaymentAmount: string;
  readonly repaymentDate: string;
  readonly remark: string;
  readonly userId: number;
  readonly createBy: string;
  readonly at: Date;
}

export interface RepaymentRepository {
  insert(n: NewRepayment): Promise<number>;
  get(repaymentId: number): Promise<Repayment | null>;
  list(q: RepaymentListQuery, scope: DataScope): Promise<ListPage<Repayment>>;
  /** One page of the export, newest first, below the id `before` (keyset). */
  exportBatch(
    filter: RepaymentListFilter,
    scope: DataScope,
    before: number,
    batch: number,
  ): Promise<readonly Repayment[]>;
}

export interface FundRepositories {
  readonly backMoney: BackMoneyRepository;
  readonly loans: LoanRepository;
  readonly repayments: RepaymentRepository;
  readonly ledger: FundLedgerPort;
  readonly directory: FundDirectory;
  /** Sends a loan agreement (10_1) into approval through the engine, in the same transaction. */
  readonly approvals: RecordApprovalPort;
  /** Where a loan applied for from 发起审批 claims its Idempotency-Key, in its own transaction. */
  readonly idempotency?: IdempotencyRepository;
}
