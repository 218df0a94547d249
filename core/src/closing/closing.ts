import type { DataScope } from '../platform/data-scope.js';

/** The two closing records of 001 §7: a settlement (/contract/settle, 11_1) and a closed case (/v4/contract/closedCase, 11_2). */
export type ClosingKind = 'settle' | 'closed';

/** 0 draft, 1 in approval (locked), 2 approved, 3 turned down (rejected or withdrawn; editable again). */
export type ClosingStatus = 0 | 1 | 2 | 3;

export const CLOSING_STATUS_LABELS: Readonly<Record<ClosingStatus, string>> = {
  0: '草稿',
  1: '审批中',
  2: '已通过',
  3: '已驳回',
};

export const CLOSING_KIND_LABELS: Readonly<Record<ClosingKind, string>> = {
  settle: '结算',
  closed: '结案',
};

/** The approval type each kind travels on (approval-type-catalogue: 11_1 结算审核, 11_2 结案审核). */
export const CLOSING_TYPE_CODES: Readonly<Record<ClosingKind, string>> = {
  settle: '11_1',
  closed: '11_2',
};

export const CLOSING_RECORD_KIND = 'contract.closing';

/** The five fees of the fee split (001 §3) a closing scales. */
export const CLOSING_FEE_KEYS = [
  'directFee',
  'technicalFee',
  'expertFee',
  'operateFee',
  'designFee',
] as const;
export type ClosingFeeKey = (typeof CLOSING_FEE_KEYS)[number];
export type ClosingFees = Readonly<Record<ClosingFeeKey, string>>;

export interface ClosedCase {
  readonly closedId: number;
  readonly kind: ClosingKind;
  readonly contractId: number;
  readonly contractNo: string;
  readonly contractName: string;
  readonly projectName: string;
  /** Amounts in 万元, strings of at most 6 decimals. */
  readonly closedCaseAmount: string;
  readonly backAmount: string;
  readonly settleAmount: string;
  /** The contract's fees when the record was drawn up. */
  readonly originalFees: ClosingFees;
  /** The closing fees: closedCaseAmount / backAmount × each original fee. */
  readonly fees: ClosingFees;
  readonly remark: string;
  readonly status: ClosingStatus;
  readonly approvalId: string | null;
  readonly deptId: number | null;
  readonly userId: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly version: number;
  readonly createTime: Date | null;
  readonly approvedTime: Date | null;
}

/** What a person sends to draw up or redraw a closing. */
export interface ClosingInput {
  readonly contractId: number;
  readonly closedCaseAmount: unknown;
  /** Optional: when given it must equal what came back for the contract. */
  readonly backAmount?: unknown;
  readonly settleAmount?: unknown;
  /** Optional: the fees the form computed; when given each must equal the rule's to the 分. */
  readonly fees?: Partial<Record<ClosingFeeKey, unknown>>;
  readonly remark?: string;
}

export interface ClosingActor {
  readonly userId: number;
  readonly userName: string;
  readonly deptId: number | null;
  readonly scope: DataScope;
}

/** The contract a closing is drawn on, as the rule needs it. */
export interface ClosingContract {
  readonly contractId: number;
  readonly stage: string;
  readonly contractNo: string;
  readonly contractName: string;
  readonly projectName: string;
  readonly deptId: number | null;
  readonly userId: number;
  readonly fees: ClosingFees;
  /** What came back: the live back money of the contract, or its recorded backAmount without any. */
  readonly backAmount: string;
}
