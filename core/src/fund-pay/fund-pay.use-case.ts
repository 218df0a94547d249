import { MoneyDecimal } from '../money/money-decimal.js';
import type { ListPage } from '../platform/list-query.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import { runWrite, type WriteIdempotency } from '../shared/write.js';
import {
  FUND_PAY_RECORD_KIND,
  FUND_PAY_TYPE_CODES,
  FUND_PAY_TYPE_LABELS,
  fundPayTemplateKind,
  IN_PLAN_PAY_TYPE,
  type FundPay,
  type FundPayActor,
  type FundPayMonth,
  type FundPayTypeCode,
  type PaymentPlan,
} from './fund-pay.js';
import { FUND_PAY_ERROR_CODES as C, FUND_PAY_MESSAGES as M } from './fund-pay-messages.js';
import { fundPayStateCheck, paymentPlanStateCheck } from './fund-pay-actions.js';
import { checkPlanAmount, leftOf } from './fund-pay-rules.js';
import type {
  FundPayListFilter,
  FundPayListQuery,
  FundPayRepositories,
  PayItemChoice,
  PayItemFilter,
  PaymentPlanListFilter,
  PaymentPlanListQuery,
} from './fund-pay.repository.port.js';

type R<T> = Promise<Result<T>>;
const fail = (code: string, message: string, field?: string): Result<never> =>
  err(domainError(code, message, field));
const d = (v: string) => new MoneyDecimal(v);
/** The picker lists at most this many pay items (a sub-contract narrows it). */
export const PAY_ITEM_PICKER_LIMIT = 500;

export interface FundPayClock {
  now(): Date;
}

export type { FundPayInput, PaymentPlanInput } from './fund-pay-fields.js';
import {
  backMoneyLeft,
  checkFundPlan,
  fieldsOf,
  inputOf,
  payFields,
  planFields,
  visiblePay,
  visiblePlan,
  type FundPayInput,
  type PaymentPlanInput,
} from './fund-pay-fields.js';
import { fundPayApprovalContent } from './fund-pay-approval.js';
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
    return this.uow.transaction((r) => visiblePlan(r, paymentPlanId, actor));
  }

  addPlan(input: PaymentPlanInput, actor: FundPayActor, idem?: WriteIdempotency): R<PaymentPlan> {
    return this.write(async (r, at) => {
      const f = await planFields(r, input, actor);
      if (!f.ok) return f;
      const id = await r.pays.insertPlan(
        f.value,
        { userId: actor.userId, createBy: actor.userName, deptId: actor.deptId },
        at,
      );
      return visiblePlan(r, id, actor);
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
      const found = await visiblePlan(r, paymentPlanId, actor, true);
      if (!found.ok) return found;
      const p = found.value;
      if (version !== undefined && version !== p.version)
        return fail(C.staleVersion, M.staleVersion);
      const f = await planFields(
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
      return visiblePlan(r, paymentPlanId, actor);
    });
  }

  deletePlan(paymentPlanId: number, actor: FundPayActor): R<void> {
    return this.write(async (r, at) => {
      const found = await visiblePlan(r, paymentPlanId, actor, true);
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

  /**
   * The pay items a payment contract (16_x) may name, for the form's picker: only those of
   * approved or history sub-contracts (checkPayItemPayable) in the caller's scope, each with what
   * is still payable on it (its amount − the live payments', never below 0), so nobody types an
   * internal id.
   */
  async payItems(
    filter: PayItemFilter,
    actor: FundPayActor,
  ): Promise<readonly (PayItemChoice & { readonly canPayAmount: string })[]> {
    const items = await this.uow.transaction((r) =>
      r.pays.listPayItems(filter, actor.scope, PAY_ITEM_PICKER_LIMIT),
    );
    return items.map((i) => ({ ...i, canPayAmount: leftOf(i.payAmount, i.committedAmount) }));
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
    return this.uow.transaction((r) => visiblePay(r, payId, actor));
  }

  /** Enters a payment (a draft); `submit` sends it into approval in the same transaction. */
  addPay(
    input: FundPayInput,
    actor: FundPayActor,
    submit = false,
    idem?: WriteIdempotency,
  ): R<FundPay> {
    return this.write(async (r, at) => {
      const f = await payFields(r, input, actor);
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
      return visiblePay(r, payId, actor);
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
      const found = await visiblePay(r, payId, actor, true);
      if (!found.ok) return found;
      const p = found.value;
      if (version !== undefined && version !== p.version)
        return fail(C.staleVersion, M.staleVersion);
      const open = fundPayStateCheck('edit', p.status);
      if (!open.ok) return open;
      const f = await payFields(
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
      return visiblePay(r, payId, actor);
    });
  }

  deletePay(payId: number, actor: FundPayActor): R<void> {
    return this.write(async (r, at) => {
      const found = await visiblePay(r, payId, actor, true);
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
        const found = await visiblePay(r, payId, actor, true);
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
      return visiblePay(r, payId, actor);
    }, idem);
  }

  private static async send(
    r: FundPayRepositories,
    payId: number,
    actor: FundPayActor,
    at: Date,
  ): R<void> {
    const found = await visiblePay(r, payId, actor, true);
    if (!found.ok) return found;
    const p = found.value;
    const open = fundPayStateCheck('submit', p.status);
    if (!open.ok) return open;
    // The caps again: another payment may have used the room since this one was entered.
    const again = await payFields(r, inputOf(p), actor, payId);
    if (!again.ok) return again;
    const gate = await checkFundPlan(r, p.deptId, p.planMonth);
    if (!gate.ok) return gate;
    const left = await backMoneyLeft(r, p.contractId);
    if (d(p.realPayAmount).gt(d(left))) return fail(C.balance, M.balance(left), 'payAmount');
    // In approval before the engine runs: a flow that approves at once finds it waiting.
    await r.pays.updatePay(payId, { status: 1, approvalId: null }, at);
    const sent = await r.approvals.submit({
      kind: fundPayTemplateKind(p.typeCode),
      typeCode: p.typeCode,
      recordKind: FUND_PAY_RECORD_KIND,
      title: `${FUND_PAY_TYPE_LABELS[p.typeCode]}-${p.receiveCompanyName}-${p.payAmount}万元`,
      content: fundPayApprovalContent(p),
      recordId: String(payId),
      drafterId: actor.userId,
      drafterDeptId: actor.deptId,
      idempotencyScope: 'fundPay.submit',
    });
    if (!sent.ok) return sent;
    await r.pays.updatePay(payId, { approvalId: sent.value.approvalId }, at);
    return ok(undefined);
  }
}
