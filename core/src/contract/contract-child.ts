import type { RecordAuthors, RecordPeople } from '../approval/linked-record-ports.js';
import { netPay } from '../fees/net-pay.js';
import { toAmountString } from '../money/amount.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import type { DataScope } from '../platform/data-scope.js';
import type { ListPage, ListQuery } from '../platform/list-query.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { CONTRACT_ERROR_CODES as C, CONTRACT_MESSAGES as M } from './contract-messages.js';
import { contractAmount } from './contract-validation.js';
import {
  childPayInputProblems,
  contractChildInputProblems,
  MAX_TAX_RATE,
  taxRateProblem,
  type ChildPayInput,
  type ChildType,
  type ContractChildInput,
} from './sub-record-input.js';

export const CHILD_TYPE_LABELS: Readonly<Record<ChildType, string>> = {
  1: '咨询费',
  2: '技术服务费',
  3: '专家费',
  4: '经营费',
  5: '设计费',
  6: '设计费',
  7: '结算可提',
};

export interface ContractChildFields {
  readonly contractId: number;
  readonly contractChildNo: string;
  readonly childType: ChildType;
  readonly paymentMethod: string;
  readonly content: string;
  readonly receiveCompanyName: string;
  /** 万元. */
  readonly totalAmount: string;
}

export interface ContractChild extends ContractChildFields {
  readonly contractChildId: number;
  /** Recorded by addHistory (signed before the system): final, like an approved one. */
  readonly history: boolean;
  readonly status: -1 | 0 | 1 | 2 | 3;
  /** The payee's invoice tax rate (updateExpensesOfTaxation); new pay items default to it. */
  readonly taxRate: string;
  readonly approvalId: string | null;
  readonly version: number;
  readonly deptId: number | null;
  readonly userId: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date;
  readonly updateTime: Date;
}

export interface ChildPayFields {
  readonly payAmount: string;
  /** Decimal fraction, e.g. '0.03'. */
  readonly taxRate: string;
  readonly payDate: string | null;
  readonly remark: string;
}

export interface ChildPay extends ChildPayFields {
  readonly payId: number;
  readonly contractChildId: number;
  /** netPay(payAmount, taxRate), computed by the server. */
  readonly realPayAmount: string;
  /** File ids (from the upload routes) attached to the pay item. */
  readonly files: readonly string[];
  readonly createTime: Date;
}

/** A sub-contract with what is paid and what extended sub-contracts add to it. */
export interface ContractChildSummary extends ContractChild {
  /**
   * 已付金额: Σ payAmount of the paid fund payments (已付款) on the sub-contract, as the figures
   * read model counts 已付 (core/src/figures): money paid out, not what its pay items schedule.
   */
  readonly paidAmount: string;
  /** 付款项合计: Σ its pay items (what it is due); the amount the caps below are held to. */
  readonly payItemsAmount: string;
  readonly extendAmount: string;
  /** totalAmount + extendAmount − payItemsAmount, never below 0: room for more pay items. */
  readonly canPayAmount: string;
  readonly contractName: string;
}

export interface ContractChildFilter {
  readonly contractId?: number;
  readonly childType?: number;
  readonly status?: -1 | 0 | 1 | 2 | 3;
  /** Contains, case-insensitive. */
  readonly contractChildNo?: string;
  readonly receiveCompanyName?: string;
  /** getUserCanPay*: approved or history sub-contracts with something left to pay. */
  readonly canPay?: boolean;
}
export const CONTRACT_CHILD_SORT_COLUMNS = [
  'createTime',
  'contractChildId',
  'totalAmount',
] as const;
export type ContractChildSortColumn = (typeof CONTRACT_CHILD_SORT_COLUMNS)[number];

/** One attachment of a pay item, as the file store recorded it. */
export interface PayAttachment {
  readonly fileId: string;
  readonly fileName: string;
  readonly size: number;
  readonly createTime: Date;
}

const text = (v: string | null | undefined): string => (v ?? '').trim();

