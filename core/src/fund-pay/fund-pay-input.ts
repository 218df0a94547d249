import type { DomainError, Result } from '../shared/result.js';
import { domainError } from '../shared/result.js';
import { FUND_PAY_TYPE_CODES, IN_PLAN_PAY_TYPE } from './fund-pay.js';
import { FUND_PAY_ERROR_CODES as C, FUND_PAY_MESSAGES as M } from './fund-pay-messages.js';
import {
  parsePayAmount,
  parsePayDate,
  parsePayMonth,
  parsePayText,
  parseTaxRate,
} from './fund-pay-rules.js';
import type { FundPayInput, PaymentPlanInput } from './fund-pay-fields.js';

/** The text limits of a plan line and a payment (the use case's parsers apply the same). */
export const FUND_PAY_TEXT_LIMITS = {
  subjectName: 200,
  receiveCompanyName: 200,
  payCompanyName: 200,
  reason: 500,
  remark: 500,
} as const;

/**
 * The fields a 付款计划 form must fill: 合同 (or a sub-contract, which names its contract),
 * 计划月份 and 计划付款金额. 收款单位 may stay blank only for a sub-contract's plan (its payee is
 * the default), so the form marks it but the rule asks for it only without a sub-contract.
 */
export const PAYMENT_PLAN_REQUIRED_FIELDS = [
  'contractId',
  'planMonth',
  'planPayAmount',
  'receiveCompanyName',
] as const;

/** The fields a 资金支付 form must fill: its source (付款计划 or 分包付款项), 付款事由, the amount. */
export const FUND_PAY_REQUIRED_FIELDS = ['paymentPlanId', 'reason', 'payAmount'] as const;

const problemsOf = (results: readonly Result<unknown>[]): DomainError[] =>
  results.flatMap((r) => (r.ok ? [] : [r.error]));

const blank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Every problem of a payment plan line as entered that needs no stored record, at most one per
 * field, in the words the use case refuses with: what the wire schema reports and a form shows
 * beside its fields at once. The use case still checks the contract, the sub-contract and the
 * amounts already paid.
 */
export function paymentPlanInputProblems(
  input: PaymentPlanInput,
  /** An edit keeps the stored contract (and its sub-contract's payee) when none is sent. */
  options: { readonly edit?: boolean } = {},
): readonly DomainError[] {
  const noChild = (input.contractChildId ?? null) === null;
  return problemsOf([
    ...(options.edit !== true && input.contractId === undefined && noChild
      ? [
          {
            ok: false as const,
            error: domainError(C.required, M.required('contractId'), 'contractId'),
          },
        ]
      : []),
    parsePayAmount(input.planPayAmount, 'planPayAmount'),
    parsePayMonth(input.planMonth),
    parsePayText(input.subjectName, 'subjectName', FUND_PAY_TEXT_LIMITS.subjectName),
    options.edit !== true && noChild && blank(input.receiveCompanyName)
      ? {
          ok: false as const,
          error: domainError(C.required, M.required('receiveCompanyName'), 'receiveCompanyName'),
        }
      : parsePayText(
          input.receiveCompanyName,
          'receiveCompanyName',
          FUND_PAY_TEXT_LIMITS.receiveCompanyName,
        ),
    parsePayText(input.remark, 'remark', FUND_PAY_TEXT_LIMITS.remark),
  ]);
}

/**
 * Every problem of a payment as entered that needs no stored record, at most one per field, in
 * the use case's words (the source, amount, reason, date, texts, tax rate, month and approval
 * type). The use case still checks the plan line or pay item, its caps and the fund plan.
 */
export function fundPayInputProblems(
  input: FundPayInput,
  /** An edit that sends no source keeps the stored one and its approval type. */
  options: { readonly edit?: boolean } = {},
): readonly DomainError[] {
  const planId = input.paymentPlanId ?? null;
  const itemId = input.childPayId ?? null;
  const keepsSource = options.edit === true && planId === null && itemId === null;
  const reason = parsePayText(input.reason, 'reason', FUND_PAY_TEXT_LIMITS.reason);
  const typeCode = input.typeCode ?? (planId !== null ? IN_PLAN_PAY_TYPE : '16_1');
  const fail = (code: string, message: string, field: string) => ({
    ok: false as const,
    error: domainError(code, message, field),
  });
  return problemsOf([
    !keepsSource && (planId === null) === (itemId === null)
      ? fail(C.oneSource, M.oneSource, 'paymentPlanId')
      : { ok: true as const, value: undefined },
    parsePayAmount(input.payAmount),
    reason.ok && reason.value === '' ? fail(C.required, M.required('reason'), 'reason') : reason,
    parsePayDate(input.payTime),
    parsePayText(input.subjectName, 'subjectName', FUND_PAY_TEXT_LIMITS.subjectName),
    parsePayText(input.payCompanyName, 'payCompanyName', FUND_PAY_TEXT_LIMITS.payCompanyName),
    parsePayText(input.remark, 'remark', FUND_PAY_TEXT_LIMITS.remark),
    keepsSource ||
    (planId !== null) === (itemId !== null) ||
    ((FUND_PAY_TYPE_CODES as readonly string[]).includes(typeCode) &&
      (planId !== null) === (typeCode === IN_PLAN_PAY_TYPE))
      ? { ok: true as const, value: undefined }
      : fail(C.typeCode, M.typeCode, 'typeCode'),
    planId !== null ? parseTaxRate(input.taxRate) : { ok: true as const, value: undefined },
    monthProblem(input, planId, itemId),
  ]);
}

/**
 * 计划月份: a plan line's payment takes the line's month when none is given; a pay item's takes
 * the month of its pay day, so one of the two is needed (the use case applies the same).
 */
function monthProblem(
  input: FundPayInput,
  planId: number | null,
  itemId: number | null,
): Result<unknown> {
  if (!blank(input.planMonth)) return parsePayMonth(input.planMonth);
  if (planId === null && itemId !== null && blank(input.payTime)) return parsePayMonth('');
  return { ok: true, value: undefined };
}
