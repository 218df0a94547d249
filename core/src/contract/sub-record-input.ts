import { isIsoDate } from '../fees/fee-values.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import { domainError, type DomainError } from '../shared/result.js';
import { CONTRACT_ERROR_CODES as C, fieldMessagesOf } from './contract-messages.js';
import { contractAmount } from './contract-validation.js';

/*
 * The input rules of a contract's sub-records: project filings (立项备案), sub-contracts (分包合同),
 * their pay items (分包付款) and extended sub-contracts (补充分包合同). Each `…InputProblems`
 * checks every field on its own and reports every problem at once, at most one per field, in the
 * contract slice's words ("项目名称不能为空"): the wire schemas run them so a form shows them all
 * before sending, and the use cases run them again (the first problem is the refusal).
 */

/** What a filing form sends: every field optional and untrusted. */
export interface LixiangInput {
  readonly contractId?: number | null | undefined;
  readonly lxNo?: string | null | undefined;
  readonly projectName?: string | null | undefined;
  readonly bizSource?: string | null | undefined;
  readonly totalAmount?: string | null | undefined;
  readonly cleanAmount?: string | null | undefined;
  readonly directFee?: string | null | undefined;
  readonly remark?: string | null | undefined;
}

export interface ContractChildInput {
  readonly contractId?: number | undefined;
  readonly contractChildNo?: string | null | undefined;
  readonly childType?: number | string | null | undefined;
  readonly paymentMethod?: string | null | undefined;
  readonly content?: string | null | undefined;
  readonly receiveCompanyName?: string | null | undefined;
  readonly totalAmount?: string | null | undefined;
}

export interface ChildPayInput {
  readonly files?: readonly string[] | null | undefined;
  readonly payAmount?: string | null | undefined;
  readonly taxRate?: string | null | undefined;
  readonly payDate?: string | null | undefined;
  readonly remark?: string | null | undefined;
}

export interface ExtendSubContractInput {
  readonly contractChildId?: number | undefined;
  readonly extendNo?: string | null | undefined;
  readonly content?: string | null | undefined;
  readonly reason?: string | null | undefined;
  readonly extendAmount?: string | null | undefined;
  readonly signDate?: string | null | undefined;
  readonly files?: readonly string[] | null | undefined;
}

/** Text limits (characters); the columns are sized from these. */
export const LIXIANG_TEXT_LIMITS = { lxNo: 64, projectName: 200, remark: 2000 } as const;
export const CONTRACT_CHILD_TEXT_LIMITS = {
  contractChildNo: 64,
  paymentMethod: 200,
  content: 5200,
  receiveCompanyName: 200,
} as const;
export const CHILD_PAY_TEXT_LIMITS = { remark: 500 } as const;
export const EXTEND_SUB_CONTRACT_TEXT_LIMITS = {
  extendNo: 64,
  content: 5200,
  reason: 2000,
} as const;
/** Files one pay item or extended sub-contract may carry. */
export const MAX_SUB_RECORD_FILES = 50;

/** The fields each form marks with `*`: the ones the rules below refuse blanks for. */
export const REQUIRED_LIXIANG_FIELDS = ['projectName', 'bizSource', 'totalAmount'] as const;
/** A sub-contract pays its payee: 收款单位 is required as the form always asked (the spec is silent). */
export const REQUIRED_CONTRACT_CHILD_FIELDS = [
  'contractId',
  'childType',
  'receiveCompanyName',
  'totalAmount',
] as const;
export const REQUIRED_CHILD_PAY_FIELDS = ['payAmount'] as const;
export const REQUIRED_EXTEND_SUB_CONTRACT_FIELDS = [
  'contractChildId',
  'content',
  'extendAmount',
] as const;

/** childType of a sub-contract (001 §3): the fee of the contract it pays out of. */
export const CHILD_TYPES = [1, 2, 3, 4, 5, 6, 7] as const;
export type ChildType = (typeof CHILD_TYPES)[number];