/** Checks a sub-contract as entered; every refusal names its field. */
export function validateContractChild(input: ContractChildInput): Result<ContractChildFields> {
  const problem = contractChildInputProblems(input)[0];
  if (problem !== undefined || input.contractId === undefined) {
    return err(problem ?? domainError(C.required, M.required('contractId'), 'contractId'));
  }
  return ok({
    contractId: input.contractId,
    contractChildNo: text(input.contractChildNo),
    childType: Number(String(input.childType).trim()) as ChildType,
    paymentMethod: text(input.paymentMethod),
    content: text(input.content),
    receiveCompanyName: text(input.receiveCompanyName),
    totalAmount: unwrapAmount(contractAmount(input.totalAmount, 'totalAmount', null)),
  });
}

/** An amount the problems above already accepted. */
const unwrapAmount = (r: Result<string>): string => (r.ok ? r.value : '0');

/** A tax rate: a fraction from 0 to 0.06 with at most 6 decimals. */
export function validateTaxRate(rateText: string): Result<string> {
  const problem = taxRateProblem(rateText);
  return problem === null ? ok(rateText) : err(problem);
}

/** Checks a pay item: amount required, tax rate a fraction from 0 to 0.06 (default 0.06). */
export function validateChildPay(
  input: ChildPayInput,
  defaultTaxRate = MAX_TAX_RATE,
): Result<ChildPayFields & { readonly realPayAmount: string }> {
  const problem = childPayInputProblems(input)[0];
  if (problem !== undefined) return err(problem);
  const rateText = text(input.taxRate) === '' ? defaultTaxRate : text(input.taxRate);
  const rate = validateTaxRate(rateText);
  if (!rate.ok) return rate;
  const payAmount = unwrapAmount(contractAmount(input.payAmount, 'payAmount', null));
  const payDate = text(input.payDate);
  return ok({
    payAmount,
    taxRate: rateText,
    payDate: payDate === '' ? null : payDate,
    remark: text(input.remark),
    realPayAmount: netPay(payAmount, rateText),
  });
}

export const childErrors = {
  notFound: (): DomainError =>
    domainError('CONTRACT.CHILD_NOT_FOUND', '分包合同不存在、已被删除或没有权限访问'),
  payNotFound: (): DomainError => domainError('CONTRACT.PAY_NOT_FOUND', '付款记录不存在或已被删除'),
  final: (): DomainError =>
    domainError(
      'CONTRACT.CHILD_FINAL',
      '分包合同审批中、已审批通过或为补录的历史合同，不能修改或删除',
    ),
  hasPays: (): DomainError =>
    domainError('CONTRACT.CHILD_HAS_PAYS', '分包合同已有付款记录，不能删除'),
  parentStage: (): DomainError =>
    domainError(
      'CONTRACT.CHILD_PARENT_STAGE',
      '未签合同和立项合同不能分包，请先转为合同',
      'contractId',
    ),
  notApproved: (): DomainError =>
    domainError(
      'CONTRACT.CHILD_NOT_APPROVED',
      '分包合同审批通过（或为补录的历史合同）后才能签订补充合同',
      'contractChildId',
    ),
  badFiles: (): DomainError =>
    domainError('VALIDATION.FILE', '附件不存在或不是您上传的文件，请重新上传', 'files'),
  overpaid: (total: string): DomainError =>
    domainError(
      'CONTRACT.CHILD_OVERPAID',
      `累计付款金额不能超过分包合同金额（${total}万元）`,
      'payAmount',
    ),
} as const;

/** A sub-contract can change or be deleted only while a draft, rejected or withdrawn and not history. */
export const isChildChangeable = (c: {
  readonly status: number;
  readonly history: boolean;
}): boolean => !c.history && c.status !== 0 && c.status !== 1;

/**
 * What a sub-contract may still pay (canPayAmount): its amount plus its extended sub-contracts,
 * less what its pay items add up to, never below 0.
 */
export function childCanPay(total: string, extended: string, paid: string): string {
  const left = new MoneyDecimal(total)
    .plus(new MoneyDecimal(extended))
    .minus(new MoneyDecimal(paid));
  return toAmountString(left.isNegative() ? new MoneyDecimal(0) : left);
}

/** Whether paying `adding` on top of `paid` stays within the sub-contract's amount. */
export const withinChildTotal = (total: string, paid: string, adding: string): boolean =>
  !new MoneyDecimal(paid).plus(new MoneyDecimal(adding)).gt(new MoneyDecimal(total));

