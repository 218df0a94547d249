import type { RecordApprovalPort } from '../approval/record-approval.port.js';
import type { ApprovalUserId } from '../approval/approval-state-machine.js';
import type { IdempotencyRepository } from '../platform/auth-session.repository.port.js';
import type { DataScope } from '../platform/data-scope.js';
import type { ListPage, ListQuery } from '../platform/list-query.js';
import type {
  FundPerform,
  FundPlan,
  FundPlanChartMonth,
  FundPlanLineKind,
  FundPlanStatus,
  FundPlanTotals,
} from './fund-plan.js';
import type { CheckedPerformLine, CheckedPlanLine, PlanLineRoom } from './fund-plan-rules.js';

export interface FundPlanListFilter {
  readonly deptId?: number;
  readonly planMonth?: string;
  readonly monthFrom?: string;
  readonly monthTo?: string;
  readonly status?: FundPlanStatus;
}
export const FUND_PLAN_SORT_COLUMNS = ['planId', 'planMonth', 'totalAmount'] as const;
export type FundPlanSortColumn = (typeof FUND_PLAN_SORT_COLUMNS)[number];
export type FundPlanListQuery = ListQuery<FundPlanListFilter, FundPlanSortColumn>;

export interface FundPerformListFilter {
  readonly planId?: number;
  readonly deptId?: number;
  readonly planMonth?: string;
  readonly lineKind?: FundPlanLineKind;
  readonly status?: FundPlanStatus;
}
export const FUND_PERFORM_SORT_COLUMNS = ['performId', 'planMonth', 'totalAmount'] as const;
export type FundPerformSortColumn = (typeof FUND_PERFORM_SORT_COLUMNS)[number];
export type FundPerformListQuery = ListQuery<FundPerformListFilter, FundPerformSortColumn>;

export interface PlanHeader {
  readonly deptId: number;
  readonly planMonth: string;
  readonly reason: string;
  readonly remark: string;
  readonly totals: FundPlanTotals;
}

export interface PlanPatch {
  readonly header?: PlanHeader;
  readonly status?: FundPlanStatus;
  readonly approvalId?: string | null;
  readonly approvalKind?: string | null;
  readonly approvedTime?: Date;
}

export interface PerformHeader {
  readonly planId: number;
  readonly deptId: number;
  readonly planMonth: string;
  readonly lineKind: FundPlanLineKind;
  readonly overPlan: boolean;
  readonly totalAmount: string;
  readonly performDate: string;
  readonly reason: string;
  readonly remark: string;
}

export interface PerformPatch {
  readonly header?: PerformHeader;
  readonly status?: FundPlanStatus;
  readonly approvalId?: string | null;
  readonly approvalKind?: string | null;
  readonly approvedTime?: Date;
}

export interface FundPlanOwner {
  readonly userId: number;
  readonly userName: string;
}

/** The two sheets a department sends for approval: its monthly plan and its execution sheet. */
export type FundPlanSheet = 'plan' | 'perform';

export interface FundPlanRepository {
  /** Who drafted the sheet, kept off its approval (separation of duties). */
  authorOf(sheet: FundPlanSheet, recordId: string): Promise<ApprovalUserId | null>;
  /** The sheet's department for `applyDeptId` (its 部门负责人 node); null for another field. */
  personOf(
    sheet: FundPlanSheet,
    recordId: string,
    field: string,
  ): Promise<readonly string[] | null>;
  deptName(deptId: number): Promise<string | null>;
  /** Whether a department lies in a scope (records of `own` scope are their creator's only). */
  deptInScope(scope: DataScope, deptId: number): Promise<boolean>;
  contract(contractId: number): Promise<{ deptId: number | null; userId: number } | null>;
  /** Whether a record of this department and owner lies in the scope. */
  visible(scope: DataScope, deptId: number, ownerId: number): Promise<boolean>;
  /** Serialises the writes that decide a department's month (submit, approve) to the end of the transaction. */
  lockMonth(deptId: number, planMonth: string): Promise<void>;
  /** Live plans of the department and month other than `exceptId` that are in approval or approved. */
  monthTaken(deptId: number, planMonth: string, exceptId: number): Promise<boolean>;

  insertPlan(h: PlanHeader, owner: FundPlanOwner, at: Date): Promise<number>;
  /** Optimistic: false when the version moved. */
  updatePlan(planId: number, version: number, patch: PlanPatch, at: Date): Promise<boolean>;
  replacePlanLines(planId: number, lines: readonly CheckedPlanLine[]): Promise<void>;
  /** A live plan under the scope with its lines; `forUpdate` locks the row. */
  getPlan(planId: number, scope: DataScope, forUpdate?: boolean): Promise<FundPlan | null>;
  listPlans(q: FundPlanListQuery, scope: DataScope): Promise<ListPage<FundPlan>>;
  /** One export batch: up to `limit` plans with ids below `before`, newest first. */
  exportPlans(
    filter: FundPlanListFilter,
    scope: DataScope,
    before: number,
    limit: number,
  ): Promise<FundPlan[]>;
  removePlan(planId: number, at: Date): Promise<void>;
  /** Live execution sheets on the plan. */
  performCount(planId: number): Promise<number>;

  /** What each line of the plan may still take: executed, and held by sheets in approval. */
  planRooms(planId: number, exceptPerformId: number): Promise<PlanLineRoom[]>;
  insertPerform(h: PerformHeader, owner: FundPlanOwner, at: Date): Promise<number>;
  updatePerform(
    performId: number,
    version: number,
    patch: PerformPatch,
    at: Date,
  ): Promise<boolean>;
  replacePerformLines(performId: number, lines: readonly CheckedPerformLine[]): Promise<void>;
  getPerform(performId: number, scope: DataScope, forUpdate?: boolean): Promise<FundPerform | null>;
  listPerforms(q: FundPerformListQuery, scope: DataScope): Promise<ListPage<FundPerform>>;
  /** One export batch: up to `limit` sheets with ids below `before`, newest first. */
  exportPerforms(
    filter: FundPerformListFilter,
    scope: DataScope,
    before: number,
    limit: number,
  ): Promise<FundPerform[]>;
  removePerform(performId: number, at: Date): Promise<void>;
  /** Adds an approved sheet's amounts to its plan lines and plan. */
  recordExecuted(perform: FundPerform): Promise<void>;

  /** Approved plans and executions by month (planMonth in the window) under the scope. */
  chart(
    months: readonly string[],
    scope: DataScope,
    deptId?: number,
  ): Promise<FundPlanChartMonth[]>;
}

export interface FundPlanRepositories {
  readonly plans: FundPlanRepository;
  /** Sends a plan or an execution sheet into approval through the engine, in the same transaction. */
  readonly approvals: RecordApprovalPort;
  /** The Idempotency-Key store the writes claim their key in (runWrite). */
  readonly idempotency?: IdempotencyRepository;
}
