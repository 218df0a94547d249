import { netPay } from '../fees/net-pay.js';
import { toAmountString } from '../money/amount.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import {
  FUND_PAY_TYPE_CODES,
  IN_PLAN_PAY_TYPE,
  type FundPay,
  type FundPayActor,
  type FundPayTypeCode,
  type PaymentPlan,
} from './fund-pay.js';
import { FUND_PAY_ERROR_CODES as C, FUND_PAY_MESSAGES as M } from './fund-pay-messages.js';
import {
  checkPayItemPayable,
  checkWithinPayItem,
  checkWithinPlan,
  isFundPlanSwitchOn,
  parsePayAmount,
  parsePayDate,
  parsePayText,
  parsePayMonth,
  parseTaxRate,
} from './fund-pay-rules.js';
import type {
  FundPayFields,
  FundPayRepositories,
  PaymentPlanFields,
} from './fund-pay.repository.port.js';

type R<T> = Promise<Result<T>>;
const fail = (code: string, message: string, field?: string): Result<never> =>
  err(domainError(code, message, field));
const d = (v: string) => new MoneyDecimal(v);

export interface PaymentPlanInput {
  readonly contractId?: number | undefined;
  readonly contractChildId?: number | null | undefined;
  readonly planMonth?: unknown;
  readonly subjectName?: unknown;
  readonly receiveCompanyName?: unknown;
  readonly planPayAmount?: unknown;
  readonly remark?: unknown;
}

export interface FundPayInput {
  readonly paymentPlanId?: number | null | undefined;
  readonly childPayId?: number | null | undefined;
  readonly planMonth?: unknown;
  readonly subjectName?: unknown;
  readonly reason?: unknown;
  readonly payTime?: unknown;
  readonly payCompanyName?: unknown;
  readonly payAmount?: unknown;
  readonly taxRate?: unknown;
  readonly remark?: unknown;
  readonly typeCode?: string | undefined;
}

/** The fund_plan_switch rule: switched on, the department's plan for the month must be approved. */
export async function checkFundPlan(
  r: FundPayRepositories,
  deptId: number | null,
  planMonth: string,
): R<void> {
  if (!isFundPlanSwitchOn(await r.gate.switchValue())) return ok(undefined);
  if (deptId !== null && (await r.gate.planApproved(deptId, planMonth))) return ok(undefined);
  return fail(C.noFundPlan, M.noFundPlan(planMonth), 'planMonth');
}

/** The contract's unallotted back money, the pool a payment draws on. */
export async function backMoneyLeft(r: FundPayRepositories, contractId: number): Promise<string> {
  const sources = await r.ledger.backMoneySources(contractId);
  return toAmountString(sources.reduce((s, b) => s.plus(d(b.balance)), d('0')));
}

export async function visiblePlan(
  r: FundPayRepositories,
  paymentPlanId: number,
  actor: FundPayActor,
  forUpdate = false,
): R<PaymentPlan> {
  const p = await r.pays.getPlan(paymentPlanId, forUpdate);
  if (p === null) return fail(C.planNotFound, M.planNotFound, 'paymentPlanId');
  if (!(await r.pays.visible(actor.scope, p.deptId, p.userId)))
    return fail(C.outOfScope, M.outOfScope, 'paymentPlanId');
  return ok(p);
}

export async function visibleContract(
  r: FundPayRepositories,
  contractId: number,
  actor: FundPayActor,
) {
  const c = await r.pays.contract(contractId);
  if (c === null) return fail(C.contractNotFound, M.contractNotFound, 'contractId');
  if (!(await r.pays.visible(actor.scope, c.deptId, c.userId)))
    return fail(C.outOfScope, M.outOfScope, 'contractId');
  return ok(c);
}