/**
 * The refusal when paying `adding` on top of `paid` goes beyond the sub-contract's amount plus its
 * extensions (`extended`), null within it: what the server checks on every amount or pay change
 * and what the web's previews show before saving.
 */
export function childOverpaid(
  total: string,
  extended: string,
  paid: string,
  adding = '0',
): DomainError | null {
  const cap = toAmountString(new MoneyDecimal(total).plus(new MoneyDecimal(extended)));
  return withinChildTotal(cap, paid, adding) ? null : childErrors.overpaid(cap);
}

/**
 * A sub-contract's approval state as stored, not as read: one waiting on a rejected or withdrawn
 * approval still keeps status 0 here (findById reads it as 2 or 3).
 */
export interface ChildApprovalState {
  readonly contractChildId: number;
  readonly status: ContractChild['status'];
  readonly approvalId: string | null;
  readonly history: boolean;
  readonly version: number;
}

/**
 * A sub-contract's author (`authorOf`) and the 项目经理/设计主持 of its contract's design tasks
 * (`personOf`).
 */
export interface ContractChildRepository extends RecordAuthors, RecordPeople {
  /**
   * The live sub-contract's stored approval state, locked until the transaction ends (any data
   * scope: the approval's handler asks), or null when it is gone.
   */
  lockApprovalState(contractChildId: number): Promise<ChildApprovalState | null>;
  listByContract(contractId: number, scope: DataScope): Promise<readonly ContractChild[]>;
  findById(contractChildId: number, scope: DataScope): Promise<ContractChild | null>;
  insert(
    fields: ContractChildFields,
    meta: {
      history: boolean;
      status: -1 | 1;
      deptId: number | null;
      userId: number;
      createBy: string;
    },
    now: Date,
  ): Promise<ContractChild>;
  softDelete(contractChildId: number): Promise<void>;
  listPays(contractChildId: number): Promise<readonly ChildPay[]>;
  findPay(payId: number): Promise<ChildPay | null>;
  insertPay(
    contractChildId: number,
    pay: ChildPayFields & { realPayAmount: string },
    userId: number,
    now: Date,
  ): Promise<ChildPay>;
  updatePay(
    payId: number,
    pay: ChildPayFields & { realPayAmount: string },
    now: Date,
  ): Promise<ChildPay>;
  deletePay(payId: number): Promise<void>;
  /** Sum of live pay items, optionally leaving one out (the one being edited). */
  paidTotal(contractChildId: number, exceptPayId?: number): Promise<string>;
  /** A page of sub-contracts with their paid and extended amounts. */
  list(
    query: ListQuery<ContractChildFilter, ContractChildSortColumn>,
    scope: DataScope,
  ): Promise<ListPage<ContractChildSummary>>;
  /** Rows after `afterId` by id, for a streamed export. */
  listBatch(
    filter: ContractChildFilter,
    scope: DataScope,
    afterId: number,
    limit: number,
  ): Promise<readonly ContractChildSummary[]>;
  summaryById(contractChildId: number, scope: DataScope): Promise<ContractChildSummary | null>;
  /** Writes when the version is still `expectedVersion`; null otherwise. */
  save(
    contractChildId: number,
    expectedVersion: number,
    changes: {
      readonly fields?: ContractChildFields;
      readonly status?: -1 | 0 | 1 | 2 | 3;
      readonly approvalId?: string | null;
      readonly taxRate?: string;
    },
    now: Date,
  ): Promise<ContractChild | null>;
  /** Sets a pay item's tax rate and net pay (updateExpensesOfTaxation). */
  retaxPay(payId: number, taxRate: string, realPayAmount: string, now: Date): Promise<void>;
  setPayFiles(payId: number, files: readonly string[]): Promise<void>;
  /** The files of a pay item that exist in the file store. */
  payAttachments(payId: number): Promise<readonly PayAttachment[]>;
  /** Which of `fileIds` exist and were uploaded by `ownerId` (any owner when null). */
  existingFiles(fileIds: readonly string[], ownerId: number | null): Promise<readonly string[]>;
  /** The sum of the live extended sub-contracts of a sub-contract. */
  extendTotal(contractChildId: number): Promise<string>;
}
