import type { RecordApprovalPort } from '../approval/record-approval.port.js';
import type { IdempotencyRepository } from '../platform/auth-session.repository.port.js';
import type { DataScope } from '../platform/data-scope.js';
import type { ListPage, ListQuery } from '../platform/list-query.js';
import type {
  FundPay,
  FundPayMonth,
  FundPayStatus,
  FundPayTypeCode,
  PaymentPlan,
} from './fund-pay.js';
import type { BackMoneySource, PayAccount, PayPosting } from './fund-pay-rules.js';
import type { RecordAuthors } from '../approval/linked-record-ports.js';

export interface PaymentPlanListFilter {
  readonly contractId?: number;
  readonly contractChildId?: number;
  readonly planMonth?: string;
  /** Contains, case-insensitive. */
  readonly contractName?: string;
  readonly receiveCompanyName?: string;
  /** Only lines with something left to pay. */
  readonly canPay?: boolean;
}
export const PAYMENT_PLAN_SORT_COLUMNS = ['paymentPlanId', 'planMonth', 'planPayAmount'] as const;
export type PaymentPlanSortColumn = (typeof PAYMENT_PLAN_SORT_COLUMNS)[number];
export type PaymentPlanListQuery = ListQuery<PaymentPlanListFilter, PaymentPlanSortColumn>;

export interface FundPayListFilter {
  readonly contractId?: number;
  readonly paymentPlanId?: number;
  readonly deptId?: number;
  readonly planMonth?: string;
  readonly status?: FundPayStatus;
  readonly contractName?: string;
  readonly receiveCompanyName?: string;
}
export const FUND_PAY_SORT_COLUMNS = ['payId', 'planMonth', 'payAmount', 'payTime'] as const;
export type FundPaySortColumn = (typeof FUND_PAY_SORT_COLUMNS)[number];
export type FundPayListQuery = ListQuery<FundPayListFilter, FundPaySortColumn>;

/** A contract as the payment rules read it. */
export interface PayContract {
  readonly contractId: number;
  readonly contractName: string;
  readonly signBySub: string;
  readonly deptId: number | null;
  readonly userId: number;
}

export interface PayChild {
  readonly contractChildId: number;
  readonly contractId: number;
  readonly receiveCompanyName: string;
}

/** A sub-contract pay item (contract_child_pay) a payment may execute. */
export interface PayItem {
  readonly childPayId: number;
  readonly contractChildId: number;
  readonly contractId: number;
  readonly receiveCompanyName: string;
  readonly payAmount: string;
  readonly taxRate: string;
  /** The sub-contract's approval status (1 approved) and whether it was recorded as history. */
  readonly childStatus: number;
  readonly childHistory: boolean;
  /** The sub-contract's department and owner (the pay item's data scope). */
  readonly deptId: number | null;
  readonly userId: number;
}

/**
 * A pay item as the 新增付款 form's picker shows it: the sub-contract and contract it belongs to,
 * its amount and what live payments (not turned down) already hold of it.
 */
export interface PayItemChoice {
  readonly childPayId: number;
  readonly contractChildId: number;
  readonly contractChildNo: string;
  readonly contractId: number;
  readonly contractName: string;
  readonly receiveCompanyName: string;
  readonly payAmount: string;
  readonly payDate: string | null;
  readonly remark: string;
  /** Σ payAmount of the live payments on the item (in approval or paid). */
  readonly committedAmount: string;
}

/** Which pay items a picker lists. */
export interface PayItemFilter {
  readonly contractChildId?: number;
  readonly contractId?: number;
}

export interface PaymentPlanFields {
  readonly contractId: number;
  readonly contractChildId: number | null;
  readonly planMonth: string;
  readonly subjectName: string;
  readonly receiveCompanyName: string;
  readonly planPayAmount: string;
  readonly remark: string;
}

export interface FundPayFields {
  readonly paymentPlanId: number | null;
  readonly childPayId: number | null;
  readonly contractId: number;
  readonly contractChildId: number | null;
  readonly deptId: number | null;
  readonly planMonth: string;
  readonly subjectName: string;
  readonly reason: string;
  readonly payTime: string;
  readonly payCompanyName: string;
  readonly receiveCompanyName: string;
  readonly payAmount: string;
  readonly taxRate: string;
  readonly realPayAmount: string;
  readonly typeCode: FundPayTypeCode;
  readonly remark: string;
}

