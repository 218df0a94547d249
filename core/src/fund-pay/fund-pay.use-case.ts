import type { ApprovalEndedEvent } from '../approval/approval.repository.port.js';
import type { ContentEntry, TemplateContent } from '../approval/template.js';
import { netPay } from '../fees/net-pay.js';
import { toAmountString } from '../money/amount.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import type { ListPage } from '../platform/list-query.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { runWrite, type WriteIdempotency } from '../shared/write.js';
import {
  BACK_MONEY_ACCOUNT_KIND,
  FUND_PAY_ACCOUNT_KIND,
  FUND_PAY_TYPE_CODES,
  FUND_PAY_TYPE_LABELS,
  IN_PLAN_PAY_TYPE,
  type FundPay,
  type FundPayActor,
  type FundPayMonth,
  type FundPayTypeCode,
  type PaymentPlan,
} from './fund-pay.js';
import { FUND_PAY_ERROR_CODES as C, FUND_PAY_MESSAGES as M } from './fund-pay-messages.js';
import { fundPayStateCheck, paymentPlanStateCheck } from './fund-pay-actions.js';
import {
  applyPayPostings,
  checkPlanAmount,
  checkWithinPayItem,
  checkWithinPlan,
  isFundPlanSwitchOn,
  parsePayAmount,
  parsePayDate,
  parsePayText,
  parsePayMonth,
  parseTaxRate,
  payPostings,
  sortPayAccounts,
} from './fund-pay-rules.js';
import type {
  FundPayFields,
  FundPayListFilter,
  FundPayListQuery,
  FundPayRepositories,
  PaymentPlanFields,
  PaymentPlanListFilter,
  PaymentPlanListQuery,
} from './fund-pay.repository.port.js';

type R<T> = Promise<Result<T>>;
const fail = (code: string, message: string, field?: string): Result<never> =>
  err(domainError(code, message, field));
const d = (v: string) => new MoneyDecimal(v);

export interface FundPayClock {
  now(): Date;
}

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
async function checkFundPlan(
  r: FundPayRepositories,
  deptId: number | null,
  planMonth: string,
): R<void> {
  if (!isFundPlanSwitchOn(await r.gate.switchValue())) return ok(undefined);
  if (deptId !== null && (await r.gate.planApproved(deptId, planMonth))) return ok(undefined);
  return fail(C.noFundPlan, M.noFundPlan(planMonth), 'planMonth');
}

/** The contract's unallotted back money, the pool a payment draws on. */
async function backMoneyLeft(r: FundPayRepositories, contractId: number): Promise<string> {
  const sources = await r.ledger.backMoneySources(contractId);
  return toAmountString(sources.reduce((s, b) => s.plus(d(b.balance)), d('0')));
}

/**
 * Payment plans (/contract/paymentPlan) and fund payments (/v4/fundPay): a payment executes a plan
 * line (monthly in-plan payment, 20_1) or a sub-contract pay item (payment contract, 16_1/16_2); its
 * net pay is core's netPay; approved, it is paid: its net pay leaves the contract's unallotted back
 * money through the fund ledger, in the approval's transaction, and never below zero.
 */
export class FundPayService {
  constructor(
    private readonly uow: UnitOfWork<FundPayRepositories>,
    private readonly clock: FundPayClock,
  ) {}

  private write<T>(fn: (r: FundPayRepositories, at: Date) => R<T>, idem?: WriteIdempotency): R<T> {
    return runWrite(this.uow, () => this.clock.now(), fn, idem);
  }

  // ---- payment plans ---------------------------------------------------------------------------

