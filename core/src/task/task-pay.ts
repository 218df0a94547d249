import { MoneyDecimal } from '../money/money-decimal.js';
import { toAmountString } from '../money/amount.js';
import { err, ok, type DomainError, type Result } from '../shared/result.js';
import { TASK_QUALITY_DEPOSIT_RATE, type TaskPayKind, type TaskQualityType } from './task.js';
import { taskErrors } from './task-messages.js';

/**
 * The output value of a task and what may be paid out of it (001 §9 "Task sheet terms"). All in
 * 万元, decimal strings, exact to one 分:
 * - quality deposit = 15% of the task amount when the task has a quality requirement, else 0;
 * - ready pay (产值发放) totals at most the confirmed finish amount less its 15% share of deposit;
 * - quality pay totals at most the deposit;
 * - the confirmed finish amount lies between what was paid out and the task amount.
 */
export interface TaskValue {
  readonly taskAmount: string;
  readonly confirmFinishAmount: string;
  readonly qualityType: TaskQualityType;
  readonly qualityPaid: string;
  readonly readyPaid: string;
}

const d = (v: string) => new MoneyDecimal(v);
const money = (v: MoneyDecimal) => toAmountString(v);
const rate = (q: TaskQualityType) => (q === '1' ? d(TASK_QUALITY_DEPOSIT_RATE) : d('0'));

/** The quality deposit withheld from the task amount. */
export const qualityDeposit = (v: Pick<TaskValue, 'taskAmount' | 'qualityType'>): string =>
  money(d(v.taskAmount).times(rate(v.qualityType)));

/** What ready pay may total: the confirmed finish amount less its deposit share. */
export const readyPayLimit = (v: Pick<TaskValue, 'confirmFinishAmount' | 'qualityType'>): string =>
  money(d(v.confirmFinishAmount).times(d('1').minus(rate(v.qualityType))));

/** What may still be paid of each kind now. */
export function remainingPay(v: TaskValue, kind: TaskPayKind): string {
  const left =
    kind === 'quality'
      ? d(qualityDeposit(v)).minus(d(v.qualityPaid))
      : d(readyPayLimit(v)).minus(d(v.readyPaid));
  return money(MoneyDecimal.max(left, 0));
}

/** Checks a new pay item of `amount` (already a canonical amount string, > 0). */
export function checkPay(
  v: TaskValue,
  kind: TaskPayKind,
  amount: string,
): Result<void, DomainError> {
  if (kind === 'quality' && v.qualityType !== '1') return err(taskErrors.noQualityDeposit());
  const left = remainingPay(v, kind);
  if (d(amount).gt(d(left))) return err(taskErrors.amountExceeds('payAmount', left));
  return ok(undefined);
}

/**
 * Checks a new confirmed finish amount: at most the task amount, and enough to cover the ready pay
 * already made (ready paid ≤ finish × (1 − deposit rate)).
 */
export function checkFinishAmount(v: TaskValue, amount: string): Result<void, DomainError> {
  const x = d(amount);
  if (x.gt(d(v.taskAmount))) return err(taskErrors.finishExceeds(v.taskAmount));
  if (
    d(readyPayLimit({ confirmFinishAmount: amount, qualityType: v.qualityType })).lt(d(v.readyPaid))
  ) {
    return err(taskErrors.finishExceeds(v.taskAmount));
  }
  return ok(undefined);
}