export interface FundPayChanges {
  readonly fields?: FundPayFields;
  readonly status?: FundPayStatus;
  readonly approvalId?: string | null;
  readonly paidTime?: Date;
}

/** The payment plans and payments; reads take the caller's data scope where they list. */
/** A payment's author (`authorOf`) is who drafted it, kept off its approval. */
export interface FundPayRepository extends RecordAuthors {
  contract(contractId: number): Promise<PayContract | null>;
  child(contractChildId: number): Promise<PayChild | null>;
  payItem(childPayId: number): Promise<PayItem | null>;
  /**
   * The pay items of approved (or history) sub-contracts whose contract lies in the scope, by
   * sub-contract and item; at most `limit`.
   */
  listPayItems(
    filter: PayItemFilter,
    scope: DataScope,
    limit: number,
  ): Promise<readonly PayItemChoice[]>;
  /** Whether a record with this department and owner lies in the scope. */
  visible(scope: DataScope, deptId: number | null, ownerId: number): Promise<boolean>;

  insertPlan(
    f: PaymentPlanFields,
    who: { userId: number; createBy: string; deptId: number | null },
    at: Date,
  ): Promise<number>;
  /** `forUpdate` locks the row for the rest of the transaction. */
  getPlan(paymentPlanId: number, forUpdate?: boolean): Promise<PaymentPlan | null>;
  listPlans(q: PaymentPlanListQuery, scope: DataScope): Promise<ListPage<PaymentPlan>>;
  exportPlans(
    filter: PaymentPlanListFilter,
    scope: DataScope,
    before: number,
    batch: number,
  ): Promise<readonly PaymentPlan[]>;
  /** Optimistic: false when the version moved. */
  updatePlan(
    paymentPlanId: number,
    version: number,
    f: PaymentPlanFields,
    at: Date,
  ): Promise<boolean>;
  removePlan(paymentPlanId: number, at: Date): Promise<void>;
  /** Σ payAmount of the live payments (not turned down) on a plan line or pay item, one left out. */
  committedOnPlan(paymentPlanId: number, exceptPayId?: number): Promise<string>;
  committedOnPayItem(childPayId: number, exceptPayId?: number): Promise<string>;
  /** How many live payments name the plan line. */
  paymentsOnPlan(paymentPlanId: number): Promise<number>;

  insertPay(f: FundPayFields, who: { userId: number; createBy: string }, at: Date): Promise<number>;
  getPay(payId: number, forUpdate?: boolean): Promise<FundPay | null>;
  listPays(q: FundPayListQuery, scope: DataScope): Promise<ListPage<FundPay>>;
  exportPays(
    filter: FundPayListFilter,
    scope: DataScope,
    before: number,
    batch: number,
  ): Promise<readonly FundPay[]>;
  updatePay(payId: number, changes: FundPayChanges, at: Date): Promise<void>;
  removePay(payId: number, at: Date): Promise<void>;
  /** Planned and paid amounts per month, in the scope (the screen's chart). */
  months(filter: FundPayListFilter, scope: DataScope): Promise<readonly FundPayMonth[]>;
}

/** What the switch and the fund plans say (fund_plan_switch, fund_plan of migration 0061). */
export interface FundPlanGate {
  /** The stored value of fund_plan_switch, or null when it is not configured. */
  switchValue(): Promise<string | null>;
  /** Whether the department's fund plan for the month is approved. */
  planApproved(deptId: number, planMonth: string): Promise<boolean>;
}

/**
 * The fund ledger as payments use it: the same balances and append-only lines as the fund slice,
 * locked in its one order (kind, id).
 */
export interface FundPayLedgerPort {
  /** The contract's back money records with their unallotted balances, oldest first. */
  backMoneySources(contractId: number): Promise<readonly BackMoneySource[]>;
  lock(accounts: readonly PayAccount[]): Promise<Map<string, string>>;
  post(
    movement: {
      readonly payId: number;
      readonly contractId: number;
      readonly deptId: number | null;
      readonly createBy: string;
      readonly at: Date;
    },
    postings: readonly PayPosting[],
    balances: ReadonlyMap<string, string>,
  ): Promise<void>;
}

export interface FundPayRepositories {
  readonly pays: FundPayRepository;
  readonly gate: FundPlanGate;
  readonly ledger: FundPayLedgerPort;
  /** Sends a payment into approval through the engine, in the same transaction. */
  readonly approvals: RecordApprovalPort;
  /** The Idempotency-Key store the writes claim their key in (runWrite). */
  readonly idempotency?: IdempotencyRepository;
}