  private static async visiblePlan(
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

  private static async visibleContract(
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

  private static async planFields(
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
    const c = await FundPayService.visibleContract(r, contractId, actor);
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

  listPlans(q: PaymentPlanListQuery, actor: FundPayActor): Promise<ListPage<PaymentPlan>> {
    return this.uow.transaction((r) => r.pays.listPlans(q, actor.scope));
  }

  async *exportPlans(
    filter: PaymentPlanListFilter,
    actor: FundPayActor,
    batch = 1000,
  ): AsyncGenerator<PaymentPlan> {
    let before = 2_147_483_647;
    for (;;) {
      const rows = await this.uow.transaction((r) =>
        r.pays.exportPlans(filter, actor.scope, before, batch),
      );
      yield* rows;
      const last = rows[rows.length - 1];
      if (rows.length < batch || last === undefined) return;
      before = last.paymentPlanId;
    }
  }

  getPlan(paymentPlanId: number, actor: FundPayActor): R<PaymentPlan> {
    return this.uow.transaction((r) => FundPayService.visiblePlan(r, paymentPlanId, actor));
  }

  addPlan(input: PaymentPlanInput, actor: FundPayActor, idem?: WriteIdempotency): R<PaymentPlan> {
    return this.write(async (r, at) => {
      const f = await FundPayService.planFields(r, input, actor);
      if (!f.ok) return f;
      const id = await r.pays.insertPlan(
        f.value,
        { userId: actor.userId, createBy: actor.userName, deptId: actor.deptId },
        at,
      );
      return FundPayService.visiblePlan(r, id, actor);
    }, idem);
  }

  /** Changes a plan line; its amount may not fall below what its payments took or wait for. */
  editPlan(
    paymentPlanId: number,
    input: PaymentPlanInput,
    version: number | undefined,
    actor: FundPayActor,
  ): R<PaymentPlan> {
    return this.write(async (r, at) => {
      const found = await FundPayService.visiblePlan(r, paymentPlanId, actor, true);
      if (!found.ok) return found;
      const p = found.value;
      if (version !== undefined && version !== p.version)
        return fail(C.staleVersion, M.staleVersion);
      const f = await FundPayService.planFields(
        r,
        {
          ...input,
          contractId: input.contractId ?? p.contractId,
          contractChildId:
            input.contractChildId === undefined ? p.contractChildId : input.contractChildId,
        },
        actor,
      );
      if (!f.ok) return f;
      const committed = await r.pays.committedOnPlan(paymentPlanId);
      const fits = checkPlanAmount(f.value.planPayAmount, committed);
      if (!fits.ok) return fits;
      if ((await r.pays.paymentsOnPlan(paymentPlanId)) > 0 && f.value.contractId !== p.contractId)
        return fail(C.planInUse, M.planInUse, 'contractId');
      if (!(await r.pays.updatePlan(paymentPlanId, p.version, f.value, at)))
        return fail(C.staleVersion, M.staleVersion);
      return FundPayService.visiblePlan(r, paymentPlanId, actor);
    });
  }

  deletePlan(paymentPlanId: number, actor: FundPayActor): R<void> {
    return this.write(async (r, at) => {
      const found = await FundPayService.visiblePlan(r, paymentPlanId, actor, true);
      if (!found.ok) return found;
      const kept = paymentPlanStateCheck('remove', {
        paymentCount: await r.pays.paymentsOnPlan(paymentPlanId),
      });
      if (!kept.ok) return kept;
      await r.pays.removePlan(paymentPlanId, at);
      return ok(undefined);
    });
  }

  // ---- payments --------------------------------------------------------------------------------

  private static async visiblePay(
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
  private static async payFields(
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
      const plan = await FundPayService.visiblePlan(r, planId, actor, true);
      if (!plan.ok) return plan;
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
    const c = await FundPayService.visibleContract(r, item.contractId, actor);
    if (!c.ok) return c;
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

  listPays(q: FundPayListQuery, actor: FundPayActor): Promise<ListPage<FundPay>> {
    return this.uow.transaction((r) => r.pays.listPays(q, actor.scope));
  }

  months(filter: FundPayListFilter, actor: FundPayActor): Promise<readonly FundPayMonth[]> {
    return this.uow.transaction((r) => r.pays.months(filter, actor.scope));
  }

  async *exportPays(
    filter: FundPayListFilter,
    actor: FundPayActor,
    batch = 1000,
  ): AsyncGenerator<FundPay> {
    let before = 2_147_483_647;
    for (;;) {
      const rows = await this.uow.transaction((r) =>
        r.pays.exportPays(filter, actor.scope, before, batch),
      );
      yield* rows;
      const last = rows[rows.length - 1];
      if (rows.length < batch || last === undefined) return;
      before = last.payId;
    }
  }

  getPay(payId: number, actor: FundPayActor): R<FundPay> {
    return this.uow.transaction((r) => FundPayService.visiblePay(r, payId, actor));
  }

  /** Enters a payment (a draft); `submit` sends it into approval in the same transaction. */
  addPay(
    input: FundPayInput,
    actor: FundPayActor,
    submit = false,
    idem?: WriteIdempotency,
  ): R<FundPay> {
    return this.write(async (r, at) => {
      const f = await FundPayService.payFields(r, input, actor);
      if (!f.ok) return f;
      const payId = await r.pays.insertPay(
        f.value,
        { userId: actor.userId, createBy: actor.userName },
        at,
      );
      if (submit) {
        const sent = await FundPayService.send(r, payId, actor, at);
        if (!sent.ok) return sent;
      }
      return FundPayService.visiblePay(r, payId, actor);
    }, idem);
  }

  /** Changes a draft or turned-down payment; the caps are checked again. */
  editPay(
    payId: number,
    input: FundPayInput,
    version: number | undefined,
    actor: FundPayActor,
  ): R<FundPay> {
    return this.write(async (r, at) => {
      const found = await FundPayService.visiblePay(r, payId, actor, true);
      if (!found.ok) return found;
      const p = found.value;
      if (version !== undefined && version !== p.version)
        return fail(C.staleVersion, M.staleVersion);
      const open = fundPayStateCheck('edit', p.status);
      if (!open.ok) return open;
      const f = await FundPayService.payFields(
        r,
        {
          ...input,
          ...(input.paymentPlanId === undefined && input.childPayId === undefined
            ? { paymentPlanId: p.paymentPlanId, childPayId: p.childPayId }
            : {}),
          typeCode: input.typeCode ?? p.typeCode,
        },
        actor,
        payId,
      );
      if (!f.ok) return f;
      await r.pays.updatePay(payId, { fields: f.value }, at);
      return FundPayService.visiblePay(r, payId, actor);
    });
  }

  deletePay(payId: number, actor: FundPayActor): R<void> {
    return this.write(async (r, at) => {
      const found = await FundPayService.visiblePay(r, payId, actor, true);
      if (!found.ok) return found;
      const open = fundPayStateCheck('remove', found.value.status);
      if (!open.ok) return open;
      await r.pays.removePay(payId, at);
      return ok(undefined);
    });
  }

  /** updateToApproval: sends a draft or turned-down payment into approval (20_1, 16_1 or 16_2). */
  submitPay(
    payId: number,
    typeCode: string | undefined,
    actor: FundPayActor,
    idem?: WriteIdempotency,
  ): R<FundPay> {
    return this.write(async (r, at) => {
      if (typeCode !== undefined) {
        const found = await FundPayService.visiblePay(r, payId, actor, true);
        if (!found.ok) return found;
        const p = found.value;
        if (
          !(FUND_PAY_TYPE_CODES as readonly string[]).includes(typeCode) ||
          (p.paymentPlanId !== null) !== (typeCode === IN_PLAN_PAY_TYPE)
        )
          return fail(C.typeCode, M.typeCode, 'typeCode');
        if (typeCode !== p.typeCode && (p.status === 0 || p.status === 3))
          await r.pays.updatePay(
            payId,
            { fields: { ...fieldsOf(p), typeCode: typeCode as FundPayTypeCode } },
            at,
          );
      }
      const sent = await FundPayService.send(r, payId, actor, at);
      if (!sent.ok) return sent;
      return FundPayService.visiblePay(r, payId, actor);
    }, idem);
  }

  private static async send(
    r: FundPayRepositories,
    payId: number,
    actor: FundPayActor,
    at: Date,
  ): R<void> {
    const found = await FundPayService.visiblePay(r, payId, actor, true);
    if (!found.ok) return found;
    const p = found.value;
    const open = fundPayStateCheck('submit', p.status);
    if (!open.ok) return open;
    // The caps again: another payment may have used the room since this one was entered.
    const again = await FundPayService.payFields(r, inputOf(p), actor, payId);
    if (!again.ok) return again;
    const gate = await checkFundPlan(r, p.deptId, p.planMonth);
    if (!gate.ok) return gate;
    const left = await backMoneyLeft(r, p.contractId);
    if (d(p.realPayAmount).gt(d(left))) return fail(C.balance, M.balance(left), 'payAmount');
    // In approval before the engine runs: a flow that approves at once finds it waiting.
    await r.pays.updatePay(payId, { status: 1, approvalId: null }, at);
    const sent = await r.approvals.submit({
      typeCode: p.typeCode,
      title: `${FUND_PAY_TYPE_LABELS[p.typeCode]}-${p.receiveCompanyName}-${p.payAmount}万元`,
      content: fundPayApprovalContent(p),
      recordId: String(payId),
      drafterId: actor.userId,
      drafterDeptId: actor.deptId,
    });
    if (!sent.ok) return sent;
    await r.pays.updatePay(payId, { approvalId: sent.value.approvalId }, at);
    return ok(undefined);
  }
}

const fieldsOf = (p: FundPay): FundPayFields => ({
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

const inputOf = (p: FundPay): FundPayInput => ({
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

/**
 * The payment's approval ended: approved, it is paid — under the locks of the contract's back money
 * balances its net pay leaves them (oldest record first) for the payment's own balance, the
 * fund_plan_switch rule checked once more; refused (the approval with it) when the back money left
 * is short. Turned down or withdrawn, it goes back to the drafter. Runs in the approval's
 * transaction.
 */
export async function moveFundPayOnApproval(
  r: FundPayRepositories,
  event: Pick<ApprovalEndedEvent, 'approvalId' | 'recordId' | 'status' | 'at'>,
): Promise<Result<void, DomainError>> {
  const pay = await r.pays.getPay(Number(event.recordId), true);
  if (
    pay === null ||
    pay.status !== 1 ||
    (pay.approvalId !== null && pay.approvalId !== event.approvalId)
  )
    return ok(undefined);
  if (event.status !== 1) {
    await r.pays.updatePay(pay.payId, { status: 3, approvalId: event.approvalId }, event.at);
    return ok(undefined);
  }
  const gate = await checkFundPlan(r, pay.deptId, pay.planMonth);
  if (!gate.ok) return gate;
  const posted = await postFundPay(r, pay, event.at);
  if (!posted.ok) return posted;
  await r.pays.updatePay(
    pay.payId,
    { status: 2, paidTime: event.at, approvalId: event.approvalId },
    event.at,
  );
  return ok(undefined);
}

/**
 * Pays a payment: under the locks of the contract's back money balances (and the payment's own),
 * its net pay leaves them, oldest record first, for the payment's balance — one `fundPay.pay`
 * movement of the fund ledger; refused, posting nothing, when the back money left is short.
 */
export async function postFundPay(
  r: FundPayRepositories,
  pay: Pick<FundPay, 'payId' | 'contractId' | 'deptId' | 'realPayAmount' | 'createBy'>,
  at: Date,
): Promise<Result<void, DomainError>> {
  const sources = await r.ledger.backMoneySources(pay.contractId);
  const accounts = sortPayAccounts([
    ...sources.map((s) => ({ kind: BACK_MONEY_ACCOUNT_KIND, id: s.backMoneyId })),
    { kind: FUND_PAY_ACCOUNT_KIND, id: pay.payId },
  ]);
  const balances = await r.ledger.lock(accounts);
  const locked = sources.map((s) => ({
    backMoneyId: s.backMoneyId,
    balance: balances.get(`${BACK_MONEY_ACCOUNT_KIND}:${String(s.backMoneyId)}`) ?? '0',
  }));
  const postings = payPostings(pay.payId, pay.realPayAmount, locked);
  if (!postings.ok) return postings;
  const next = applyPayPostings(balances, postings.value);
  if (!next.ok) return next;
  await r.ledger.post(
    {
      payId: pay.payId,
      contractId: pay.contractId,
      deptId: pay.deptId,
      createBy: pay.createBy,
      at,
    },
    postings.value,
    next.value,
  );
  return ok(undefined);
}

/**
 * Sent again from the approval centre (a turned-down payment resubmitted there): it is in approval
 * once more, if the fund_plan_switch rule still lets it.
 */
export async function fundPayResent(
  r: FundPayRepositories,
  event: { readonly approvalId: string; readonly recordId: string; readonly at: Date },
): Promise<Result<void, DomainError>> {
  const pay = await r.pays.getPay(Number(event.recordId), true);
  if (pay === null || pay.approvalId !== event.approvalId || pay.status !== 3) return ok(undefined);
  const gate = await checkFundPlan(r, pay.deptId, pay.planMonth);
  if (!gate.ok) return gate;
  await r.pays.updatePay(pay.payId, { status: 1 }, event.at);
  return ok(undefined);
}

const entry = (
  label: string,
  value: string,
  type: ContentEntry['type'] = 'input',
): ContentEntry => ({
  label,
  value,
  type,
});

/**
 * What the approvers read. 20_1 fills the payment request form (000 §3); 16_1/16_2 the payment
 * contract form (甲方 the paying institute, 乙方 the payee, the amount and the net pay).
 */
export function fundPayApprovalContent(p: FundPay): TemplateContent {
  const rate = `${new MoneyDecimal(p.taxRate).times(100).toFixed()}%`;
  if (p.typeCode === IN_PLAN_PAY_TYPE) {
    const c: Record<string, ContentEntry> = {
      reason: entry('付款事由', p.reason, 'textarea'),
      contractName: entry('合同名称', p.contractName),
      planMonth: entry('计划月份', p.planMonth),
      subjectName: entry('科目名称', p.subjectName),
      payAmount: entry('本次付款金额（万元）', p.payAmount),
      realPayAmount: entry('实付金额（万元）', p.realPayAmount),
      payCompanyName: entry('付款单位', p.payCompanyName),
      receiveCompanyName: entry('收款单位', p.receiveCompanyName),
      remark: entry(
        '备注',
        p.remark === '' ? `税率${rate}` : `税率${rate}；${p.remark}`,
        'textarea',
      ),
    };
    if (p.deptId !== null) c['applyDeptId'] = entry('申请部门', String(p.deptId), 'cascader');
    if (p.payTime !== '') c['payTime'] = entry('付款日期', p.payTime, 'timeSelect');
    return c;
  }
  return {
    contractName: entry('合同名称', p.contractName),
    contractNo: entry('合同编号', p.contractNo),
    signByMain: entry('甲方', p.payCompanyName === '' ? p.contractName : p.payCompanyName),
    signBySub: entry('乙方', p.receiveCompanyName),
    totalAmount: entry('合同金额（万元）', p.payAmount),
    ...(p.payTime === '' ? {} : { signTime: entry('签订日期', p.payTime, 'timeSelect') }),
    contractContent: entry(
      '合同主要内容',
      `${p.reason}（本次付款${p.payAmount}万元，税率${rate}，实付${p.realPayAmount}万元）`,
      'textarea',
    ),
  };
}
