import { actionRule, type RecordAction } from '../session/action-actor.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import { FUND_PAY_ERROR_CODES as C, FUND_PAY_MESSAGES as M } from './fund-pay-messages.js';

/**
 * A payment's 修改, 送审 and 删除, decided once for the 资金支付 list and its routes: only a draft or a
 * turned-down payment (status 0 or 3) changes; a paid one (2) or one in approval (1) does not.
 */
export function fundPayStateCheck(_action: RecordAction, status: number): Result<void> {
  if (status === 2) return err(domainError(C.paid, M.paid));
  if (status === 1) return err(domainError(C.locked, M.locked));
  return ok(undefined);
}

export const fundPayActions = actionRule(
  {
    edit: 'contract:fundPay:edit',
    submit: 'contract:fundPay:edit',
    remove: 'contract:fundPay:remove',
  },
  (action: RecordAction, pay: { readonly status: number }) => fundPayStateCheck(action, pay.status),
);

/** What the 付款计划 list offers on a plan line: 修改 and 删除. */
export type PaymentPlanAction = 'edit' | 'remove';

/**
 * A payment plan's 删除, decided once for the 付款计划 list and its route: a plan that any payment
 * was made against (paymentCount > 0, whatever the payment's status) is kept, since the payment
 * names it. 修改 stays open (the use case keeps its amount at or above what is paid and pending).
 */
export function paymentPlanStateCheck(
  action: PaymentPlanAction,
  plan: { readonly paymentCount: number },
): Result<void> {
  if (action === 'remove' && plan.paymentCount > 0)
    return err(domainError(C.planInUse, M.planInUse, 'paymentPlanId'));
  return ok(undefined);
}

export const paymentPlanActions = actionRule(
  { edit: 'contract:paymentPlan:edit', remove: 'contract:paymentPlan:remove' },
  paymentPlanStateCheck,
);