export async function planFields(
  r: FundPayRepositories,
  input: PaymentPlanInput,
  actor: FundPayActor,
): R<PaymentPlanFields> {
  if (input.contractId === undefined && (input.contractChildId ?? null) === null)
    return fail(C.required, M.required('contractId'), 'contractId');
  const amount = parsePayAmount(input.planPayAmount, 'planPayAmount');
  if (!amount.ok) return amount;
  const month = parsePayMonth(input.planMonth);
  if (!month.ok) return month;
  const subject = parsePayText(input.subjectName, 'subjectName', 200);
  if (!subject.ok) return subject;
  const payee = parsePayText(input.receiveCompanyName, 'receiveCompanyName', 200);
  if (!payee.ok) return payee;
  const remark = parsePayText(input.remark, 'remark');
  if (!remark.ok) return remark;
  let contractId = input.contractId;
  let childId: number | null = input.contractChildId ?? null;
  let childPayee = '';
  if (childId !== null) {
    const child = await r.pays.child(childId);
    if (child === null) return fail(C.childNotFound, M.childNotFound, 'contractChildId');
    if (contractId !== undefined && contractId !== child.contractId)
      return fail(C.childNotOfContract, M.childNotOfContract, 'contractChildId');
    contractId = child.contractId;
    childId = child.contractChildId;
    childPayee = child.receiveCompanyName;
  }
  if (contractId === undefined) return fail(C.required, M.required('contractId'), 'contractId');
  const c = await visibleContract(r, contractId, actor);
  if (!c.ok) return c;
  const receiveCompanyName = payee.value === '' ? childPayee : payee.value;
  if (receiveCompanyName === '')
    return fail(C.required, M.required('receiveCompanyName'), 'receiveCompanyName');
  return ok({
    contractId: c.value.contractId,
    contractChildId: childId,
    planMonth: month.value,
    subjectName: subject.value,
    receiveCompanyName,
    planPayAmount: amount.value,
    remark: remark.value,
  });
}

export async function visiblePay(
  r: FundPayRepositories,
  payId: number,
  actor: FundPayActor,
  forUpdate = false,
): R<FundPay> {
  const p = await r.pays.getPay(payId, forUpdate);
  if (p === null) return fail(C.payNotFound, M.payNotFound, 'payId');
  if (!(await r.pays.visible(actor.scope, p.deptId, p.userId)))
    return fail(C.outOfScope, M.outOfScope, 'payId');
  return ok(p);
}