/** The highest tax rate of a payee's invoice; a pay item without one uses it. */
export const MAX_TAX_RATE = '0.06';
/** A tax rate has at most this many decimals, so its longest text is "0.060000". */
export const TAX_RATE_DECIMALS = 6;
/** The longest tax rate a form lets one type: "0." and its decimals. */
export const TAX_RATE_MAX_LENGTH = 2 + TAX_RATE_DECIMALS;

/** An extended sub-contract's own words where they differ from a sub-contract's. */
const EXTEND_LABELS = { content: '补充内容', signDate: '签订日期' } as const;

const text = (v: string | null | undefined): string => (v ?? '').trim();

/** Collects problems, one per field (the first found wins). */
function problemList() {
  const problems: DomainError[] = [];
  return {
    problems,
    refuse: (e: DomainError): void => {
      if (!problems.some((p) => p.field === e.field)) problems.push(e);
    },
  };
}

/** Bounds each text field by its limit. */
function checkTexts(
  input: Readonly<Record<string, unknown>>,
  limits: Readonly<Record<string, number>>,
  refuse: (e: DomainError) => void,
  M = fieldMessagesOf(),
): void {
  for (const [field, max] of Object.entries(limits)) {
    const v = input[field];
    if (typeof v === 'string' && v.trim().length > max) {
      refuse(domainError(C.tooLong, M.tooLong(field, max), field));
    }
  }
}

const amountProblem = (raw: string | null | undefined, field: string, fallback: string | null) => {
  const a = contractAmount(raw, field, fallback);
  return a.ok ? null : a.error;
};

/**
 * A project filing's problems: 项目名称, 业务来源 ('1', '2' or '3') and 合同金额 are required;
 * 合同净额 (default 合同金额) may not exceed 合同金额; 直接费 defaults to 0; texts are bounded.
 */
export function lixiangInputProblems(input: LixiangInput): readonly DomainError[] {
  const M = fieldMessagesOf();
  const { problems, refuse } = problemList();
  if (text(input.projectName) === '') {
    refuse(domainError(C.required, M.required('projectName'), 'projectName'));
  }
  checkTexts(input as Record<string, unknown>, LIXIANG_TEXT_LIMITS, refuse);
  const source = text(input.bizSource);
  if (source === '') refuse(domainError(C.required, M.required('bizSource'), 'bizSource'));
  else if (source !== '1' && source !== '2' && source !== '3') {
    refuse(domainError(C.invalidValue, M.invalidValue('bizSource'), 'bizSource'));
  }
  const total = contractAmount(input.totalAmount, 'totalAmount', null);
  if (!total.ok) refuse(total.error);
  const clean = contractAmount(input.cleanAmount, 'cleanAmount', total.ok ? total.value : '0');
  if (!clean.ok) refuse(clean.error);
  // As on a contract: the clean amount is part of the contract amount.
  else if (total.ok && new MoneyDecimal(clean.value).gt(new MoneyDecimal(total.value))) {
    refuse(
      domainError(C.amountExceeds, M.amountExceeds('cleanAmount', 'totalAmount'), 'cleanAmount'),
    );
  }
  const direct = amountProblem(input.directFee, 'directFee', '0');
  if (direct) refuse(direct);
  return problems;
}

/**
 * A sub-contract's problems: 所属合同 (when `parent` is asked for: a new one), 分包类型 (1 to 7),
 * 收款单位 and 分包金额 are required; texts are bounded.
 */
export function contractChildInputProblems(
  input: ContractChildInput,
  options: { readonly parent?: boolean } = {},
): readonly DomainError[] {
  const M = fieldMessagesOf({ contractId: '所属合同', totalAmount: '分包金额' });
  const { problems, refuse } = problemList();
  if (options.parent !== false && input.contractId === undefined) {
    refuse(domainError(C.required, M.required('contractId'), 'contractId'));
  }
  const type = input.childType === null || input.childType === undefined ? '' : input.childType;
  if (String(type).trim() === '') {
    refuse(domainError(C.required, M.required('childType'), 'childType'));
  } else if (!(CHILD_TYPES as readonly number[]).includes(Number(String(type).trim()))) {
    refuse(domainError(C.invalidValue, M.invalidValue('childType'), 'childType'));
  }
  if (text(input.receiveCompanyName) === '') {
    refuse(domainError(C.required, M.required('receiveCompanyName'), 'receiveCompanyName'));
  }
  checkTexts(input as Record<string, unknown>, CONTRACT_CHILD_TEXT_LIMITS, refuse);
  const total = amountProblem(input.totalAmount, 'totalAmount', null);
  if (total) refuse({ ...total, message: amountMessage(M, total, 'totalAmount') });
  return problems;
}

