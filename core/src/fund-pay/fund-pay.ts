import type { TemplateKind } from '../approval/approval-type-catalogue.js';
import type { DataScope } from '../platform/data-scope.js';

/** The record kind fund payments' approvals carry (20_1, 16_1, 16_2). */
export const FUND_PAY_RECORD_KIND = 'fund.pay';
/** Monthly in-plan payment (000 §3): a payment against a payment plan line. */
export const IN_PLAN_PAY_TYPE = '20_1';
/** Payment contract (000 §3): a payment against a sub-contract pay item. */
export const PAY_CONTRACT_TYPES = ['16_1', '16_2'] as const;
export const FUND_PAY_TYPE_CODES = [IN_PLAN_PAY_TYPE, ...PAY_CONTRACT_TYPES] as const;
export type FundPayTypeCode = (typeof FUND_PAY_TYPE_CODES)[number];
/** The approval form a payment is sent on: 20_1 a monthly plan's, 16_x a contract seal's. */
export const fundPayTemplateKind = (typeCode: FundPayTypeCode): TemplateKind =>
  typeCode === IN_PLAN_PAY_TYPE ? 'FundMonthPlan' : 'ContractSeal';
export const FUND_PAY_TYPE_LABELS: Readonly<Record<FundPayTypeCode, string>> = {
  '20_1': '月度计划内付款',
  '16_1': '付款合同',
  '16_2': '付款合同',
};

/** The ledger's balance kind of one payment: what was paid out on it (≥ 0). */
export const FUND_PAY_ACCOUNT_KIND = 'fundPay';
/** The ledger's balance kind a payment draws on (the fund slice's unallotted back money). */
export const BACK_MONEY_ACCOUNT_KIND = 'backMoney';
/** The ledger's movement kind of a payment. */
export const FUND_PAY_MOVEMENT = 'fundPay.pay';

/** Payment status: 0 draft, 1 in approval, 2 paid, 3 rejected or withdrawn. */
export type FundPayStatus = 0 | 1 | 2 | 3;
export const FUND_PAY_STATUS_LABELS: Readonly<Record<FundPayStatus, string>> = {
  0: '草稿',
  1: '审批中',
  2: '已付款',
  3: '已驳回',
};

/** Who acts: the caller, their department and the data scope of their role. */
export interface FundPayActor {
  readonly userId: number;
  readonly userName: string;
  readonly deptId: number | null;
  readonly scope: DataScope;
}

/**
 * A payment plan line (/contract/paymentPlan): what a contract (or one of its sub-contracts) is to
 * pay whom in a month.
 */
export interface PaymentPlan {
  readonly paymentPlanId: number;
  readonly contractId: number;
  readonly contractName: string;
  readonly contractNo: string;
  readonly contractChildId: number | null;
  readonly contractChildNo: string;
  /** The contract's department: the plan's data scope. */
  readonly deptId: number | null;
  readonly deptName: string;
  /** 'YYYY-MM'. */
  readonly planMonth: string;
  readonly subjectName: string;
  readonly receiveCompanyName: string;
  readonly planPayAmount: string;
  /** Σ payAmount of its paid payments. */
  readonly paidAmount: string;
  /** Σ payAmount of its payments not paid yet and not turned down (drafts and in approval). */
  readonly pendingAmount: string;
  /** planPayAmount − paid − pending, never below 0. */
  readonly canPayAmount: string;
  /** How many payments (any status, not deleted) are made against it: a plan with one stays. */
  readonly paymentCount: number;
  readonly remark: string;
  readonly userId: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date;
  readonly version: number;
}

/** A fund payment (/v4/fundPay): a payment to a payee against a plan line or a pay item. */
export interface FundPay {
  readonly payId: number;
  readonly paymentPlanId: number | null;
  /** The sub-contract pay item (contract_child_pay) it executes, if any. */
  readonly childPayId: number | null;
  readonly contractId: number;
  readonly contractName: string;
  readonly contractNo: string;
  readonly contractChildId: number | null;
  /** The paying department (the contract's): its fund plan and the data scope. */
  readonly deptId: number | null;
  readonly deptName: string;
  readonly planMonth: string;
  readonly subjectName: string;
  readonly reason: string;
  readonly payTime: string;
  readonly payCompanyName: string;
  readonly receiveCompanyName: string;
  readonly payAmount: string;
  /** Decimal fraction, '0.03' for 3%. */
  readonly taxRate: string;
  /** netPay(payAmount, taxRate): what leaves the institute. */
  readonly realPayAmount: string;
  readonly typeCode: FundPayTypeCode;
  readonly status: FundPayStatus;
  readonly approvalId: string | null;
  readonly paidTime: Date | null;
  readonly remark: string;
  readonly userId: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date;
  readonly version: number;
}

/** Payments by month (the screen's chart): planned and paid amounts of one month. */
export interface FundPayMonth {
  readonly month: string;
  readonly planPayAmount: string;
  readonly payAmount: string;
  readonly realPayAmount: string;
  readonly count: number;
}