/** Checks a payment as entered against its source (plan line or pay item) and its caps. */
export async function payFields(
  r: FundPayRepositories,
  input: FundPayInput,
  actor: FundPayActor,
  exceptPayId?: number,
): R<FundPayFields> {
  const planId = input.paymentPlanId ?? null;
  const itemId = input.childPayId ?? null;
  if ((planId === null) === (itemId === null))
    return fail(C.oneSource, M.oneSource, 'paymentPlanId');
  const amount = parsePayAmount(input.payAmount);
  if (!amount.ok) return amount;
  const reason = parsePayText(input.reason, 'reason');
  if (!reason.ok) return reason;
  if (reason.value === '') return fail(C.required, M.required('reason'), 'reason');
  const payTime = parsePayDate(input.payTime);
  if (!payTime.ok) return payTime;
  const subject = parsePayText(input.subjectName, 'subjectName', 200);
  if (!subject.ok) return subject;
  const payer = parsePayText(input.payCompanyName, 'payCompanyName', 200);
  if (!payer.ok) return payer;
  const remark = parsePayText(input.remark, 'remark');
  if (!remark.ok) return remark;
  const typeCode = input.typeCode ?? (planId !== null ? IN_PLAN_PAY_TYPE : '16_1');
  if (
    !(FUND_PAY_TYPE_CODES as readonly string[]).includes(typeCode) ||
    (planId !== null) !== (typeCode === IN_PLAN_PAY_TYPE)
  )
    return fail(C.typeCode, M.typeCode, 'typeCode');

  if (planId !== null) {
    const plan = await visiblePlan(r, planId, actor, true);
    // A plan line the user cannot see is, to them, one that does not exist (named on its field).
    if (!plan.ok)
      return plan.error.code === C.outOfScope
        ? fail(C.planNotFound, M.planNotFound, 'paymentPlanId')
        : plan;
    const p = plan.value;
    const rate = parseTaxRate(input.taxRate);
    if (!rate.ok) return rate;
    const month =
      input.planMonth === undefined || input.planMonth === ''
        ? ok(p.planMonth)
        : parsePayMonth(input.planMonth);
    if (!month.ok) return month;
    const within = checkWithinPlan(
      p.planPayAmount,
      await r.pays.committedOnPlan(planId, exceptPayId),
      amount.value,
    );
    if (!within.ok) return within;
    const c = await r.pays.contract(p.contractId);
    if (c === null) return fail(C.contractNotFound, M.contractNotFound, 'contractId');
    return ok({
      paymentPlanId: planId,
      childPayId: null,
      contractId: p.contractId,
      contractChildId: p.contractChildId,
      deptId: c.deptId ?? actor.deptId,
      planMonth: month.value,
      subjectName: subject.value === '' ? p.subjectName : subject.value,
      reason: reason.value,
      payTime: payTime.value,
      payCompanyName: payer.value === '' ? c.signBySub : payer.value,
      receiveCompanyName: p.receiveCompanyName,
      payAmount: amount.value,
      taxRate: rate.value,
      realPayAmount: netPay(amount.value, rate.value),
      typeCode: typeCode as FundPayTypeCode,
      remark: remark.value,
    });
  }
  const item = await r.pays.payItem(itemId ?? 0);
  if (item === null) return fail(C.childPayNotFound, M.childPayNotFound, 'childPayId');
  const c = await visibleContract(r, item.contractId, actor);
  // A pay item of a contract the user cannot see is, to them, one that does not exist.
  if (!c.ok) return fail(C.childPayNotFound, M.childPayNotFound, 'childPayId');
  const payable = checkPayItemPayable(item);
  if (!payable.ok) return payable;
  // A pay item carries the payee's invoice rate; the payment takes it unless one is given.
  const rate = parseTaxRate(
    input.taxRate === undefined || input.taxRate === '' ? item.taxRate : input.taxRate,
  );
  if (!rate.ok) return rate;
  const month =
    (input.planMonth === undefined || input.planMonth === '') && payTime.value !== ''
      ? ok(payTime.value.slice(0, 7))
      : parsePayMonth(input.planMonth);
  if (!month.ok) return month;
  const within = checkWithinPayItem(
    item.payAmount,
    await r.pays.committedOnPayItem(item.childPayId, exceptPayId),
    amount.value,
  );
  if (!within.ok) return within;
  return ok({
    paymentPlanId: null,
    childPayId: item.childPayId,
    contractId: item.contractId,
    contractChildId: item.contractChildId,
    deptId: c.value.deptId ?? actor.deptId,
    planMonth: month.value,
    subjectName: subject.value,
    reason: reason.value,
    payTime: payTime.value,
    payCompanyName: payer.value === '' ? c.value.signBySub : payer.value,
    receiveCompanyName: item.receiveCompanyName,
    payAmount: amount.value,
    taxRate: rate.value,
    realPayAmount: netPay(amount.value, rate.value),
    typeCode: typeCode as FundPayTypeCode,
    remark: remark.value,
  });
}

export const fieldsOf = (p: FundPay): FundPayFields => ({
  paymentPlanId: p.paymentPlanId,
  childPayId: p.childPayId,
  contractId: p.contractId,
  contractChildId: p.contractChildId,
  deptId: p.deptId,
  planMonth: p.planMonth,
  subjectName: p.subjectName,
  reason: p.reason,
  payTime: p.payTime,
  payCompanyName: p.payCompanyName,
  receiveCompanyName: p.receiveCompanyName,
  payAmount: p.payAmount,
  taxRate: p.taxRate,
  realPayAmount: p.realPayAmount,
  typeCode: p.typeCode,
  remark: p.remark,
});

export const inputOf = (p: FundPay): FundPayInput => ({
  paymentPlanId: p.paymentPlanId,
  childPayId: p.childPayId,
  planMonth: p.planMonth,
  subjectName: p.subjectName,
  reason: p.reason,
  payTime: p.payTime,
  payCompanyName: p.payCompanyName,
  payAmount: p.payAmount,
  taxRate: p.taxRate,
  remark: p.remark,
  typeCode: p.typeCode,
});