/** contractAmount's refusal in this record's words. */
function amountMessage(
  M: ReturnType<typeof fieldMessagesOf>,
  e: DomainError,
  field: string,
): string {
  return e.code === C.required ? M.required(field) : M.invalidAmount(field);
}

/** A tax rate's problem: a fraction from 0 to 0.06 with at most 6 decimals. */
export function taxRateProblem(rateText: string): DomainError | null {
  const shape = new RegExp(`^0(\\.\\d{1,${TAX_RATE_DECIMALS}})?$`);
  return !shape.test(rateText) || new MoneyDecimal(rateText).gt(MAX_TAX_RATE)
    ? domainError(C.invalidValue, `税率应为0到${MAX_TAX_RATE}之间的小数`, 'taxRate')
    : null;
}

/**
 * A pay item's problems: 付款金额 is required; 税率, when given, is a fraction from 0 to 0.06;
 * 付款日期 is a real yyyy-MM-dd date; 备注 is bounded; at most 50 files.
 */
export function childPayInputProblems(input: ChildPayInput): readonly DomainError[] {
  const M = fieldMessagesOf();
  const { problems, refuse } = problemList();
  const pay = amountProblem(input.payAmount, 'payAmount', null);
  if (pay) refuse(pay);
  const rate = text(input.taxRate);
  const rateProblem = rate === '' ? null : taxRateProblem(rate);
  if (rateProblem) refuse(rateProblem);
  const payDate = text(input.payDate);
  if (payDate !== '' && !isIsoDate(payDate)) {
    refuse(domainError(C.invalidDate, M.invalidDate('payDate'), 'payDate'));
  }
  checkTexts(input as Record<string, unknown>, CHILD_PAY_TEXT_LIMITS, refuse);
  if ((input.files?.length ?? 0) > MAX_SUB_RECORD_FILES) {
    refuse(domainError(C.invalidValue, M.tooMany('files', MAX_SUB_RECORD_FILES), 'files'));
  }
  return problems;
}

/**
 * An extended sub-contract's problems: 分包合同 (when `parent` is asked for: a new one), 补充内容
 * and 补充金额 are required; 签订日期 is a real yyyy-MM-dd date; texts are bounded; at most 50
 * files.
 */
export function extendSubContractInputProblems(
  input: ExtendSubContractInput,
  options: { readonly parent?: boolean } = {},
): readonly DomainError[] {
  const M = fieldMessagesOf(EXTEND_LABELS);
  const { problems, refuse } = problemList();
  if (options.parent !== false && input.contractChildId === undefined) {
    refuse(domainError(C.required, M.required('contractChildId'), 'contractChildId'));
  }
  if (text(input.content) === '') {
    refuse(domainError(C.required, M.required('content'), 'content'));
  }
  checkTexts(input as Record<string, unknown>, EXTEND_SUB_CONTRACT_TEXT_LIMITS, refuse, M);
  const amount = amountProblem(input.extendAmount, 'extendAmount', null);
  if (amount) refuse(amount);
  const signDate = text(input.signDate);
  if (signDate !== '' && !isIsoDate(signDate)) {
    refuse(domainError(C.invalidDate, M.invalidDate('signDate'), 'signDate'));
  }
  if (new Set(input.files ?? []).size > MAX_SUB_RECORD_FILES) {
    refuse(domainError(C.invalidValue, M.tooMany('files', MAX_SUB_RECORD_FILES), 'files'));
  }
  return problems;
}
