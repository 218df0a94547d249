import type { ContractFigureSums, ContractFigures } from '../figures/contract-figures.js';
import type { DataScope } from '../platform/data-scope.js';

/** Who acts: the caller, their department and the data scope of their role. */
export interface AccountActor {
  readonly userId: number;
  readonly userName: string;
  readonly deptId: number | null;
  readonly scope: DataScope;
}

// ---- project accounts (/v4/pro-account) ---------------------------------------------------------

/**
 * One contract's row of 项目账户: who and what it is, and its figures from the one read model
 * (core/src/figures: what counts is written there).
 */
export interface ProjectAccountSums extends ContractFigureSums {
  readonly contractId: number;
  readonly contractNo: string;
  readonly contractName: string;
  readonly projectName: string;
  readonly deptId: number | null;
  readonly deptName: string;
  readonly userId: number;
  readonly signDate: string | null;
  /** The contract amount (totalAmount). */
  readonly totalAmount: string;
}

/** A contract's money in and out: the sums and what follows from them (contractFiguresOf). */
export type ProjectAccount = ProjectAccountSums & ContractFigures;

/** One month of the comparison chart. */
export interface AccountMonth {
  /** yyyy-MM */
  readonly month: string;
  readonly invoicedAmount: string;
  readonly backAmount: string;
}

// ---- contract accounts (/contract/account) ------------------------------------------------------

/** 1: party A (the client, who pays); 2: party B (the institute's side, who receives). */
export type AccountParty = '1' | '2';
export const ACCOUNT_PARTY_LABELS: Readonly<Record<AccountParty, string>> = {
  '1': '甲方（付款方）',
  '2': '乙方（收款方）',
};

export interface ContractAccount {
  readonly accountId: number;
  readonly contractId: number;
  readonly contractNo: string;
  readonly contractName: string;
  readonly party: AccountParty;
  readonly accountName: string;
  readonly bankName: string;
  /** Digits only, as stored. */
  readonly accountNo: string;
  readonly taxNo: string;
  readonly remark: string;
  readonly deptId: number | null;
  readonly userId: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date;
  readonly version: number;
}

// ---- invoices (/v4/finance) ---------------------------------------------------------------------

/** 0 draft, 1 in approval (locked), 2 invoiced (approved), 3 turned down (editable again). */
export type InvoiceStatus = 0 | 1 | 2 | 3;
export const INVOICE_STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  0: '草稿',
  1: '审批中',
  2: '已开票',
  3: '已驳回',
};

/** 000 §9: the invoice types and purposes, by the option values of the approval template. */
export type InvoiceType = '1' | '2';
export const INVOICE_TYPE_LABELS: Readonly<Record<InvoiceType, string>> = {
  '1': '增值税普通发票',
  '2': '增值税专用发票',
};
export type InvoicePurpose = '1' | '2';
export const INVOICE_PURPOSE_LABELS: Readonly<Record<InvoicePurpose, string>> = {
  '1': '设计费',
  '2': '咨询费',
};

export interface Invoice {
  readonly invoiceId: number;
  readonly contractId: number;
  readonly contractNo: string;
  readonly contractName: string;
  readonly projectName: string;
  /** The contract amount, for the form and the approval. */
  readonly totalAmount: string;
  readonly invoiceAmount: string;
  readonly invoiceType: InvoiceType;
  readonly invoicePurpose: InvoicePurpose;
  /** 发票抬头: the buyer's name. */
  readonly invoiceTitle: string;
  readonly taxNo: string;
  readonly invoiceDate: string;
  readonly remark: string;
  readonly status: InvoiceStatus;
  readonly approvalId: string | null;
  readonly deptId: number | null;
  readonly userId: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date;
  readonly approvedTime: Date | null;
  readonly version: number;
}

/** The contract an invoice or an account is drawn on. */
export interface AccountContract {
  readonly contractId: number;
  readonly contractNo: string;
  readonly contractName: string;
  readonly projectName: string;
  readonly stage: string;
  readonly totalAmount: string;
  readonly deptId: number | null;
  readonly userId: number;
}

// ---- employee costs (/v4/contract/employe, /contract/employe) ----------------------------------

export const EMPLOYEE_COST_KEYS = [
  'salary',
  'socialInsurance',
  'housingFund',
  'otherCost',
] as const;
export type EmployeeCostKey = (typeof EMPLOYEE_COST_KEYS)[number];
export type EmployeeCostAmounts = Readonly<Record<EmployeeCostKey, string>>;

export interface EmployeeCost extends EmployeeCostAmounts {
  readonly costId: number;
  /** The employee (a user of the institute). */
  readonly employeeId: number;
  readonly employeeName: string;
  readonly deptId: number;
  readonly deptName: string;
  /** yyyy-MM */
  readonly costMonth: string;
  /** salary + socialInsurance + housingFund + otherCost. */
  readonly totalCost: string;
  readonly remark: string;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date;
  readonly version: number;
}

/** One group of the totals: a month and a department. */
export interface EmployeeCostTotal extends EmployeeCostAmounts {
  readonly costMonth: string;
  readonly deptId: number;
  readonly deptName: string;
  readonly headcount: number;
  readonly totalCost: string;
}

export interface Employee {
  readonly userId: number;
  readonly userName: string;
  readonly deptId: number | null;
}
