import { MoneyDecimal } from '../money/money-decimal.js';
import { parseAmount, toAmountString } from '../money/amount.js';
import { err, ok, type DomainError, type Result } from '../shared/result.js';
import { readyPayLimit } from '../task/task-pay.js';
import type { FinishContract, FinishTask, UncollectedRow, UncollectedSummary } from './finish.js';
import { finishErrors } from './finish-messages.js';

const d = (v: string) => new MoneyDecimal(v);
const money = (v: MoneyDecimal) => toAmountString(v);
const floor0 = (v: MoneyDecimal) => money(MoneyDecimal.max(v, 0));

/** A confirmation amount as sent: a decimal string > 0 with at most 6 decimals. */
export function parseFinishAmount(raw: unknown): Result<string> {
  // Money travels as strings: a JSON number may already have lost digits.
  if (typeof raw !== 'string') return err(finishErrors.invalidAmount());
  const parsed = parseAmount(raw, 'confirmFinishAmount');
  if (!parsed.ok || !d(parsed.value).gt(0)) return err(finishErrors.invalidAmount());
  return ok(parsed.value);
}

/** What may still be confirmed on a task: task amount − confirmed so far, never below 0. */
export const confirmableAmount = (t: Pick<FinishTask, 'taskAmount' | 'confirmFinishAmount'>) =>
  floor0(d(t.taskAmount).minus(d(t.confirmFinishAmount)));

/**
 * A new confirmation of `amount` (canonical, > 0) on a task: the contract is not finished, the
 * task is confirmed by its department, and the task's confirmed value stays within its task
 * amount. Answers the task's confirmed value after it.
 */
export function checkConfirmation(
  contract: Pick<FinishContract, 'finished' | 'stage'>,
  task: FinishTask,
  amount: string,
): Result<string> {
  if (contract.stage !== 'formal') return err(finishErrors.notFormal());
  if (contract.finished) return err(finishErrors.finished());
  if (task.confirmed < 3) return err(finishErrors.taskNotConfirmed());
  const after = d(task.confirmFinishAmount).plus(d(amount));
  if (after.gt(d(task.taskAmount))) return err(finishErrors.exceeds(confirmableAmount(task)));
  return ok(money(after));
}

/**
 * Deleting a confirmation of `amount` takes it off the task's confirmed value: refused once the
 * contract is finished, when the task's value is below it (it was lowered since), or when what is
 * left would not cover the ready pay already paid out of it. Answers the value after.
 */
export function checkUnconfirmation(
  contract: Pick<FinishContract, 'finished'>,
  task: FinishTask,
  amount: string,
): Result<string> {
  if (contract.finished) return err(finishErrors.finished());
  const after = d(task.confirmFinishAmount).minus(d(amount));
  if (after.isNeg()) return err(finishErrors.belowZero());
  const limit = readyPayLimit({ confirmFinishAmount: money(after), qualityType: task.qualityType });
  if (d(limit).lt(d(task.readyPaid))) return err(finishErrors.belowPaid());
  return ok(money(after));
}

/**
 * 已履约未收款: per task, its confirmed value less the back money allotted to it (never below 0);
 * for the contract, Σ confirmed less all back money received on it (never below 0).
 */
export function performUncollected(
  tasks: readonly FinishTask[],
  contractBackAmount: string,
): UncollectedSummary {
  const rows: UncollectedRow[] = tasks.map((t) => ({
    taskId: t.taskId,
    taskNo: t.taskNo,
    taskName: t.taskName,
    taskAmount: t.taskAmount,
    performedAmount: t.confirmFinishAmount,
    collectedAmount: t.backAllotted,
    uncollectedAmount: floor0(d(t.confirmFinishAmount).minus(d(t.backAllotted))),
  }));
  const performed = tasks.reduce((s, t) => s.plus(d(t.confirmFinishAmount)), d('0'));
  return {
    rows,
    performedAmount: money(performed),
    backAmount: money(d(contractBackAmount)),
    uncollectedAmount: floor0(performed.minus(d(contractBackAmount))),
  };
}

/**
 * What still keeps a contract from being confirmed finished, in the words shown to a person; empty
 * when it may be: a formal contract not yet finished, with at least one finish file and at least
 * one design task, every task confirmed by its department and confirmed finished to its task
 * amount.
 */
export function finishBlockers(
  contract: Pick<FinishContract, 'stage' | 'finished'>,
  tasks: readonly FinishTask[],
  fileCount: number,
): string[] {
  const reasons: string[] = [];
  if (contract.stage !== 'formal') reasons.push('只有正式合同可以确认完成');
  if (contract.finished) reasons.push('合同已确认完成');
  if (fileCount === 0) reasons.push('请先上传完工文件');
  if (tasks.length === 0) reasons.push('合同下还没有设计任务单');
  const open = tasks.filter((t) => t.confirmed < 3 || d(t.confirmFinishAmount).lt(d(t.taskAmount)));
  if (open.length > 0)
    reasons.push(`任务单 ${open.map((t) => t.taskNo).join('、')} 的完成产值尚未确认到任务产值`);
  return reasons;
}

/** The finish confirmation's remark limit (characters). */
export const FINISH_REMARK_MAX = 500;

/** What the 完成产值确认 form must fill. */
export const FINISH_CONFIRM_REQUIRED_FIELDS = ['taskId', 'confirmFinishAmount'] as const;

/**
 * Every problem of a finish confirmation as entered, one per field: the task and the amount are
 * required, the amount is a decimal string > 0 of at most 6 decimals, the remark fits. Whether it
 * fits the task's amount is `checkConfirmation`'s, on the server.
 */
export function finishConfirmProblems(input: {
  readonly taskId?: unknown;
  readonly confirmFinishAmount?: unknown;
  readonly remark?: unknown;
}): readonly DomainError[] {
  const problems: DomainError[] = [];
  const blank = (v: unknown) =>
    v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  if (blank(input.taskId)) problems.push(finishErrors.required('taskId'));
  if (blank(input.confirmFinishAmount)) problems.push(finishErrors.required('confirmFinishAmount'));
  else {
    const a = parseFinishAmount(input.confirmFinishAmount);
    if (!a.ok) problems.push(a.error);
  }
  const r = input.remark;
  if (typeof r === 'string' && [...r].length > FINISH_REMARK_MAX)
    problems.push(finishErrors.tooLong('remark', FINISH_REMARK_MAX));
  return problems;
}
